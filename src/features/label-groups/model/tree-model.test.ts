// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { labelGroupsCatalogs } from '../strings';
import { buildFilterView } from './tree-filter';
import { buildForest, nodeForKey } from './tree-model';
import { findTypeAhead, flattenVisible } from './tree-rows';
import { ALL, groups, label, naming } from './tree-test-support';

describe('buildForest', () => {
  it("makes a group's label nodes on first read and keeps them; counts them without making them", () => {
    const reads = { count: 0 };
    const watched = {
      get description() {
        reads.count += 1;
        return 'Склад';
      },
    };
    const list = groups({ id: 1, name: 'A', labels: [watched, { type: 'string' }] });
    // As the API client's plain parser does, the entry itself reaches the forest (the schema copies it).
    const [parsed] = list;
    if (parsed?.labels[0]) parsed.labels[0] = watched;
    reads.count = 0;
    const forest = buildForest(list, naming);
    const [group] = forest.groups;
    expect(forest.labelCount).toBe(2);
    expect(group?.labelCount).toBe(2);
    expect(reads.count).toBe(0);

    const first = group?.labels[0];
    expect(reads.count).toBeGreaterThan(0);
    expect(first).toMatchObject({ kind: 'label', key: 'g0.0', title: 'Склад', parent: group });
    expect(group?.labels[0]).toBe(first);
    expect(nodeForKey(forest, 'g0.1')).toBe(group?.labels[1]);
  });

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
