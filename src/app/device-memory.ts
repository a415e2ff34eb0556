import {
  chooseRememberOnDevice,
  deleteAllSnapshots,
  deleteSnapshot,
  forgetThisDevice,
  listSnapshots,
  readRememberOnDevice,
  rememberOnDeviceChanged,
  subscribeRememberOnDevice,
} from '@/features/course-stats/changes/snapshot-store';
import { readRecentCourses } from '@/course/recent-courses';
import { readSavedViews } from '@/features/course-stats/views/saved-views';
import type { DeviceMemory } from '@/features/device/device-memory';

/**
 * What course statistics keeps on this device, as "Stored on this device" and the sign-out question read and delete
 * it. Only screens/device.tsx imports this, and only lazily loaded, so the shell starts without IndexedDB code.
 */
export const deviceMemory: DeviceMemory = {
  listSnapshots,
  deleteSnapshot,
  deleteAllSnapshots,
  readRemember: readRememberOnDevice,
  chooseRemember: chooseRememberOnDevice,
  subscribeRemember: subscribeRememberOnDevice,
  savedViewCount: () => readSavedViews().length,
  readRecentCourses,
  forget: async () => {
    const result = await forgetThisDevice();
    rememberOnDeviceChanged();
    return result;
  },
};
