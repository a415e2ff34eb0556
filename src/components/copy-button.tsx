import { useEffect, useId, useRef, useState } from 'react';

export interface CopyButtonProps {
  label: string;
  /** Built on click, so a long text costs nothing until it is asked for. */
  getText: () => string;
  /** The confirmation, given what was copied. */
  copiedMessage: (text: string) => string;
  /** Shown when the browser refuses: the text then appears in a field to copy by hand. */
  failedMessage: string;
  fallbackLabel: string;
  disabled?: boolean;
}

type CopyState = { kind: 'idle' } | { kind: 'copied'; message: string } | { kind: 'failed'; text: string };

/**
 * Copies text to the clipboard and says so in a status line. Where the clipboard is unavailable or refused
 * (no permission, not a secure context), the text is put in a selected read-only field instead.
 */
export function CopyButton({
  label,
  getText,
  copiedMessage,
  failedMessage,
  fallbackLabel,
  disabled = false,
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
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState({ kind: 'copied', message: copiedMessage(text) });
    } catch {
      setState({ kind: 'failed', text });
    }
  };

  return (
    <span className="copy-button">
      <button type="button" className="button" disabled={disabled} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-button-status">
        {state.kind === 'copied' ? state.message : state.kind === 'failed' ? failedMessage : ''}
      </span>
      {state.kind === 'failed' && (
        <span className="copy-button-fallback field">
          <label htmlFor={fallbackId}>{fallbackLabel}</label>
          <textarea ref={fallbackRef} id={fallbackId} className="input" readOnly rows={4} value={state.text} />
        </span>
      )}
    </span>
  );
}
