import { useEffect, useRef } from 'react';

/**
 * A native <dialog> opened as a modal when it mounts: the browser traps focus in it, focuses its first control and
 * closes it on Escape (its `close` event then says so). Where showModal is missing (test DOMs) it still opens.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  return ref;
}

/** Closes the dialog, whose `close` event then calls `onClose`; one that is not open as a dialog calls it at once. */
export function closeModalDialog(dialog: HTMLDialogElement | null, onClose: () => void): void {
  if (dialog?.open && typeof dialog.close === 'function') dialog.close();
  else onClose();
}
