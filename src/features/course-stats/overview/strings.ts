import { formatPercent } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { enWords, ruWords } from '../fields/words';

const tableHeaders = (first: string, second: string): readonly [string, string] => [first, second];

/** The overview tab's charts; their numbers, percentages and statuses are the fields' words (../fields/strings.ts). */
const en = {
  heading: 'Overview',
  progressTitle: 'Progress distribution',
  progressDescription: (busiest: string, count: number) =>
    count === 0
      ? 'No rows.'
      : `Learners per progress band; the largest band is ${busiest} % with ${enWords.rows(count)}.`,
  progressHeaders: tableHeaders('Progress %', 'Rows'),
  showTable: 'Show as table',
  statusTitle: 'Status breakdown',
  statusSegment: (count: number, share: number) => `${enWords.number(count)} (${formatPercent(share * 100, 'en')})`,
  sessionsTitle: 'Sessions compared',
  sessionHeaders: {
    session: 'Session',
    learners: 'Learners',
    completed: 'Completed',
    passed: 'Passed',
    medianScore: 'Median score',
    overdue: 'Overdue',
  },
};

const ru: OverviewTexts = {
  heading: 'Обзор',
  progressTitle: 'Распределение прогресса',
  progressDescription: (busiest: string, count: number) =>
    count === 0
      ? 'Нет строк.'
      : `Слушатели по диапазонам прогресса; больше всего в диапазоне ${busiest} %: ${ruWords.rows(count)}.`,
  progressHeaders: tableHeaders('Прогресс, %', 'Строк'),
  showTable: 'Показать таблицей',
  statusTitle: 'Статусы',
  statusSegment: (count: number, share: number) => `${ruWords.number(count)} (${formatPercent(share * 100, 'ru')})`,
  sessionsTitle: 'Сравнение сессий',
  sessionHeaders: {
    session: 'Сессия',
    learners: 'Слушатели',
    completed: 'Завершили',
    passed: 'Сдали',
    medianScore: 'Медиана баллов',
    overdue: 'Просрочено',
  },
};

export type OverviewTexts = typeof en;

export const overviewCatalogs: Record<Locale, OverviewTexts> = { en, ru };
