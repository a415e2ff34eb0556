// The forest as the rows a user can reach, in screen order, and what the keyboard does on them.

import { foldText } from '@/lib/fold-text';
import { isExpandable, shownChildren, type FilterView } from './tree-filter';
import { foldedTitleOf, nodeForKey, type Forest, type GroupNode, type TreeNode } from './tree-model';

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
    const group = node.kind === 'group' ? node : null;
    const expandable = group !== null && isExpandable(group, view);
    const expanded = group !== null && expandable && isGroupExpanded(expansion, group, view);
    rows.push({
      key: node.key,
      node,
      level: frame.level,
      setSize: frame.nodes.length,
      posInSet: frame.next,
      expandable,
      expanded,
    });
    if (group !== null && expanded) stack.push({ nodes: shownChildren(group, view), next: 0, level: frame.level + 1 });
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

/** The active node's row, else its nearest shown ancestor's; -1 for none, or when the filter hides them all. */
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

export type TreeKeyAction =
  | { type: 'focus'; index: number }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string }
  | { type: 'stay' };

/** What a key does on the row at `index` (WAI-ARIA tree view), null for others; Enter or Space toggles a group. */
export function keyAction(rows: readonly TreeRow[], index: number, key: string): TreeKeyAction | null {
  const row = rows[index];
  if (!row) return null;
  const stayOr = (target: number): TreeKeyAction =>
    target >= 0 && target < rows.length && target !== index ? { type: 'focus', index: target } : { type: 'stay' };
  const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 }[key];
  if (target !== undefined) return stayOr(target);
  switch (key) {
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
