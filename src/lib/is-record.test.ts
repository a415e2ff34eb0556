// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record';

describe('isRecord', () => {
  it('accepts objects, parsed or built', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(JSON.parse('{"error":{"message":"x"}}'))).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
  });

  it('refuses null, arrays and primitives', () => {
    expect(isRecord(null)).toBe(false);
    expect(isRecord([])).toBe(false);
    expect(isRecord([{ a: 1 }])).toBe(false);
    expect(isRecord('{}')).toBe(false);
    expect(isRecord(1)).toBe(false);
    expect(isRecord(undefined)).toBe(false);
  });
});
