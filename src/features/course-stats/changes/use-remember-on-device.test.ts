import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberOnDeviceChanged, setRememberOnDevice, useRememberOnDevice } from './use-remember-on-device';
import { forgetCourseMemory } from '@/lib/storage';

afterEach(() => localStorage.clear());

describe('useRememberOnDevice', () => {
  it('is off until chosen, and follows the choice', () => {
    const { result } = renderHook(() => useRememberOnDevice());
    expect(result.current).toBe(false);
    act(() => {
      expect(setRememberOnDevice(true)).toBe(true);
    });
    expect(result.current).toBe(true);
    act(() => {
      setRememberOnDevice(false);
    });
    expect(result.current).toBe(false);
  });

  it('turns off when the device forgets, once told', () => {
    setRememberOnDevice(true);
    const { result } = renderHook(() => useRememberOnDevice());
    expect(result.current).toBe(true);
    act(() => {
      forgetCourseMemory();
      rememberOnDeviceChanged();
    });
    expect(result.current).toBe(false);
  });

  it('follows a choice made in another tab', () => {
    const { result } = renderHook(() => useRememberOnDevice());
    act(() => {
      localStorage.setItem('course-stats.remember-on-device', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'course-stats.remember-on-device' }));
    });
    expect(result.current).toBe(true);
  });
});
