import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { DeviceResult } from '@/lib/device-store';
import { useCatalog } from '@/lib/i18n';
import { AccountList } from './account-list';
import { readLocalMemory, snapshotsMayRemain, type DeviceInventory } from './device-inventory';
import type { DeviceMemory } from './device-memory';
import { SnapshotList, type SnapshotListState } from './snapshot-list';
import { StoredItemsList } from './stored-items-list';
import { deviceCatalogs } from './strings';
import { useModalDialog } from '@/components/use-modal-dialog';
import './device.css';

/** The snapshots as IndexedDB lists them, read again whenever `version` or the Remember choice changes. */
function useSnapshotList(memory: DeviceMemory, version: number, remember: boolean): SnapshotListState {
  const [list, setList] = useState<SnapshotListState>({ status: 'reading' });
  useEffect(() => {
    let current = true;
    void memory.listSnapshots().then((result) => {
      if (current) setList(result);
    });
    return () => {
      current = false;
    };
  }, [memory, version, remember]);
  return list;
}

/** Route `/device`: what this browser keeps about the user's courses (`memory`), and the ways to delete it. */
export function StoredOnDevicePage({ memory }: { memory: DeviceMemory }) {
  const texts = useCatalog(deviceCatalogs);
  // The Remember choice, kept in step with every other place that shows it.
  const remember = useSyncExternalStore(memory.subscribeRemember, memory.readRemember, () => false);
  const [version, setVersion] = useState(0);
  const list = useSnapshotList(memory, version, remember);
  const [local, setLocal] = useState(() => readLocalMemory(memory));
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const snapshotsHeadingRef = useRef<HTMLHeadingElement>(null);
  const forgetButtonRef = useRef<HTMLButtonElement>(null);
  const rememberHintId = useId();
  const snapshotsId = useId();
  const otherId = useId();
  const forgetId = useId();

  const reread = () => {
    setVersion((value) => value + 1);
    setLocal(readLocalMemory(memory));
  };

  const chooseRemember = async (checked: boolean) => {
    setMessage(null);
    const hadSnapshots = list.status === 'ok' && list.value.length > 0;
    const result = await memory.chooseRemember(checked);
    if (!checked && hadSnapshots)
      setMessage(result.status === 'ok' ? texts.deletedAll : texts.notDeleted(result.reason));
    reread();
  };

  /** Says how a deletion went (`done` when it did) and reads what is stored again. */
  const deleted = async (deletion: Promise<DeviceResult<void>>, done: string) => {
    const result = await deletion;
    setMessage(result.status === 'ok' ? done : texts.notDeleted(result.reason));
    reread();
    // The button is gone with its snapshot: focus goes back to the start of the list.
    snapshotsHeadingRef.current?.focus();
  };

  const forget = async (inventory: DeviceInventory) => {
    const result = await memory.forget();
    setMessage(
      result.status === 'unavailable' && snapshotsMayRemain(inventory, result)
        ? texts.snapshotsLeft(result.reason)
        : texts.forgotten,
    );
    reread();
  };

  // While the list is read, the dialog counts no snapshots rather than wait for them.
  const inventory: DeviceInventory = {
    ...local,
    snapshots: list.status === 'reading' ? { status: 'ok', value: [] } : list,
  };

  return (
    <section className="device-page">
      <h1>{texts.title}</h1>
      <p>{texts.intro}</p>
      <p role="status" className="device-message">
        {message}
      </p>

      <section aria-labelledby={snapshotsId}>
        <h2 id={snapshotsId} ref={snapshotsHeadingRef} tabIndex={-1}>
          {texts.snapshotsTitle}
        </h2>
        <label className="device-check">
          <input
            type="checkbox"
            checked={remember}
            aria-describedby={rememberHintId}
            onChange={(event) => void chooseRemember(event.target.checked)}
          />
          {texts.remember}
        </label>
        <p id={rememberHintId} className="muted device-hint">
          {texts.rememberHint}
        </p>
        <SnapshotList
          list={list}
          recentCourses={local.recentCourses}
          onDelete={(summary, takenAt) =>
            void deleted(memory.deleteSnapshot(summary.id), texts.deletedSnapshot(summary.scope.courseId, takenAt))
          }
          onDeleteAll={() => void deleted(memory.deleteAllSnapshots(), texts.deletedAll)}
        />
      </section>

      <AccountList
        memory={memory}
        version={version}
        onDeleted={(result) =>
          setMessage(result.status === 'ok' ? texts.deletedAccounts : texts.notDeleted(result.reason))
        }
      />

      <section aria-labelledby={otherId}>
        <h2 id={otherId}>{texts.otherTitle}</h2>
        <ul className="device-items">
          <li>{texts.savedViewsLine(local.savedViews)}</li>
          <li>{texts.recentCoursesLine(local.recentCourses.length)}</li>
        </ul>
      </section>

      <section aria-labelledby={forgetId}>
        <h2 id={forgetId}>{texts.forget}</h2>
        <p className="muted device-hint">{texts.forgetHint}</p>
        <button ref={forgetButtonRef} type="button" className="button" onClick={() => setConfirming(true)}>
          {texts.forget}
        </button>
      </section>

      {confirming && (
        <ForgetDeviceDialog
          inventory={inventory}
          onClose={(confirmed) => {
            setConfirming(false);
            forgetButtonRef.current?.focus();
            if (confirmed) void forget(inventory);
          }}
        />
      )}
    </section>
  );
}

/** "Forget this device?" with what it deletes; a native modal <dialog>, Escape cancels. */
function ForgetDeviceDialog({
  inventory,
  onClose,
}: {
  inventory: DeviceInventory;
  onClose: (confirmed: boolean) => void;
}) {
  const texts = useCatalog(deviceCatalogs);
  const dialogRef = useModalDialog();
  const confirmed = useRef(false);
  const titleId = useId();
  const listId = useId();
  const close = (forget: boolean) => {
    confirmed.current = forget;
    dialogRef.current?.close();
  };
  return (
    <dialog
      ref={dialogRef}
      className="device-dialog"
      aria-labelledby={titleId}
      aria-describedby={listId}
      onClose={() => onClose(confirmed.current)}
    >
      <h2 id={titleId}>{texts.forgetConfirmTitle}</h2>
      <StoredItemsList inventory={inventory} id={listId} />
      <div className="device-dialog-buttons">
        <button type="button" className="button button-primary" onClick={() => close(true)}>
          {texts.forget}
        </button>
        <button type="button" className="button" onClick={() => close(false)}>
          {texts.cancel}
        </button>
      </div>
    </dialog>
  );
}
