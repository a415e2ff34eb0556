import { plural, type Locale } from '@/lib/locale';

const en = {
  /** The product's name, shown in the header and on the sign-in screen. */
  brand: 'Course statistics',
  /** What went wrong, in the user's language: a title, then what it means and what to do. */
  error: {
    tokenRejected: 'The access token was rejected.',
    tokenRejectedDetail: 'Sign in again with a valid token.',
    forbidden: 'This access token is not allowed to see this.',
    forbiddenDetail: 'Ask your LMS administrator for access, or sign in with another token.',
    notFound: 'Not found.',
    notFoundDetail: 'The API has nothing under this ID, or this token cannot see it. Check the ID.',
    badRequest: 'The API refused the request.',
    badRequestDetail: (status: number) => `It did not accept the request as sent (HTTP ${status}).`,
    rateLimited: 'The API is rate limiting requests.',
    rateLimitedRetryIn: (seconds: number) => `The app retried and stopped; try again in ${seconds} s or later.`,
    rateLimitedRetryLater: 'The app retried and stopped; try again in a moment.',
    unreachable: 'The API cannot be reached.',
    unreachableDetail: (status: number) =>
      `Our server could not get an answer from the API (HTTP ${status}). Try again in a moment.`,
    serverProblem: 'The API had a problem answering.',
    serverProblemDetail: (status: number) =>
      `The problem is on the API’s side (HTTP ${status}). Try again in a moment.`,
    noConnection: 'No connection to the server.',
    networkDetail:
      'The request got no answer: the connection was lost, or the server is down. Check your internet connection, then try again.',
    timeout: 'The API took too long to answer.',
    timeoutDetail: (seconds: number) => `No answer within ${seconds} s. Try again in a moment.`,
    gatewayTimeoutDetail: (status: number) => `No answer in time (HTTP ${status}). Try again in a moment.`,
    invalidResponse: 'The API sent an answer this app cannot read.',
    invalidResponseDetail:
      'Its data did not have the expected shape. Trying again may help; if not, the API has changed.',
    cannotSend: 'This request cannot be sent.',
    cannotSendDetail: 'The values asked for are not ones the API takes.',
    generic: 'Something went wrong.',
    genericDetail: 'Try again; if it happens again, reload the page.',
    /** Introduces the API's own words (or a technical reason), shown as a detail under the explanation. */
    apiSaid: 'The API said:',
    technicalDetail: 'Details:',
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
    droppedExplained:
      'The API sent fields that its description does not list. They are not shown; everything else was read, and nothing is missing from the figures.',
    droppedOn: (count: number, noun: ItemNoun) => `on ${count === 1 ? `1 ${noun}` : `${count} ${noun}s`}`,
  },
  preferences: {
    language: 'Language',
    theme: 'Theme',
    themes: { system: 'System', light: 'Light', dark: 'Dark' },
  },
};

export type ItemNoun = 'row' | 'group' | 'course' | 'session';
export type SharedTexts = typeof en;

const ruNouns: Record<ItemNoun, { one: string; few: string; many: string }> = {
  row: { one: 'строка', few: 'строки', many: 'строк' },
  group: { one: 'группа', few: 'группы', many: 'групп' },
  course: { one: 'курс', few: 'курса', many: 'курсов' },
  session: { one: 'сессия', few: 'сессии', many: 'сессий' },
};

const ru: SharedTexts = {
  brand: 'Статистика курсов',
  error: {
    tokenRejected: 'Токен доступа отклонён.',
    tokenRejectedDetail: 'Войдите снова с действующим токеном.',
    forbidden: 'Этому токену доступа это не разрешено.',
    forbiddenDetail: 'Попросите доступ у администратора LMS или войдите с другим токеном.',
    notFound: 'Не найдено.',
    notFoundDetail: 'В API нет ничего с этим ID, или этот токен его не видит. Проверьте ID.',
    badRequest: 'API отклонил запрос.',
    badRequestDetail: (status: number) => `API не принял запрос в таком виде (HTTP ${status}).`,
    rateLimited: 'API ограничивает частоту запросов.',
    rateLimitedRetryIn: (seconds: number) =>
      `Приложение повторило запрос и остановилось; попробуйте через ${seconds} с или позже.`,
    rateLimitedRetryLater: 'Приложение повторило запрос и остановилось; попробуйте чуть позже.',
    unreachable: 'API недоступен.',
    unreachableDetail: (status: number) =>
      `Наш сервер не получил ответа от API (HTTP ${status}). Попробуйте чуть позже.`,
    serverProblem: 'У API возникла ошибка при ответе.',
    serverProblemDetail: (status: number) => `Ошибка на стороне API (HTTP ${status}). Попробуйте чуть позже.`,
    noConnection: 'Нет связи с сервером.',
    networkDetail:
      'Запрос остался без ответа: соединение прервалось или сервер не работает. Проверьте подключение к интернету и попробуйте снова.',
    timeout: 'API слишком долго не отвечает.',
    timeoutDetail: (seconds: number) => `Нет ответа за ${seconds} с. Попробуйте чуть позже.`,
    gatewayTimeoutDetail: (status: number) => `Ответ не пришёл вовремя (HTTP ${status}). Попробуйте чуть позже.`,
    invalidResponse: 'API прислал ответ, который приложение не может прочитать.',
    invalidResponseDetail:
      'Данные пришли не в том виде, который ожидался. Повтор может помочь; если нет, значит, API изменился.',
    cannotSend: 'Этот запрос нельзя отправить.',
    cannotSendDetail: 'API не принимает таких значений.',
    generic: 'Что-то пошло не так.',
    genericDetail: 'Попробуйте снова; если ошибка повторится, перезагрузите страницу.',
    apiSaid: 'Ответ API:',
    technicalDetail: 'Подробности:',
    retry: 'Повторить',
  },
  report: {
    leftOut: (count: number, noun: ItemNoun) =>
      `${plural('ru', count, { one: `# ${ruNouns[noun].one}`, few: `# ${ruNouns[noun].few}`, many: `# ${ruNouns[noun].many}`, other: `# ${ruNouns[noun].few}` })} пропущено: API прислал данные неожиданной формы.`,
    itemWithId: (noun: ItemNoun, id: number) => `${ruNouns[noun].one} id ${id}`,
    itemAt: (noun: ItemNoun, position: number) => `${ruNouns[noun].one} №${position}`,
    wholeItem: '(весь элемент)',
    andMore: (count: number) => `и ещё ${count}`,
    droppedFields: 'Поля, которых нет в описании API, пропущены:',
    droppedExplained:
      'API прислал поля, которых нет в его описании. Они не показываются; всё остальное прочитано, и в цифрах ничего не пропало.',
    droppedOn: (count: number, noun: ItemNoun) => `(${ruNouns[noun].many} с этим полем: ${count})`,
  },
  preferences: {
    language: 'Язык · Language',
    theme: 'Тема',
    themes: { system: 'Как в системе', light: 'Светлая', dark: 'Тёмная' },
  },
};

/** Texts of the shared notices and preference controls, English first and Russian typed against it. */
export const sharedCatalogs: Record<Locale, SharedTexts> = { en, ru };
