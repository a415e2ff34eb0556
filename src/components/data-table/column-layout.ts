import type { Column, ColumnPinningState } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import './column-meta';

type Side = 'left' | 'right' | false;

/** Where a column is pinned: by `pinning` when given (a state the caller holds), else by the table's own state. */
function sideOf<TData>(column: Column<TData, unknown>, pinning?: ColumnPinningState): Side {
  if (!pinning) return column.getIsPinned();
  if (pinning.left?.includes(column.id)) return 'left';
  if (pinning.right?.includes(column.id)) return 'right';
  return false;
}

/** Sticky offsets for pinned columns; the CSS gives them a background so scrolled cells do not show through. */
export function pinnedStyle<TData>(
  column: Column<TData, unknown>,
  pinning?: ColumnPinningState,
): CSSProperties | undefined {
  const pinned = sideOf(column, pinning);
  if (pinned === 'left') return { left: column.getStart('left') };
  if (pinned === 'right') return { right: column.getAfter('right') };
  return undefined;
}

export function cellClassName<TData>(column: Column<TData, unknown>, pinning?: ColumnPinningState): string {
  const pinned = sideOf(column, pinning);
  const classes: string[] = [];
  if (pinned) classes.push(`is-pinned is-pinned-${pinned}`);
  if (column.columnDef.meta?.align === 'end') classes.push('align-end');
  if (column.columnDef.meta?.clip) classes.push('is-clipped');
  return classes.join(' ');
}
