import { useId } from 'react';
import './charts.css';

export interface BarDatum {
  label: string;
  value: number;
}

export interface BarChartProps {
  title: string;
  /** A sentence that says what the chart shows, read by screen readers in place of the drawing. */
  description: string;
  bars: readonly BarDatum[];
  /** How a bar's value is written in labels and in the data table. */
  formatValue: (value: number) => string;
  /** Column headings of the data table that stands in for the drawing. */
  tableHeaders: readonly [string, string];
  showTableLabel: string;
}

const WIDTH = 480;
const HEIGHT = 180;
const AXIS = 22;
const TOP = 16;

/** Vertical bars in plain SVG, with the same figures as a table behind a disclosure. */
export function BarChart({ title, description, bars, formatValue, tableHeaders, showTableLabel }: BarChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = Math.max(4, slot * 0.7);
  const plotHeight = HEIGHT - AXIS - TOP;
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-title">
        {title}
      </figcaption>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <desc id={descriptionId}>{description}</desc>
        <line className="chart-axis" x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} />
        {bars.map((bar, index) => {
          const height = (bar.value / max) * plotHeight;
          const x = index * slot + (slot - barWidth) / 2;
          const y = HEIGHT - AXIS - height;
          return (
            <g key={bar.label}>
              <rect className="chart-bar" x={x} y={y} width={barWidth} height={height} rx={2} />
              {bar.value > 0 && (
                <text className="chart-value" x={x + barWidth / 2} y={y - 4} textAnchor="middle">
                  {formatValue(bar.value)}
                </text>
              )}
              <text className="chart-label" x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="chart-table">
        <summary>{showTableLabel}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{tableHeaders[0]}</th>
              <th scope="col">{tableHeaders[1]}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{formatValue(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
