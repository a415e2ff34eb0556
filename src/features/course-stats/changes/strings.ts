import type { DeviceStoreReason } from '@/lib/device-store';
import { formatDateTime } from '@/lib/format';
import { plural as pluralOf, type Locale } from '@/lib/i18n';
import { enWords, ruWords } from '../fields/words';
import type { ChangeId } from './diff';

const { number, plural, rows } = enWords;
const { number: ruNumber, rows: ruRows } = ruWords;

/** A moment in the user's own time zone, in the language's way. */
const momentIn = (locale: Locale) => (takenAt: number) => formatDateTime(new Date(takenAt).toISOString(), { locale });
const enMoment = momentIn('en');
const ruMoment = momentIn('ru');

/** A progress change in percentage points: "+15", "−5" (a real minus), "0". */
const signed = (format: (value: number) => string) => (delta: number) =>
  delta > 0 ? `+${format(delta)}` : delta < 0 ? `\u2212${format(-delta)}` : '0';

const enChangeLabels: Record<ChangeId, string> = {
  newLearners: 'New learners',
  goneLearners: 'No longer in the course',
  newlyCompleted: 'Newly completed',
  newlyPassed: 'Newly passed',
  certificatesIssued: 'Certificates issued',
  progressUp: 'Progress went up',
  becameInactive: 'Became inactive (14+ days)',
  deadlinesPassed: 'Deadlines passed',
};

const enReasons: Record<DeviceStoreReason, string> = {
  'no-indexeddb': 'This browser offers no storage for them.',
  quota: 'The storage this browser gives this site is full.',
  blocked:
    'This browser does not allow storing them here (a private window, say), or another tab is holding the storage.',
  failed: 'The storage of this browser did not work as expected.',
};

/** What changed since the last time the whole course was loaded on this device, and the choice to keep it. */
const en = {
  title: (takenAt: number) => `Changes since ${enMoment(takenAt)}`,
  changesLabel: 'Show the rows of one change',
  changeLabels: enChangeLabels,
  count: number,
  pointsInTotal: (points: number) => `${signed(number)(points)} ${points === 1 ? 'point' : 'points'} in total`,
  showAll: 'Show all rows',
  onlyChange: (label: string) => `Only: ${label}.`,
  goneTitle: (count: number) => `No longer in the course: ${plural(count, 'row', 'rows')}`,
  goneHint: 'Names and email addresses are not kept on this device, so these learners are listed by their IDs.',
  compareWith: 'Compare with',
  snapshotOption: (takenAt: number, rowCount: number) => `${enMoment(takenAt)} (${rows(rowCount)})`,
  comparing: 'Looking on this device for what changed…',
  remember: 'Remember on this device',
  /** Under the whole-course bar, after a full load with nothing kept: the same as ticking "Remember". */
  offer: 'Keep a snapshot on this device to see what changes next time',
  keepSnapshot: 'Keep snapshot',
  dismissOffer: 'Don’t offer again',
  rememberHelp: 'What is kept',
  rememberHint:
    'Keeps each row’s progress, status and dates (no names or email addresses) in this browser, to show what changed next time. Unchecking deletes what was kept.',
  kept: 'Kept on this device. Next time you load all pages, what changed shows here.',
  storedLink: 'Stored on this device',
  unavailable: 'Changes are not available here',
  reasons: enReasons,
  tableUnaffected: 'The table works as usual.',
  // The Change column.
  delta: signed(number),
  newRow: 'New',
  csvUnit: 'percentage points',
};

const ruChangeLabels: Record<ChangeId, string> = {
  newLearners: 'Новые слушатели',
  goneLearners: 'Больше не в курсе',
  newlyCompleted: 'Завершили',
  newlyPassed: 'Прошли успешно',
  certificatesIssued: 'Выданы сертификаты',
  progressUp: 'Прогресс вырос',
  becameInactive: 'Неактивны 14+ дней',
  deadlinesPassed: 'Сроки истекли',
};

const ruReasons: Record<DeviceStoreReason, string> = {
  'no-indexeddb': 'Этот браузер не даёт хранилища для них.',
  quota: 'Хранилище, которое браузер выделил сайту, заполнено.',
  blocked: 'Браузер не разрешает хранить их здесь (например, в приватном окне) или хранилище занято другой вкладкой.',
  failed: 'Хранилище браузера сработало не так, как ожидалось.',
};

const ru: ChangesTexts = {
  title: (takenAt: number) => `Изменения с ${ruMoment(takenAt)}`,
  changesLabel: 'Показать строки одного изменения',
  changeLabels: ruChangeLabels,
  count: ruNumber,
  pointsInTotal: (points: number) =>
    `всего ${signed(ruNumber)(points)}\u00a0${pluralOf('ru', points, { one: 'пункт', few: 'пункта', many: 'пунктов', other: 'пункта' })}`,
  showAll: 'Показать все строки',
  onlyChange: (label: string) => `Только: ${label}.`,
  goneTitle: (count: number) => `Больше не в курсе: ${ruRows(count)}`,
  goneHint: 'Имена и адреса почты на этом устройстве не хранятся, поэтому слушатели указаны по ID.',
  compareWith: 'Сравнить с',
  snapshotOption: (takenAt: number, rowCount: number) => `${ruMoment(takenAt)} (${ruRows(rowCount)})`,
  comparing: 'Ищем на этом устройстве, что изменилось…',
  remember: 'Запоминать на этом устройстве',
  offer: 'Сохраните снимок на этом устройстве, чтобы в следующий раз увидеть, что изменилось',
  keepSnapshot: 'Сохранить снимок',
  dismissOffer: 'Больше не предлагать',
  rememberHelp: 'Что хранится',
  rememberHint:
    'Хранит в этом браузере прогресс, статус и даты каждой строки (без имён и адресов почты), чтобы в следующий раз показать, что изменилось. Если снять флажок, сохранённое удалится.',
  kept: 'Сохранено на этом устройстве. Когда вы снова загрузите все страницы, здесь будет видно, что изменилось.',
  storedLink: 'Хранится на этом устройстве',
  unavailable: 'Изменения здесь недоступны',
  reasons: ruReasons,
  tableUnaffected: 'Таблица работает как обычно.',
  delta: signed(ruNumber),
  newRow: 'Новая',
  csvUnit: 'процентные пункты',
};

export type ChangesTexts = typeof en;

export const changesCatalogs: Record<Locale, ChangesTexts> = { en, ru };
