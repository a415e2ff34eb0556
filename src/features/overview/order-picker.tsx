import { useId } from 'react';
import { HelpToggle } from '@/components/help-toggle';
import type { HealthColumn } from '@/course/health-order';
import { overviewSortParam, parseOverviewSort, type OverviewSort } from './overview-url';
import type { OverviewTexts } from './strings';

const ATTENTION = '';

export interface OrderPickerProps {
  texts: OverviewTexts;
  sort: OverviewSort;
  /** "Needs attention first", its rule in words. */
  rule: string;
  onChange: (sort: OverviewSort) => void;
  /** The columns shown, which are those a header (or, on a phone, this list) can sort by. */
  columns: readonly HealthColumn[];
}

/**
 * The order of the courses: "Needs attention first" (the default, its rule in the tooltip, in the description and
 * behind the "?"), or a column, as its header sorts (and as cards, which have no headers, can be sorted).
 */
export function OrderPicker({ texts, sort, rule, onChange, columns }: OrderPickerProps) {
  const selectId = useId();
  const ruleId = useId();
  // Each column in the direction its header starts with, and the other one while a header has turned it.
  const options = columns
    .flatMap((column) => {
      const first = { column, desc: column !== 'name' };
      return sort?.column === column && sort.desc !== first.desc ? [first, sort] : [first];
    })
    .map((option) => ({
      value: overviewSortParam(option) ?? ATTENTION,
      label: texts.columnOrder(option.column, option.desc),
    }));
  return (
    <div className="overview-order">
      <label htmlFor={selectId}>{texts.orderLabel}</label>
      <select
        id={selectId}
        value={overviewSortParam(sort) ?? ATTENTION}
        title={sort === null ? rule : undefined}
        aria-describedby={ruleId}
        onChange={(event) => onChange(parseOverviewSort(event.target.value === ATTENTION ? null : event.target.value))}
      >
        <option value={ATTENTION}>{texts.needsAttention}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <HelpToggle label={texts.aboutOrder} hintId={ruleId} className="overview-order-help">
        {rule}
      </HelpToggle>
    </div>
  );
}
