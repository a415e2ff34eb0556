import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface ShellMenuProps {
  /** The disclosure button's accessible name. */
  label: string;
  children: ReactNode;
}

/**
 * The header's tools. Wide screens show them in the header; phones (see app-shell.css) show only a disclosure
 * button, whose panel opens under the header. Escape or a click elsewhere closes it, and Escape gives focus back.
 */
export function ShellMenu({ label, children }: ShellMenuProps) {
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

  return (
    <div
      ref={containerRef}
      className="shell-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="button shell-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{label}</span>
      </button>
      <div id={panelId} className="shell-tools" data-open={open || undefined}>
        {children}
      </div>
    </div>
  );
}
