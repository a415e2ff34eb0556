import { formatNumber } from '@/lib/format';
import { plural, type Locale } from '@/lib/i18n';

const en = {
  label: 'Course',
  /** Names the field in its messages ("Course ID must not start with 0."): what it refused is an ID. */
  idName: 'Course ID',
  unnamed: (id: number) => `Course ${id}`,
  idShort: (id: number) => `ID ${id}`,
  listLabel: 'Courses',
  hint: 'Type a name or an ID.',
  idHint: 'This LMS lists no courses: type an ID and press Enter.',
  reading: (read: number, total: number | null) =>
    total === null
      ? `Reading the course list: ${formatNumber(read, 'en')} read…`
      : `Reading the course list: ${formatNumber(read, 'en')} of ${formatNumber(total, 'en')} read…`,
  noMatch: 'No course matches.',
  notListed: (id: number) => `No course in the list has ID ${id}; Enter opens it all the same.`,
  matches: (count: number) => (count === 1 ? '1 course' : `${formatNumber(count, 'en')} courses`),
  moreMatches: (count: number) => `${formatNumber(count, 'en')} more: type more of the name to narrow them down.`,
};

const ru: SwitcherTexts = {
  label: 'Курс',
  idName: 'ID курса',
  unnamed: (id: number) => `Курс ${id}`,
  idShort: (id: number) => `ID ${id}`,
  listLabel: 'Курсы',
  hint: 'Введите название или ID.',
  idHint: 'Эта LMS не даёт списка курсов: введите ID и нажмите Enter.',
  reading: (read: number, total: number | null) =>
    total === null
      ? `Читаем список курсов: прочитано ${formatNumber(read, 'ru')}…`
      : `Читаем список курсов: прочитано ${formatNumber(read, 'ru')} из ${formatNumber(total, 'ru')}…`,
  noMatch: 'Ни один курс не подходит.',
  notListed: (id: number) => `В списке нет курса с ID ${id}; Enter всё равно откроет его.`,
  matches: (count: number) =>
    plural('ru', count, { one: '# курс', few: '# курса', many: '# курсов', other: '# курса' }),
  moreMatches: (count: number) => `Ещё ${formatNumber(count, 'ru')}: введите больше букв названия, чтобы сузить выбор.`,
};

export type SwitcherTexts = typeof en;

export const switcherCatalogs: Record<Locale, SwitcherTexts> = { en, ru };
