import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A disclosure button and its panel, as every menu of the app behaves: the button toggles it, Escape or a click
 * elsewhere closes it, Escape refocusing the button. `containerProps` go on the element holding both, `buttonProps` on
 * the button, `panelId` on the panel; `close({ returnFocus: true })` refocuses the button too.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const close = useCallback((options?: { returnFocus?: boolean }) => {
    setOpen(false);
    if (options?.returnFocus) buttonRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close({ returnFocus: true });
    }
  };

  return {
    open,
    close,
    panelId,
    buttonRef,
    containerProps: { ref: containerRef, onKeyDown },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((current) => !current),
    },
  };
}
