// The label groups tree as plain data: the forest built from the API list, narrowed by tree-filter.ts and laid out as
// rows by tree-rows.ts; no React, so all of it is tested directly. Nodes do not change after buildForest, but for label
// nodes made on first read and folded texts cached by foldLabel().

import type { LabelEntry, LabelGroup } from '@contract';
import { foldText } from '@/lib/fold-text';

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
  /** Made on first read, then kept: the first screen shows groups, of up to 100,000 labels (labelCount makes none). */
  readonly labels: LabelNode[];
  labelCount: number;
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

function describes(label: LabelEntry): label is LabelEntry & { description: string } {
  return label.description !== undefined && label.description.trim() !== '';
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
 * Builds the forest: a group is nested under the group its group_id names (the first with that id). A group_id that
 * names no group, the group itself, or closes a cycle leaves it at the top with a note: every group appears once.
 */
export function buildForest(list: readonly LabelGroup[], naming: ForestNaming): Forest {
  const groups: GroupNode[] = list.map((group, index) => {
    const { name } = group;
    const named = name !== null && name.trim() !== '';
    const title = named ? name : naming.unnamedGroup(group.id);
    const foldedName = named ? foldText(title) : '';
    let labels: LabelNode[] | null = null;
    const node: GroupNode = {
      kind: 'group',
      key: `g${index}`,
      index,
      group,
      title,
      foldedName,
      foldedTitle: named ? foldedName : foldText(title),
      parent: null,
      parentIssue: null,
      childGroups: [],
      get labels() {
        labels ??= group.labels.map((label, labelIndex) => {
          const hasDescription = describes(label);
          return {
            kind: 'label',
            key: `g${index}.${labelIndex}`,
            index: labelIndex,
            label,
            title: hasDescription ? label.description : naming.noDescription,
            hasDescription,
            parent: node,
            folded: null,
          };
        });
        return labels;
      },
      labelCount: group.labels.length,
    };
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
    if (parent !== undefined && parent !== node) return parent;
    node.parentIssue = { kind: parent === node ? 'self' : 'missing', parentId };
    return null;
  });

  // One parent a group: following parents ends at a root or a cycle, cut at its first member, which goes to the top.
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
      parentOf[first.index] = null;
      first.parentIssue = { kind: 'cycle', parentId: first.group.group_id ?? 0 };
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
    labelCount += node.labelCount;
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

/** The outermost group a node sits in. */
export function rootOf(node: TreeNode): GroupNode {
  let group = node.kind === 'label' ? node.parent : node;
  while (group.parent !== null) group = group.parent;
  return group;
}
