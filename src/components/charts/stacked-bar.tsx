import { useId } from 'react';
import './charts.css';

export type SegmentTone = 'neutral' | 'progress' | 'ok' | 'danger';

export interface Segment {
  key: string;
  label: string;
  value: number;
  tone: SegmentTone;
}

export interface StackedBarProps {
  title: string;
  segments: readonly Segment[];
  /** "12 (30%)": the legend says every figure in text, so colour is never the only carrier. */
  formatSegment: (value: number, share: number) => string;
}

/** One horizontal bar split into parts, with a legend that lists each part's count and share. */
export function StackedBar({ title, segments, formatSegment }: StackedBarProps) {
  const titleId = useId();
  const total = segments.reduce((sum, segment) => sum + segment.value, 0);
  const widths = segments.map((segment) => (total === 0 ? 0 : (segment.value / total) * 100));
  const starts = widths.map((_, index) => widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-title">
        {title}
      </figcaption>
      <svg className="chart-stack" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {segments.map((segment, index) => (
          <rect
            key={segment.key}
            className={`chart-segment tone-${segment.tone}`}
            x={starts[index]}
            y={0}
            width={widths[index]}
            height={8}
          />
        ))}
      </svg>
      <ul className="chart-legend">
        {segments.map((segment) => (
          <li key={segment.key}>
            <span className={`chart-swatch tone-${segment.tone}`} aria-hidden="true" />
            <span className="chart-legend-label">{segment.label}</span>{' '}
            <span className="chart-legend-value">
              {formatSegment(segment.value, total === 0 ? 0 : segment.value / total)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
