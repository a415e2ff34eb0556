import type { ReactNode } from 'react';

export type StatusTone = 'ok' | 'warn' | 'danger' | 'neutral';

export interface StatusBadgeProps {
  tone: StatusTone;
  /** The words carry the meaning; the tone only repeats it in colour. */
  children: ReactNode;
}

export function StatusBadge({ tone, children }: StatusBadgeProps) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
