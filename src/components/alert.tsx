import { useId, type ReactNode } from 'react';

interface AlertProps {
  tone: 'error' | 'warning' | 'info';
  /** None for a note there from the first render; `group` is named by the title and not read out. */
  role?: 'alert' | 'status' | 'group';
  title: ReactNode;
  text?: ReactNode;
  /** A button last: the way out of it. */
  action?: { label: string; onClick: () => void };
  className?: string;
  /** Between the text and the action: a list, a technical detail. */
  children?: ReactNode;
}

/** A boxed notice with a title, in the tone of what it says. */
export function Alert({ tone, role, title, text, action, className, children }: AlertProps) {
  const titleId = useId();
  const labelId = role === 'group' ? titleId : undefined;
  return (
    <div role={role} className={`alert alert-${tone} ${className ?? ''}`.trim()} aria-labelledby={labelId}>
      <p className="alert-title" id={labelId}>
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
