import { parsePlainCourseStat, type CourseStat } from '@contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { LocaleProvider } from '@/lib/i18n';
import { courseStatWire } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';
import { setReadSoFar } from '@/course/whole-course-progress';
import type { WholeCourseData } from '@/course/whole-course';
import { wholeCourseQuery } from '@/course/whole-course-query';
import { WholeCourseLoadBar, type ShownLoad } from './whole-course-bar';

const WHOLE = wholeCourseQuery({ courseId: 1000 });
const KEY = WHOLE.queryKey;

function stat(id: number): CourseStat {
  const parsed = parsePlainCourseStat(courseStatWire({ id }));
  if (!parsed) throw new Error('the fixture no longer parses');
  return parsed;
}

/** `pages` pages of two rows each. */
function loaded(pages: number, complete = false): WholeCourseData {
  return {
    items: Array.from({ length: pages * 2 }, (_, index) => stat(index + 1)),
    report: { received: pages * 2, accepted: pages * 2, rejected: [], dropped: [], duplicates: 0 },
    pages,
    nextPage: pages + 1,
    complete,
    end: complete ? 'short_page' : null,
    waiting: null,
  };
}

const noop = () => undefined;
const failingWith = (error: Error) => () => Promise.reject(error);

/** The load as far as the test takes it: the rows handed over, and the error it stopped with. */
interface Load {
  latest?: WholeCourseData;
  stoppedBy?: Error;
}

/** The bar over the load in the cache; `shown` is what the screen shows of it (absent, the bar follows the load). */
function Bar({ shown }: { shown?: Partial<ShownLoad> }) {
  // Never fetched: the test puts the load's rows and error in the cache.
  const query = useQuery({ ...WHOLE, enabled: false });
  const whole = { query, queryKey: KEY, load: noop, cancel: noop, refresh: noop };
  return (
    <WholeCourseLoadBar whole={whole} shown={shown && { data: undefined, fetching: true, updatedAt: 0, ...shown }} />
  );
}

/** The bar needs only a query client (the load and its progress) and the locale. */
async function renderBar(shown: Partial<ShownLoad> | undefined, load: Load = {}, locale: 'en' | 'ru' = 'en') {
  const queryClient = createTestQueryClient();
  if (load.latest) queryClient.setQueryData(KEY, load.latest);
  // A fetch that fails leaves the rows in the cache, and the error beside them.
  if (load.stoppedBy) await queryClient.prefetchQuery({ queryKey: KEY, queryFn: failingWith(load.stoppedBy) });
  const view = render(<Bar shown={shown} />, {
    wrapper: ({ children }) => (
      <LocaleProvider initial={locale}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocaleProvider>
    ),
  });
  return { ...view, queryClient, rerender: (next?: Partial<ShownLoad>) => view.rerender(<Bar shown={next} />) };
}

const status = () => screen.getByRole('status');

describe('WholeCourseLoadBar', () => {
  it('counts the rows handed over while the screen still renders older ones, never fewer than it said', async () => {
    const view = await renderBar({ data: loaded(2) }, { latest: loaded(5) });
    expect(status()).toHaveTextContent('Loaded 10 rows (5 pages)…');
    // Before any rows are on screen, the rows handed over still count: not "Loaded 0 rows".
    view.unmount();
    await renderBar({ data: undefined }, { latest: loaded(5) });
    expect(status()).toHaveTextContent('Loaded 10 rows (5 pages)…');
  });

  it('says every page is loaded only once the screen shows them all', async () => {
    const view = await renderBar({ data: loaded(4) }, { latest: loaded(5, true) });
    expect(status()).toHaveTextContent('Loaded 10 rows (5 pages)…');
    view.unmount();
    await renderBar(undefined, { latest: loaded(5, true) });
    expect(status()).toHaveTextContent('Loaded every page (5 pages): 10 rows');
  });

  it('follows the progress of the load, but holds it while rows handed over are still rendering', async () => {
    const data = loaded(2);
    const view = await renderBar({ data }, { latest: data });
    act(() => setReadSoFar(view.queryClient, KEY, { items: 6, pages: 3 }));
    expect(status()).toHaveTextContent('Loaded 6 rows (3 pages)…');
    view.unmount();

    const latest = loaded(3);
    const held = await renderBar({ data }, { latest });
    act(() => setReadSoFar(held.queryClient, KEY, { items: 8, pages: 4 }));
    expect(status()).toHaveTextContent('Loaded 6 rows (3 pages)…');
    // The rows are on screen: the bar catches up at once.
    held.rerender({ data: latest });
    expect(status()).toHaveTextContent('Loaded 8 rows (4 pages)…');
  });

  it('calls a lost connection that while it waits to try again', async () => {
    const waitingFor = (reason: 'connection_lost' | 'server' | 'timeout' | 'rate_limited') => ({
      data: { ...loaded(3), waiting: { reason, untilMs: 4_000 } },
    });
    const view = await renderBar(waitingFor('connection_lost'));
    expect(status()).toHaveTextContent('Loaded 6 rows (3 pages)… The connection was lost: trying again in 4 s.');
    view.rerender(waitingFor('server'));
    expect(status()).toHaveTextContent('The API had a problem answering: trying again in 4 s');
    view.rerender(waitingFor('timeout'));
    expect(status()).toHaveTextContent('The API took too long to answer: trying again in 4 s');
  });

  it.each([
    [
      new ApiError({ kind: 'network', message: 'Failed to fetch' }),
      'The connection was lost after 6 rows (3 pages). Resume carries on from there.',
    ],
    [
      new ApiError({ kind: 'server', status: 502, message: 'The upstream API closed the connection' }),
      'The connection was lost after 6 rows (3 pages).',
    ],
    [new ApiError({ kind: 'server', status: 500, message: null }), 'Stopped after 6 rows (3 pages); more may exist.'],
  ])('once the load has stopped, says why: %s', async (stoppedBy, said) => {
    await renderBar(undefined, { latest: loaded(3), stoppedBy });
    expect(status()).toHaveTextContent(said);
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('says it in Russian', async () => {
    const lost = new ApiError({ kind: 'network', message: 'Failed to fetch' });
    const waiting = { ...loaded(3), waiting: { reason: 'connection_lost' as const, untilMs: 2_000 } };
    const view = await renderBar({ data: waiting }, {}, 'ru');
    expect(status()).toHaveTextContent('Соединение прервалось: повтор через 2 с.');
    view.unmount();
    await renderBar(undefined, { latest: loaded(3), stoppedBy: lost }, 'ru');
    expect(status()).toHaveTextContent(
      'Соединение прервалось после 6 строк (3 страниц). «Продолжить» загрузит остальное.',
    );
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeInTheDocument();
  });
});
