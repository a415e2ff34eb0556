import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pacer } from './pacer';

afterEach(() => {
  vi.useRealTimers();
});

/** Asks `pacer` for a start; notes when it was let go (ms since the test began), or that it was given up. */
function ask(pacer: Pacer, began: number, log: string[], name: string, signal = new AbortController().signal) {
  return pacer
    .acquire(signal)
    .then((started) => log.push(started ? `${name}@${Date.now() - began}` : `${name} gave up`));
}

describe('Pacer', () => {
  it('lets starts go one every interval, first come first served, and after a lull at once', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const began = Date.now();
    const pacer = new Pacer(100);
    const log: string[] = [];
    for (const name of ['a', 'b', 'c']) void ask(pacer, began, log, name);
    await vi.advanceTimersByTimeAsync(250);
    expect(log).toEqual(['a@0', 'b@100', 'c@200']);
    await vi.advanceTimersByTimeAsync(1_000);
    void ask(pacer, began, log, 'd');
    void ask(pacer, began, log, 'e');
    await vi.advanceTimersByTimeAsync(150);
    expect(log.slice(3)).toEqual(['d@1250', 'e@1350']);
  });

  it('gives the turn of a start given up to the next in line', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const began = Date.now();
    const pacer = new Pacer(100);
    const log: string[] = [];
    const pageThree = new AbortController();
    const pageFour = new AbortController();
    void ask(pacer, began, log, 'a');
    void ask(pacer, began, log, 'page 3', pageThree.signal);
    void ask(pacer, began, log, 'page 4', pageFour.signal);
    void ask(pacer, began, log, 'next course');
    await vi.advanceTimersByTimeAsync(50);
    // The list ended on page 2: the pages asked ahead are given up before their turn.
    pageThree.abort();
    pageFour.abort();
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual(['a@0', 'page 3 gave up', 'page 4 gave up', 'next course@100']);
  });

  it("holds every start while a 429's wait lasts", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const began = Date.now();
    const pacer = new Pacer(100);
    const log: string[] = [];
    void ask(pacer, began, log, 'a');
    pacer.pause(began + 3_000);
    void ask(pacer, began, log, 'b');
    void ask(pacer, began, log, 'c');
    await vi.advanceTimersByTimeAsync(3_200);
    expect(log).toEqual(['a@0', 'b@3000', 'c@3100']);
  });
});
