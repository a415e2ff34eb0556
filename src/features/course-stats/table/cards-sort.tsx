import type { CourseStat } from '@contract';
import type { SortingState, Table } from '@tanstack/react-table';
import { useId } from 'react';
import { columnLabel } from '@/components/data-table/column-meta';
import { useCatalog } from '@/lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { MAX_SORT_KEYS } from '../fields/multi-sort';
import { tableCatalogs } from './strings';

/** The sort with `id` as its first key (in `desc` order) and the other keys after it as they were, at most `max`. */
export function withFirstSortKey(sorting: SortingState, id: string, desc: boolean, max: number): SortingState {
  return [{ id, desc }, ...sorting.filter((key) => key.id !== id)].slice(0, max);
}

/**
 * Cards have no headers to click: a phone sorts them here (elsewhere it renders nothing), setting the first sort key
 * through the table as a header click does, the other keys after it. Beside the view tabs, it costs no line of its own.
 */
export function CardsSort({ table }: { table: Table<CourseStat> }) {
  const texts = useCatalog(tableCatalogs);
  const phone = useMediaQuery(PHONE_QUERY);
  const selectId = useId();
  const sorting = table.getState().sorting;
  const first = sorting[0];
  const max = table.options.maxMultiSortColCount ?? MAX_SORT_KEYS;
  const columns = table.getAllLeafColumns().filter((column) => column.getCanSort());
  const desc = first?.desc ?? false;
  if (!phone) return null;
  return (
    <div className="course-stats-cards-sort">
      {/* The select shows what the cards are ordered by; its name says so to screen readers. */}
      <label htmlFor={selectId} className="visually-hidden">
        {texts.sortBy}
      </label>
      <select
        id={selectId}
        value={first?.id ?? ''}
        onChange={(event) => {
          const id = event.target.value;
          const kept = sorting.find((key) => key.id === id);
          if (id !== '') table.setSorting(withFirstSortKey(sorting, id, kept?.desc ?? false, max));
        }}
      >
        {/* The API's order until a sort is chosen; as with the headers, there is no way back to it. */}
        {first === undefined && <option value="">{texts.loadedOrder}</option>}
        {columns.map((column) => (
          <option key={column.id} value={column.id}>
            {columnLabel(column)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        disabled={first === undefined}
        onClick={() => first && table.setSorting(withFirstSortKey(sorting, first.id, !first.desc, max))}
      >
        <span aria-hidden="true">{desc ? '▼' : '▲'}</span>
        <span className="visually-hidden">
          {texts.directionPrefix}
          {texts.direction(desc)}
        </span>
      </button>
    </div>
  );
}
