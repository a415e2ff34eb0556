import * as z from 'zod/mini';

/** An item of the list that failed its schema and was left out. */
export interface RejectedItem {
  index: number;
  /** The item's id when it carries a numeric one. */
  id: number | null;
  path: string;
  reason: string;
}

/** A field the API does not list (docs/api.md), removed from an item (or a part of an item that was left out). */
export interface DroppedField {
  index: number;
  id: number | null;
  path: string;
  reason: string;
}

export interface ParseReport {
  received: number;
  accepted: number;
  rejected: RejectedItem[];
  dropped: DroppedField[];
}

export interface ParsedList<T> {
  items: T[];
  report: ParseReport;
}

export class NotAnArrayError extends Error {
  constructor(readonly receivedType: string) {
    super(`Expected a JSON array, received ${receivedType}`);
    this.name = 'NotAnArrayError';
  }
}

export interface ListSpec<S extends z.ZodMiniType> {
  schema: S;
  /**
   * Array fields whose entries are kept or left out one by one (for example a group's labels): a bad entry
   * is removed and reported, and the item itself survives.
   */
  lenientArrays?: readonly string[];
  /**
   * Optional fields whose bad value is left out (the field then reads as absent) and reported, while the item is
   * kept: fields beyond the API description, where a surprise must not cost the whole item.
   */
  lenientFields?: readonly string[];
  /**
   * A quicker parse of the plain case (parsePlainCourseStat): the schema's own output for an item it takes, else
   * undefined, and the schema parses the item and reports on it as usual.
   */
  plain?: (item: unknown) => z.output<S> | undefined;
}

type Path = ReadonlyArray<PropertyKey>;

export function formatPath(path: Path): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * A short English reason for a schema issue. Written here rather than taken from zod's locale, which
 * zod/mini leaves out of the bundle; it also names what was received.
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const received = 'input' in issue && issue.input !== undefined ? `, received ${describeType(issue.input)}` : '';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required field is missing';
      return `expected ${issue.expected === 'int' ? 'an integer' : `a ${issue.expected}`}${received}`;
    case 'invalid_format':
      return `expected a ${issue.format === 'datetime' ? 'date-time with offset' : issue.format} string${received}`;
    case 'invalid_union':
      return `not of an allowed type${received}`;
    case 'invalid_value':
      return `not an allowed value${received}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    default:
      return `invalid (${issue.code})${received}`;
  }
}

/** zod's own test for an object that is not an array, the one its schemas use. */
const isRecord = z.core.util.isObject;

/** Copy of `value` with the node at `path` replaced by `update(node)`; other branches are shared. */
function updateAt(value: unknown, path: Path, update: (node: unknown) => unknown): unknown {
  if (path.length === 0) return update(value);
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = value.slice();
    copy[head] = updateAt(copy[head], rest, update);
    return copy;
  }
  if (isRecord(value) && typeof head === 'string') {
    return { ...value, [head]: updateAt(value[head], rest, update) };
  }
  return value;
}

function withoutKeys(node: unknown, keys: readonly string[]): unknown {
  if (!isRecord(node)) return node;
  return Object.fromEntries(Object.entries(node).filter(([key]) => !keys.includes(key)));
}

/**
 * Parses a list body item by item. Unknown fields are dropped and named; items that still fail are left out
 * and described; the rest are returned. Only a body that is not an array fails as a whole.
 */
export function parseList<S extends z.ZodMiniType>(body: unknown, spec: ListSpec<S>): ParsedList<z.output<S>> {
  if (!Array.isArray(body)) throw new NotAnArrayError(describeType(body));
  const lenient = new Set(spec.lenientArrays ?? []);
  const lenientFields = new Set(spec.lenientFields ?? []);
  const items: Array<z.output<S>> = [];
  const rejected: RejectedItem[] = [];
  const dropped: DroppedField[] = [];

  const { plain } = spec;
  body.forEach((raw: unknown, index) => {
    const quick = plain?.(raw);
    if (quick !== undefined) {
      items.push(quick);
      return;
    }
    const id = isRecord(raw) && typeof raw.id === 'number' ? raw.id : null;
    if (!isRecord(raw)) {
      rejected.push({ index, id, path: '', reason: `expected an object, received ${describeType(raw)}` });
      return;
    }
    let candidate: unknown = raw;
    // Each pass removes what can be removed (unknown keys, bad entries of lenient arrays), so two or three
    // passes settle any item; the bound only guards against a schema that keeps inventing issues.
    for (let pass = 0; pass < 4; pass += 1) {
      const result = spec.schema.safeParse(candidate, { reportInput: true });
      if (result.success) {
        items.push(result.data);
        return;
      }
      let changed = false;
      const badEntries = new Map<string, Set<number>>();
      const badFields = new Set<string>();
      const fatal: z.core.$ZodIssue[] = [];
      for (const issue of result.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys) {
            dropped.push({ index, id, path: formatPath([...issue.path, key]), reason: 'field not in the spec' });
          }
          candidate = updateAt(candidate, issue.path, (node) => withoutKeys(node, issue.keys));
          changed = true;
          continue;
        }
        const [field, entry] = issue.path;
        if (typeof field === 'string' && lenient.has(field) && typeof entry === 'number') {
          dropped.push({ index, id, path: formatPath(issue.path), reason: `entry left out: ${describeIssue(issue)}` });
          const entries = badEntries.get(field) ?? new Set<number>();
          entries.add(entry);
          badEntries.set(field, entries);
          continue;
        }
        if (typeof field === 'string' && lenientFields.has(field)) {
          dropped.push({ index, id, path: formatPath(issue.path), reason: `value left out: ${describeIssue(issue)}` });
          badFields.add(field);
          continue;
        }
        fatal.push(issue);
      }
      if (fatal.length > 0) {
        for (const issue of fatal)
          rejected.push({ index, id, path: formatPath(issue.path), reason: describeIssue(issue) });
        return;
      }
      for (const [field, entries] of badEntries) {
        candidate = updateAt(candidate, [field], (node) =>
          Array.isArray(node) ? node.filter((_, i) => !entries.has(i)) : node,
        );
        changed = true;
      }
      if (badFields.size > 0) {
        candidate = withoutKeys(candidate, [...badFields]);
        changed = true;
      }
      if (!changed) break;
    }
    rejected.push({ index, id, path: '', reason: 'item could not be parsed' });
  });

  return { items, report: { received: body.length, accepted: items.length, rejected, dropped } };
}

export function isCleanReport(report: ParseReport): boolean {
  return report.rejected.length === 0 && report.dropped.length === 0;
}
