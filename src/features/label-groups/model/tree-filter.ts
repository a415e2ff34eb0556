// What a filter leaves of the forest built by tree-model.ts.

import { foldText } from '@/lib/fold-text';
import { foldLabel, type Forest, type GroupNode, type LabelNode, type TreeNode } from './tree-model';

/** What a filter leaves of the forest. Arrays are indexed by a group's position in the API list. */
export interface FilterView {
  /** The folded query. */
  query: string;
  /** The group is in the filtered tree: it matches, holds a matching label, or holds such a group below it. */
  visible: Uint8Array;
  /** The group's own name matches; all its labels stay available. */
  nameMatch: Uint8Array;
  /** Something below the group matches (a label, a nested group): the group opens by itself. */
  holdsMatch: Uint8Array;
  /** For visible groups whose name does not match: the labels that do. */
  matchedLabels: Map<number, LabelNode[]>;
  visibleGroupCount: number;
}

/** The filtered view for a raw query, or null when the query is blank (no filter). One pass over the forest. */
export function buildFilterView(forest: Forest, rawQuery: string): FilterView | null {
  const query = foldText(rawQuery.trim());
  if (query === '') return null;
  const count = forest.groups.length;
  const visible = new Uint8Array(count);
  const nameMatch = new Uint8Array(count);
  const holdsMatch = new Uint8Array(count);
  const matchedLabels = new Map<number, LabelNode[]>();
  let visibleGroupCount = 0;
  // Children come after their parents in preorder, so walking it backwards settles every child before its parent.
  for (let i = forest.preorder.length - 1; i >= 0; i -= 1) {
    const group = forest.preorder[i];
    if (!group) continue;
    const matched = group.labels.filter((label) => {
      const folded = foldLabel(label);
      return folded.description.includes(query) || folded.type.includes(query);
    });
    if (matched.length > 0) {
      holdsMatch[group.index] = 1;
      matchedLabels.set(group.index, matched);
    }
    if (group.foldedName.includes(query)) nameMatch[group.index] = 1;
    if (nameMatch[group.index] === 1 || holdsMatch[group.index] === 1) {
      visible[group.index] = 1;
      visibleGroupCount += 1;
      if (group.parent) holdsMatch[group.parent.index] = 1;
    }
  }
  return { query, visible, nameMatch, holdsMatch, matchedLabels, visibleGroupCount };
}

/** The children a group shows: nested groups first, then labels, each in API order. */
export function shownChildren(group: GroupNode, view: FilterView | null): TreeNode[] {
  if (view === null) return [...group.childGroups, ...group.labels];
  const groups = group.childGroups.filter((child) => view.visible[child.index] === 1);
  const labels = view.nameMatch[group.index] === 1 ? group.labels : (view.matchedLabels.get(group.index) ?? []);
  return [...groups, ...labels];
}

export function isExpandable(group: GroupNode, view: FilterView | null): boolean {
  if (view === null) return group.childGroups.length > 0 || group.labelCount > 0;
  if (view.holdsMatch[group.index] === 1) return true;
  return view.nameMatch[group.index] === 1 && group.labelCount > 0;
}
