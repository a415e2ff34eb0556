import { labelGroupSchema, type LabelGroup, type LabelGroupWire } from '@contract';
import { describe, expect, it } from 'vitest';
import { labelGroupWire } from '@/testing/fixtures';
import { labelGroupsCatalogs } from './strings';
import { syntheticLabelGroups } from '../../../fixtures/synthetic-label-groups';
import {
  AUTO_EXPANSION,
  buildFilterView,
  buildForest,
  findTypeAhead,
  flattenVisible,
  keyAction,
  nestRows,
  nodeForKey,
  resolveActiveIndex,
  withGroupExpanded,
  type Expansion,
  type TreeRow,
} from './tree-model';

function groups(...wires: Array<Partial<LabelGroupWire>>): LabelGroup[] {
  return wires.map((wire) => labelGroupSchema.parse(labelGroupWire(wire)));
}

const label = (description: string, type = 'string') => ({ description, type });
const naming = labelGroupsCatalogs.en.naming;
const ALL: Expansion = { base: 'all', overrides: new Map() };

/** Rows as "title@level" strings, the shape a reader of the screen sees. */
function outline(rows: readonly TreeRow[]): string[] {
  return rows.map((row) => `${row.node.title}@${row.level}`);
}

describe('buildForest', () => {
  it('keeps the API order and gives fallback titles', () => {
    const forest = buildForest(
      groups(
        { id: 5, name: 'Zeta' },
        { id: 2, name: 'Alpha' },
        { id: 9, name: '' },
        { id: undefined, name: undefined },
      ),
      naming,
    );
    expect(forest.roots.map((node) => node.title)).toEqual(['Zeta', 'Alpha', 'Unnamed group #9', 'Unnamed group']);
  });

  it('titles unnamed groups and undescribed labels with the naming it is given, and matches names only', () => {
    const forest = buildForest(
      groups(
        { id: 9, name: '   ', labels: [{ type: 'string' }, label('Склад')] },
        { id: undefined, name: undefined, labels: [] },
        { id: 3, name: 'Группа продаж' },
      ),
      labelGroupsCatalogs.ru.naming,
    );
    expect(forest.roots.map((node) => node.title)).toEqual([
      'Группа без названия №9',
      'Группа без названия',
      'Группа продаж',
    ]);
    expect(forest.groups[0]?.labels.map((node) => [node.title, node.hasDescription])).toEqual([
      ['(без описания)', false],
      ['Склад', true],
    ]);
    // The fallback is for reading and type-ahead; the filter matches only what the data holds.
    expect(buildFilterView(forest, 'группа')?.visibleGroupCount).toBe(1);
    expect(buildFilterView(forest, 'без описания')?.visibleGroupCount).toBe(0);
    const rows = flattenVisible(forest, null, ALL);
    expect(findTypeAhead(rows, rows.length - 1, 'г')).toBe(0);
    expect(findTypeAhead(rows, 0, '(без')).toBe(1);
  });

  it('treats an empty group_id like null', () => {
    const forest = buildForest(groups({ id: 1, group_id: '' }, { id: 2, group_id: null }), naming);
    expect(forest.roots).toHaveLength(2);
    expect(forest.roots.every((node) => node.parentIssue === null)).toBe(true);
  });

  it('nests a group under the group its group_id names, wherever that group sits in the list', () => {
    const forest = buildForest(
      groups(
        { id: 3, name: 'Child', group_id: 1 },
        { id: 1, name: 'Parent' },
        { id: 4, name: 'Grandchild', group_id: 3 },
      ),
      naming,
    );
    expect(forest.roots.map((node) => node.title)).toEqual(['Parent']);
    const parent = forest.roots[0];
    expect(parent?.childGroups.map((node) => node.title)).toEqual(['Child']);
    expect(parent?.childGroups[0]?.childGroups.map((node) => node.title)).toEqual(['Grandchild']);
    expect(forest.preorder.map((node) => node.title)).toEqual(['Parent', 'Child', 'Grandchild']);
  });

  it('keeps groups with a missing parent or pointing at themselves at the top, with a note', () => {
    const forest = buildForest(groups({ id: 1, group_id: 99 }, { id: 2, group_id: 2 }), naming);
    expect(forest.roots.map((node) => node.parentIssue)).toEqual([
      { kind: 'missing', parentId: 99 },
      { kind: 'self', parentId: 2 },
    ]);
  });

  it('cuts a cycle at its first member in the list and loses no group', () => {
    const forest = buildForest(
      groups(
        { id: 10, name: 'Outside' },
        { id: 1, name: 'A', group_id: 3 },
        { id: 2, name: 'B', group_id: 1 },
        { id: 3, name: 'C', group_id: 2 },
        { id: 4, name: 'Leaf', group_id: 3 },
      ),
      naming,
    );
    expect(forest.roots.map((node) => node.title)).toEqual(['Outside', 'A']);
    expect(forest.roots[1]?.parentIssue).toEqual({ kind: 'cycle', parentId: 3 });
    expect(forest.preorder.map((node) => node.title)).toEqual(['Outside', 'A', 'B', 'C', 'Leaf']);
  });

  it('uses the first of two groups sharing an id as the parent', () => {
    const forest = buildForest(
      groups({ id: 1, name: 'First' }, { id: 1, name: 'Second' }, { id: 2, name: 'Child', group_id: 1 }),
      naming,
    );
    expect(forest.roots.map((node) => `${node.title}:${node.childGroups.length}`)).toEqual(['First:1', 'Second:0']);
  });

  it('finds nodes by key', () => {
    const forest = buildForest(groups({ labels: [label('One'), label('Two')] }), naming);
    expect(nodeForKey(forest, 'g0.1')?.title).toBe('Two');
    expect(nodeForKey(forest, 'g0')?.title).toBe('Department');
    expect(nodeForKey(forest, 'g3')).toBeNull();
    expect(nodeForKey(forest, 'nonsense')).toBeNull();
  });
});

describe('flattenVisible', () => {
  const forest = buildForest(
    groups(
      { id: 1, name: 'Sales', labels: [label('North'), label('South')] },
      { id: 2, name: 'Regions', group_id: 1, labels: [label('Europe')] },
      { id: 3, name: 'Empty', labels: null },
    ),
    naming,
  );

  it('shows only the top level when nothing is open', () => {
    const rows = flattenVisible(forest, null, AUTO_EXPANSION);
    expect(outline(rows)).toEqual(['Sales@1', 'Empty@1']);
    expect(rows.map((row) => [row.posInSet, row.setSize])).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('lists nested groups before labels, with levels and positions', () => {
    const rows = flattenVisible(forest, null, ALL);
    expect(outline(rows)).toEqual(['Sales@1', 'Regions@2', 'Europe@3', 'North@2', 'South@2', 'Empty@1']);
    expect(rows.map((row) => `${row.posInSet}/${row.setSize}`)).toEqual(['1/2', '1/3', '1/1', '2/3', '3/3', '2/2']);
  });

  it('does not make a group without labels or nested groups expandable', () => {
    const rows = flattenVisible(forest, null, ALL);
    const empty = rows.find((row) => row.node.title === 'Empty');
    expect(empty).toMatchObject({ expandable: false, expanded: false });
  });

  it('follows single toggles over the base rule', () => {
    const expansion = withGroupExpanded(ALL, 'g0', false);
    expect(outline(flattenVisible(forest, null, expansion))).toEqual(['Sales@1', 'Empty@1']);
    const opened = withGroupExpanded(AUTO_EXPANSION, 'g0', true);
    expect(outline(flattenVisible(forest, null, opened))).toEqual([
      'Sales@1',
      'Regions@2',
      'North@2',
      'South@2',
      'Empty@1',
    ]);
  });

  it('nests the flat rows back for rendering', () => {
    const nested = nestRows(flattenVisible(forest, null, ALL));
    expect(nested.map((item) => item.row.node.title)).toEqual(['Sales', 'Empty']);
    expect(nested[0]?.children.map((item) => item.row.node.title)).toEqual(['Regions', 'North', 'South']);
    expect(nested[0]?.children[0]?.children.map((item) => item.row.node.title)).toEqual(['Europe']);
  });
});

describe('buildFilterView', () => {
  const forest = buildForest(
    groups(
      { id: 1, name: 'Café staff', labels: [label('Barista'), label('Cashier', 'number')] },
      { id: 2, name: 'Warehouse', labels: [label('Forklift'), label('Crème', 'date')] },
      { id: 3, name: 'Archive', group_id: 2, labels: [label('Old crème')] },
      { id: 4, name: 'Ёлки', labels: [] },
    ),
    naming,
  );

  it('is null for a blank query', () => {
    expect(buildFilterView(forest, '   ')).toBeNull();
  });

  it('matches group names, accent- and case-insensitively, and keeps all their labels', () => {
    const view = buildFilterView(forest, 'CAFE');
    expect(view?.visibleGroupCount).toBe(1);
    // A name match does not open the group by itself, but its labels are there when the user opens it.
    expect(outline(flattenVisible(forest, view, AUTO_EXPANSION))).toEqual(['Café staff@1']);
    expect(outline(flattenVisible(forest, view, ALL))).toEqual(['Café staff@1', 'Barista@2', 'Cashier@2']);
  });

  it('matches label descriptions, shows only the matching labels and opens the groups that hold them', () => {
    const view = buildFilterView(forest, 'creme');
    expect(view?.visibleGroupCount).toBe(2);
    expect(outline(flattenVisible(forest, view, AUTO_EXPANSION))).toEqual([
      'Warehouse@1',
      'Archive@2',
      'Old crème@3',
      'Crème@2',
    ]);
  });

  it('matches label types', () => {
    const view = buildFilterView(forest, 'NUMB');
    expect(outline(flattenVisible(forest, view, AUTO_EXPANSION))).toEqual(['Café staff@1', 'Cashier@2']);
  });

  it('keeps the path to a matching nested group open', () => {
    const view = buildFilterView(forest, 'archive');
    expect(view?.visibleGroupCount).toBe(2);
    expect(outline(flattenVisible(forest, view, AUTO_EXPANSION))).toEqual(['Warehouse@1', 'Archive@2']);
  });

  it('finds Cyrillic Ё by е', () => {
    expect(outline(flattenVisible(forest, buildFilterView(forest, 'елк'), AUTO_EXPANSION))).toEqual(['Ёлки@1']);
  });

  it('lets the user close a group the filter opened', () => {
    const view = buildFilterView(forest, 'creme');
    const closed = withGroupExpanded(AUTO_EXPANSION, 'g1', false);
    expect(outline(flattenVisible(forest, view, closed))).toEqual(['Warehouse@1']);
  });

  it('finds nothing for an unknown word', () => {
    const view = buildFilterView(forest, 'zzz');
    expect(view?.visibleGroupCount).toBe(0);
    expect(flattenVisible(forest, view, ALL)).toEqual([]);
  });
});

describe('keyboard', () => {
  const forest = buildForest(
    groups(
      { id: 1, name: 'Sales', labels: [label('North'), label('South')] },
      { id: 2, name: 'Marketing', labels: [label('Mail')] },
      { id: 3, name: 'Empty', labels: [] },
    ),
    naming,
  );
  const open = withGroupExpanded(AUTO_EXPANSION, 'g0', true);
  const rows = flattenVisible(forest, null, open); // Sales, North, South, Marketing, Empty

  it('walks the visible rows in order', () => {
    expect(outline(rows)).toEqual(['Sales@1', 'North@2', 'South@2', 'Marketing@1', 'Empty@1']);
    expect(keyAction(rows, 0, 'ArrowDown')).toEqual({ type: 'focus', index: 1 });
    expect(keyAction(rows, 3, 'ArrowUp')).toEqual({ type: 'focus', index: 2 });
    expect(keyAction(rows, 4, 'ArrowDown')).toEqual({ type: 'stay' });
    expect(keyAction(rows, 0, 'ArrowUp')).toEqual({ type: 'stay' });
    expect(keyAction(rows, 2, 'Home')).toEqual({ type: 'focus', index: 0 });
    expect(keyAction(rows, 0, 'End')).toEqual({ type: 'focus', index: 4 });
  });

  it('opens, enters, closes and leaves groups with Right and Left', () => {
    expect(keyAction(rows, 3, 'ArrowRight')).toEqual({ type: 'expand', key: 'g1' });
    expect(keyAction(rows, 0, 'ArrowRight')).toEqual({ type: 'focus', index: 1 });
    expect(keyAction(rows, 0, 'ArrowLeft')).toEqual({ type: 'collapse', key: 'g0' });
    expect(keyAction(rows, 2, 'ArrowLeft')).toEqual({ type: 'focus', index: 0 });
    expect(keyAction(rows, 3, 'ArrowLeft')).toEqual({ type: 'stay' });
    expect(keyAction(rows, 1, 'ArrowRight')).toEqual({ type: 'stay' });
    expect(keyAction(rows, 4, 'ArrowRight')).toEqual({ type: 'stay' });
  });

  it('toggles groups with Enter and Space, and leaves labels alone', () => {
    expect(keyAction(rows, 0, 'Enter')).toEqual({ type: 'collapse', key: 'g0' });
    expect(keyAction(rows, 3, ' ')).toEqual({ type: 'expand', key: 'g1' });
    expect(keyAction(rows, 1, 'Enter')).toEqual({ type: 'stay' });
    expect(keyAction(rows, 0, 'a')).toBeNull();
  });

  it('finds rows by their first characters, wrapping around', () => {
    expect(findTypeAhead(rows, 0, 'm')).toBe(3);
    expect(findTypeAhead(rows, 3, 'ma')).toBe(3);
    expect(findTypeAhead(rows, 3, 'mai')).toBe(-1);
    expect(findTypeAhead(rows, 3, 's')).toBe(0);
    expect(findTypeAhead(rows, 0, 'S')).toBe(2);
    expect(findTypeAhead(rows, 0, 'ss')).toBe(2);
    expect(findTypeAhead(rows, 0, 'x')).toBe(-1);
  });

  it('stands for a hidden active node by its nearest shown ancestor', () => {
    const closed = flattenVisible(forest, null, AUTO_EXPANSION);
    expect(resolveActiveIndex(closed, forest, 'g0.1')).toBe(0);
    expect(resolveActiveIndex(closed, forest, 'g1')).toBe(1);
    expect(resolveActiveIndex(rows, forest, 'g0.1')).toBe(2);
    expect(resolveActiveIndex(rows, forest, null)).toBe(-1);
    expect(resolveActiveIndex([], forest, 'g0')).toBe(-1);
    const filtered = flattenVisible(forest, buildFilterView(forest, 'mail'), AUTO_EXPANSION);
    expect(resolveActiveIndex(filtered, forest, 'g0.0')).toBe(-1);
  });
});

describe('at 5,000 groups of 20 labels', () => {
  const big = syntheticLabelGroups(5000, 20);

  // Timings live in the benchmarks (npm run bench); this checks the model copes with the size at all.
  it('builds, filters and flattens 105,000 items', () => {
    const forest = buildForest(big, naming);
    const expanded = flattenVisible(forest, null, ALL);
    const view = buildFilterView(forest, 'creme');
    const filteredRows = flattenVisible(forest, view, AUTO_EXPANSION);

    expect(forest.groups).toHaveLength(5000);
    expect(forest.labelCount).toBe(100_000);
    expect(expanded).toHaveLength(105_000);
    expect(view?.visibleGroupCount).toBeGreaterThan(0);
    expect(filteredRows.length).toBeGreaterThan(view?.visibleGroupCount ?? 0);
  });
});
