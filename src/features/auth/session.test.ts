import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { getToken, setToken } from '@/lib/token-store';
import { clearSignOutReason, readSignOutReason, signOut } from './session';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the reason for a sign-out', () => {
  it('is kept for this tab only when the token was this tab’s', () => {
    setToken('tab-token', false);
    signOut(new QueryClient(), 'rejected');
    expect(getToken()).toBeNull();
    expect(readSignOutReason()).toBe('rejected');
    // Another tab (its own sessionStorage, the same localStorage) has nothing to explain.
    window.sessionStorage.clear();
    expect(readSignOutReason()).toBeNull();
  });

  it('reaches the other tabs when the token was remembered on the device, and goes with the next sign-in', () => {
    setToken('device-token', true);
    signOut(new QueryClient(), 'rejected');
    expect(getToken()).toBeNull();
    window.sessionStorage.clear();
    expect(readSignOutReason()).toBe('rejected');
    clearSignOutReason();
    expect(readSignOutReason()).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('is not invented for a sign-out the user asked for', () => {
    setToken('device-token', true);
    signOut(new QueryClient());
    expect(getToken()).toBeNull();
    expect(readSignOutReason()).toBeNull();
  });
});
