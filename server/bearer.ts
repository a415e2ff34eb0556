/**
 * The longest token passed on. Teachbase's are 43 to 64 characters, and an exchanged one is capped at 512 (the
 * contract's tokens): anything this long is no token, and would only make the upstream's URL too long to read.
 */
export const BEARER_TOKEN_MAX_LENGTH = 1024;

/**
 * The token from `Authorization: Bearer <token>`. undefined when there is no Authorization header, null when
 * there is one but it is not a Bearer token (a client error, never silently ignored).
 */
export function bearerToken(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(header);
  return match?.[1] ?? null;
}
