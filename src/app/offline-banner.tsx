import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useCatalog } from '@/lib/i18n';
import { appCatalogs } from './strings';

const subscribe = (callback: () => void) => onlineManager.subscribe(callback);
const isOnline = () => onlineManager.isOnline();

/** React Query pauses queries while offline and resumes them when the browser is back; this says so. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const texts = useCatalog(appCatalogs);
  if (online) return null;
  return (
    <div role="status" className="offline-banner">
      {texts.offline}
    </div>
  );
}
