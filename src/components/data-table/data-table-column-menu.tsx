import type { Table } from '@tanstack/react-table';
import { useEffect, useId, useRef, useState } from 'react';
import { columnLabel } from './column-meta';

export interface DataTableColumnMenuProps<TData> {
  table: Table<TData>;
  /** The disclosure button's text. */
  label?: string;
}

/** A disclosure button with one checkbox per column that can be hidden. Escape or a click elsewhere closes it. */
export function DataTableColumnMenu<TData>({ table, label = 'Columns' }: DataTableColumnMenuProps<TData>) {
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
      </div>
    </div>
  );
}
