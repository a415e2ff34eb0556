import type { Locale } from '@/lib/i18n';

const en = {
  intro: 'Sign in with an access token of your LMS API to browse course statistics and label groups.',
  demoTitle: 'Demo mode',
  demoText: 'This server answers from its built-in demo API with generated data.',
  connectedTo: 'Connected to',
  rejectedTitle: 'The access token was rejected.',
  rejectedText: 'Check the token and sign in again.',
  tokenLabel: 'Access token',
  showToken: 'Show token',
  emptyToken: 'Enter an access token.',
  remember: 'Remember on this device',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  useDemoToken: 'Use demo token',
  storageNote:
    'The token is kept in this browser tab only, unless you choose to be remembered on this device. It is sent to this server in a request header and never appears in an address.',
};

const ru: typeof en = {
  intro: 'Войдите с токеном доступа к API вашей LMS, чтобы смотреть статистику курсов и группы меток.',
  demoTitle: 'Демо-режим',
  demoText: 'Сервер отвечает из встроенного демо-API со сгенерированными данными.',
  connectedTo: 'Подключено к',
  rejectedTitle: 'Токен доступа отклонён.',
  rejectedText: 'Проверьте токен и войдите снова.',
  tokenLabel: 'Токен доступа',
  showToken: 'Показать токен',
  emptyToken: 'Введите токен доступа.',
  remember: 'Запомнить на этом устройстве',
  signIn: 'Войти',
  signingIn: 'Входим…',
  useDemoToken: 'Демо-токен',
  storageNote:
    'Токен хранится только в этой вкладке браузера, если вы не попросили запомнить его на этом устройстве. Он передаётся этому серверу в заголовке запроса и никогда не попадает в адрес.',
};

export const authCatalogs: Record<Locale, typeof en> = { en, ru };
