import type { ReactNode } from 'react';
import { useDisclosure } from '@/components/use-disclosure';

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
  const { open, panelId, containerProps, buttonProps } = useDisclosure();

  return (
    <div {...containerProps} className="shell-menu">
      <button {...buttonProps} className="button shell-menu-button">
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
