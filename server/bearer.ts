/**
 * The token from `Authorization: Bearer <token>`. undefined when there is no Authorization header, null when
 * there is one but it is not a Bearer token (a client error, never silently ignored).
 */
export function bearerToken(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(header);
  return match?.[1] ?? null;
}
