import type { Locale } from '@/lib/i18n';

const en = {
  intro: 'Sign in with an access token or the API keys of your LMS to browse course statistics and label groups.',
  demoTitle: 'Demo mode',
  demoText: 'This server answers from its built-in demo API with generated data.',
  connectedTo: 'Connected to',
  rejected: { title: 'The access token was rejected.', text: 'Check the token and sign in again.' },
  tokenLabel: 'Access token',
  showToken: 'Show token',
  emptyToken: 'Enter an access token.',
  /** Not "Remember on this device": on the statistics page those words keep snapshots of learners. */
  remember: 'Keep me signed in',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  useDemoToken: 'Use demo token',
  storageNote:
    'The token is kept in this browser tab only, unless you choose to stay signed in on this device. It is sent to this server in a request header and never appears in an address.',
  waysIn: 'Ways to sign in',
  tabs: { token: 'Access token', keys: 'API keys' },
  keysIntro: 'Use the keys of an application created under Settings → API and integrations in your LMS.',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  showSecret: 'Show secret',
  emptyClientId: 'Enter the Client ID.',
  emptyClientSecret: 'Enter the Client secret.',
  keysNote:
    'The Client secret is sent once to this server, in the body of a request, to get a token; it is never stored. Only the Client ID is kept, to fill it in next time.',
  expired: { title: 'Your sign-in has expired.', text: 'Sign in again to return to the page you were on.' },
  expiresAt: (time: string) => `Your sign-in expires at ${time}. Sign in again to keep working.`,
  signInAgain: 'Sign in again',
  exchange: {
    invalid_client: {
      title: 'These API keys were rejected.',
      text: 'Check the Client ID and the Client secret, or create new keys in your LMS.',
    },
    invalid_request: {
      title: 'These API keys cannot be used.',
      text: 'Copy both keys again from your LMS, whole and without spaces.',
    },
    rate_limited: { title: 'Too many sign-in attempts.', text: 'Wait a minute, then sign in again.' },
    unreachable: {
      title: 'The sign-in service cannot be reached.',
      text: 'Check your connection and try again. If it keeps failing, sign in with an access token.',
    },
    timeout: {
      title: 'The sign-in service did not answer in time.',
      text: 'Try again in a moment. If it keeps failing, sign in with an access token.',
    },
    failed: {
      title: 'The sign-in service did not issue a token.',
      text: 'Try again later, or sign in with an access token.',
    },
  },
};

const ru: AuthTexts = {
  intro: 'Войдите с токеном доступа или API-ключами вашей LMS, чтобы смотреть статистику курсов и группы меток.',
  demoTitle: 'Демо-режим',
  demoText: 'Сервер отвечает из встроенного демо-API со сгенерированными данными.',
  connectedTo: 'Подключено к',
  rejected: { title: 'Токен доступа отклонён.', text: 'Проверьте токен и войдите снова.' },
  tokenLabel: 'Токен доступа',
  showToken: 'Показать токен',
  emptyToken: 'Введите токен доступа.',
  remember: 'Не выходить из системы',
  signIn: 'Войти',
  signingIn: 'Входим…',
  useDemoToken: 'Демо-токен',
  storageNote:
    'Токен хранится только в этой вкладке браузера, если вы не выбрали «Не выходить из системы» на этом устройстве. Он передаётся этому серверу в заголовке запроса и никогда не попадает в адрес.',
  waysIn: 'Способы входа',
  tabs: { token: 'Токен доступа', keys: 'API-ключи' },
  keysIntro: 'Используйте ключи приложения, созданного в разделе «Настройки → API и интеграции» вашей LMS.',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Секретный ключ',
  showSecret: 'Показать ключ',
  emptyClientId: 'Введите Client ID.',
  emptyClientSecret: 'Введите секретный ключ.',
  keysNote:
    'Секретный ключ один раз передаётся этому серверу в теле запроса, чтобы получить токен, и нигде не хранится. Сохраняется только Client ID, чтобы подставить его в следующий раз.',
  expired: { title: 'Срок действия входа истёк.', text: 'Войдите снова, чтобы вернуться на ту же страницу.' },
  expiresAt: (time: string) => `Срок действия входа истекает в ${time}. Войдите снова, чтобы продолжить работу.`,
  signInAgain: 'Войти снова',
  exchange: {
    invalid_client: {
      title: 'Эти API-ключи отклонены.',
      text: 'Проверьте Client ID и секретный ключ или создайте новые ключи в LMS.',
    },
    invalid_request: {
      title: 'Эти API-ключи нельзя использовать.',
      text: 'Скопируйте оба ключа из LMS заново, целиком и без пробелов.',
    },
    rate_limited: { title: 'Слишком много попыток входа.', text: 'Подождите минуту и войдите снова.' },
    unreachable: {
      title: 'Служба входа недоступна.',
      text: 'Проверьте подключение и попробуйте снова. Если не получается, войдите с токеном доступа.',
    },
    timeout: {
      title: 'Служба входа не ответила вовремя.',
      text: 'Попробуйте ещё раз через минуту. Если не получается, войдите с токеном доступа.',
    },
    failed: {
      title: 'Служба входа не выдала токен.',
      text: 'Попробуйте позже или войдите с токеном доступа.',
    },
  },
};

export type AuthTexts = typeof en;

export const authCatalogs: Record<Locale, AuthTexts> = { en, ru };
