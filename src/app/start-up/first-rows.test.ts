import { delay, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nameRanks } from '@/course/health-order';
import { COURSES_PER_PAGE } from '@/course/course-queries';
import { courseWire } from '@/features/courses/courses-test-support';
import { firstRows } from '@/lib/fetch-ahead';
import { fetchCourses } from '@/lib/fetch-list';
import { COURSE_MEMORY_KEYS, writeText } from '@/lib/storage';
import { setToken } from '@/lib/token-store';
import { serveApi } from '@/testing/api-handlers';
import { gate } from '@/testing/fixtures';
import { FIRST_LIST_PATH, startFirstRows } from './first-rows';
import { byName, firstScreenHtml, listedCourses, type ListedCourse } from './first-screen';

const TOKEN = 'tok-first-rows';
const OVERVIEW = { pathname: '/courses', search: '' };

/** Names the collator and a plain comparison disagree on: case, accents, numbers, scripts, symbols. */
const NAMES = [
  'Course 10',
  'course 9',
  'Ёлочные продажи',
  'Елочные продажи 2',
  'Émile Zola',
  'emile zola',
  'Agile & Scrum',
  '<img src=x onerror=alert(1)> Safety',
  'Основы продаж',
  'Zeta',
  '',
  '  ',
];
const COURSES: ListedCourse[] = NAMES.map((name, index) => ({ id: 100 - index, name }));

/** The page's #root, empty, as index.html has it. */
function emptyRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  return root;
}

/** Serves `count` courses of a list of `total` on the first page, after `wait` ms; returns every request's URL. */
function serveList(count: number, total: number, wait = 0): URL[] {
  const items = Array.from({ length: count }, (_, index) => courseWire(index + 1, { name: `Course ${count - index}` }));
  return serveApi({
    courses: async () => {
      await delay(wait);
      return HttpResponse.json(items, { headers: { Total: String(total) } });
    },
  });
}

/** Starts the first rows and resolves when they are painted or given up (the app would start then). */
function start(location = OVERVIEW): { started: boolean; settled: Promise<void>; giveUp: () => void } {
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const rows = startFirstRows(location, TOKEN, settle);
  return { started: rows !== null, settled, giveUp: () => rows?.giveUp() };
}

describe('the rows painted before the app', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    setToken(TOKEN, false);
  });
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-theme');
  });

  it("asks for the list's first page exactly as the app's client does", async () => {
    const asked = serveList(3, 3);
    await fetchCourses({ page: 1, perPage: COURSES_PER_PAGE });
    expect(asked.map((url) => url.pathname + url.search)).toEqual([FIRST_LIST_PATH]);
  });

  it.each(['en', 'ru'] as const)("orders the courses as the overview's first render does (%s)", (locale) => {
    // The overview's order with nothing read: the courses' places by name, then their ids (health-order.ts).
    const { ranks } = nameRanks(COURSES, locale);
    const place = (course: ListedCourse) => ranks.get(course.id) ?? Number.NaN;
    const expected = [...COURSES].sort((a, b) => place(a) - place(b) || a.id - b.id).map((course) => course.id);
    expect(byName(COURSES, locale).map((course) => course.id)).toEqual(expected);
  });

  it('takes only a list of courses with whole positive ids and names', () => {
    expect(listedCourses('[{"id":1,"name":"A","extra":true}]')).toEqual([{ id: 1, name: 'A' }]);
    expect(listedCourses('[]')).toEqual([]);
    for (const odd of [
      '{"courses":[]}',
      'not json',
      '[{"id":"1","name":"A"}]',
      '[{"id":0,"name":"A"}]',
      '[{"id":1}]',
      '[null]',
    ])
      expect(listedCourses(odd), odd).toBeNull();
  });

  it('writes every name as text, each linked to its statistics, in both languages', () => {
    for (const locale of ['en', 'ru'] as const) {
      const root = emptyRoot();
      root.innerHTML = firstScreenHtml({ courses: COURSES, total: null, locale, theme: 'system', phone: false });
      const links = [...root.querySelectorAll<HTMLAnchorElement>('tbody a')];
      expect(links.map((link) => link.getAttribute('href'))).toEqual(
        byName(COURSES, locale).map((course) => `/courses/${course.id}/stats`),
      );
      expect(links.map((link) => link.textContent)).toContain('<img src=x onerror=alert(1)> Safety');
      expect(root.querySelector('img, script')).toBeNull();
      // Until the app's replace them, its controls cannot be used (a choice made there would be lost); its links can.
      expect(
        root.querySelectorAll('button:not([inert]), select:not([inert]), input[type="checkbox"]:not([inert])'),
      ).toHaveLength(0);
      expect(root.querySelectorAll('a[inert], input[type="search"][inert]')).toHaveLength(0);
      // An empty name reads as the table writes it.
      expect(links.map((link) => link.textContent)).toContain(locale === 'en' ? 'Course 90' : 'Курс 90');
      root.remove();
    }
  });

  it('paints the page the app opens with: the heading, the status line and the first rows, one request', async () => {
    const asked = serveList(100, 1009);
    const root = emptyRoot();
    const { started, settled } = start();
    expect(started).toBe(true);
    await settled;
    expect(firstRows()).toBe('painted');
    expect(root.querySelector('[data-first-rows] h1')?.textContent).toBe('Your courses');
    expect(root.querySelector('.overview-status [role="status"]')?.textContent).toBe(
      '100 of 1,009 courses read… Health of 0 of 100 courses read.',
    );
    const rows = root.querySelectorAll('tbody tr[data-row-id]');
    expect(rows).toHaveLength(20);
    expect(root.querySelector('tbody tr[data-row-id] a')?.textContent).toBe('Course 1');
    // The rest of the page's 100 rows is the spacer, its height set through the element's style.
    expect(root.querySelector<HTMLElement>('.data-table-spacer td')?.style.height).toBe(`${80 * 44}px`);
    expect(root.querySelector<HTMLElement>('table')?.style.width).toBe('81rem');
    // The app's client takes the same answer: no second request.
    const page = await fetchCourses({ page: 1, perPage: COURSES_PER_PAGE });
    expect(page.items).toHaveLength(100);
    expect(asked).toHaveLength(1);
  });

  it("paints in the user's language and theme, and cards on a phone", async () => {
    writeText('locale', 'ru');
    writeText('theme', 'dark');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 480px)', media: query }));
    serveList(3, 3);
    const root = emptyRoot();
    const { settled } = start();
    await settled;
    expect(document.documentElement.lang).toBe('ru');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(root.querySelector('h1')?.textContent).toBe('Ваши курсы');
    expect(root.querySelectorAll('.overview-card')).toHaveLength(3);
    expect(root.querySelector('table')).toBeNull();
    // The whole list is in: only the health is being read.
    expect(root.querySelector('.overview-status [role="status"]')?.textContent).toBe(
      'Состояние 0 из 3 курсов прочитано.',
    );
  });

  it('is not tried where the first screen is not known without the app: a search, another address, kept figures', () => {
    const asked = serveList(3, 3);
    expect(start({ pathname: '/courses', search: '?q=anna' }).started).toBe(false);
    expect(start({ pathname: '/label-groups', search: '' }).started).toBe(false);
    writeText(COURSE_MEMORY_KEYS.rememberOnDevice, 'true');
    expect(start().started).toBe(false);
    expect(firstRows()).toBe('none');
    expect(asked).toHaveLength(0);
  });

  it.each([
    ['an error', () => serveApi({ courses: () => HttpResponse.json({ error: 'expired' }, { status: 401 }) })],
    ['an answer that is not a list', () => serveApi({ courses: () => HttpResponse.json({ courses: [] }) })],
    ['a network failure', () => serveApi({ courses: () => HttpResponse.error() })],
  ])('paints nothing after %s, and lets the app start', async (_, serve) => {
    serve();
    const root = emptyRoot();
    const { settled } = start();
    await settled;
    expect(firstRows()).toBe('closed');
    expect(root.childElementCount).toBe(0);
  });

  it('given up before the answer, lets the app start and paints nothing from the answer', async () => {
    const { open, opened } = gate();
    const asked = serveApi({
      courses: async () => {
        await opened;
        return HttpResponse.json([courseWire(1)]);
      },
    });
    const root = emptyRoot();
    const { settled, giveUp } = start();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    giveUp();
    await settled;
    expect(firstRows()).toBe('closed');
    open();
    // The app takes the answer (a second ask gets no second request), and the page stays the app's.
    const page = await fetchCourses({ page: 1, perPage: COURSES_PER_PAGE });
    expect(page.items).toHaveLength(1);
    expect(asked).toHaveLength(1);
    expect(root.childElementCount).toBe(0);
  });

  it('leaves alone a page the app has already drawn', async () => {
    serveList(3, 3);
    const root = emptyRoot();
    root.innerHTML = '<p>the app</p>';
    const { settled } = start();
    await settled;
    expect(firstRows()).toBe('closed');
    expect(root.innerHTML).toBe('<p>the app</p>');
  });
});
