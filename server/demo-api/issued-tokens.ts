import { randomBytes } from 'node:crypto';
import { tokenDigest } from './token-check';

/** Bounds memory however many tokens are asked for; the oldest go first (they expire first too). */
const MAX_ISSUED = 10_000;

export interface IssuedToken {
  token: string;
  /** Seconds since the epoch, as Doorkeeper's created_at. */
  createdAt: number;
  expiresInS: number;
}

/**
 * The tokens the demo API's token endpoint has handed out, each valid for ttlS seconds. Kept as digests with their
 * expiry, never as the tokens themselves. `now` is the clock (tests pin it).
 */
export class IssuedTokens {
  /** Hex digest -> expiry in ms since the epoch, in issue order. */
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlS: number,
    private readonly now: () => number = Date.now,
    private readonly max = MAX_ISSUED,
  ) {}

  issue(): IssuedToken {
    const now = this.now();
    this.prune(now);
    // 32 random bytes, base64url: 43 characters, as Doorkeeper's own tokens look.
    const token = randomBytes(32).toString('base64url');
    this.expiries.set(tokenDigest(token).toString('hex'), now + this.ttlS * 1000);
    return { token, createdAt: Math.floor(now / 1000), expiresInS: this.ttlS };
  }

  /** Issued here and not yet expired. */
  isValid(token: string): boolean {
    const expiry = this.expiries.get(tokenDigest(token).toString('hex'));
    return expiry !== undefined && this.now() < expiry;
  }

  get size(): number {
    return this.expiries.size;
  }

  private prune(now: number) {
    for (const [digest, expiry] of this.expiries) {
      // Issue order is expiry order (one TTL for all): the first one still valid ends the sweep.
      if (expiry > now && this.expiries.size < this.max) break;
      this.expiries.delete(digest);
    }
  }
}
