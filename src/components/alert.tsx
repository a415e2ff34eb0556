import { useId, type ReactNode } from 'react';

interface AlertProps {
  tone: 'error' | 'warning' | 'info';
  /**
   * `alert` is read out at once, `status` at the next pause; `group` (named by the title) is not announced. None
   * for a note that is on the screen from its first render.
   */
  role?: 'alert' | 'status' | 'group';
  title: ReactNode;
  /** The line under the title. */
  text?: ReactNode;
  /** The way out of it, a button last. */
  action?: { label: string; onClick: () => void };
  className?: string;
  /** What follows the text and comes before the action: a list, a technical detail. */
  children?: ReactNode;
}

/** A boxed notice with a title in the tone of what it says: an error, a warning, or information. */
export function Alert({ tone, role, title, text, action, className, children }: AlertProps) {
  const titleId = useId();
  return (
    <div
      role={role}
      className={className ? `alert alert-${tone} ${className}` : `alert alert-${tone}`}
      aria-labelledby={role === 'group' ? titleId : undefined}
    >
      <p className="alert-title" id={role === 'group' ? titleId : undefined}>
        {title}
      </p>
      {text !== undefined && <p>{text}</p>}
      {children}
      {action && (
        <button type="button" className="button" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
