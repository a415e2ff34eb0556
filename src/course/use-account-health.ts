import type { Course } from '@contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { createAccountHealth, type AccountKeeping } from './account-health';
import { accountOrigin, lastVisit, loadAccount, saveAccount } from './account-store';
import { serverConfigQuery } from './server-config-query';

// The account overview's reading (account-health.ts) bound to a screen: started and stopped with it, its changes
// rendered as transitions, and the device store it keeps to, given the consent.

/**
 * The account's health while the screen is open: reading starts once `enabled` (the course list is being read)
 * and every course listed so far is queued; reading stops when the screen goes.
 */
export function useAccountHealth(list: readonly Course[], enabled: boolean, keeping: AccountKeeping | null = null) {
  const client = useQueryClient();
  // One reading per screen and client (a sign-out clears the client's cache, and the screen goes with it). What the
  // device kept is loaded once, when the screen opens; a choice made later keeps what is read from then on.
  const [engine] = useState(() => createAccountHealth({ client, keeping }));
  useEffect(() => engine.setKeeping(keeping), [engine, keeping]);
  useEffect(() => {
    engine.start();
    return () => engine.stop();
  }, [engine]);
  useEffect(() => {
    if (enabled) engine.setCourses(list);
  }, [engine, list, enabled]);
  // Each change is rendered as a transition: React renders the overview's thousands of rows in the background, a
  // few milliseconds at a time, where useSyncExternalStore renders every change at once, in one task.
  const [snapshot, setSnapshot] = useState(engine.getSnapshot);
  useEffect(() => {
    const update = () => startTransition(() => setSnapshot(engine.getSnapshot()));
    update();
    return engine.subscribe(update);
  }, [engine]);
  return { ...snapshot, engine };
}

/**
 * Where the overview keeps its figures, given the device consent: the account store of this API origin, known once
 * the server's configuration is read (`known` is false until then, so nothing is read before what was kept is
 * painted); null without the consent.
 */
export function useAccountKeeping(remember: boolean): { keeping: AccountKeeping | null; known: boolean } {
  const config = useQuery({ ...serverConfigQuery(), enabled: remember });
  const origin = config.data ? accountOrigin(config.data) : null;
  const keeping = useMemo<AccountKeeping | null>(
    () =>
      remember && origin !== null
        ? {
            load: () => loadAccount(origin),
            save: (account) => saveAccount(origin, account),
            lastVisit: () => lastVisit(origin),
          }
        : null,
    [remember, origin],
  );
  return { keeping, known: !remember || origin !== null || config.isError };
}
