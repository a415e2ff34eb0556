import type { DeviceStoreReason } from '@/lib/device-store';
import { formatNumber } from '@/lib/format';
import { plural, type Locale } from '@/lib/i18n';

/** Thousands of bytes, one decimal; two significant digits under 1 kB, so a small snapshot does not read "0". */
const kilobytes = (bytes: number, locale: Locale) =>
  formatNumber(bytes / 1000, locale, bytes < 1000 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 });

/** Why IndexedDB said no, in words a user can act on. */
const enReasons: Record<DeviceStoreReason, string> = {
  'no-indexeddb':
    'this browser has no IndexedDB, the storage they are kept in (an old browser, or site storage turned off).',
  blocked:
    'the browser refused access to its storage, as private windows do, or another tab of this app is holding it.',
  quota: "the browser's storage for this site is full.",
  failed: "the browser's storage did not answer as expected.",
};

const ruReasons: Record<DeviceStoreReason, string> = {
  'no-indexeddb':
    'в этом браузере нет IndexedDB — хранилища, в котором они лежат (браузер устарел или хранение данных сайтов выключено).',
  blocked:
    'браузер не дал доступа к своему хранилищу — так делают приватные окна — или его занимает другая вкладка приложения.',
  quota: 'хранилище браузера для этого сайта заполнено.',
  failed: 'хранилище браузера ответило не так, как ожидалось.',
};

/** The "Stored on this device" page, and the "Sign out" dialog's offer to forget this device. */
const en = {
  title: 'Stored on this device',
  intro:
    'What this browser keeps for you between visits. It stays here: nothing on this page is sent anywhere, and signing out does not delete it unless you ask.',
  snapshotsTitle: 'Course snapshots',
  remember: 'Remember on this device',
  rememberHint:
    "When checked, loading all pages of a course keeps a snapshot of it in this browser, so the next load can show what changed. A snapshot keeps each row's progress, status and dates, with no names or email addresses; the last 3 of each course are kept. Unchecking deletes the snapshots kept so far.",
  readingSnapshots: 'Reading the snapshots…',
  snapshotsEmpty:
    'No snapshots are stored. To keep one, check "Remember on this device" above and load all pages of a course ("Load all pages" on its statistics page).',
  unavailableTitle: 'Snapshots are not available in this browser',
  unavailable: (reason: DeviceStoreReason) =>
    `They cannot be listed or kept here: ${enReasons[reason]} The rest of this page still works.`,
  course: (courseId: number, name: string | null) => (name ? `${name} (course ${courseId})` : `Course ${courseId}`),
  fromOrigin: (origin: string) => `from ${origin}`,
  sessionOnly: (sessionId: number) => `session ${sessionId} only`,
  rows: (count: number) => plural('en', count, { one: '# row', other: '# rows' }),
  size: (bytes: number) => `${kilobytes(bytes, 'en')} kB`,
  deleteSnapshot: 'Delete',
  deleteSnapshotName: (courseId: number, takenAt: string) =>
    `Delete the snapshot of course ${courseId} taken ${takenAt}`,
  deletedSnapshot: (courseId: number, takenAt: string) =>
    `Deleted the snapshot of course ${courseId} taken ${takenAt}.`,
  deleteAll: 'Delete all snapshots',
  deletedAll: 'Deleted every snapshot.',
  notDeleted: (reason: DeviceStoreReason) => `The snapshots could not be deleted: ${enReasons[reason]}`,
  accountsTitle: 'Your courses overview',
  noAccounts: 'No overview figures are kept.',
  accountLine: (origin: string, courses: number, learners: number, ago: string) =>
    `${origin === 'demo' ? 'Demo data' : origin}: ${plural('en', courses, { one: '# course', other: '# courses' })}, ${plural('en', learners, { one: '# learner', other: '# learners' })}, kept ${ago}`,
  deleteAccounts: 'Delete the overview figures',
  deletedAccounts: 'Deleted the overview figures.',
  otherTitle: 'Saved views and recent courses',
  savedViewsLine: (count: number) => `Saved views: ${formatNumber(count, 'en')}`,
  recentCoursesLine: (count: number) => `Recent courses: ${formatNumber(count, 'en')}`,
  forgetHint:
    'Deletes the course snapshots, the saved views, the recent courses and the "Remember on this device" choice from this browser. You stay signed in.',
  forget: 'Forget this device',
  forgetConfirmTitle: 'Forget this device?',
  nothingStored: 'Nothing is stored at the moment.',
  forgotten: 'This device has forgotten what it kept for you.',
  cancel: 'Cancel',
  /** What forgetting deletes, one line each. */
  wouldDelete: 'Forgetting it deletes from this browser:',
  snapshotCount: (count: number) => plural('en', count, { one: '# course snapshot', other: '# course snapshots' }),
  savedViewCount: (count: number) => plural('en', count, { one: '# saved view', other: '# saved views' }),
  recentCourseCount: (count: number) => plural('en', count, { one: '# recent course', other: '# recent courses' }),
  rememberChoice: 'the "Remember on this device" choice',
  signOutTitle: 'Sign out',
  alsoForget: 'Also forget this device',
  signOut: 'Sign out',
  forgetting: 'Forgetting this device…',
  snapshotsLeft: (reason: DeviceStoreReason) =>
    `The saved views, the recent courses and the "Remember on this device" choice are deleted, but the course snapshots could not be: ${enReasons[reason]} Delete them later on "Stored on this device", or clear this site's data in the browser.`,
};

const ru: DeviceTexts = {
  title: 'Хранится на этом устройстве',
  intro:
    'Что этот браузер хранит для вас между посещениями. Всё остаётся здесь: ничего с этой страницы никуда не отправляется, и выход из приложения это не удаляет, если вы не попросите.',
  snapshotsTitle: 'Снимки курсов',
  remember: 'Запоминать на этом устройстве',
  rememberHint:
    'Если отмечено, после загрузки всех страниц курса в этом браузере сохраняется его снимок, чтобы при следующей загрузке показать, что изменилось. Снимок хранит прогресс, статус и даты каждой строки — без имён и адресов почты; для каждого курса хранятся 3 последних. Если снять отметку, сохранённые снимки удалятся.',
  readingSnapshots: 'Читаем снимки…',
  snapshotsEmpty:
    'Снимков нет. Чтобы снимок сохранился, отметьте «Запоминать на этом устройстве» выше и загрузите все страницы курса («Загрузить все страницы» на странице его статистики).',
  unavailableTitle: 'Снимки недоступны в этом браузере',
  unavailable: (reason: DeviceStoreReason) =>
    `Их нельзя ни показать, ни сохранить: ${ruReasons[reason]} Остальное на этой странице работает.`,
  course: (courseId: number, name: string | null) => (name ? `${name} (курс ${courseId})` : `Курс ${courseId}`),
  fromOrigin: (origin: string) => `с ${origin}`,
  sessionOnly: (sessionId: number) => `только сессия ${sessionId}`,
  rows: (count: number) =>
    plural('ru', count, { one: '# строка', few: '# строки', many: '# строк', other: '# строки' }),
  size: (bytes: number) => `${kilobytes(bytes, 'ru')} кБ`,
  deleteSnapshot: 'Удалить',
  deleteSnapshotName: (courseId: number, takenAt: string) => `Удалить снимок курса ${courseId} от ${takenAt}`,
  deletedSnapshot: (courseId: number, takenAt: string) => `Снимок курса ${courseId} от ${takenAt} удалён.`,
  deleteAll: 'Удалить все снимки',
  deletedAll: 'Все снимки удалены.',
  notDeleted: (reason: DeviceStoreReason) => `Не удалось удалить снимки: ${ruReasons[reason]}`,
  accountsTitle: 'Обзор ваших курсов',
  noAccounts: 'Показатели обзора не хранятся.',
  accountLine: (origin: string, courses: number, learners: number, ago: string) =>
    `${origin === 'demo' ? 'Демо-данные' : origin}: ${plural('ru', courses, { one: '# курс', few: '# курса', many: '# курсов', other: '# курса' })}, ${plural('ru', learners, { one: '# слушатель', few: '# слушателя', many: '# слушателей', other: '# слушателя' })}, сохранено ${ago}`,
  deleteAccounts: 'Удалить показатели обзора',
  deletedAccounts: 'Показатели обзора удалены.',
  otherTitle: 'Сохранённые виды и недавние курсы',
  savedViewsLine: (count: number) => `Сохранённых видов: ${formatNumber(count, 'ru')}`,
  recentCoursesLine: (count: number) => `Недавних курсов: ${formatNumber(count, 'ru')}`,
  forgetHint:
    'Удаляет из этого браузера снимки курсов, сохранённые виды, недавние курсы и выбор «Запоминать на этом устройстве». Вы остаётесь в приложении.',
  forget: 'Забыть это устройство',
  forgetConfirmTitle: 'Забыть это устройство?',
  nothingStored: 'Сейчас ничего не хранится.',
  forgotten: 'Устройство забыло всё, что хранило для вас.',
  cancel: 'Отмена',
  wouldDelete: 'Если его забыть, из этого браузера будет удалено:',
  snapshotCount: (count: number) =>
    plural('ru', count, { one: '# снимок', few: '# снимка', many: '# снимков', other: '# снимка' }),
  savedViewCount: (count: number) =>
    plural('ru', count, {
      one: '# сохранённый вид',
      few: '# сохранённых вида',
      many: '# сохранённых видов',
      other: '# сохранённых вида',
    }),
  recentCourseCount: (count: number) =>
    plural('ru', count, {
      one: '# недавний курс',
      few: '# недавних курса',
      many: '# недавних курсов',
      other: '# недавних курса',
    }),
  rememberChoice: 'выбор «Запоминать на этом устройстве»',
  signOutTitle: 'Выход',
  alsoForget: 'Заодно забыть это устройство',
  signOut: 'Выйти',
  forgetting: 'Забываем это устройство…',
  snapshotsLeft: (reason: DeviceStoreReason) =>
    `Сохранённые виды, недавние курсы и выбор «Запоминать на этом устройстве» удалены, а снимки курсов удалить не удалось: ${ruReasons[reason]} Удалите их позже на странице «Хранится на этом устройстве» или очистите данные этого сайта в браузере.`,
};

export type DeviceTexts = typeof en;

export const deviceCatalogs: Record<Locale, DeviceTexts> = { en, ru };
