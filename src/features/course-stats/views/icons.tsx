import type { ReactNode } from 'react';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';

/** A toolbar icon; on a phone it stands for its button's words, which screen readers still get. */
function ToolIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** A bookmark with a plus. */
export function SaveViewIcon() {
  return <ToolIcon path="M5 2.5h10v15l-5-3.5-5 3.5zM10 6v5M7.5 8.5h5" />;
}

/** A list with a down arrow. */
export function ViewsIcon() {
  return <ToolIcon path="M3 5h9M3 10h9M3 15h9M14.5 8.5l2 2 2-2" />;
}

/** A toolbar button's words: shown beside its icon, but on a phone left to screen readers, so the title keeps its line. */
export function ToolText({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return <span className={phone ? 'visually-hidden' : undefined}>{children}</span>;
}
