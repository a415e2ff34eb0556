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

/** A "?" opening a short explanation (a native details element), in the page even closed, to describe a control. */
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
