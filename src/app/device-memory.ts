import {
  chooseRememberOnDevice,
  deleteAllSnapshots,
  deleteSnapshot,
  forgetThisDevice,
  listSnapshots,
} from '@/features/course-stats/changes/snapshot-store';
import { readRememberOnDevice, rememberOnDeviceChanged, subscribeRememberOnDevice } from '@/lib/device-consent';
import { forgetStoredAccounts, listStoredAccounts } from '@/course/account-store';
import { readRecentCourses } from '@/course/recent-courses';
import { readSavedViews } from '@/features/course-stats/views/saved-views';
import type { DeviceMemory } from '@/features/device/device-memory';

/**
 * What course statistics and the account overview keep on this device, as "Stored on this device" and the sign-out question read and delete
 * it. Only screens/device.tsx imports this, and only lazily loaded, so the shell starts without IndexedDB code.
 */
export const deviceMemory: DeviceMemory = {
  listSnapshots,
  deleteSnapshot,
  deleteAllSnapshots,
  readRemember: readRememberOnDevice,
  chooseRemember: chooseRememberOnDevice,
  subscribeRemember: subscribeRememberOnDevice,
  listStoredAccounts,
  forgetStoredAccounts: () => forgetStoredAccounts(),
  savedViewCount: () => readSavedViews().length,
  readRecentCourses,
  forget: async () => {
    const result = await forgetThisDevice();
    rememberOnDeviceChanged();
    return result;
  },
};
