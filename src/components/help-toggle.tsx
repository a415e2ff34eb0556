import type { ReactNode } from 'react';
import './help-toggle.css';

export interface HelpToggleProps {
  /** The button's name for screen readers ("About the quick filters"); sighted users see a "?". */
  label: string;
  /** The explanation's id, for the aria-describedby of what it explains. */
  hintId: string;
  children: ReactNode;
  className?: string;
}

/**
 * A "?" that opens a short explanation beside what it explains (a native details element: keyboard and screen
 * readers get it for free). The explanation stays in the page while closed, so it can describe a control all along.
 */
export function HelpToggle({ label, hintId, children, className }: HelpToggleProps) {
  return (
    <details className={className ? `help-toggle ${className}` : 'help-toggle'}>
      <summary>
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">{label}</span>
      </summary>
      <p id={hintId} className="field-hint">
        {children}
      </p>
    </details>
  );
}
