import { SignOutDialog, whatSignOutLeaves, type SignOutDialogProps } from '@/features/device/sign-out-dialog';
import { StoredOnDevicePage } from '@/features/device/stored-on-device-page';
import { deviceMemory } from '../device-memory';

// The device feature wired to what the app keeps here. Loaded lazily: the `device` screen, with the sign-out question.

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
