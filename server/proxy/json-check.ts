import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkJson, type JsonVerdict } from './json-clean';
import { copyInTurns, jsonText, type UpstreamAnswer } from './upstream';

/**
 * Whether an answer parses as JSON (proxy.ts passes only JSON on), with the token taken out of it (json-clean.ts). A
 * large answer is checked in a worker thread: a label tree of 5,000 groups is 9 MB, whose decoding and parsing held
 * the event loop for 100 to 350 ms on the test machine, and every other request to this instance (other users'
 * pages, health checks, metrics) waited that long. Small answers, a page of statistics or an error (whose body the
 * upstream client caps at 64 KiB), are checked where they are: a worker's round trip would cost more.
 */
export interface JsonChecker {
  /** spellings: the token's, longest first (tokenSpellings); none for a request without a token. */
  check(text: Buffer, spellings: readonly string[]): Promise<JsonVerdict>;
  parses(text: Buffer): Promise<boolean>;
  /** Stops the worker; a later check starts a new one. */
  close(): Promise<void>;
}

/** Below this, checked on the event loop: a page of 100 statistics (45 KB) takes well under a millisecond. */
export const INLINE_CHECK_MAX_BYTES = 256 * 1024;

/**
 * The worker's code, as CommonJS evaluated by Node. It loads json-clean.ts through tsx's require (tsx is what runs
 * the server), so the worker and the event loop run the one check, under `node --import tsx` and the tests alike.
 * It reads a copy of the bytes and answers the verdict; a cleaned text is handed over, not copied. The copy is
 * handed back too, so the worker keeps nothing of it: a copy it merely dropped stayed until the worker's next
 * collection, which an idle worker may never run (two 30 MB copies were still held after their answers had gone).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { checkJson } = require(workerData.tsx).require(workerData.module, workerData.module);
parentPort.on('message', ({ id, bytes, spellings }) => {
  const verdict = checkJson(bytes, spellings);
  const handedBack = verdict.kind === 'cleaned' ? [bytes.buffer, verdict.text.buffer] : [bytes.buffer];
  parentPort.postMessage({ id, verdict }, handedBack);
});
`;

const WORKER_DATA = {
  tsx: createRequire(import.meta.url).resolve('tsx/cjs/api'),
  module: fileURLToPath(new URL('./json-clean.ts', import.meta.url)),
};

interface Answer {
  id: number;
  verdict: JsonVerdict;
}

interface Pending {
  text: Buffer;
  spellings: readonly string[];
  resolve: (verdict: JsonVerdict) => void;
}

/**
 * One worker, started at the first large answer and kept for the next (not keeping the process alive). Checks
 * queue in it one after the other, as they did on the event loop. If the worker fails or exits, the checks it
 * held are done on the event loop instead, and the next large answer starts a new worker.
 */
export function createJsonChecker(inlineMaxBytes = INLINE_CHECK_MAX_BYTES): JsonChecker {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const settleOnEventLoop = () => {
    for (const [id, check] of pending) {
      pending.delete(id);
      check.resolve(checkJson(check.text, check.spellings));
    }
  };

  const start = (): Worker => {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: WORKER_DATA });
    started.unref();
    started.on('message', ({ id, verdict }: Answer) => {
      const check = pending.get(id);
      if (!check) return;
      pending.delete(id);
      check.resolve(verdict);
    });
    const lost = () => {
      if (worker === started) worker = null;
      settleOnEventLoop();
    };
    started.on('error', lost);
    started.on('exit', lost);
    return started;
  };

  function check(text: Buffer, spellings: readonly string[]): Promise<JsonVerdict> {
    if (text.length <= inlineMaxBytes) return Promise.resolve(checkJson(text, spellings));
    // The worker reads a copy, made a few MiB a turn and handed over (transferred, not copied again):
    // postMessage's own copy of 30 MiB held the event loop for up to 250 ms. The answer's own bytes stay here, to
    // be sent, or checked here should the worker be lost.
    return copyInTurns([text], new Uint8Array(text.length)).then(
      (bytes) =>
        new Promise((resolve) => {
          const id = nextId++;
          pending.set(id, { text, spellings, resolve });
          worker ??= start();
          worker.postMessage({ id, bytes, spellings }, [bytes.buffer]);
        }),
    );
  }

  return {
    check,
    parses: async (text) => (await check(text, [])).kind !== 'not_json',
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
      settleOnEventLoop();
    },
  };
}

/** Why none of an upstream answer may go on: its body is not JSON, was too large to read, or holds the token. */
export type Refusal = 'not_json' | 'too_large' | 'unclean';

/**
 * What of an upstream answer may go on to the browser: its JSON text (as it came, or without the token), or why
 * nothing may.
 */
export async function passableJson(
  answer: UpstreamAnswer,
  spellings: readonly string[],
  json: JsonChecker,
): Promise<{ text: Buffer } | { refused: Refusal }> {
  if (answer.oversized) return { refused: 'too_large' };
  const candidate = jsonText(answer.headers, answer.body);
  if (candidate === undefined) return { refused: 'not_json' };
  const verdict = await json.check(candidate, spellings);
  switch (verdict.kind) {
    case 'as_is':
      return { text: candidate };
    case 'cleaned':
      return { text: Buffer.from(verdict.text.buffer, verdict.text.byteOffset, verdict.text.byteLength) };
    case 'not_json':
    case 'unclean':
      return { refused: verdict.kind };
  }
}
