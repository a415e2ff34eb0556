// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_MS, expiryStage, msUntilNextStage } from './expiry';

const AT = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('a known expiry', () => {
  it('is valid until five minutes before, expiring then, expired from the moment itself', () => {
    expect(EXPIRY_WARNING_MS).toBe(300_000);
    expect(expiryStage(AT, AT - 300_001)).toBe('valid');
    expect(expiryStage(AT, AT - 300_000)).toBe('expiring');
    expect(expiryStage(AT, AT - 1)).toBe('expiring');
    expect(expiryStage(AT, AT)).toBe('expired');
    expect(expiryStage(AT, AT + 60_000)).toBe('expired');
  });

  it('names the wait until the next stage, never negative, never beyond what setTimeout can hold', () => {
    expect(msUntilNextStage(AT, AT - 7_200_000)).toBe(7_200_000 - 300_000);
    expect(msUntilNextStage(AT, AT - 120_000)).toBe(120_000);
    expect(msUntilNextStage(AT, AT + 5)).toBe(0);
    expect(msUntilNextStage(AT + 90 * 86_400_000, AT)).toBe(2 ** 31 - 1);
  });
});
