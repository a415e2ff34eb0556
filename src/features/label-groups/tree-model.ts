// The label groups tree as plain data: the forest built from the API list, the filtered view, the visible rows in
// order (what the keyboard walks), and the keyboard's moves. No React here, so all of it is tested directly.
// Nodes do not change after buildForest, except for the folded label texts foldLabel() caches on them.

import type { LabelEntry, LabelGroup } from '@contract';
import { foldText } from './text-search';

/** Why a group with a group_id still sits at the top level. */
export type ParentIssue =
  { kind: 'missing'; parentId: number } | { kind: 'self'; parentId: number } | { kind: 'cycle'; parentId: number };

export interface GroupNode {
  kind: 'group';
  key: string;
  /** Position in the API list. */
  index: number;
  group: LabelGroup;
  /** The name, or the naming's fallback when the group has none. */
  title: string;
  /** Folded name for matching; '' when the group has no name (the fallback title is not data). */
  foldedName: string;
  /** Folded title for type-ahead, fallback included, since that is what the user reads. */
  foldedTitle: string;
  parent: GroupNode | null;
  parentIssue: ParentIssue | null;
  childGroups: GroupNode[];
  labels: LabelNode[];
}

export interface LabelNode {
  kind: 'label';
  key: string;
  /** Position in the group's labels. */
  index: number;
  label: LabelEntry;
  /** The description, or the naming's fallback when the label has none. */
  title: string;
  /** False when the title is the naming's "(no description)" fallback. */
  hasDescription: boolean;
  parent: GroupNode;
  /** Filled by foldLabel() on first use: folding 100,000 descriptions up front would slow the first render. */
  folded: FoldedLabel | null;
}

export interface FoldedLabel {
  description: string;
  type: string;
  /** For type-ahead, fallback included. */
  title: string;
}

export type TreeNode = GroupNode | LabelNode;

export interface Forest {
  /** Top-level groups, in API order. */
  roots: GroupNode[];
  /** Every group, in API order (index = position in the list). */
  groups: GroupNode[];
  /** Every group, each before the groups nested in it. */
  preorder: GroupNode[];
  labelCount: number;
}

/**
 * How to title what the data leaves unnamed, in the interface's language. The titles are what the user reads and
 * what type-ahead matches, so the forest is built with them; a new language builds a new forest.
 */
export interface ForestNaming {
  unnamedGroup: (id: number | null) => string;
  noDescription: string;
}

function hasName(group: Pick<LabelGroup, 'name'>): group is { name: string } {
  return group.name !== null && group.name.trim() !== '';
}

export function groupTitle(group: Pick<LabelGroup, 'id' | 'name'>, naming: ForestNaming): string {
  return hasName(group) ? group.name : naming.unnamedGroup(group.id);
}

function describes(label: LabelEntry): label is LabelEntry & { description: string } {
  return label.description !== undefined && label.description.trim() !== '';
}

export function labelTitle(label: LabelEntry, naming: ForestNaming): string {
  return describes(label) ? label.description : naming.noDescription;
}

/** The label's texts folded for matching, computed once per label and kept on the node. */
export function foldLabel(node: LabelNode): FoldedLabel {
  if (node.folded === null) {
    const description = node.hasDescription ? foldText(node.title) : '';
    node.folded = {
      description,
      type: node.label.type !== undefined ? foldText(node.label.type) : '',
      title: node.hasDescription ? description : foldText(node.title),
    };
  }
  return node.folded;
}

/** What type-ahead compares against: the title the user reads, folded. */
export function foldedTitleOf(node: TreeNode): string {
  return node.kind === 'group' ? node.foldedTitle : foldLabel(node).title;
}

const groupKey = (index: number) => `g${index}`;
const labelKey = (groupIndex: number, labelIndex: number) => `g${groupIndex}.${labelIndex}`;

/** Finds a node by its key (`g3` for the fourth group, `g3.0` for its first label); null when it is not there. */
export function nodeForKey(forest: Forest, key: string): TreeNode | null {
  const match = /^g(\d+)(?:\.(\d+))?$/.exec(key);
  if (!match) return null;
  const group = forest.groups[Number(match[1])];
  if (!group) return null;
  if (match[2] === undefined) return group;
  return group.labels[Number(match[2])] ?? null;
}

/**
 * Builds the forest. A group whose group_id names another group of the list is nested under it (the first group
 * with that id, when ids repeat). A group_id that names no group, the group itself, or closes a cycle leaves the
 * group at the top level with a note, so every group of the list appears exactly once.
 */
export function buildForest(list: readonly LabelGroup[], naming: ForestNaming): Forest {
  const groups: GroupNode[] = list.map((group, index) => {
    const named = hasName(group);
    const title = groupTitle(group, naming);
    const node: GroupNode = {
      kind: 'group',
      key: groupKey(index),
      index,
      group,
      title,
      foldedName: named ? foldText(title) : '',
      foldedTitle: '',
      parent: null,
      parentIssue: null,
      childGroups: [],
      labels: [],
    };
    node.foldedTitle = named ? node.foldedName : foldText(title);
    node.labels = group.labels.map((label, labelIndex) => ({
      kind: 'label',
      key: labelKey(index, labelIndex),
      index: labelIndex,
      label,
      title: labelTitle(label, naming),
      hasDescription: describes(label),
      parent: node,
      folded: null,
    }));
    return node;
  });

  const byId = new Map<number, GroupNode>();
  for (const node of groups) {
    if (node.group.id !== null && !byId.has(node.group.id)) byId.set(node.group.id, node);
  }

  const parentOf: Array<GroupNode | null> = groups.map((node) => {
    const parentId = node.group.group_id;
    if (parentId === null) return null;
    const parent = byId.get(parentId);
    if (parent === undefined) {
      node.parentIssue = { kind: 'missing', parentId };
      return null;
    }
    if (parent === node) {
      node.parentIssue = { kind: 'self', parentId };
      return null;
    }
    return parent;
  });

  // Each group has at most one parent, so following parents either ends at a root or runs into a cycle. A cycle is
  // cut at its member that comes first in the list: that one goes to the top level and the rest hang below it.
  const state = new Uint8Array(groups.length); // 0 unseen, 1 on the current walk, 2 settled
  for (const start of groups) {
    if (state[start.index] !== 0) continue;
    const walk: GroupNode[] = [];
    let node: GroupNode | null = start;
    while (node !== null && state[node.index] === 0) {
      state[node.index] = 1;
      walk.push(node);
      node = parentOf[node.index] ?? null;
    }
    if (node !== null && state[node.index] === 1) {
      const cycle = walk.slice(walk.indexOf(node));
      let first = cycle[0] ?? node;
      for (const member of cycle) if (member.index < first.index) first = member;
      const parentId = first.group.group_id ?? 0;
      parentOf[first.index] = null;
      first.parentIssue = { kind: 'cycle', parentId };
    }
    for (const member of walk) state[member.index] = 2;
  }

  const roots: GroupNode[] = [];
  let labelCount = 0;
  for (const node of groups) {
    const parent = parentOf[node.index] ?? null;
    node.parent = parent;
    if (parent) parent.childGroups.push(node);
    else roots.push(node);
    labelCount += node.labels.length;
  }

  const preorder: GroupNode[] = [];
  const stack = roots.slice().reverse();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    preorder.push(node);
    for (let i = node.childGroups.length - 1; i >= 0; i -= 1) {
      const child = node.childGroups[i];
      if (child) stack.push(child);
    }
  }

  return { roots, groups, preorder, labelCount };
}

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

export function labelMatches(label: LabelNode, foldedQuery: string): boolean {
  const folded = foldLabel(label);
  return folded.description.includes(foldedQuery) || folded.type.includes(foldedQuery);
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
    const matched = group.labels.filter((label) => labelMatches(label, query));
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

function isExpandable(group: GroupNode, view: FilterView | null): boolean {
  if (view === null) return group.childGroups.length > 0 || group.labels.length > 0;
  if (view.holdsMatch[group.index] === 1) return true;
  return view.nameMatch[group.index] === 1 && group.labels.length > 0;
}

/** Which groups are open: a base rule plus the user's own toggles. */
export interface Expansion {
  /** auto: closed, except groups holding a filter match; all / none: after "Expand all" / "Collapse all". */
  base: 'auto' | 'all' | 'none';
  overrides: ReadonlyMap<string, boolean>;
}

export const AUTO_EXPANSION: Expansion = { base: 'auto', overrides: new Map() };

export function isGroupExpanded(expansion: Expansion, group: GroupNode, view: FilterView | null): boolean {
  const override = expansion.overrides.get(group.key);
  if (override !== undefined) return override;
  if (expansion.base === 'all') return true;
  if (expansion.base === 'none') return false;
  return view !== null && view.holdsMatch[group.index] === 1;
}

export function withGroupExpanded(expansion: Expansion, key: string, expanded: boolean): Expansion {
  const overrides = new Map(expansion.overrides);
  overrides.set(key, expanded);
  return { base: expansion.base, overrides };
}

export interface TreeRow {
  key: string;
  node: TreeNode;
  /** aria-level, from 1. */
  level: number;
  /** aria-setsize and aria-posinset among the shown siblings. */
  setSize: number;
  posInSet: number;
  expandable: boolean;
  expanded: boolean;
}

/** The rows a user can reach, in screen order: the tree walked depth-first, entering open groups only. */
export function flattenVisible(forest: Forest, view: FilterView | null, expansion: Expansion): TreeRow[] {
  const rows: TreeRow[] = [];
  const roots = view === null ? forest.roots : forest.roots.filter((root) => view.visible[root.index] === 1);
  const stack: Array<{ nodes: readonly TreeNode[]; next: number; level: number }> = [
    { nodes: roots, next: 0, level: 1 },
  ];
  // Iterative, so a long chain of nested groups cannot overflow the call stack.
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (!frame) break;
    const node = frame.nodes[frame.next];
    if (node === undefined) {
      stack.pop();
      continue;
    }
    frame.next += 1;
    if (node.kind === 'label') {
      rows.push({
        key: node.key,
        node,
        level: frame.level,
        setSize: frame.nodes.length,
        posInSet: frame.next,
        expandable: false,
        expanded: false,
      });
      continue;
    }
    const expandable = isExpandable(node, view);
    const expanded = expandable && isGroupExpanded(expansion, node, view);
    rows.push({
      key: node.key,
      node,
      level: frame.level,
      setSize: frame.nodes.length,
      posInSet: frame.next,
      expandable,
      expanded,
    });
    if (expanded) stack.push({ nodes: shownChildren(node, view), next: 0, level: frame.level + 1 });
  }
  return rows;
}

export interface NestedRow {
  row: TreeRow;
  children: NestedRow[];
}

/** The flat rows back as a tree (for rendering treeitems inside role="group" elements). */
export function nestRows(rows: readonly TreeRow[]): NestedRow[] {
  const roots: NestedRow[] = [];
  const open: NestedRow[] = [];
  for (const row of rows) {
    const nested: NestedRow = { row, children: [] };
    while (open.length > 0 && (open[open.length - 1]?.row.level ?? 0) >= row.level) open.pop();
    const parent = open[open.length - 1];
    if (parent) parent.children.push(nested);
    else roots.push(nested);
    open.push(nested);
  }
  return roots;
}

/**
 * The row that stands for the active node: the node's own row, else the row of its nearest shown ancestor (after a
 * collapse); -1 when there is no active node or the filter hides it and all its ancestors.
 */
export function resolveActiveIndex(rows: readonly TreeRow[], forest: Forest, activeKey: string | null): number {
  if (activeKey === null) return -1;
  for (let node: TreeNode | null = nodeForKey(forest, activeKey); node !== null; node = node.parent) {
    const target = node;
    // Comparing node identity is cheap enough to scan 105,000 rows on every key press.
    const index = rows.findIndex((row) => row.node === target);
    if (index >= 0) return index;
  }
  return -1;
}

/** The outermost group a node sits in. */
export function rootOf(node: TreeNode): GroupNode {
  let group = node.kind === 'label' ? node.parent : node;
  while (group.parent !== null) group = group.parent;
  return group;
}

export type TreeKeyAction =
  | { type: 'focus'; index: number }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string }
  | { type: 'stay' };

/**
 * What a key does on the row at `index` (WAI-ARIA tree view pattern); null when the key is not the tree's.
 * Enter and Space toggle a group; on a label they only select it (which focusing already did).
 */
export function keyAction(rows: readonly TreeRow[], index: number, key: string): TreeKeyAction | null {
  const row = rows[index];
  if (!row) return null;
  const stayOr = (target: number): TreeKeyAction =>
    target >= 0 && target < rows.length && target !== index ? { type: 'focus', index: target } : { type: 'stay' };
  switch (key) {
    case 'ArrowDown':
      return stayOr(index + 1);
    case 'ArrowUp':
      return stayOr(index - 1);
    case 'Home':
      return stayOr(0);
    case 'End':
      return stayOr(rows.length - 1);
    case 'ArrowRight':
      if (!row.expandable) return { type: 'stay' };
      return row.expanded ? stayOr(index + 1) : { type: 'expand', key: row.key };
    case 'ArrowLeft': {
      if (row.expanded) return { type: 'collapse', key: row.key };
      for (let i = index - 1; i >= 0; i -= 1) {
        if ((rows[i]?.level ?? 0) < row.level) return { type: 'focus', index: i };
      }
      return { type: 'stay' };
    }
    case 'Enter':
    case ' ':
      if (!row.expandable) return { type: 'stay' };
      return row.expanded ? { type: 'collapse', key: row.key } : { type: 'expand', key: row.key };
    default:
      return null;
  }
}

/**
 * Type-ahead: the next row, after `index` and wrapping around, whose title starts with the typed text. A run of
 * one repeated character ("aaa") cycles through the rows starting with it. Returns -1 when none does.
 */
export function findTypeAhead(rows: readonly TreeRow[], index: number, typed: string): number {
  const folded = foldText(typed);
  if (folded === '' || rows.length === 0) return -1;
  const first = folded[0] ?? '';
  const repeated = folded.length > 1 && [...folded].every((char) => char === first);
  const prefix = repeated ? first : folded;
  // A longer prefix may still fit the current row ("ma" after "m"); a fresh or repeated character moves on.
  const offset = folded.length > 1 && !repeated ? 0 : 1;
  for (let step = 0; step < rows.length; step += 1) {
    const candidate = (index + offset + step) % rows.length;
    const row = rows[candidate];
    if (row && foldedTitleOf(row.node).startsWith(prefix)) return candidate;
  }
  return -1;
}
