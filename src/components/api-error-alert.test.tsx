import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, InvalidRequestError, type ApiErrorDetail } from '@/lib/api-error';
import { LocaleProvider, type Locale } from '@/lib/i18n';
import { ApiErrorAlert } from './api-error-alert';

function renderAlert(detail: ApiErrorDetail | Error, locale: Locale = 'en', notFoundMessage?: string) {
  const onRetry = vi.fn();
  const error = detail instanceof Error ? detail : new ApiError(detail);
  render(
    <LocaleProvider initial={locale}>
      <ApiErrorAlert error={error} onRetry={onRetry} notFoundMessage={notFoundMessage} />
    </LocaleProvider>,
  );
  const alert = screen.getByRole('alert');
  // One paragraph each: the title, the explanation, then the detail (if any).
  const lines = [...alert.querySelectorAll('p')].map((line) => line.textContent);
  const retry = within(alert).queryByRole('button');
  return { lines, retry: retry?.textContent ?? null, onRetry };
}

describe('ApiErrorAlert', () => {
  it.each<[string, ApiErrorDetail, string[], string | null]>([
    [
      '401',
      { kind: 'unauthorized', status: 401, message: 'Invalid token' },
      ['The access token was rejected.', 'Sign in again with a valid token.', 'The API said: Invalid token'],
      null,
    ],
    [
      '403',
      { kind: 'unauthorized', status: 403, message: null },
      [
        'This access token is not allowed to see this.',
        'Ask your LMS administrator for access, or sign in with another token.',
      ],
      null,
    ],
    [
      '404',
      { kind: 'not_found', status: 404, message: 'Course not found' },
      [
        'Not found.',
        'The API has nothing under this ID, or this token cannot see it. Check the ID.',
        'The API said: Course not found',
      ],
      null,
    ],
    [
      '400',
      { kind: 'bad_request', status: 400, message: 'Bad page' },
      ['The API refused the request.', 'It did not accept the request as sent (HTTP 400).', 'The API said: Bad page'],
      null,
    ],
    [
      '429',
      { kind: 'rate_limited', status: 429, retryAfterMs: 4_200, message: 'Slow down' },
      [
        'The API is rate limiting requests.',
        'The app retried and stopped; try again in 5 s or later.',
        'The API said: Slow down',
      ],
      'Retry',
    ],
    [
      '500',
      { kind: 'server', status: 500, message: 'Internal error' },
      [
        'The API had a problem answering.',
        'The problem is on the API’s side (HTTP 500). Try again in a moment.',
        'The API said: Internal error',
      ],
      'Retry',
    ],
    [
      '502',
      { kind: 'server', status: 502, message: 'The upstream API cannot be reached' },
      [
        'The API cannot be reached.',
        'Our server could not get an answer from the API (HTTP 502). Try again in a moment.',
        'The API said: The upstream API cannot be reached',
      ],
      'Retry',
    ],
    [
      '504',
      { kind: 'server', status: 504, message: null },
      ['The API took too long to answer.', 'No answer in time (HTTP 504). Try again in a moment.'],
      'Retry',
    ],
    [
      'a lost connection',
      { kind: 'network', message: 'Failed to fetch' },
      [
        'No connection to the server.',
        'The request got no answer: the connection was lost, or the server is down. Check your internet connection, then try again.',
      ],
      'Retry',
    ],
    [
      'a timeout',
      { kind: 'timeout', timeoutMs: 15_000 },
      ['The API took too long to answer.', 'No answer within 15 s. Try again in a moment.'],
      'Retry',
    ],
    [
      'invalid data',
      { kind: 'invalid_response', status: 200, reason: 'Expected a JSON array, received an object' },
      [
        'The API sent an answer this app cannot read.',
        'Its data did not have the expected shape. Trying again may help; if not, the API has changed.',
        'Details: Expected a JSON array, received an object',
      ],
      'Retry',
    ],
  ])('explains %s, with the API’s own words only as a detail', (_name, detail, lines, retry) => {
    const shown = renderAlert(detail);
    expect(shown.lines).toEqual(lines);
    expect(shown.retry).toBe(retry);
  });

  it.each<[string, ApiErrorDetail, string[]]>([
    [
      '401',
      { kind: 'unauthorized', status: 401, message: 'Invalid token' },
      ['Токен доступа отклонён.', 'Войдите снова с действующим токеном.', 'Ответ API: Invalid token'],
    ],
    [
      '403',
      { kind: 'unauthorized', status: 403, message: 'Forbidden' },
      [
        'Этому токену доступа это не разрешено.',
        'Попросите доступ у администратора LMS или войдите с другим токеном.',
        'Ответ API: Forbidden',
      ],
    ],
    [
      '404',
      { kind: 'not_found', status: 404, message: 'Course not found' },
      [
        'Курс 7 не найден',
        'В API нет ничего с этим ID, или этот токен его не видит. Проверьте ID.',
        'Ответ API: Course not found',
      ],
    ],
    [
      '429',
      { kind: 'rate_limited', status: 429, retryAfterMs: null, message: null },
      ['API ограничивает частоту запросов.', 'Приложение повторило запрос и остановилось; попробуйте чуть позже.'],
    ],
    [
      '503',
      { kind: 'server', status: 503, message: 'Service Unavailable' },
      [
        'У API возникла ошибка при ответе.',
        'Ошибка на стороне API (HTTP 503). Попробуйте чуть позже.',
        'Ответ API: Service Unavailable',
      ],
    ],
    [
      'a lost connection',
      { kind: 'network', message: 'Failed to fetch' },
      [
        'Нет связи с сервером.',
        'Запрос остался без ответа: соединение прервалось или сервер не работает. Проверьте подключение к интернету и попробуйте снова.',
      ],
    ],
    [
      'invalid data',
      { kind: 'invalid_response', status: 200, reason: 'Expected a JSON array' },
      [
        'API прислал ответ, который приложение не может прочитать.',
        'Данные пришли не в том виде, который ожидался. Повтор может помочь; если нет, значит, API изменился.',
        'Подробности: Expected a JSON array',
      ],
    ],
  ])('explains %s in Russian', (_name, detail, lines) => {
    expect(renderAlert(detail, 'ru', 'Курс 7 не найден').lines).toEqual(lines);
  });

  it('offers Retry only for what a second try can fix, and calls it', () => {
    const notFound = renderAlert({ kind: 'not_found', status: 404, message: null }, 'en', 'Course 7 not found');
    expect(notFound.lines).toEqual([
      'Course 7 not found',
      'The API has nothing under this ID, or this token cannot see it. Check the ID.',
    ]);
    expect(notFound.retry).toBeNull();
    cleanup();

    const lost = renderAlert({ kind: 'network', message: 'Failed to fetch' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(lost.onRetry).toHaveBeenCalledTimes(1);
  });

  it('explains a request refused before it was sent, and a failure of its own', () => {
    expect(renderAlert(new InvalidRequestError('Invalid page: too small')).lines).toEqual([
      'This request cannot be sent.',
      'The values asked for are not ones the API takes.',
      'Details: Invalid page: too small',
    ]);
  });
});
