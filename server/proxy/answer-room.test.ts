import { describe, expect, it } from 'vitest';
import { AnswerRoom, UNCOUNTED_ANSWER_BYTES } from './answer-room';

const MiB = 1024 * 1024;

describe('AnswerRoom', () => {
  it('does not count answers up to UNCOUNTED_ANSWER_BYTES, and lets them in however full it is', () => {
    const room = new AnswerRoom(4 * MiB);
    const large = room.claim();
    expect(large.hold(4 * MiB)).toBe(true);
    const small = room.claim();
    expect(small.hold(UNCOUNTED_ANSWER_BYTES)).toBe(true);
    expect(room.usedBytes).toBe(4 * MiB);
    // Past it, an answer counts whole.
    expect(small.hold(UNCOUNTED_ANSWER_BYTES + 1)).toBe(false);
  });

  it('refuses what does not fit beside the others, changing nothing, and takes it once they are gone', () => {
    const room = new AnswerRoom(4 * MiB);
    const first = room.claim();
    const second = room.claim();
    expect(first.hold(3 * MiB)).toBe(true);
    expect(second.hold(2 * MiB)).toBe(false);
    expect(room.usedBytes).toBe(3 * MiB);
    expect(second.hold(1 * MiB)).toBe(true);
    expect(room.usedBytes).toBe(4 * MiB);
    first.release();
    expect(room.usedBytes).toBe(1 * MiB);
    expect(second.hold(4 * MiB)).toBe(true);
    expect(room.usedBytes).toBe(4 * MiB);
  });

  it('always lets an answer shrink (a body of unknown size took the cap), and release is idempotent', () => {
    const room = new AnswerRoom(4 * MiB);
    const first = room.claim();
    const second = room.claim();
    expect(first.hold(4 * MiB)).toBe(true);
    expect(first.hold(1 * MiB)).toBe(true);
    expect(second.hold(3 * MiB)).toBe(true);
    first.release();
    first.release();
    expect(room.usedBytes).toBe(3 * MiB);
    second.release();
    expect(room.usedBytes).toBe(0);
  });

  it('lets one answer larger than the whole room in when no other holds any', () => {
    const room = new AnswerRoom(4 * MiB);
    const huge = room.claim();
    const other = room.claim();
    expect(huge.hold(10 * MiB)).toBe(true);
    expect(other.hold(1 * MiB)).toBe(false);
    huge.release();
    expect(other.hold(1 * MiB)).toBe(true);
    expect(huge.hold(10 * MiB)).toBe(false);
  });
});
