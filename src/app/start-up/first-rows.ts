import { overviewCatalogs } from '@/features/overview/strings';
import { firstRows, sendAhead, setFirstRows, type Sent } from '@/lib/fetch-ahead';
import { parseTotal } from '@/lib/list-end';
import { initialLocale, type Locale } from '@/lib/locale';
import { PHONE_QUERY } from '@/lib/media-queries';
import { pathTo } from '@/lib/routes';
import { COURSE_MEMORY_KEYS, readText } from '@/lib/storage';
import { applyTheme, readTheme } from '@/lib/theme';
import { collator, firstScreenHtml, listedCourses } from './first-screen';

/**
 * The account overview's first rows, painted by the page's first script (screen-preload.ts) before the app's bundle
 * has run: on a visit to the overview with nothing kept, the first script asks for the course list's first page at
 * once, and paints the page the app's first render will show (the shell, the search box, the status line and the
 * courses by name, each figure "not read yet") from its answer. The app's API client takes that same answer (one
 * request, lib/fetch-ahead.ts), and its first render, which waits for it, replaces these rows with its own in the
 * same places (e2e/first-rows.spec.ts measures them before and after).
 *
 * Painted only where the app's first screen is known without its code: the overview's address with no search, sort
 * or learner in it, nothing kept on the device (the app would paint the kept figures instead), and an answer that is
 * a list of courses with ids and names. Anything else leaves the page to the app, as before.
 *
 * Markup, not React (first-screen.ts): it has to be on screen before React has loaded.
 */

/** The first page of the list, as the API client asks for it (fetch-list.ts; first-rows.test.ts holds them equal). */
export const FIRST_LIST_PATH = '/endpoint/v1/courses?page=1&per_page=100';

/**
 * Makes the formatters the rows need while their page is on its way: the first collator and number format of a page
 * load the language's data, tens of milliseconds that would otherwise come after the answer.
 */
function warmUp(locale: Locale): void {
  collator(locale).compare('a', 'b');
  overviewCatalogs[locale].listReading(1000, 1000);
}

/**
 * Sizes set as the app's table sets them, through each element's style: the page's policy (server/spa.ts) refuses
 * style attributes in markup.
 */
function applySizes(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-width], [data-height], [data-row-height]')) {
    const { width, height, rowHeight } = element.dataset;
    if (width !== undefined) element.style.width = width;
    if (height !== undefined) element.style.height = height;
    if (rowHeight !== undefined) element.style.setProperty('--data-table-row-height', rowHeight);
    element.removeAttribute('data-width');
    element.removeAttribute('data-height');
    element.removeAttribute('data-row-height');
  }
}

/** Resolves once every style sheet of the page has loaded or failed: the rows are painted laid out, never bare. */
function styleSheetsIn(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.sheet === null,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

/** Paints the first screen from the answer, if it is a list of courses and the app has not begun its own. */
function paint({ response, text }: Sent): boolean {
  if (firstRows() !== 'waiting' || !response.ok) return false;
  const courses = listedCourses(text);
  const root = document.getElementById('root');
  if (courses === null || root === null || root.firstChild !== null) return false;
  const locale = initialLocale();
  // As the app's entry and its LocaleProvider set them, before this is painted: no flash of the other theme.
  document.documentElement.lang = locale;
  applyTheme();
  root.innerHTML = firstScreenHtml({
    courses,
    total: parseTotal(response.headers.get('Total')),
    locale,
    theme: readTheme(),
    phone: typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
  });
  applySizes(root);
  return true;
}

/** Calls `then` once the document has been read (its #root is there), at once if it has. */
export function whenRead(then: () => void): void {
  if (document.readyState !== 'loading') then();
  else document.addEventListener('DOMContentLoaded', then, { once: true });
}

/**
 * The longest the app's start waits for the rows once its entry has arrived: past it the app starts without them (a
 * slow list is the app's to show, with its status line), and an answer later than that paints nothing.
 */
export const FIRST_ROWS_WAIT_MS = 300;

/**
 * On the overview's own address, signed in with `token` and nothing kept: sends the list's first page and paints it
 * when it comes and the page's style sheets are in (the screen's own among them: the caller adds them as style sheets,
 * not preloads, when this is tried). `settled` is called once, when the rows are painted or will not be (an answer
 * that is not a list of courses, a failure, or `giveUp`, which the caller calls FIRST_ROWS_WAIT_MS after the app's
 * entry has arrived): the app starts then, so that its bundle's evaluation, a long task, does not come between the
 * answer and its rows. Null where the rows are not tried.
 */
export function startFirstRows(
  location: { pathname: string; search: string },
  token: string,
  settled: () => void,
): { giveUp: () => void } | null {
  if (location.pathname.replace(/\/$/, '') !== pathTo('courses') || location.search !== '') return null;
  if (readText(COURSE_MEMORY_KEYS.rememberOnDevice) === 'true') return null;
  setFirstRows('waiting');
  let done = false;
  const settle = (painted: boolean) => {
    if (done) return;
    done = true;
    setFirstRows(painted ? 'painted' : 'closed');
    settled();
  };
  const answer = sendAhead(FIRST_LIST_PATH, token);
  // Once the rest of the first script has run (the screen's code is asked for), while the answer is on its way.
  queueMicrotask(() => warmUp(initialLocale()));
  answer
    .then(async (sent) => {
      await new Promise<void>((resolve) => whenRead(resolve));
      await styleSheetsIn();
      settle(paint(sent));
    })
    .catch(() => settle(false)); // the app takes the failure too, and explains it
  return { giveUp: () => settle(false) };
}
