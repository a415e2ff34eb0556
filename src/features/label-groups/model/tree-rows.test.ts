// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { syntheticLabelGroups } from '../../../../fixtures/synthetic-label-groups';
import { buildFilterView } from './tree-filter';
import { buildForest } from './tree-model';
import {
  AUTO_EXPANSION,
  findTypeAhead,
  flattenVisible,
  keyAction,
  nestRows,
  resolveActiveIndex,
  withGroupExpanded,
} from './tree-rows';
import { ALL, groups, label, naming, outline } from './tree-test-support';

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
