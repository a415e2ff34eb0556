import * as z from 'zod/mini';

const dateTime = z.iso.datetime({ offset: true });

export const labelEntryShape = {
  description: z.optional(z.string()),
  type: z.optional(z.string()),
  additionalProperties: z.optional(z.boolean()),
  required: z.optional(z.array(z.string())),
};

export const labelEntrySchema = z.strictObject(labelEntryShape);

/**
 * The API declares group_id as type null, while a sample carries '' (docs/api.md, Label group). Both mean
 * "no parent" here. An integer is tolerated too: the UI nests such a group under the group with that id, rather
 * than dropping it.
 */
const groupIdSchema = z.pipe(
  z.union([z.null(), z.literal(''), z.int()]),
  z.transform((value: number | '' | null) => (value === '' ? null : value)),
);

export const labelGroupShape = {
  id: z.optional(z.int()),
  name: z.optional(z.string()),
  group_id: z.optional(groupIdSchema),
  created_at: z.optional(dateTime),
  updated_at: z.optional(dateTime),
  labels: z.optional(z.nullable(z.array(labelEntrySchema))),
};

const labelGroupObject = z.strictObject(labelGroupShape);

export const labelGroupSchema = z.pipe(
  labelGroupObject,
  z.transform((group: z.output<typeof labelGroupObject>) => ({
    id: group.id ?? null,
    name: group.name ?? null,
    group_id: group.group_id ?? null,
    created_at: group.created_at ?? null,
    updated_at: group.updated_at ?? null,
    labels: group.labels ?? [],
  })),
);

export type LabelEntry = z.output<typeof labelEntrySchema>;
export type LabelGroupWire = z.input<typeof labelGroupSchema>;
export type LabelGroup = z.output<typeof labelGroupSchema>;
