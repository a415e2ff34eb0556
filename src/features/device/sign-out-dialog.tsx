import { useEffect, useId, useRef, useState } from 'react';
import type { DeviceStoreReason } from '@/lib/device-store';
import { useCatalog } from '@/lib/i18n';
import { readLocalMemory, snapshotsMayRemain, storesAnything, type DeviceInventory } from './device-inventory';
import type { DeviceMemory } from './device-memory';
import { StoredItemsList } from './stored-items-list';
import { deviceCatalogs } from './strings';
import { useModalDialog } from '@/components/use-modal-dialog';
import './device.css';

/**
 * What a sign-out would leave on this device, or null when nothing is kept (the sign-out then needs no question).
 * The shell loads this module on the first click of "Sign out", so its start-up stays free of IndexedDB code.
 */
export async function whatSignOutLeaves(memory: DeviceMemory): Promise<DeviceInventory | null> {
  const inventory = { ...readLocalMemory(memory), snapshots: await memory.listSnapshots() };
  return storesAnything(inventory) ? inventory : null;
}

export interface SignOutDialogProps {
  memory: DeviceMemory;
  inventory: DeviceInventory;
  /** Drops the token; called after forgetting (when asked), also when the snapshots could not be deleted. */
  onSignOut: () => void;
  /** The dialog has closed without signing out (Cancel, Escape); the caller puts focus back. */
  onCancel: () => void;
}

type Phase = { step: 'asking' } | { step: 'forgetting' } | { step: 'snapshots-left'; reason: DeviceStoreReason };

/**
 * "Sign out" when this device keeps something: a modal <dialog> offering to forget it first, before the token goes.
 * Where the snapshots cannot be deleted the dialog says so, and closing it signs out all the same.
 */
export function SignOutDialog({ memory, inventory, onSignOut, onCancel }: SignOutDialogProps) {
  const texts = useCatalog(deviceCatalogs);
  const dialogRef = useModalDialog();
  const signOutRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const listId = useId();
  const [forget, setForget] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'asking' });

  // The checkbox is gone and the button was disabled while forgetting: focus goes where the one way on is.
  useEffect(() => {
    if (phase.step === 'snapshots-left') signOutRef.current?.focus();
  }, [phase.step]);

  const signOut = async () => {
    if (!forget) {
      onSignOut();
      return;
    }
    setPhase({ step: 'forgetting' });
    const result = await memory.forget();
    if (result.status === 'unavailable' && snapshotsMayRemain(inventory, result)) {
      setPhase({ step: 'snapshots-left', reason: result.reason });
      return;
    }
    onSignOut();
  };

  return (
    <dialog
      ref={dialogRef}
      className="device-dialog"
      aria-labelledby={titleId}
      // The header's menu closes on Escape too; here Escape only cancels the dialog, and the menu stays as it was.
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
      onCancel={(event) => {
        if (phase.step === 'forgetting') event.preventDefault();
      }}
      onClose={() => (phase.step === 'snapshots-left' ? onSignOut() : onCancel())}
    >
      <h2 id={titleId}>{texts.signOutTitle}</h2>
      {phase.step === 'snapshots-left' ? (
        <p role="alert" className="alert alert-warning">
          {texts.snapshotsLeft(phase.reason)}
        </p>
      ) : (
        <>
          <label className="device-check">
            <input
              type="checkbox"
              checked={forget}
              disabled={phase.step === 'forgetting'}
              aria-describedby={listId}
              onChange={(event) => setForget(event.target.checked)}
            />
            {texts.alsoForget}
          </label>
          <StoredItemsList inventory={inventory} id={listId} />
        </>
      )}
      {phase.step === 'forgetting' && (
        <p role="status" aria-busy="true">
          {texts.forgetting}
        </p>
      )}
      <div className="device-dialog-buttons">
        <button
          ref={signOutRef}
          type="button"
          className="button button-primary"
          disabled={phase.step === 'forgetting'}
          onClick={() => (phase.step === 'snapshots-left' ? onSignOut() : void signOut())}
        >
          {texts.signOut}
        </button>
        {phase.step !== 'snapshots-left' && (
          <button
            type="button"
            className="button"
            disabled={phase.step === 'forgetting'}
            onClick={() => dialogRef.current?.close()}
          >
            {texts.cancel}
          </button>
        )}
      </div>
    </dialog>
  );
}
