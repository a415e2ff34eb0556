import type { Locale } from '@/lib/i18n';
import { enWords, ruWords } from '../fields/words';

/** The learner cards a phone shows instead of the table's rows. */
const en = {
  showMore: (more: number) => `Show ${enWords.number(more)} more`,
  cardsShown: (shown: number, total: number) => `${enWords.number(shown)} of ${enWords.rows(total)} shown.`,
  sortBy: 'Sort by',
  loadedOrder: 'Order loaded',
  /** Read before the direction by screen readers, so the button says what it is about. */
  directionPrefix: 'Sort direction: ',
  direction: (desc: boolean): string => (desc ? 'Descending' : 'Ascending'),
};

export type CardsTexts = typeof en;

const ru: CardsTexts = {
  showMore: (more: number) => `Показать ещё ${ruWords.number(more)}`,
  cardsShown: (shown: number, total: number) => `Показано ${ruWords.number(shown)} из ${ruWords.rowsOf(total)}.`,
  sortBy: 'Сортировать по',
  loadedOrder: 'Порядок загрузки',
  directionPrefix: 'Направление сортировки: ',
  direction: (desc: boolean) => (desc ? 'По убыванию' : 'По возрастанию'),
};

export const cardsCatalogs: Record<Locale, CardsTexts> = { en, ru };
