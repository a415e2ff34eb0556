import { useCatalog } from '@/lib/i18n';
import { snapshotCount, type DeviceInventory } from './device-inventory';
import { deviceCatalogs } from './strings';

/** What "Forget this device" would delete, with counts; only what is there. */
export function StoredItemsList({ inventory, id }: { inventory: DeviceInventory; id?: string }) {
  const texts = useCatalog(deviceCatalogs);
  const snapshots = snapshotCount(inventory);
  const items = [
    snapshots > 0 ? texts.snapshotCount(snapshots) : null,
    inventory.savedViews > 0 ? texts.savedViewCount(inventory.savedViews) : null,
    inventory.recentCourses.length > 0 ? texts.recentCourseCount(inventory.recentCourses.length) : null,
    inventory.remember ? texts.rememberChoice : null,
  ].filter((item) => item !== null);
  if (items.length === 0) return <p id={id}>{texts.nothingStored}</p>;
  return (
    <div id={id}>
      <p className="device-would-delete">{texts.wouldDelete}</p>
      <ul className="device-items">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
