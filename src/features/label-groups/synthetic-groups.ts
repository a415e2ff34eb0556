import type { LabelEntry, LabelGroup, LabelGroupWire } from '@contract';

/** Valid both as a parsed group and as a wire item, so tests, MSW handlers and benchmarks can all use it. */
export type SyntheticGroup = LabelGroup & LabelGroupWire & { id: number; labels: LabelEntry[] };

export interface SyntheticOptions {
  /** Every n-th group is nested under an earlier group through group_id (0: none). Default 10. */
  nestEvery?: number;
}

const NAMES = ['Department', 'Région', 'Café staff', 'Отдел продаж', 'Ёлочный склад', 'Project', 'Skill', 'Office'];
const DESCRIPTIONS = ['Sales', 'Marketing', 'Crème brûlée', 'Логистика', 'Support', 'Research', 'Legal', 'Finance'];
const TYPES = ['string', 'number', 'boolean', 'date', 'enum'];

function isoDay(dayOffset: number, hour: number): string {
  const date = new Date(Date.UTC(2025, 0, 1 + dayOffset, hour));
  return date.toISOString().replace('.000Z', 'Z');
}

/**
 * `count` deterministic groups of `labelsPerGroup` labels each, for tests and benchmarks
 * (5,000 × 20 is the size the tree must stay smooth at). Ids run from 1.
 */
export function syntheticLabelGroups(
  count: number,
  labelsPerGroup = 20,
  { nestEvery = 10 }: SyntheticOptions = {},
): SyntheticGroup[] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const nested = nestEvery > 0 && index >= nestEvery && id % nestEvery === 0;
    return {
      id,
      name: `${NAMES[index % NAMES.length] ?? 'Group'} ${id}`,
      group_id: nested ? id - Math.ceil(nestEvery / 2) : null,
      created_at: isoDay(index % 365, 8),
      updated_at: isoDay((index % 365) + 30, 17),
      labels: Array.from({ length: labelsPerGroup }, (_, labelIndex): LabelEntry => {
        const label: LabelEntry = {
          description: `${DESCRIPTIONS[(index + labelIndex) % DESCRIPTIONS.length] ?? 'Label'} ${id}.${labelIndex + 1}`,
          type: TYPES[labelIndex % TYPES.length] ?? 'string',
          additionalProperties: labelIndex % 2 === 0,
        };
        if (labelIndex % 3 === 0) label.required = ['name', 'code'];
        return label;
      }),
    };
  });
}
