// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { oncePerObject } from './once-per-object';

describe('oncePerObject', () => {
  it('works a value out once per object, null included, and apart for each object', () => {
    const calls: string[] = [];
    const lengthOrNull = oncePerObject((item: { name: string }) => {
      calls.push(item.name);
      return item.name === '' ? null : item.name.length;
    });
    const anna = { name: 'Anna' };
    const empty = { name: '' };
    expect([lengthOrNull(anna), lengthOrNull(anna), lengthOrNull(empty), lengthOrNull(empty)]).toEqual([
      4,
      4,
      null,
      null,
    ]);
    expect(lengthOrNull({ name: 'Anna' })).toBe(4);
    expect(calls).toEqual(['Anna', '', 'Anna']);
  });
});
