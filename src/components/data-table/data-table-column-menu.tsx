import type { Table } from '@tanstack/react-table';
import { useLayoutEffect, useRef } from 'react';
import { useDisclosure } from '../use-disclosure';
import { columnLabel } from './column-meta';

export interface DataTableColumnMenuProps<TData> {
  table: Table<TData>;
  /** The disclosure button's text. */
  label: string;
  /** The text of the button that goes back to the table's initial columns. */
  resetLabel: string;
}

/** Space kept between the panel and the window's edges, in CSS pixels. */
const EDGE = 8;

/**
 * Puts the panel under its button (over it when there is no room below), within the window. The panel is fixed
 * to the window, not to the toolbar: a toolbar that scrolls sideways on a phone would otherwise cut it off.
 */
function placePanel(panel: HTMLElement, button: HTMLElement): void {
  const anchor = button.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = panel;
  const opensToEnd = anchor.left + anchor.width / 2 < window.innerWidth / 2;
  const left = Math.min(
    Math.max(EDGE, opensToEnd ? anchor.left : anchor.right - width),
    window.innerWidth - width - EDGE,
  );
  const below = anchor.bottom + 4;
  const above = anchor.top - 4 - height;
  const fitsBelow = below + height <= window.innerHeight - EDGE;
  const top = fitsBelow || above < EDGE ? Math.min(below, window.innerHeight - height - EDGE) : above;
  panel.style.left = `${Math.max(EDGE, left)}px`;
  panel.style.top = `${Math.max(EDGE, top)}px`;
}

/** The Columns disclosure: a checkbox per hideable column, by header, and a reset to initialState.columnVisibility. */
export function DataTableColumnMenu<TData>({ table, label, resetLabel }: DataTableColumnMenuProps<TData>) {
  const { open, panelId, buttonRef, containerProps, buttonProps } = useDisclosure();
  const panelRef = useRef<HTMLDivElement>(null);
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());

  // Placed before the paint, and again when the page scrolls or the window changes size.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const place = () => {
      if (panelRef.current && buttonRef.current) placePanel(panelRef.current, buttonRef.current);
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, buttonRef]);

  return (
    <div {...containerProps} className="data-table-menu">
      <button {...buttonProps} className="button">
        {label}
      </button>
      <div ref={panelRef} id={panelId} className="data-table-menu-panel" hidden={!open}>
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
