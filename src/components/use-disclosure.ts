import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export interface Disclosure {
  open: boolean;
  /** Closes the panel; with `returnFocus`, focus goes back to the button (a keyboard user is not left on nothing). */
  close: (options?: { returnFocus?: boolean }) => void;
  /** The id the panel takes, which the button's aria-controls names. */
  panelId: string;
  /** The button, as buttonProps refers to it (to place a panel by it, say). */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** For the element holding the button and the panel: a click outside it closes the panel, Escape inside it too. */
  containerProps: { ref: RefObject<HTMLDivElement | null>; onKeyDown: (event: KeyboardEvent) => void };
  buttonProps: {
    ref: RefObject<HTMLButtonElement | null>;
    type: 'button';
    'aria-expanded': boolean;
    'aria-controls': string;
    onClick: () => void;
  };
}

/**
 * A disclosure button and its panel, the way every menu of the app behaves: the button toggles the panel, Escape or a
 * click elsewhere closes it, and Escape gives focus back to the button.
 */
export function useDisclosure(): Disclosure {
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
      type: 'button',
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((current) => !current),
    },
  };
}
