import { formatDate, formatDateTime, formatNumber, parseTimestamp } from '@/lib/format';
import { plural, type Locale } from '@/lib/i18n';
import type { ParentIssue } from './model/tree-model';

const en = {
  /** The page's heading, and the tree's accessible name. */
  heading: 'Label groups',
  loading: 'Loading label groups…',
  empty: 'No label groups',
  filter: {
    label: 'Filter labels',
    placeholder: 'Group name, label description or type',
    noMatch: (query: string) => `No groups match “${query}”.`,
    clear: 'Clear the filter',
  },
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  groupCount: (shown: number, total: number) =>
    `${formatNumber(shown, 'en')} of ${plural('en', total, { one: '# group', other: '# groups' })}`,
  /** Titles for what the data leaves unnamed; the tree model takes these (see ForestNaming). */
  naming: {
    unnamedGroup: (id: number | null) => (id === null ? 'Unnamed group' : `Unnamed group #${id}`),
    noDescription: '(no description)',
  },
  parentIssue: ({ kind, parentId }: ParentIssue) =>
    ({
      missing: `parent #${parentId} not in the list`,
      self: 'names itself as parent',
      cycle: `parent #${parentId} would make a cycle`,
    })[kind],
  row: {
    labels: (count: number) => (count === 0 ? 'No labels' : plural('en', count, { one: '# label', other: '# labels' })),
    nestedGroups: (count: number) => plural('en', count, { one: '# nested group', other: '# nested groups' }),
    /** Read before the type badge by assistive technology only. */
    type: 'Type:',
    required: (fields: readonly string[]) => `Required: ${fields.join(', ')}`,
    /** The full dates, shown on hover. */
    created: (date: string) => `Created ${date}`,
    updated: (date: string) => `Updated ${date}`,
    /** The short dates in the row, each followed by a date. */
    updatedBefore: 'Updated ',
    createdAfterUpdated: ', created ',
    createdBefore: 'Created ',
  },
  details: {
    /** The panel's accessible name. */
    name: 'Details',
    empty: 'Select a group or a label to see its details.',
    group: 'Group',
    label: 'Label',
    none: 'none',
    topLevel: 'none (top level)',
    parentNamed: (id: number, title: string) => `#${id}: ${title}`,
    parentWithIssue: (id: number, issue: string) => `#${id} (${issue}; shown at the top level)`,
    parentId: (id: number) => `#${id}`,
    groupWithId: (title: string, id: number | null) => (id === null ? title : `${title} (#${id})`),
    position: (position: number, count: number) => `${formatNumber(position, 'en')} of ${formatNumber(count, 'en')}`,
    count: (count: number) => formatNumber(count, 'en'),
    allowed: 'Allowed',
    notAllowed: 'Not allowed',
    fields: {
      id: 'ID',
      name: 'Name',
      parent: 'Parent group (group_id)',
      created: 'Created',
      updated: 'Updated',
      labels: 'Labels',
      nestedGroups: 'Nested groups',
      description: 'Description',
      type: 'Type',
      additionalProperties: 'Additional properties',
      required: 'Required',
      position: 'Position',
    },
    copyId: 'Copy ID',
    copyGroupId: 'Copy group ID',
    groupHasNoId: 'This group has no ID to copy.',
    labelHasNoId: "Labels have no ID of their own, and this label's group has none either.",
  },
  copy: {
    copied: 'Copied',
    unavailable: 'Copying is not available in this browser. Select the ID above and copy it by hand.',
    failed: 'The browser did not allow copying. Select the ID above and copy it by hand.',
  },
};

const ruGroupsGenitive = { one: '# группы', few: '# групп', many: '# групп', other: '# группы' };
const ruLabels = { one: '# метка', few: '# метки', many: '# меток', other: '# метки' };

const ru: LabelGroupsTexts = {
  heading: 'Группы меток',
  loading: 'Загружаем группы меток…',
  empty: 'Групп меток нет',
  filter: {
    label: 'Фильтр меток',
    placeholder: 'Группа, описание или тип метки',
    noMatch: (query: string) => `Нет групп, подходящих под «${query}».`,
    clear: 'Сбросить фильтр',
  },
  expandAll: 'Развернуть все',
  collapseAll: 'Свернуть все',
  // "из" takes the genitive: из 1 группы, из 2 групп, из 5 групп, из 21 группы.
  groupCount: (shown: number, total: number) =>
    `${formatNumber(shown, 'ru')} из ${plural('ru', total, ruGroupsGenitive)}`,
  naming: {
    unnamedGroup: (id: number | null) => (id === null ? 'Группа без названия' : `Группа без названия №${id}`),
    noDescription: '(без описания)',
  },
  parentIssue: ({ kind, parentId }: ParentIssue) =>
    ({
      missing: `родительской группы №${parentId} нет в списке`,
      self: 'указывает родителем саму себя',
      cycle: `родительская группа №${parentId} замкнула бы цикл`,
    })[kind],
  row: {
    labels: (count: number) => (count === 0 ? 'Нет меток' : plural('ru', count, ruLabels)),
    nestedGroups: (count: number) =>
      plural('ru', count, {
        one: '# вложенная группа',
        few: '# вложенные группы',
        many: '# вложенных групп',
        other: '# вложенной группы',
      }),
    type: 'Тип:',
    required: (fields: readonly string[]) => `Обязательные: ${fields.join(', ')}`,
    created: (date: string) => `Создана ${date}`,
    updated: (date: string) => `Изменена ${date}`,
    updatedBefore: 'Изменена ',
    createdAfterUpdated: ', создана ',
    createdBefore: 'Создана ',
  },
  details: {
    name: 'Подробности',
    empty: 'Выберите группу или метку, чтобы увидеть подробности.',
    group: 'Группа',
    label: 'Метка',
    none: 'нет',
    topLevel: 'нет (верхний уровень)',
    parentNamed: (id: number, title: string) => `№${id}: ${title}`,
    parentWithIssue: (id: number, issue: string) => `№${id} (${issue}; показана на верхнем уровне)`,
    parentId: (id: number) => `№${id}`,
    groupWithId: (title: string, id: number | null) => (id === null ? title : `${title} (№${id})`),
    position: (position: number, count: number) => `${formatNumber(position, 'ru')} из ${formatNumber(count, 'ru')}`,
    count: (count: number) => formatNumber(count, 'ru'),
    allowed: 'Разрешены',
    notAllowed: 'Не разрешены',
    fields: {
      id: 'ID',
      name: 'Название',
      parent: 'Родительская группа (group_id)',
      created: 'Создана',
      updated: 'Изменена',
      labels: 'Метки',
      nestedGroups: 'Вложенные группы',
      description: 'Описание',
      type: 'Тип',
      additionalProperties: 'Дополнительные свойства',
      required: 'Обязательные поля',
      position: 'Позиция',
    },
    copyId: 'Копировать ID',
    copyGroupId: 'Копировать ID группы',
    groupHasNoId: 'У этой группы нет ID, копировать нечего.',
    labelHasNoId: 'У меток нет собственного ID, а у группы этой метки его тоже нет.',
  },
  copy: {
    copied: 'Скопировано',
    unavailable: 'В этом браузере копирование недоступно. Выделите ID выше и скопируйте его вручную.',
    failed: 'Браузер не разрешил копирование. Выделите ID выше и скопируйте его вручную.',
  },
};

/** Texts of the label groups page, English first and Russian typed against it. */
export type LabelGroupsTexts = typeof en;

export const labelGroupsCatalogs: Record<Locale, LabelGroupsTexts> = { en, ru };

// Dates in the interface's language and the user's time zone; what is not a date is shown as it came, not as a dash.

/** "1 Mar 2026" / "1 мар. 2026 г."; the text itself when it is not a date. */
export function dayOrRaw(locale: Locale, iso: string): string {
  return parseTimestamp(iso) === null ? iso : formatDate(iso, { locale });
}

/** "1 Mar 2026, 11:00"; the text itself when it is not a date. */
export function dateTimeOrRaw(locale: Locale, iso: string): string {
  return parseTimestamp(iso) === null ? iso : formatDateTime(iso, { locale });
}
