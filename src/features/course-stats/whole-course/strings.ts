import type { Locale } from '@/lib/i18n';
import { enWords, ruWords } from '../fields/words';
import type { FailureReason } from '@/lib/retry-policy';
import type { ListEnd } from '@/lib/list-end';

const { number, rows, pages } = enWords;
const { number: ruNumber, rows: ruRows, rowsOf: ruRowsOf, pages: ruPages, pagesOf: ruPagesOf } = ruWords;

const waitSeconds = (untilMs: number, now: number) => Math.max(1, Math.ceil((untilMs - now) / 1000));
/** Loading every page of a course: the offer, the progress bar and its controls. */
const en = {
  loadAll: 'Load all pages',
  loadAllHint:
    'The API sends at most 100 rows at a time and cannot sort or search. Load every page to search, filter, sort, summarise and export the whole course here.',
  loadingAll: 'Loading all pages',
  loadedSoFar: (loaded: number, pageCount: number) => `Loaded ${rows(loaded)} (${pages(pageCount)})…`,
  loadedAll: (loaded: number, pageCount: number) => `Loaded every page (${pages(pageCount)}): ${rows(loaded)}`,
  stoppedAt: (loaded: number, pageCount: number) =>
    `Stopped after ${rows(loaded)} (${pages(pageCount)}); more may exist.`,
  /** What a page waits for before its retry: a lost connection is called that; any failure not named is the API's. */
  waiting: (reason: FailureReason, untilMs: number, now: number) => {
    const seconds = waitSeconds(untilMs, now);
    const said: Partial<Record<FailureReason, string>> = {
      rate_limited: `The API asked to slow down: waiting ${seconds} s, with fewer requests at once.`,
      connection_lost: `The connection was lost: trying again in ${seconds} s.`,
      timeout: `The API took too long to answer: trying again in ${seconds} s, with fewer requests at once.`,
    };
    return (
      said[reason] ?? `The API had a problem answering: trying again in ${seconds} s, with fewer requests at once.`
    );
  },
  /** A list the reader cut short: the rows read are kept, and the user is told more may exist. */
  cutShort: (end: Extract<ListEnd, 'repeated_page' | 'page_cap'>, loaded: number, pageCount: number) =>
    end === 'repeated_page'
      ? `Loaded ${rows(loaded)} (${pages(pageCount)}), then the API sent a page it had sent before, so the reading stopped. More rows may exist.`
      : `Loaded ${rows(loaded)} (${pages(pageCount)}): the most one load reads. More rows may exist.`,
  connectionLostAt: (loaded: number, pageCount: number) =>
    `The connection was lost after ${rows(loaded)} (${pages(pageCount)}). Resume carries on from there.`,
  cancel: 'Cancel',
  resume: 'Resume',
  refresh: 'Refresh',
  showPages: 'Show pages',
  showingOf: (shown: number, total: number) => `Showing ${number(shown)} of ${rows(total)}.`,
};

const ru: WholeCourseTexts = {
  loadAll: 'Загрузить все страницы',
  loadAllHint:
    'API отдаёт не более 100 строк за раз и не умеет сортировать и искать. Загрузите все страницы, чтобы искать, фильтровать, сортировать, подводить итоги и выгружать весь курс здесь.',
  loadingAll: 'Загрузка всех страниц',
  loadedSoFar: (loaded: number, pageCount: number) => `Загружено ${ruRows(loaded)} (${ruPages(pageCount)})…`,
  loadedAll: (loaded: number, pageCount: number) => `Загружены все страницы (${ruPages(pageCount)}): ${ruRows(loaded)}`,
  stoppedAt: (loaded: number, pageCount: number) =>
    `Остановлено после ${ruRowsOf(loaded)} (${ruPagesOf(pageCount)}); могут быть и другие.`,
  waiting: (reason: FailureReason, untilMs: number, now: number) => {
    const seconds = waitSeconds(untilMs, now);
    const said: Partial<Record<FailureReason, string>> = {
      rate_limited: `API просит снизить темп: ждём ${seconds} с, запросов одновременно будет меньше.`,
      connection_lost: `Соединение прервалось: повтор через ${seconds} с.`,
      timeout: `API слишком долго не отвечает: повтор через ${seconds} с, запросов одновременно будет меньше.`,
    };
    return (
      said[reason] ??
      `У API возникла проблема с ответом: повтор через ${seconds} с, запросов одновременно будет меньше.`
    );
  },
  cutShort: (end: Extract<ListEnd, 'repeated_page' | 'page_cap'>, loaded: number, pageCount: number) =>
    end === 'repeated_page'
      ? `Загружено ${ruRows(loaded)} (${ruPages(pageCount)}), затем API прислал уже присланную страницу, и чтение остановлено. Могут быть и другие строки.`
      : `Загружено ${ruRows(loaded)} (${ruPages(pageCount)}): больше одна загрузка не читает. Могут быть и другие строки.`,
  connectionLostAt: (loaded: number, pageCount: number) =>
    `Соединение прервалось после ${ruRowsOf(loaded)} (${ruPagesOf(pageCount)}). «Продолжить» загрузит остальное.`,
  cancel: 'Отмена',
  resume: 'Продолжить',
  refresh: 'Обновить',
  showPages: 'Показать по страницам',
  showingOf: (shown: number, total: number) => `Показано ${ruNumber(shown)} из ${ruRowsOf(total)}.`,
};

export type WholeCourseTexts = typeof en;

export const wholeCourseCatalogs: Record<Locale, WholeCourseTexts> = { en, ru };
