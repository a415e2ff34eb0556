import {
  serverConfigSchema,
  CONFIG_PATH,
  TOKEN_EXCHANGE_PATH,
  tokenExchangeAnswerSchema,
  tokenExchangeErrorSchema,
  type TokenExchangeAnswer,
  type TokenExchangeErrorCode,
  type TokenExchangeRequest,
  type ServerConfig,
} from '@contract';
import { ApiError, errorForStatus, isApiError, parseRetryAfter, TokenExchangeFailure } from './api-error';
import { send, type RequestOptions } from './api-transport';
import { isRecord } from './is-record';
import { getToken } from './token-store';

export async function fetchServerConfig(options: RequestOptions = {}): Promise<ServerConfig> {
  const body = await getJson(CONFIG_PATH, { ...options, token: null });
  const parsed = serverConfigSchema.safeParse(body.json);
  if (!parsed.success) {
    throw new ApiError({ kind: 'invalid_response', status: body.status, reason: 'unexpected server configuration' });
  }
  return parsed.data;
}

/**
 * Trades API keys for a token at our server's exchange: the keys go in a JSON body, never a URL, and no token is sent.
 * Every failure is a TokenExchangeFailure with one of the exchange's codes; nothing here keeps or repeats the secret.
 */
export async function exchangeApiKeys(
  keys: TokenExchangeRequest,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<TokenExchangeAnswer> {
  let answer: Response;
  let text: string;
  try {
    ({ response: answer, text } = await send(TOKEN_EXCHANGE_PATH, { ...options, token: null }, JSON.stringify(keys)));
  } catch (error) {
    if (isApiError(error)) throw new TokenExchangeFailure(error.detail.kind === 'timeout' ? 'timeout' : 'unreachable');
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TokenExchangeFailure(answer.ok ? 'invalid_response' : codeForStatus(answer.status));
  }
  if (answer.ok) {
    const parsed = tokenExchangeAnswerSchema.safeParse(json);
    if (!parsed.success) throw new TokenExchangeFailure('invalid_response');
    return parsed.data;
  }
  const failure = tokenExchangeErrorSchema.safeParse(json);
  const code = failure.success ? failure.data.error : codeForStatus(answer.status);
  throw new TokenExchangeFailure(code, parseRetryAfter(answer.headers.get('Retry-After')));
}

/** An error answer without a code of ours (a proxy in between, an older server): the status says what it can. */
function codeForStatus(status: number): TokenExchangeErrorCode {
  if (status === 401) return 'invalid_client';
  if (status === 400) return 'invalid_request';
  if (status === 429) return 'rate_limited';
  if (status === 504) return 'timeout';
  return 'upstream_error';
}

interface JsonBody {
  status: number;
  headers: Headers;
  json: unknown;
}

/** GET, with the token in the Authorization header, a timeout, and every failure mapped to ApiError. */
export async function getJson(path: string, options: RequestOptions): Promise<JsonBody> {
  const token = options.token === undefined ? getToken() : options.token;
  const { response, text } = await send(path, { ...options, token });
  if (!response.ok) {
    throw new ApiError(
      errorForStatus(response.status, scrub(extractMessage(text), token), response.headers.get('Retry-After')),
    );
  }
  try {
    return { status: response.status, headers: response.headers, json: JSON.parse(text) as unknown };
  } catch {
    throw new ApiError({
      kind: 'invalid_response',
      status: response.status,
      reason: looksLikeHtml(text) ? 'the server sent an HTML page instead of JSON' : 'the response is not valid JSON',
    });
  }
}

/** The server's own words from an error body, whatever its content type; null when there are none. */
export function extractMessage(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    const json: unknown = JSON.parse(trimmed);
    if (typeof json === 'string') return clip(json);
    if (isRecord(json)) {
      for (const key of ['error', 'message', 'detail', 'error_description'] as const) {
        const value = json[key];
        if (typeof value === 'string' && value.trim() !== '') return clip(value);
        if (isRecord(value) && typeof value.message === 'string') return clip(value.message);
      }
    }
    return null;
  } catch {
    if (looksLikeHtml(trimmed)) return null;
    return clip(trimmed);
  }
}

function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);
}

function clip(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > 300 ? `${single.slice(0, 300)}…` : single;
}

/** An upstream that echoes the token back in its error must not put it on screen. */
function scrub(message: string | null, token: string | null): string | null {
  if (message === null || !token) return message;
  return message.split(token).join('[token]');
}
