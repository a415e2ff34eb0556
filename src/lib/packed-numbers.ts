/**
 * Columns of numbers in the narrowest typed array that holds every value exactly, for data kept on the device:
 * 10,000 user IDs that fit 32 bits take 40 KB instead of 80 KB, and IndexedDB stores a typed array as its bytes.
 */
export type PackedIntegers = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/** `values` in the narrowest of Uint8, Uint16, Uint32, Int32 or Float64 that holds each of them exactly. */
export function packIntegers(values: readonly number[]): PackedIntegers {
  let min = 0;
  let max = 0;
  let whole = true;
  for (const value of values) {
    if (!Number.isInteger(value)) whole = false;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (!whole) return Float64Array.from(values);
  if (min >= 0 && max <= 0xff) return Uint8Array.from(values);
  if (min >= 0 && max <= 0xffff) return Uint16Array.from(values);
  if (min >= 0 && max <= 0xffff_ffff) return Uint32Array.from(values);
  if (min >= -0x8000_0000 && max <= 0x7fff_ffff) return Int32Array.from(values);
  return Float64Array.from(values);
}

/**
 * Moments (ms since the epoch) that may be missing: whole seconds in a Uint32Array with 0 for "none" when every
 * value allows it (1970-01-01T00:00:01Z to 2106), else milliseconds in a Float64Array with NaN for "none".
 */
export type PackedTimes = { unit: 's'; values: Uint32Array } | { unit: 'ms'; values: Float64Array };

export function packTimes(times: readonly (number | null)[]): PackedTimes {
  const fitsSeconds = times.every(
    (time) => time === null || (time % 1000 === 0 && time >= 1000 && time / 1000 <= 0xffff_ffff),
  );
  if (fitsSeconds) return { unit: 's', values: Uint32Array.from(times, (time) => (time === null ? 0 : time / 1000)) };
  return { unit: 'ms', values: Float64Array.from(times, (time) => time ?? Number.NaN) };
}

/** The moment at `index`, in ms since the epoch; null for none (or an index out of range). */
export function timeAt(packed: PackedTimes, index: number): number | null {
  const value = packed.values[index];
  if (value === undefined) return null;
  if (packed.unit === 's') return value === 0 ? null : value * 1000;
  return Number.isNaN(value) ? null : value;
}

const INTEGER_KINDS = new Set(['Uint8Array', 'Uint16Array', 'Uint32Array', 'Int32Array', 'Float64Array']);

/**
 * The kind of typed array `value` is ("Uint8Array"), or null. Read from its tag rather than by instanceof: a value
 * read back from IndexedDB or a worker may come from another realm, whose Uint8Array is a different constructor.
 */
export function typedArrayKind(value: unknown): string | null {
  if (!ArrayBuffer.isView(value) || value instanceof DataView) return null;
  return Object.prototype.toString.call(value).slice(8, -1);
}

/** Whether `value` is one of the typed arrays packIntegers makes (say, read back from storage). */
export function isPackedIntegers(value: unknown): value is PackedIntegers {
  return INTEGER_KINDS.has(typedArrayKind(value) ?? '');
}

export function isPackedTimes(value: unknown): value is PackedTimes {
  if (typeof value !== 'object' || value === null || !('unit' in value) || !('values' in value)) return false;
  const kind = typedArrayKind(value.values);
  return (value.unit === 's' && kind === 'Uint32Array') || (value.unit === 'ms' && kind === 'Float64Array');
}
