import type { Table } from '@tanstack/react-table';
import { useEffect, useId, useRef, useState } from 'react';
import { columnLabel } from './column-meta';

export interface DataTableColumnMenuProps<TData> {
  table: Table<TData>;
  /** The disclosure button's text. */
  label?: string;
  /** The text of the button that goes back to the table's initial columns. */
  resetLabel?: string;
}

/**
 * A disclosure button with one checkbox per column that can be hidden, named by the column's header, and a
 * button that restores the table's initial columns (`initialState.columnVisibility`). Escape or a click
 * elsewhere closes it.
 */
export function DataTableColumnMenu<TData>({
  table,
  label = 'Columns',
  resetLabel = 'Reset columns',
}: DataTableColumnMenuProps<TData>) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());

  useEffect(() => {
    if (!open) return undefined;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  return (
    <div
      ref={containerRef}
      className="data-table-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        {label}
      </button>
      <div id={panelId} className="data-table-menu-panel" hidden={!open}>
        <fieldset>
          <legend className="visually-hidden">{label}</legend>
          {columns.map((column) => (
            <label key={column.id}>
              <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />
              {columnLabel(column)}
            </label>
          ))}
        </fieldset>
        <button type="button" className="button data-table-menu-reset" onClick={() => table.resetColumnVisibility()}>
          {resetLabel}
        </button>
      </div>
    </div>
  );
}
