import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  OAUTH_GRANT_TYPE,
  OAUTH_SCOPE,
  OAUTH_TOKEN_PATH,
  type OAuthError,
  type OAuthToken,
} from '../../contract/index';
import { JSON_TYPE, sendError } from '../http-answers';
import type { RateLimits } from '../ops/rate-limit';
import { parseQueryString } from '../query-string';
import type { IssuedTokens } from './issued-tokens';
import { tokenDigest } from './token-check';

export interface DemoOAuthOptions {
  clientId: string;
  clientSecret: string;
  tokens: IssuedTokens;
  rateLimits: RateLimits;
  /** Token requests per client address per minute (TOKEN_RATE_LIMIT_MAX, as for our own exchange); 0: no limit. */
  rateLimitMax: number;
}

/** A form body holds two keys and two words; anything near this size is not a token request. */
export const TOKEN_REQUEST_MAX_BYTES = 4096;

// Doorkeeper's own words for each error, so the demo answers what a Teachbase client would meet.
const DESCRIPTIONS = {
  invalid_request:
    'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  unsupported_grant_type: 'The authorization grant type is not supported by the authorization server.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
} as const;
type DemoOAuthErrorCode = keyof typeof DESCRIPTIONS;

function sendOAuth(reply: FastifyReply, status: number, body: OAuthToken | OAuthError): FastifyReply {
  // RFC 6749 §5.1: a token answer must not be cached.
  return reply.code(status).type(JSON_TYPE).header('cache-control', 'no-store').header('pragma', 'no-cache').send(body);
}

function refuse(reply: FastifyReply, error: DemoOAuthErrorCode): FastifyReply {
  return sendOAuth(reply, error === 'invalid_client' ? 401 : 400, { error, error_description: DESCRIPTIONS[error] });
}

/** Client id and secret from `Authorization: Basic` (RFC 6749 §2.3.1), which Doorkeeper accepts beside the body. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return null;
  const form = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));
  try {
    return { id: form(decoded.slice(0, colon)), secret: form(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/**
 * The demo API's token endpoint: an OAuth 2 client-credentials grant as Teachbase (Rails Doorkeeper) answers it.
 * POST a form with grant_type=client_credentials, scope=public, client_id and client_secret (or the keys as
 * HTTP Basic); get `{access_token, token_type: "bearer", expires_in, created_at}`. The token works on both
 * endpoints until it expires, then gets the same 401 as a wrong one. The secret is compared by digest, in constant
 * time, and never logged: the request log has no bodies.
 *
 * Each client address gets TOKEN_RATE_LIMIT_MAX requests a minute, counted like the proxy's limits (in Redis when
 * REDIS_URL is set; a sign-in through /api/oauth/token counts against the address it came from): with the store's
 * bound (issued-tokens.ts), a flood of requests cannot push out the tokens that are in use.
 */
export const demoOAuth: FastifyPluginAsync<DemoOAuthOptions> = async (app, options) => {
  await options.rateLimits.register(app, { name: 'demo_token', max: options.rateLimitMax });
  const expectedId = tokenDigest(options.clientId);
  const expectedSecret = tokenDigest(options.clientSecret);

  // This scope reads form bodies, as text; the rest of the server takes none.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: TOKEN_REQUEST_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(OAUTH_TOKEN_PATH, { bodyLimit: TOKEN_REQUEST_MAX_BYTES }, async (request, reply) => {
    if (typeof request.body !== 'string') return refuse(reply, 'invalid_request');
    const parsed = parseQueryString(request.body);
    if (!parsed.ok) return refuse(reply, 'invalid_request');
    const fields = new Map<string, string>();
    for (const [name, values] of parsed.params) {
      if (values.length > 1) return refuse(reply, 'invalid_request');
      fields.set(name, values[0] ?? '');
    }

    const grantType = fields.get('grant_type');
    if (grantType === undefined || grantType === '') return refuse(reply, 'invalid_request');
    if (grantType !== OAUTH_GRANT_TYPE) return refuse(reply, 'unsupported_grant_type');

    const basic = basicCredentials(request.headers.authorization);
    const id = fields.get('client_id') ?? basic?.id;
    const secret = fields.get('client_secret') ?? basic?.secret;
    // Both compared, always: the time taken says nothing about which one was wrong.
    const idRight = timingSafeEqual(tokenDigest(id ?? ''), expectedId);
    const secretRight = timingSafeEqual(tokenDigest(secret ?? ''), expectedSecret);
    if (!idRight || !secretRight) return refuse(reply, 'invalid_client');

    const scope = fields.get('scope');
    if (scope !== undefined && scope !== '' && scope.split(' ').some((word) => word !== OAUTH_SCOPE)) {
      return refuse(reply, 'invalid_scope');
    }

    const issued = options.tokens.issue();
    return sendOAuth(reply, 200, {
      access_token: issued.token,
      token_type: 'bearer',
      expires_in: issued.expiresInS,
      scope: OAUTH_SCOPE,
      created_at: issued.createdAt,
    });
  });

  app.route({
    method: ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT'],
    url: OAUTH_TOKEN_PATH,
    handler: async (_request, reply) => sendError(reply.header('allow', 'POST'), 405, 'Only POST is allowed here'),
  });
};
