import type { ReactNode, Ref } from 'react';

export interface TableScrollRegionProps {
  /** Names the region for assistive technology. */
  label: string;
  /** Rows are shown but a newer set is loading: they are dimmed. */
  busy: boolean;
  /** Nothing is shown yet; announced as busy like `busy`, but nothing is dimmed. */
  loading?: boolean;
  /** Added to `data-table-scroll`. */
  className?: string;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** The box a table scrolls in: a labelled region that keyboard users can focus and scroll. */
export function TableScrollRegion({ label, busy, loading = false, className, ref, children }: TableScrollRegionProps) {
  return (
    <div
      ref={ref}
      className={className === undefined ? 'data-table-scroll' : `data-table-scroll ${className}`}
      role="region"
      aria-label={label}
      aria-busy={busy || loading}
      tabIndex={0}
      data-busy={busy || undefined}
    >
      {children}
    </div>
  );
}
