import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextFrame } from '@/testing/frames';
import { server } from '@/testing/msw';
import { createTestQueryClient } from '@/testing/render';

/** Records the Workers made; none of them is sent anything by the warm-up. */
class RecordingWorker extends EventTarget {
  static made: string[] = [];
  static posted = 0;
  constructor(url: URL | string) {
    super();
    RecordingWorker.made.push(String(url));
  }
  postMessage(): void {
    RecordingWorker.posted += 1;
  }
  terminate(): void {}
}

/** The idle callbacks asked for and not cancelled, by handle; the test runs them. */
const idle = new Map<number, { run: IdleRequestCallback; timeout: number | undefined }>();
let nextHandle = 1;

beforeEach(() => {
  // A fresh module state each time: the Worker started ahead lives in the module until a load takes it.
  vi.resetModules();
  vi.stubGlobal('Worker', RecordingWorker);
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, options?: IdleRequestOptions) => {
    const handle = nextHandle++;
    idle.set(handle, { run, timeout: options?.timeout });
    return handle;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.delete(handle));
});

afterEach(() => {
  // Unmounted while the stubs are still there: the unmount cancels an idle callback.
  cleanup();
  vi.unstubAllGlobals();
  RecordingWorker.made = [];
  RecordingWorker.posted = 0;
  idle.clear();
});

/** The app's query client around the hook, and the server's configuration it answers with. */
function withClient() {
  const client = createTestQueryClient();
  let configReads = 0;
  server.use(
    http.get('/api/config', () => {
      configReads += 1;
      return HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com', rateLimitMax: 600 });
    }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return { client, wrapper, configReads: () => configReads };
}

/** Paints a frame and waits for the task after it, in which the screen counts as painted. */
const paint = () => act(nextFrame);

const runIdle = () => {
  const due = [...idle.values()];
  idle.clear();
  for (const { run } of due) run({ didTimeout: false, timeRemaining: () => 10 });
};

describe('warming the whole-course load while "Load all pages" is offered', () => {
  it("starts the loader Worker and reads the server's limit once the page is idle, and sends the Worker nothing", async () => {
    const { useWarmWholeCourse } = await import('./warm-whole-course');
    const { client, wrapper, configReads } = withClient();
    const { rerender } = renderHook(({ offered }) => useWarmWholeCourse(offered), {
      initialProps: { offered: true },
      wrapper,
    });
    // Nothing before the screen's first frame is painted, idle or not.
    expect(idle.size).toBe(0);
    await paint();
    expect([...idle.values()].map((entry) => entry.timeout)).toEqual([expect.any(Number)]);
    expect([...idle.values()][0]?.timeout).toBeGreaterThan(0);
    expect(RecordingWorker.made).toEqual([]);
    runIdle();
    await vi.waitFor(() => expect(RecordingWorker.made).toHaveLength(1));
    expect(RecordingWorker.made[0]).toMatch(/course-pages\.worker/);
    // The limit is in the cache before the press, which then waits for no answer.
    await vi.waitFor(() => expect(client.getQueryData(['server-config'])).toMatchObject({ rateLimitMax: 600 }));
    // Offered again (another course, another page): still one Worker waiting.
    rerender({ offered: false });
    rerender({ offered: true });
    runIdle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(RecordingWorker.made).toHaveLength(1);
    expect(RecordingWorker.posted).toBe(0);
    expect(configReads()).toBe(1);
  });

  it('does nothing while it is not offered, nor once the screen has gone before the page was idle', async () => {
    const { useWarmWholeCourse } = await import('./warm-whole-course');
    const { wrapper, configReads } = withClient();
    const { rerender, unmount } = renderHook(({ offered }) => useWarmWholeCourse(offered), {
      initialProps: { offered: false },
      wrapper,
    });
    await paint();
    expect(idle.size).toBe(0);
    rerender({ offered: true });
    await paint();
    expect(idle.size).toBe(1);
    unmount();
    expect(idle.size).toBe(0);
    runIdle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(RecordingWorker.made).toEqual([]);
    expect(configReads()).toBe(0);
  });

  it('fetches nothing ahead when the user asks the browser to save data', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const { warmWholeCourse } = await import('./warm-whole-course');
    warmWholeCourse();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(RecordingWorker.made).toEqual([]);
  });
});
