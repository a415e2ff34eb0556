import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenChecker, tokenDigest } from './token-check';

const EXPECTED = 'demo-token-2026';
const check = tokenChecker(EXPECTED);

describe('token check', () => {
  it('digests exactly as createHash does, 32 bytes for any length', () => {
    for (const token of ['', 'x', EXPECTED, 'й-not-ascii', 'a'.repeat(10_000)]) {
      const digest = tokenDigest(token);
      expect(digest).toEqual(createHash('sha256').update(token).digest());
      expect(digest).toHaveLength(32);
    }
  });

  it('accepts the right token from the header, the query, or both', () => {
    expect(check(`Bearer ${EXPECTED}`, undefined)).toBe('valid');
    expect(check(`bearer   ${EXPECTED}  `, undefined)).toBe('valid');
    expect(check(undefined, EXPECTED)).toBe('valid');
    expect(check(`Bearer ${EXPECTED}`, EXPECTED)).toBe('valid');
  });

  it('is missing only when no credential is offered at all', () => {
    expect(check(undefined, undefined)).toBe('missing');
    expect(check('', undefined)).toBe('invalid');
    expect(check(undefined, '')).toBe('invalid');
  });

  it('refuses wrong tokens of the same length, of other lengths, and near misses', () => {
    const sameLength = EXPECTED.slice(0, -1) + (EXPECTED.endsWith('6') ? '7' : '6');
    expect(sameLength).toHaveLength(EXPECTED.length);
    for (const wrong of [
      sameLength,
      EXPECTED.toUpperCase(),
      EXPECTED.slice(0, -1),
      `${EXPECTED}x`,
      `x${EXPECTED}`,
      'x',
      'a'.repeat(EXPECTED.length),
      'a'.repeat(1_000),
    ]) {
      expect(check(`Bearer ${wrong}`, undefined), wrong).toBe('invalid');
      expect(check(undefined, wrong), wrong).toBe('invalid');
    }
  });

  it('refuses a wrong credential even when the other one is right', () => {
    expect(check(`Bearer ${EXPECTED}`, 'wrong')).toBe('invalid');
    expect(check('Bearer wrong', EXPECTED)).toBe('invalid');
  });

  it('refuses an Authorization header that is not a Bearer token', () => {
    expect(check(`Basic ${EXPECTED}`, undefined)).toBe('invalid');
    expect(check('Bearer', undefined)).toBe('invalid');
    expect(check(`Bearer ${EXPECTED} extra`, undefined)).toBe('invalid');
    expect(check(`Basic ${EXPECTED}`, EXPECTED)).toBe('invalid');
  });

  it('checks against the token it was made for', () => {
    const other = tokenChecker('another-token');
    expect(other('Bearer another-token', undefined)).toBe('valid');
    expect(other(`Bearer ${EXPECTED}`, undefined)).toBe('invalid');
  });
});
