import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceStoreReason, openDeviceStore } from './device-store';

describe('a key-value store on the device', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes, reads, lists and deletes values, typed arrays included', async () => {
    const store = openDeviceStore('test', 'values');
    expect(
      await store.setMany([
        [['a', '1'], { n: 1 }],
        ['b', Uint8Array.of(1, 2, 3)],
      ]),
    ).toEqual({ status: 'ok' });
    const read = await store.getMany([['a', '1'], 'b', 'missing']);
    expect(read.status).toBe('ok');
    const values = read.status === 'ok' ? read.value : [];
    expect(values[0]).toEqual({ n: 1 });
    const bytes = values[1];
    expect(
      ArrayBuffer.isView(bytes) ? [...new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)] : null,
    ).toEqual([1, 2, 3]);
    expect(values[2]).toBeUndefined();
    // IndexedDB orders strings before arrays.
    expect(await store.keys()).toEqual({ status: 'ok', value: ['b', ['a', '1']] });
    await store.delMany(['b']);
    expect(await store.keys()).toEqual({ status: 'ok', value: [['a', '1']] });
    await store.clear();
    expect(await store.keys()).toEqual({ status: 'ok', value: [] });
  });

  it('answers "unavailable" without IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = openDeviceStore('test', 'values');
    expect(await store.keys()).toEqual({ status: 'unavailable', reason: 'no-indexeddb' });
    expect(await store.setMany([['a', 1]])).toEqual({ status: 'unavailable', reason: 'no-indexeddb' });
  });

  it('answers "blocked" when the browser refuses to open the database, as private windows do', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException(
          'A mutation operation was attempted on a database that did not allow mutations.',
          'InvalidStateError',
        );
      },
    });
    expect(await openDeviceStore('test', 'values').keys()).toEqual({ status: 'unavailable', reason: 'blocked' });
  });

  it('answers "blocked" when opening never finishes', async () => {
    vi.stubGlobal('indexedDB', { open: () => ({}) });
    const store = openDeviceStore('test', 'values', { timeoutMs: 20 });
    expect(await store.keys()).toEqual({ status: 'unavailable', reason: 'blocked' });
  });

  it('answers "quota" when the disk is full, and keeps nothing of the failed write', async () => {
    const store = openDeviceStore('test', 'values');
    await store.setMany([['kept', 1]]);
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(await store.setMany([['big', 2]])).toEqual({ status: 'unavailable', reason: 'quota' });
    expect(await store.keys()).toEqual({ status: 'ok', value: ['kept'] });
  });

  it('reads the reason from the error name, whatever realm the error comes from', () => {
    expect(deviceStoreReason({ name: 'QuotaExceededError' })).toBe('quota');
    expect(deviceStoreReason(new ReferenceError('indexedDB is not defined'))).toBe('no-indexeddb');
    expect(deviceStoreReason(new DOMException('x', 'SecurityError'))).toBe('blocked');
    expect(deviceStoreReason(new DOMException('x', 'AbortError'))).toBe('failed');
    expect(deviceStoreReason('odd')).toBe('failed');
  });
});
