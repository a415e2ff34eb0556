/**
 * Answers up to this size are not counted: a page of statistics is 45 KB, an error at most 64 KiB, and these are
 * nearly every answer. They never wait for room, so a client flooding the proxy with slow large requests cannot
 * make the ordinary ones fail. Past it, an answer is counted whole.
 */
export const UNCOUNTED_ANSWER_BYTES = 256 * 1024;

/** The room one answer's body takes, from its first byte read from the upstream until its client has it. */
export interface RoomClaim {
  /**
   * Sets how many bytes this answer holds in all (not the increase). Growing fails, and changes nothing, when the
   * bytes do not fit beside what the other answers hold; shrinking always succeeds.
   */
  hold(bytes: number): boolean;
  /** Gives the room back: the body was sent or dropped. Safe to call more than once. */
  release(): void;
}

/**
 * Room for the bodies of large answers in this process, in bytes. A body the proxy reads is held while it is
 * read, checked and sent, and a client that never reads would keep it for as long as it keeps its connection open:
 * twenty of them held 600 MB of 30 MB answers. Counting every body over UNCOUNTED_ANSWER_BYTES against one room
 * bounds that whatever the clients do. An answer that finds no room is not waited for (its decoder and buffers would
 * be held meanwhile, and waiters could wait on each other): its request fails at once, and the client may retry.
 * One answer larger than the whole room is let in when no other holds any.
 */
export class AnswerRoom {
  #used = 0;

  constructor(readonly maxBytes: number) {}

  /** The bytes the answers hold now. */
  get usedBytes(): number {
    return this.#used;
  }

  claim(): RoomClaim {
    let held = 0;
    const hold = (bytes: number): boolean => {
      const counted = bytes > UNCOUNTED_ANSWER_BYTES ? bytes : 0;
      const others = this.#used - held;
      if (counted > held && others + counted > this.maxBytes && others > 0) return false;
      this.#used = others + counted;
      held = counted;
      return true;
    };
    return { hold, release: () => void hold(0) };
  }
}
