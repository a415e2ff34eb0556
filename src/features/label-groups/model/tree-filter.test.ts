// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildFilterView } from './tree-filter';
import { buildForest } from './tree-model';
import { AUTO_EXPANSION, flattenVisible, withGroupExpanded } from './tree-rows';
import { ALL, groups, label, naming, outline } from './tree-test-support';

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
