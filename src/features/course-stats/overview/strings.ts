import { formatNumber, formatPercent } from '@/lib/format';
import { plural, type Locale } from '@/lib/i18n';
import type { CourseStatStatus } from '@/course/course-stat-status';

const percent = (locale: Locale, value: number) => formatPercent(value, locale);

const tableHeaders = (first: string, second: string): readonly [string, string] => [first, second];

const enStatuses: Record<CourseStatStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  passed: 'Passed',
  not_passed: 'Not passed',
};

const en = {
  heading: 'Overview',
  progressTitle: 'Progress distribution',
  progressDescription: (busiest: string, count: number) =>
    count === 0
      ? 'No rows.'
      : `Learners per progress band; the largest band is ${busiest} % with ${plural('en', count, { one: '# row', other: '# rows' })}.`,
  progressHeaders: tableHeaders('Progress %', 'Rows'),
  showTable: 'Show as table',
  rows: (count: number) => formatNumber(count, 'en'),
  statusTitle: 'Status breakdown',
  statusSegment: (count: number, share: number) => `${formatNumber(count, 'en')} (${percent('en', share * 100)})`,
  statuses: enStatuses,
  sessionsTitle: 'Sessions compared',
  sessionHeaders: {
    session: 'Session',
    learners: 'Learners',
    completed: 'Completed',
    passed: 'Passed',
    medianScore: 'Median score',
    overdue: 'Overdue',
  },
  percent: (value: number) => percent('en', value),
  score: (value: number | null) => (value === null ? '—' : formatNumber(value, 'en')),
};

const ru: OverviewTexts = {
  heading: 'Обзор',
  progressTitle: 'Распределение прогресса',
  progressDescription: (busiest: string, count: number) =>
    count === 0
      ? 'Нет строк.'
      : `Слушатели по диапазонам прогресса; больше всего в диапазоне ${busiest} %: ${plural('ru', count, { one: '# строка', few: '# строки', many: '# строк', other: '# строки' })}.`,
  progressHeaders: tableHeaders('Прогресс, %', 'Строк'),
  showTable: 'Показать таблицей',
  rows: (count: number) => formatNumber(count, 'ru'),
  statusTitle: 'Статусы',
  statusSegment: (count: number, share: number) => `${formatNumber(count, 'ru')} (${percent('ru', share * 100)})`,
  statuses: { not_started: 'Не начат', in_progress: 'В процессе', passed: 'Пройден', not_passed: 'Не пройден' },
  sessionsTitle: 'Сравнение сессий',
  sessionHeaders: {
    session: 'Сессия',
    learners: 'Слушатели',
    completed: 'Завершили',
    passed: 'Сдали',
    medianScore: 'Медиана баллов',
    overdue: 'Просрочено',
  },
  percent: (value: number) => percent('ru', value),
  score: (value: number | null) => (value === null ? '—' : formatNumber(value, 'ru')),
};

export type OverviewTexts = typeof en;

export const overviewCatalogs: Record<Locale, OverviewTexts> = { en, ru };
