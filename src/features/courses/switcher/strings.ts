import { formatNumber } from '@/lib/format';
import { plural, type Locale } from '@/lib/i18n';

const en = {
  label: 'Course',
  courseName: (name: string) => `Course: ${name}`,
  unnamed: (id: number) => `Course ${id}`,
  option: (name: string, id: number) => `${name} (ID ${id})`,
  idShort: (id: number) => `ID ${id}`,
  listLabel: 'Courses',
  hint: 'Type part of a name or an ID, choose with the arrow keys, open with Enter.',
  reading: (read: number, total: number | null) =>
    total === null
      ? `Reading the course list: ${formatNumber(read, 'en')} read…`
      : `Reading the course list: ${formatNumber(read, 'en')} of ${formatNumber(total, 'en')} read…`,
  noMatch: 'No course matches.',
  matches: (count: number) => (count === 1 ? '1 course' : `${formatNumber(count, 'en')} courses`),
  moreMatches: (count: number) => `${formatNumber(count, 'en')} more: type more of the name to narrow them down.`,
};

const ru: SwitcherTexts = {
  label: 'Курс',
  courseName: (name: string) => `Курс: ${name}`,
  unnamed: (id: number) => `Курс ${id}`,
  option: (name: string, id: number) => `${name} (ID ${id})`,
  idShort: (id: number) => `ID ${id}`,
  listLabel: 'Курсы',
  hint: 'Введите часть названия или ID, выберите стрелками, откройте клавишей Enter.',
  reading: (read: number, total: number | null) =>
    total === null
      ? `Читаем список курсов: прочитано ${formatNumber(read, 'ru')}…`
      : `Читаем список курсов: прочитано ${formatNumber(read, 'ru')} из ${formatNumber(total, 'ru')}…`,
  noMatch: 'Ни один курс не подходит.',
  matches: (count: number) =>
    plural('ru', count, { one: '# курс', few: '# курса', many: '# курсов', other: '# курса' }),
  moreMatches: (count: number) => `Ещё ${formatNumber(count, 'ru')}: введите больше букв названия, чтобы сузить выбор.`,
};

export type SwitcherTexts = typeof en;

export const switcherCatalogs: Record<Locale, SwitcherTexts> = { en, ru };
