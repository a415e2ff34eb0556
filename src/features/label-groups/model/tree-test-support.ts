import { labelGroupSchema, type LabelGroup, type LabelGroupWire } from '@contract';
import { labelGroupWire } from '@/testing/fixtures';
import { labelGroupsCatalogs } from '../strings';
import type { Expansion, TreeRow } from './tree-rows';

/** Shared by the tree model's tests: groups built from wire overrides, as the API client would parse them. */
export function groups(...wires: Array<Partial<LabelGroupWire>>): LabelGroup[] {
  return wires.map((wire) => labelGroupSchema.parse(labelGroupWire(wire)));
}

export const label = (description: string, type = 'string') => ({ description, type });
export const naming = labelGroupsCatalogs.en.naming;
export const ALL: Expansion = { base: 'all', overrides: new Map() };

/** Rows as "title@level" strings, the shape a reader of the screen sees. */
export function outline(rows: readonly TreeRow[]): string[] {
  return rows.map((row) => `${row.node.title}@${row.level}`);
}
