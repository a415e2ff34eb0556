import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface CopyButtonProps {
  label: string;
  /** Built on click, so a long text costs nothing until it is asked for. */
  getText: () => string;
  /** The confirmation, given what was copied. */
  copiedMessage: (text: string) => ReactNode;
  /** Shown when the browser refuses. */
  failedMessage: string;
  /** Shown when there is no clipboard at all (not a secure context); failedMessage unless given. */
  unavailableMessage?: string;
  /** Where the copy fails, the text appears in a field by this name to copy by hand; none when it is on screen already. */
  fallbackLabel?: string;
  disabled?: boolean;
  className?: string;
}

type CopyState =
  { kind: 'idle' } | { kind: 'copied'; message: ReactNode } | { kind: 'failed'; message: string; text: string };

/** Copies text to the clipboard and says so in a status line, or says why it could not. */
export function CopyButton({
  label,
  getText,
  copiedMessage,
  failedMessage,
  unavailableMessage = failedMessage,
  fallbackLabel,
  disabled = false,
  className = 'copy-button',
}: CopyButtonProps) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const fallbackId = useId();
  const fallbackRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (state.kind !== 'failed') return;
    fallbackRef.current?.focus();
    fallbackRef.current?.select();
  }, [state]);

  const copy = async () => {
    const text = getText();
    // navigator.clipboard exists only in secure contexts (https, localhost).
    if (typeof navigator.clipboard?.writeText !== 'function') {
      setState({ kind: 'failed', message: unavailableMessage, text });
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      setState({ kind: 'copied', message: copiedMessage(text) });
    } catch {
      setState({ kind: 'failed', message: failedMessage, text });
    }
  };

  return (
    <span className={className}>
      <button type="button" className="button" disabled={disabled} onClick={() => void copy()}>
        {label}
      </button>
      {/* Present before a message appears, so screen readers announce it when it does. */}
      <span role="status" className="copy-button-status" data-failed={state.kind === 'failed' || undefined}>
        {state.kind === 'idle' ? '' : state.message}
      </span>
      {state.kind === 'failed' && fallbackLabel !== undefined && (
        <span className="copy-button-fallback field">
          <label htmlFor={fallbackId}>{fallbackLabel}</label>
          <textarea ref={fallbackRef} id={fallbackId} className="input" readOnly rows={4} value={state.text} />
        </span>
      )}
    </span>
  );
}
