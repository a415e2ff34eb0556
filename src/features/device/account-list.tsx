import { useEffect, useId, useState } from 'react';
import type { StoredAccountSummary } from '@/course/account-store';
import type { DeviceResult } from '@/lib/device-store';
import { formatRelativeTime } from '@/lib/format';
import { useCatalog, useLocale } from '@/lib/i18n';
import type { DeviceMemory } from './device-memory';
import { deviceCatalogs } from './strings';

/** The overview's figures kept here, by API origin, with a button that deletes them; reread when `version` changes. */
export function AccountList({
  memory,
  version,
  onDeleted,
}: {
  memory: DeviceMemory;
  version: number;
  onDeleted: (result: DeviceResult<void>) => void;
}) {
  const texts = useCatalog(deviceCatalogs);
  const { locale } = useLocale();
  const headingId = useId();
  const [accounts, setAccounts] = useState<StoredAccountSummary[] | null>(null);
  const [read, setRead] = useState(0);
  const [now] = useState(Date.now);
  useEffect(() => {
    let current = true;
    void memory.listStoredAccounts().then((result) => {
      if (current) setAccounts(result.status === 'ok' ? result.value : []);
    });
    return () => {
      current = false;
    };
  }, [memory, version, read]);

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.accountsTitle}</h2>
      {accounts !== null && accounts.length === 0 && <p className="muted">{texts.noAccounts}</p>}
      {accounts !== null && accounts.length > 0 && (
        <>
          <ul className="device-items">
            {accounts.map((account) => (
              <li key={account.origin}>
                {texts.accountLine(
                  account.origin,
                  account.courses,
                  account.learners,
                  formatRelativeTime(new Date(account.savedAt).toISOString(), now, locale),
                )}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            onClick={() =>
              void memory.forgetStoredAccounts().then((result) => {
                onDeleted(result);
                setRead((value) => value + 1);
              })
            }
          >
            {texts.deleteAccounts}
          </button>
        </>
      )}
    </section>
  );
}
