// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPackedIntegers, isPackedTimes, packIntegers, packTimes, timeAt, typedArrayKind } from './packed-numbers';

describe('packed numbers', () => {
  it.each([
    [[0, 255], 'Uint8Array'],
    [[0, 256], 'Uint16Array'],
    [[70_000], 'Uint32Array'],
    [[-1, 2 ** 31 - 1], 'Int32Array'],
    [[2 ** 32], 'Float64Array'],
    [[Number.MAX_SAFE_INTEGER], 'Float64Array'],
    [[-(2 ** 31) - 1], 'Float64Array'],
    [[1.5], 'Float64Array'],
    [[], 'Uint8Array'],
  ])('holds %j in a %s, exactly', (values, kind) => {
    const packed = packIntegers(values);
    expect(typedArrayKind(packed)).toBe(kind);
    expect(Array.from(packed)).toEqual(values);
  });

  it('keeps whole seconds in 32 bits, with 0 for none', () => {
    const times = [Date.parse('2026-11-16T09:00:00Z'), null, 1000];
    const packed = packTimes(times);
    expect(packed.unit).toBe('s');
    expect(packed.values.byteLength).toBe(12);
    expect(times.map((_, index) => timeAt(packed, index))).toEqual(times);
    expect(timeAt(packed, 3)).toBeNull();
  });

  it('falls back to milliseconds for a fraction of a second, the epoch itself or a moment before it', () => {
    for (const odd of [Date.parse('2026-11-16T09:00:00.250Z'), 0, -86_400_000, 2 ** 32 * 1000]) {
      const packed = packTimes([odd, null]);
      expect(packed.unit).toBe('ms');
      expect([timeAt(packed, 0), timeAt(packed, 1)]).toEqual([odd, null]);
    }
  });

  it('recognises its arrays by kind, not by constructor', () => {
    expect(isPackedIntegers(structuredClone(Uint16Array.of(1)))).toBe(true);
    expect(isPackedIntegers(Int8Array.of(1))).toBe(false);
    expect(isPackedIntegers([1, 2])).toBe(false);
    expect(isPackedTimes(packTimes([1000]))).toBe(true);
    expect(isPackedTimes({ unit: 's', values: new Float64Array(1) })).toBe(false);
    expect(isPackedTimes(null)).toBe(false);
    expect(typedArrayKind(new DataView(new ArrayBuffer(1)))).toBeNull();
  });
});
