import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (callback: () => void) => onlineManager.subscribe(callback);
const isOnline = () => onlineManager.isOnline();

/** React Query pauses queries while offline and resumes them when the browser is back; this says so. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <div role="status" className="offline-banner">
      You are offline. The data shown may be out of date; it will refresh when the connection is back.
    </div>
  );
}
