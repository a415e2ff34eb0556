import { parsePlainCourseStat, type CourseStat } from '@contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { LocaleProvider } from '@/lib/i18n';
import { courseStatWire } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';
import { setReadSoFar } from '@/course/whole-course-progress';
import type { WholeCourseData } from '@/course/whole-course';
import { WholeCourseBar, type WholeCourseBarProps } from './whole-course-bar';

const KEY = ['course-stats', 'whole-course', 1000];

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

/** The bar needs only a query client (for its progress) and the default locale. */
function renderBar(ui: ReactNode, locale: 'en' | 'ru' = 'en') {
  const queryClient = createTestQueryClient();
  const view = render(ui, {
    wrapper: ({ children }) => (
      <LocaleProvider initial={locale}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocaleProvider>
    ),
  });
  return { ...view, queryClient };
}

function bar(props: Partial<WholeCourseBarProps>) {
  return (
    <WholeCourseBar
      data={undefined}
      queryKey={KEY}
      fetching
      updatedAt={0}
      onCancel={noop}
      onResume={noop}
      onRefresh={noop}
      {...props}
    />
  );
}

describe('WholeCourseBar', () => {
  it('counts the rows handed over while the screen still renders older ones, never fewer than it said', () => {
    const shown = loaded(2);
    const latest = loaded(5);
    const view = renderBar(bar({ data: shown, latest }));
    expect(screen.getByRole('status')).toHaveTextContent('Loaded 10 rows (5 pages)…');
    // Before any rows are on screen, the rows handed over still count: not "Loaded 0 rows".
    view.unmount();
    renderBar(bar({ data: undefined, latest }));
    expect(screen.getByRole('status')).toHaveTextContent('Loaded 10 rows (5 pages)…');
  });

  it('says every page is loaded only once the screen shows them all', () => {
    const view = renderBar(bar({ data: loaded(4), latest: loaded(5, true) }));
    expect(screen.getByRole('status')).toHaveTextContent('Loaded 10 rows (5 pages)…');
    view.unmount();
    renderBar(bar({ data: loaded(5, true), fetching: false }));
    expect(screen.getByRole('status')).toHaveTextContent('Loaded every page (5 pages): 10 rows');
  });

  it('follows the progress of the load, but holds it while rows handed over are still rendering', () => {
    const data = loaded(2);
    const view = renderBar(bar({ data }));
    const status = () => screen.getByRole('status');
    act(() => setReadSoFar(view.queryClient, KEY, { items: 6, pages: 3 }));
    expect(status()).toHaveTextContent('Loaded 6 rows (3 pages)…');

    const latest = loaded(3);
    view.rerender(bar({ data, latest }));
    act(() => setReadSoFar(view.queryClient, KEY, { items: 8, pages: 4 }));
    expect(status()).toHaveTextContent('Loaded 6 rows (3 pages)…');

    // The rows are on screen: the bar catches up at once.
    view.rerender(bar({ data: latest, latest }));
    expect(status()).toHaveTextContent('Loaded 8 rows (4 pages)…');
  });

  it('calls a lost connection that, while it waits to try again and once the load has stopped', () => {
    const waitingFor = (reason: 'connection_lost' | 'server' | 'timeout' | 'rate_limited') => ({
      ...loaded(3),
      waiting: { reason, untilMs: 4_000 },
    });
    const view = renderBar(bar({ data: waitingFor('connection_lost') }));
    const status = () => screen.getByRole('status');
    expect(status()).toHaveTextContent('Loaded 6 rows (3 pages)… The connection was lost: trying again in 4 s.');
    view.rerender(bar({ data: waitingFor('server') }));
    expect(status()).toHaveTextContent('The API had a problem answering: trying again in 4 s');
    view.rerender(bar({ data: waitingFor('timeout') }));
    expect(status()).toHaveTextContent('The API took too long to answer: trying again in 4 s');

    const lost = new ApiError({ kind: 'network', message: 'Failed to fetch' });
    view.rerender(bar({ data: loaded(3), fetching: false, stoppedBy: lost }));
    expect(status()).toHaveTextContent('The connection was lost after 6 rows (3 pages). Resume carries on from there.');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    const gatewayLost = new ApiError({
      kind: 'server',
      status: 502,
      message: 'The upstream API closed the connection',
    });
    view.rerender(bar({ data: loaded(3), fetching: false, stoppedBy: gatewayLost }));
    expect(status()).toHaveTextContent('The connection was lost after 6 rows (3 pages).');
    const broken = new ApiError({ kind: 'server', status: 500, message: null });
    view.rerender(bar({ data: loaded(3), fetching: false, stoppedBy: broken }));
    expect(status()).toHaveTextContent('Stopped after 6 rows (3 pages); more may exist.');
  });

  it('says it in Russian', () => {
    const lost = new ApiError({ kind: 'network', message: 'Failed to fetch' });
    const view = renderBar(
      bar({ data: { ...loaded(3), waiting: { reason: 'connection_lost', untilMs: 2_000 } } }),
      'ru',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Соединение прервалось: повтор через 2 с.');
    view.rerender(bar({ data: loaded(3), fetching: false, stoppedBy: lost }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Соединение прервалось после 6 строк (3 страниц). «Продолжить» загрузит остальное.',
    );
    expect(screen.getByRole('button', { name: 'Продолжить' })).toBeInTheDocument();
  });
});
