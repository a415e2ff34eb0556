import type { ListEnd } from '@/lib/list-end';
import { plural, type Locale } from '@/lib/i18n';
import { formatNumber } from '@/lib/format';

/** Why the LMS's course list is not shown, in one line. */
export type ListUnavailable = 'not_listed' | 'forbidden' | 'unreadable' | 'offline' | 'failed';

const en = {
  pageTitle: 'Your courses',
  listTitle: 'All courses',
  cutShort: (end: Extract<ListEnd, 'repeated_page' | 'page_cap'>): string =>
    end === 'repeated_page'
      ? 'The LMS sent a page of the list it had sent before, so the list was read no further: more courses may exist.'
      : 'The list was read up to its limit of 1,000 pages: more courses may exist.',
  courseCount: (count: number) => (count === 1 ? '1 course' : `${formatNumber(count, 'en')} courses`),
  partialCount: (read: number, total: number | null) =>
    total === null
      ? `${formatNumber(read, 'en')} courses read so far; more are read as you scroll.`
      : `${formatNumber(read, 'en')} of ${formatNumber(total, 'en')} courses read; more are read as you scroll.`,
  partialSort: 'The order covers the courses read so far.',
  readAll: 'Read all courses',
  searchLabel: 'Search courses',
  searchHint: 'By name or ID; case and accents do not matter.',
  searchingAll: (read: number, total: number | null) =>
    total === null
      ? `Reading every course to search them all: ${formatNumber(read, 'en')} read…`
      : `Reading every course to search them all: ${formatNumber(read, 'en')} of ${formatNumber(total, 'en')} read…`,
  readingAll: (read: number, total: number | null) =>
    total === null
      ? `Reading every course: ${formatNumber(read, 'en')} read…`
      : `Reading every course: ${formatNumber(read, 'en')} of ${formatNumber(total, 'en')} read…`,
  matches: (count: number, query: string) =>
    count === 0
      ? `No course matches “${query}”.`
      : `${count === 1 ? '1 course matches' : `${formatNumber(count, 'en')} courses match`} “${query}”.`,
  matchesSoFar: (count: number, query: string) =>
    `${count === 1 ? '1 course' : `${formatNumber(count, 'en')} courses`} so far match “${query}”.`,
  loading: 'Reading the course list…',
  readingMore: 'Reading more courses…',
  tableLabel: 'Courses',
  columns: { name: 'Name', id: 'ID', last_activity: 'Last activity', owner_name: 'Owner' },
  unnamed: (id: number) => `Course ${id}`,
  noActivity: 'None',
  unavailable: (reason: ListUnavailable): string => {
    switch (reason) {
      case 'not_listed':
        return 'This LMS does not list courses for this sign-in: open a course by its ID above.';
      case 'forbidden':
        return 'This sign-in may not see the list of courses: open a course by its ID above.';
      case 'unreadable':
        return 'The LMS answered the course list in a form this app cannot read: open a course by its ID above.';
      case 'offline':
        return 'The course list could not be read (no connection): open a course by its ID above, or retry.';
      case 'failed':
        return 'The course list could not be read just now: open a course by its ID above, or retry.';
    }
  },
  moreFailed: 'The rest of the course list could not be read; the courses above are those read.',
  retry: 'Retry',
};

const ruCourses = (count: number) =>
  plural('ru', count, { one: '# курс', few: '# курса', many: '# курсов', other: '# курса' });

const ru: CourseListTexts = {
  pageTitle: 'Ваши курсы',
  listTitle: 'Все курсы',
  cutShort: (end: Extract<ListEnd, 'repeated_page' | 'page_cap'>) =>
    end === 'repeated_page'
      ? 'СДО прислала уже присланную страницу списка, и дальше он не читался: могут быть и другие курсы.'
      : 'Список прочитан до предела в 1000 страниц: могут быть и другие курсы.',
  courseCount: ruCourses,
  partialCount: (read: number, total: number | null) =>
    total === null
      ? `Прочитано курсов: ${formatNumber(read, 'ru')}; остальные читаются при прокрутке.`
      : `Прочитано ${formatNumber(read, 'ru')} из ${ruCourses(total)}; остальные читаются при прокрутке.`,
  partialSort: 'Порядок учитывает только прочитанные курсы.',
  readAll: 'Прочитать все курсы',
  searchLabel: 'Поиск курсов',
  searchHint: 'По названию или ID; регистр и диакритика не важны.',
  searchingAll: (read: number, total: number | null) =>
    total === null
      ? `Читаем все курсы, чтобы искать по всем: прочитано ${formatNumber(read, 'ru')}…`
      : `Читаем все курсы, чтобы искать по всем: прочитано ${formatNumber(read, 'ru')} из ${formatNumber(total, 'ru')}…`,
  readingAll: (read: number, total: number | null) =>
    total === null
      ? `Читаем все курсы: прочитано ${formatNumber(read, 'ru')}…`
      : `Читаем все курсы: прочитано ${formatNumber(read, 'ru')} из ${formatNumber(total, 'ru')}…`,
  matches: (count: number, query: string) =>
    count === 0 ? `Ни один курс не подходит под «${query}».` : `Под «${query}» подходит ${ruCourses(count)}.`,
  matchesSoFar: (count: number, query: string) => `Пока под «${query}» подходит ${ruCourses(count)}.`,
  loading: 'Читаем список курсов…',
  readingMore: 'Читаем ещё курсы…',
  tableLabel: 'Курсы',
  columns: { name: 'Название', id: 'ID', last_activity: 'Последняя активность', owner_name: 'Владелец' },
  unnamed: (id: number) => `Курс ${id}`,
  noActivity: 'Нет',
  unavailable: (reason: ListUnavailable): string => {
    switch (reason) {
      case 'not_listed':
        return 'Эта LMS не даёт списка курсов для этого входа: откройте курс по его ID выше.';
      case 'forbidden':
        return 'Этому входу не разрешено видеть список курсов: откройте курс по его ID выше.';
      case 'unreadable':
        return 'LMS прислала список курсов в виде, который приложение не может прочитать: откройте курс по его ID выше.';
      case 'offline':
        return 'Не удалось прочитать список курсов (нет связи): откройте курс по его ID выше или повторите.';
      case 'failed':
        return 'Сейчас не удалось прочитать список курсов: откройте курс по его ID выше или повторите.';
    }
  },
  moreFailed: 'Остальную часть списка курсов прочитать не удалось; выше — прочитанные курсы.',
  retry: 'Повторить',
};

export type CourseListTexts = typeof en;

export const courseListCatalogs: Record<Locale, CourseListTexts> = { en, ru };
