import { describe, expect, it } from 'vitest';
import { syntheticLabelGroups } from '../fixtures/synthetic-label-groups';
import { Random } from '../server/demo-api/random';
import { labelEntryShape, labelGroupSchema, labelGroupShape, parsePlainLabelGroup } from './label-group';
import { ODD_VALUES } from './odd-values';
import { parseList } from './parse-list';

const label = { description: 'Région', type: 'enum', additionalProperties: false, required: ['north', 'south'] };
const plain: Record<string, unknown> = {
  id: 7,
  name: 'Отдел продаж',
  group_id: null,
  created_at: '2026-01-02T08:00:00Z',
  updated_at: '2026-02-01T17:00:00+03:00',
  labels: [label, { description: 'Only a description' }, {}],
};
const groupKeys = Object.keys(labelGroupShape);
const labelKeys = Object.keys(labelEntryShape);

/** Both on one input: the plain parser must give the schema's answer or hand over (undefined). */
function expectSameAnswer(input: unknown): 'plain' | 'schema' {
  const fast = parsePlainLabelGroup(input);
  if (fast === undefined) return 'schema';
  const runtime = labelGroupSchema.safeParse(input);
  expect(runtime.success, JSON.stringify(input)).toBe(true);
  expect(fast).toStrictEqual(runtime.data);
  return 'plain';
}

const withLabel = (change: Record<string, unknown>) => ({ ...plain, labels: [label, { ...label, ...change }] });

describe('the plain label group parser', () => {
  it('keeps the labels it was sent, not copies: a large tree has 100,000 of them', () => {
    const wire = { ...plain, labels: [label, { description: 'x', required: ['a'] }] };
    const labels = parsePlainLabelGroup(wire)?.labels;
    expect(labels).toBe(wire.labels);
    expect(labels?.[1]).toBe(wire.labels[1]);
  });

  it('takes every synthetic group, flat and nested, with the output the schema gives', () => {
    const groups = [...syntheticLabelGroups(200, 5), ...syntheticLabelGroups(50, 3, { nestEvery: 1 })];
    for (const group of groups) {
      const wire: unknown = JSON.parse(JSON.stringify(group));
      expect(expectSameAnswer(wire)).toBe('plain');
    }
  });

  it('gives the same answer as the schema for every field, a group’s or a label’s, swapped, left out, or added', () => {
    const answers = { plain: 0, schema: 0 };
    for (const value of ODD_VALUES) {
      for (const key of groupKeys) answers[expectSameAnswer({ ...plain, [key]: value })] += 1;
      for (const key of labelKeys) answers[expectSameAnswer(withLabel({ [key]: value }))] += 1;
      answers[expectSameAnswer({ ...plain, labels: [label, value] })] += 1;
      answers[expectSameAnswer(withLabel({ required: ['a', value] }))] += 1;
    }
    for (const key of groupKeys) {
      const { [key]: _left, ...without } = plain;
      expectSameAnswer(without);
    }
    expectSameAnswer({ ...plain, colour: 'red' });
    expectSameAnswer(withLabel({ colour: 'red' }));
    expectSameAnswer({ ...plain, __proto__: { id: 2 } });
    expectSameAnswer(JSON.parse('{"__proto__": 1}'));
    expectSameAnswer({ ...plain, group_id: '' });
    expectSameAnswer({ ...plain, group_id: 3 });
    for (const odd of [null, undefined, 'x', 1, [], [plain]]) expect(parsePlainLabelGroup(odd)).toBe(undefined);
    expectSameAnswer(new Date(0));
    // Both branches were exercised: the comparisons above are not vacuous either way.
    expect(answers.plain).toBeGreaterThan(30);
    expect(answers.schema).toBeGreaterThan(200);
  });

  it('gives the same answer as the schema on random mixtures of odd values', () => {
    const random = new Random(43);
    for (let round = 0; round < 3000; round += 1) {
      const group: Record<string, unknown> = { ...plain };
      const entry: Record<string, unknown> = { ...label };
      for (let change = random.int(1, 3); change > 0; change -= 1) {
        const value = ODD_VALUES[random.int(0, ODD_VALUES.length - 1)];
        if (random.int(0, 1) === 0) group[random.pick(groupKeys)] = value;
        else entry[random.pick(labelKeys)] = value;
      }
      if (Array.isArray(group.labels)) group.labels = [...group.labels, entry];
      expectSameAnswer(group);
    }
  });

  it('lets parseList give the same items and report with it as without it', () => {
    const body: unknown[] = [
      plain,
      { ...plain, id: 2, group_id: '', labels: null },
      { ...plain, id: 3, labels: [label, { type: 5 }] },
      { ...plain, id: 4, colour: 'red' },
      'not a record',
      { ...plain, id: 6, created_at: '2026-02-29T00:00:00Z' },
    ];
    const spec = { schema: labelGroupSchema, lenientArrays: ['labels'] } as const;
    const quick = parseList(body, { ...spec, plain: parsePlainLabelGroup });
    const slow = parseList(body, spec);
    expect(quick).toStrictEqual(slow);
    expect(quick.items.map((item) => item.id)).toEqual([7, 2, 3, 4]);
    expect(quick.report.dropped.length).toBeGreaterThan(0);
  });
});
