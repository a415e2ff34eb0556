import { plural, type Locale } from '@/lib/i18n';

const en = {
  /** The product's name, shown in the header and on the sign-in screen. */
  brand: 'Course statistics',
  error: {
    tokenRejected: 'The access token was rejected.',
    tokenRejectedDetail: 'Sign in again with a valid token.',
    forbidden: 'This access token is not allowed to see this.',
    forbiddenDetail: 'Ask your LMS administrator for access, or sign in with another token.',
    notFound: 'Not found.',
    badRequest: 'The API refused the request.',
    rateLimited: 'The API is rate limiting requests.',
    rateLimitedRetryIn: (seconds: number) => `The app retried and stopped; try again in ${seconds} s or later.`,
    rateLimitedRetryLater: 'The app retried and stopped; try again in a moment.',
    unreachable: 'The API cannot be reached.',
    serverProblem: 'The API had a problem answering.',
    networkDetail: 'Check your connection; the request did not get an answer.',
    timeout: 'The API took too long to answer.',
    timeoutDetail: (seconds: number) => `No answer within ${seconds} s.`,
    invalidResponse: 'The API sent an answer this app cannot read.',
    cannotSend: 'This request cannot be sent.',
    generic: 'Something went wrong.',
    httpStatus: (status: number) => `HTTP ${status}`,
    retry: 'Retry',
  },
  report: {
    leftOut: (count: number, noun: ItemNoun) =>
      `${count === 1 ? `1 ${noun}` : `${count} ${noun}s`} left out: the API sent ${count === 1 ? 'it' : 'them'} in an unexpected shape.`,
    itemWithId: (noun: ItemNoun, id: number) => `${noun} id ${id}`,
    itemAt: (noun: ItemNoun, position: number) => `${noun} #${position}`,
    wholeItem: '(whole item)',
    andMore: (count: number) => `and ${count} more`,
    droppedFields: 'Fields not in the API description were ignored:',
  },
  preferences: {
    language: 'Language',
    theme: 'Theme',
    themes: { system: 'System', light: 'Light', dark: 'Dark' },
  },
};

export type ItemNoun = 'row' | 'group';
export type SharedTexts = typeof en;

const ruNouns: Record<ItemNoun, { one: string; few: string; many: string }> = {
  row: { one: 'строка', few: 'строки', many: 'строк' },
  group: { one: 'группа', few: 'группы', many: 'групп' },
};

const ru: SharedTexts = {
  brand: 'Статистика курсов',
  error: {
    tokenRejected: 'Токен доступа отклонён.',
    tokenRejectedDetail: 'Войдите снова с действующим токеном.',
    forbidden: 'Этому токену доступа это не разрешено.',
    forbiddenDetail: 'Попросите доступ у администратора LMS или войдите с другим токеном.',
    notFound: 'Не найдено.',
    badRequest: 'API отклонил запрос.',
    rateLimited: 'API ограничивает частоту запросов.',
    rateLimitedRetryIn: (seconds: number) =>
      `Приложение повторило запрос и остановилось; попробуйте через ${seconds} с или позже.`,
    rateLimitedRetryLater: 'Приложение повторило запрос и остановилось; попробуйте чуть позже.',
    unreachable: 'API недоступен.',
    serverProblem: 'У API возникла ошибка при ответе.',
    networkDetail: 'Проверьте подключение: запрос остался без ответа.',
    timeout: 'API слишком долго не отвечает.',
    timeoutDetail: (seconds: number) => `Нет ответа за ${seconds} с.`,
    invalidResponse: 'API прислал ответ, который приложение не может прочитать.',
    cannotSend: 'Этот запрос нельзя отправить.',
    generic: 'Что-то пошло не так.',
    httpStatus: (status: number) => `HTTP ${status}`,
    retry: 'Повторить',
  },
  report: {
    leftOut: (count: number, noun: ItemNoun) =>
      `${plural('ru', count, { one: `# ${ruNouns[noun].one}`, few: `# ${ruNouns[noun].few}`, many: `# ${ruNouns[noun].many}`, other: `# ${ruNouns[noun].few}` })} пропущено: API прислал данные неожиданной формы.`,
    itemWithId: (noun: ItemNoun, id: number) => `${noun === 'row' ? 'строка' : 'группа'} id ${id}`,
    itemAt: (noun: ItemNoun, position: number) => `${noun === 'row' ? 'строка' : 'группа'} №${position}`,
    wholeItem: '(весь элемент)',
    andMore: (count: number) => `и ещё ${count}`,
    droppedFields: 'Поля, которых нет в описании API, пропущены:',
  },
  preferences: {
    language: 'Язык · Language',
    theme: 'Тема',
    themes: { system: 'Как в системе', light: 'Светлая', dark: 'Тёмная' },
  },
};

/** Texts of the shared notices and preference controls, English first and Russian typed against it. */
export const sharedCatalogs: Record<Locale, SharedTexts> = { en, ru };
