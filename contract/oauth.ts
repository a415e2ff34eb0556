import * as z from 'zod/mini';

// The token endpoint of an OAuth 2 client-credentials grant, as Teachbase (Rails Doorkeeper) answers it, and our
// server's own token exchange that the sign-in screen calls with API keys (docs/api.md, "Signing in with API keys").

/** Where the API's token endpoint is, below API_BASE_URL (OAUTH_TOKEN_PATH overrides it). */
export const OAUTH_TOKEN_PATH = '/oauth/token';

/** The grant and scope the API's public clients ask for. */
export const OAUTH_GRANT_TYPE = 'client_credentials';
export const OAUTH_SCOPE = 'public';

/** Keys and tokens longer than this are not keys: refused before anything is asked. */
export const OAUTH_VALUE_MAX_LENGTH = 512;

/**
 * A token endpoint's success, in the Doorkeeper form `{access_token, token_type, expires_in, created_at}`. Extra
 * fields (scope, refresh_token) are allowed and dropped. expires_in is absent when the token does not expire.
 */
export const oauthTokenSchema = z.object({
  access_token: z.string().check(z.regex(/^[\x21-\x7e]+$/), z.maxLength(OAUTH_VALUE_MAX_LENGTH)),
  token_type: z.string().check(z.regex(/^bearer$/i)),
  expires_in: z.optional(z.nullable(z.int().check(z.positive()))),
  created_at: z.optional(z.nullable(z.int())),
  scope: z.optional(z.string()),
});
export type OAuthToken = z.output<typeof oauthTokenSchema>;

/** A token endpoint's error (RFC 6749 §5.2), as Doorkeeper writes it. */
export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.optional(z.string()),
});
export type OAuthError = z.output<typeof oauthErrorSchema>;

/** Our server's token exchange: the browser posts its API keys here, never to the API itself. */
export const TOKEN_EXCHANGE_PATH = '/api/oauth/token';

const keyValue = z.string().check(z.minLength(1), z.maxLength(OAUTH_VALUE_MAX_LENGTH));

/** What the browser posts (JSON or form-encoded). */
export const tokenExchangeRequestSchema = z.object({ client_id: keyValue, client_secret: keyValue });
export type TokenExchangeRequest = z.output<typeof tokenExchangeRequestSchema>;

/** What the browser gets back: the token and when it expires (expires_in null: no known expiry). */
export const tokenExchangeAnswerSchema = z.strictObject({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.nullable(z.int()),
  created_at: z.nullable(z.int()),
});
export type TokenExchangeAnswer = z.output<typeof tokenExchangeAnswerSchema>;

/**
 * Why an exchange failed, for the sign-in screen to switch on. invalid_client: the keys were rejected (401).
 * invalid_request: the browser sent no usable keys (400). rate_limited: too many exchanges (429). unreachable,
 * timeout, invalid_response, upstream_error: the API's token endpoint could not be reached (502), did not answer
 * in time (504), answered something that is not a token (502), or failed in another way (502).
 */
export const TOKEN_EXCHANGE_ERRORS = [
  'invalid_client',
  'invalid_request',
  'rate_limited',
  'unreachable',
  'timeout',
  'invalid_response',
  'upstream_error',
] as const;
export type TokenExchangeErrorCode = (typeof TOKEN_EXCHANGE_ERRORS)[number];

/** A failed exchange: the code, and a sentence for a person (never holding the secret). */
export const tokenExchangeErrorSchema = z.strictObject({
  error: z.enum(TOKEN_EXCHANGE_ERRORS),
  error_description: z.string(),
});
export type TokenExchangeError = z.output<typeof tokenExchangeErrorSchema>;
