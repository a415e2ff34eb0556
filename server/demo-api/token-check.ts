import { hash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from '../bearer';

export type TokenVerdict = 'missing' | 'valid' | 'invalid';

/**
 * SHA-256 of a token: 32 bytes whatever its length, so timingSafeEqual compares equal-length values and the time
 * taken says nothing about the expected token, not even its length. crypto.hash is the one-shot form: the same
 * digest as createHash().update().digest() without building a Hash object on every request.
 */
export const tokenDigest = (text: string): Buffer => hash('sha256', text, 'buffer');

/**
 * The token may come as `Authorization: Bearer` (our browser client) or as the access_token parameter (how the
 * real upstream takes it). Every credential offered must be right; none at all is 'missing'. The expected
 * token's digest is computed once; each credential offered is hashed once and compared in constant time.
 * `isIssued` also accepts the tokens the demo's token endpoint handed out, while they last.
 */
export function tokenChecker(expected: string, isIssued: (token: string) => boolean = () => false) {
  const expectedDigest = tokenDigest(expected);
  const isRight = (token: string | null | undefined) =>
    typeof token === 'string' && (timingSafeEqual(tokenDigest(token), expectedDigest) || isIssued(token));
  return (header: string | undefined, queryToken: string | undefined): TokenVerdict => {
    const fromHeader = bearerToken(header);
    if (fromHeader === undefined && queryToken === undefined) return 'missing';
    if (fromHeader !== undefined && !isRight(fromHeader)) return 'invalid';
    if (queryToken !== undefined && !isRight(queryToken)) return 'invalid';
    return 'valid';
  };
}
