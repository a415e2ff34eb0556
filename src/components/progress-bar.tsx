import type { CSSProperties } from 'react';
import { clampPercent, formatPercent } from '@/lib/format';
import './progress-bar.css';

export interface ProgressBarProps {
  /** Percent; held to 0..100 (NaN counts as 0). */
  value: number | null | undefined;
  /** The bar's accessible name, e.g. "Progress of Learner 1". */
  label: string;
  /** The language the percentage is written in; the browser's when not given. */
  locale?: string;
}

/**
 * A bar with its number beside it, so the value never depends on seeing the bar. The fill is the track's background,
 * sized to the value: no element of its own, which a table of thousands of rows would make per row scrolled in.
 */
export function ProgressBar({ value, label, locale }: ProgressBarProps) {
  const percent = clampPercent(value);
  const text = formatPercent(percent, locale);
  return (
    <span className="progress">
      <span
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        style={{ '--progress': `${percent}%` } as CSSProperties}
      />
      <span className="progress-value" aria-hidden="true">
        {text}
      </span>
    </span>
  );
}
