import './loading-bar.css';

export interface LoadingBarProps {
  /** The bar's accessible name, e.g. "Loading all pages". */
  label: string;
  /** What has been done so far, in words ("3,400 rows loaded"); the total is unknown, so there is no percentage. */
  valueText: string;
}

/** A progress bar for work of unknown length: no aria-valuenow, so assistive technology reads it as indeterminate. */
export function LoadingBar({ label, valueText }: LoadingBarProps) {
  return (
    <div className="loading-bar" role="progressbar" aria-label={label} aria-valuetext={valueText}>
      <span className="loading-bar-fill" />
    </div>
  );
}
