import type { Column } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import './column-meta';

/** Sticky offsets for pinned columns; the CSS gives them a background so scrolled cells do not show through. */
export function pinnedStyle<TData>(column: Column<TData, unknown>): CSSProperties | undefined {
  const pinned = column.getIsPinned();
  if (pinned === 'left') return { left: column.getStart('left') };
  if (pinned === 'right') return { right: column.getAfter('right') };
  return undefined;
}

export function cellClassName<TData>(column: Column<TData, unknown>): string {
  const pinned = column.getIsPinned();
  const classes: string[] = [];
  if (pinned) classes.push(`is-pinned is-pinned-${pinned}`);
  if (column.columnDef.meta?.align === 'end') classes.push('align-end');
  if (column.columnDef.meta?.clip) classes.push('is-clipped');
  return classes.join(' ');
}
