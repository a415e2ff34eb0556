import { forgetStoredAccounts, listStoredAccounts } from '@/course/account-store';
import { readRecentCourses } from '@/course/recent-courses';
import {
  chooseRememberOnDevice,
  deleteAllSnapshots,
  deleteSnapshot,
  forgetThisDevice,
  listSnapshots,
} from '@/features/course-stats/changes/snapshot-store';
import { readSavedViews } from '@/features/course-stats/views/saved-views';
import type { DeviceMemory } from '@/features/device/device-memory';
import { SignOutDialog, whatSignOutLeaves, type SignOutDialogProps } from '@/features/device/sign-out-dialog';
import { StoredOnDevicePage } from '@/features/device/stored-on-device-page';
import { readRememberOnDevice, rememberOnDeviceChanged, subscribeRememberOnDevice } from '@/lib/device-consent';

// The device feature wired to what the app keeps here. Loaded lazily: the `device` screen, with the sign-out question,
// so the shell starts without IndexedDB code.

/** What course statistics and the account overview keep on this device, as the page and the sign-out question read it. */
const deviceMemory: DeviceMemory = {
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

/** The `device` route. */
export function Component() {
  return <StoredOnDevicePage memory={deviceMemory} />;
}

/** What a sign-out would leave on this device, or null when nothing is kept (the sign-out then needs no question). */
export function whatSignOutLeavesHere() {
  return whatSignOutLeaves(deviceMemory);
}

/** "Sign out" when this device keeps something (see SignOutDialog). */
export function SignOutQuestion(props: Omit<SignOutDialogProps, 'memory'>) {
  return <SignOutDialog memory={deviceMemory} {...props} />;
}
