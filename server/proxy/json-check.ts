import { Worker } from 'node:worker_threads';

/**
 * Whether an answer parses as JSON (proxy.ts passes only JSON on). A large answer is checked in a worker thread: a
 * label tree of 5,000 groups is 9 MB, whose decoding and parsing held the event loop for 100 to 350 ms on the test
 * machine, and every other request to this instance (other users' pages, health checks, metrics) waited that long.
 * Small answers, a page of statistics or an error, are parsed where they are: a worker's round trip would cost more.
 */
export interface JsonChecker {
  parses(text: Buffer): Promise<boolean>;
  /** Stops the worker; a later check starts a new one. */
  close(): Promise<void>;
}

/** Below this, parsed on the event loop: a page of 100 statistics (45 KB) takes well under a millisecond. */
export const INLINE_CHECK_MAX_BYTES = 256 * 1024;

export function parsesAsJson(text: Buffer): boolean {
  try {
    JSON.parse(text.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The worker's code, as CommonJS evaluated by Node: it needs no loader, so it runs the same under `node --import
 * tsx`, the built server and the tests. It reads a copy of the bytes, parses them and says whether they parsed.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, bytes }) => {
  let ok = true;
  try {
    JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    ok = false;
  }
  parentPort.postMessage({ id, ok });
});
`;

interface Verdict {
  id: number;
  ok: boolean;
}

/**
 * One worker, started at the first large answer and kept for the next (not keeping the process alive). Checks
 * queue in it one after the other, as they did on the event loop. If the worker fails or exits, the checks it
 * held are done on the event loop instead, and the next large answer starts a new worker.
 */
export function createJsonChecker(inlineMaxBytes = INLINE_CHECK_MAX_BYTES): JsonChecker {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { text: Buffer; resolve: (ok: boolean) => void }>();

  const settleOnEventLoop = () => {
    for (const [id, check] of pending) {
      pending.delete(id);
      check.resolve(parsesAsJson(check.text));
    }
  };

  const start = (): Worker => {
    const started = new Worker(WORKER_SOURCE, { eval: true });
    started.unref();
    started.on('message', ({ id, ok }: Verdict) => {
      const check = pending.get(id);
      if (!check) return;
      pending.delete(id);
      check.resolve(ok);
    });
    const lost = () => {
      if (worker === started) worker = null;
      settleOnEventLoop();
    };
    started.on('error', lost);
    started.on('exit', lost);
    return started;
  };

  return {
    parses(text) {
      if (text.length <= inlineMaxBytes) return Promise.resolve(parsesAsJson(text));
      return new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, { text, resolve });
        worker ??= start();
        // A copy goes over (the answer's bytes are still to be sent from here): a few ms for megabytes.
        worker.postMessage({ id, bytes: text });
      });
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
      settleOnEventLoop();
    },
  };
}
