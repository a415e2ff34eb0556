import { randomBytes } from 'node:crypto';
import { tokenDigest } from './token-check';

/** Bounds memory however many tokens are asked for (see IssuedTokens for which go first). */
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
 *
 * At the bound, a token never used goes first (the oldest of them), and only when every token kept has been used,
 * the one used longest ago. A flood of token requests (each address is rate limited, but addresses are many) then
 * pushes out its own unused tokens, never a token someone is using.
 */
export class IssuedTokens {
  /** Hex digest -> expiry in ms since the epoch; issued and not used yet, in issue order (= expiry order). */
  private readonly unused = new Map<string, number>();
  /** The same for tokens used at least once, in the order of their last use (least recent first). */
  private readonly used = new Map<string, number>();

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
    this.unused.set(tokenDigest(token).toString('hex'), now + this.ttlS * 1000);
    return { token, createdAt: Math.floor(now / 1000), expiresInS: this.ttlS };
  }

  /** Issued here and not yet expired; a valid token counts as used (now). */
  isValid(token: string): boolean {
    const digest = tokenDigest(token).toString('hex');
    const expiry = this.used.get(digest) ?? this.unused.get(digest);
    if (expiry === undefined) return false;
    this.unused.delete(digest);
    this.used.delete(digest);
    if (this.now() >= expiry) return false;
    this.used.set(digest, expiry);
    return true;
  }

  get size(): number {
    return this.unused.size + this.used.size;
  }

  /** Forgets expired tokens, then makes room for one more. */
  private prune(now: number) {
    // Issue order is expiry order (one TTL for all): the first one still valid ends the sweep.
    for (const [digest, expiry] of this.unused) {
      if (expiry > now) break;
      this.unused.delete(digest);
    }
    // Used tokens are in use order, so an expired one is found when looked up or when it is the least recent.
    while (this.size >= this.max) {
      const victim = this.unused.size > 0 ? this.unused : this.used;
      const first = victim.keys().next();
      if (first.done) break;
      victim.delete(first.value);
    }
  }
}
