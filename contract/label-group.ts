import { z } from 'zod';

const dateTime = z.iso.datetime({ offset: true });

export const labelEntryShape = {
  description: z.string().optional(),
  type: z.string().optional(),
  additionalProperties: z.boolean().optional(),
  required: z.array(z.string()).optional(),
};

export const labelEntrySchema = z.strictObject(labelEntryShape);

/**
 * The spec declares group_id as type null, while a sample carries ''. Both mean "no parent" here. An integer
 * is tolerated too: the UI nests such a group under the group with that id, rather than dropping it.
 */
const groupIdSchema = z
  .union([z.null(), z.literal(''), z.number().int()])
  .transform((value) => (value === '' ? null : value));

export const labelGroupShape = {
  id: z.number().int().optional(),
  name: z.string().optional(),
  group_id: groupIdSchema.optional(),
  created_at: dateTime.optional(),
  updated_at: dateTime.optional(),
  labels: z.array(labelEntrySchema).nullable().optional(),
};

export const labelGroupSchema = z.strictObject(labelGroupShape).transform((group) => ({
  id: group.id ?? null,
  name: group.name ?? null,
  group_id: group.group_id ?? null,
  created_at: group.created_at ?? null,
  updated_at: group.updated_at ?? null,
  labels: group.labels ?? [],
}));

export type LabelEntry = z.output<typeof labelEntrySchema>;
export type LabelGroupWire = z.input<typeof labelGroupSchema>;
export type LabelGroup = z.output<typeof labelGroupSchema>;
