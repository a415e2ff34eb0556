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

/** The pattern the schema checks date-times with, so both paths accept exactly the same strings (see course-stat.ts). */
const DATE_TIME = dateTime._zod.def.pattern ?? /(?!)/;
const GROUP_KEYS: ReadonlySet<string> = new Set(Object.keys(labelGroupShape));
const LABEL_KEYS: ReadonlySet<string> = new Set(Object.keys(labelEntryShape));

type Guard<T> = (value: unknown) => value is T;
const isObject = z.core.util.isObject;
const isInt: Guard<number> = (value): value is number => Number.isSafeInteger(value);
const isString: Guard<string> = (value): value is string => typeof value === 'string';
const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';
const isDateTime: Guard<string> = (value): value is string => typeof value === 'string' && DATE_TIME.test(value);
const isStrings: Guard<string[]> = (value): value is string[] => Array.isArray(value) && value.every(isString);
const isGroupId: Guard<number | '' | null> = (value): value is number | '' | null =>
  value === null || value === '' || isInt(value);
const isLabelList: Guard<unknown[] | null> = (value): value is unknown[] | null =>
  value === null || Array.isArray(value);
const optional = <T>(value: unknown, check: Guard<T>): value is T | undefined => value === undefined || check(value);

/**
 * A label entry the schema takes as it is: then the schema's output is an object with the same keys and values, so
 * the entry itself is kept (a large tree has 100,000 of them, freshly parsed and nobody else's). Else false.
 */
function isPlainLabel(input: unknown): input is LabelEntry {
  if (!isObject(input)) return false;
  for (const key in input) if (!LABEL_KEYS.has(key)) return false;
  const { description, type, additionalProperties, required } = input;
  return (
    optional(description, isString) &&
    optional(type, isString) &&
    optional(additionalProperties, isBoolean) &&
    optional(required, isStrings)
  );
}

/**
 * The plain label group, parsed without the schema's generic walk: a group whose every field, and every label's, is
 * of its declared type gives the schema's output; anything else gives undefined and goes to the schema, which says
 * what is wrong and keeps what it can. A large account's tree is 100,000 labels: the schema's walk takes most of a
 * second there, this a small part of it. The labels list and its entries are kept as they came: copying them was
 * three quarters of this parser's time. contract/label-group.test.ts holds the two to the same answers.
 */
export function parsePlainLabelGroup(input: unknown): LabelGroup | undefined {
  if (!isObject(input)) return undefined;
  for (const key in input) if (!GROUP_KEYS.has(key)) return undefined;
  const { id, name, group_id: groupId, created_at: createdAt, updated_at: updatedAt, labels } = input;
  if (
    !optional(id, isInt) ||
    !optional(name, isString) ||
    !optional(groupId, isGroupId) ||
    !optional(createdAt, isDateTime) ||
    !optional(updatedAt, isDateTime) ||
    !optional(labels, isLabelList)
  ) {
    return undefined;
  }
  const entries = labels ?? [];
  if (!entries.every(isPlainLabel)) return undefined;
  return {
    id: id ?? null,
    name: name ?? null,
    group_id: groupId === '' || groupId === undefined ? null : groupId,
    created_at: createdAt ?? null,
    updated_at: updatedAt ?? null,
    labels: entries,
  };
}
