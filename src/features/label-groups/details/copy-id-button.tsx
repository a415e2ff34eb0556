import { useState } from 'react';
import { useCatalog } from '@/lib/i18n';
import { labelGroupsCatalogs } from '../strings';

type CopyStatus = 'idle' | 'copied' | 'unavailable' | 'failed';

export interface CopyIdButtonProps {
  value: number;
  /** The button's text, e.g. "Copy ID". */
  children: string;
}

export function CopyIdButton({ value, children }: CopyIdButtonProps) {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const texts = useCatalog(labelGroupsCatalogs).copy;

  const copy = async () => {
    // navigator.clipboard exists only in secure contexts (https, localhost).
    if (typeof navigator.clipboard?.writeText !== 'function') {
      setStatus('unavailable');
      return;
    }
    try {
      await navigator.clipboard.writeText(String(value));
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <div className="lg-copy">
      <button type="button" className="button" onClick={() => void copy()}>
        {children}
      </button>
      {/* Present before a message appears, so screen readers announce it when it does. */}
      <span role="status" className={status === 'copied' ? 'lg-copy-status' : 'lg-copy-status muted'}>
        {status === 'copied' && <span aria-hidden="true">✓ </span>}
        {status === 'idle' ? '' : texts[status]}
      </span>
    </div>
  );
}
