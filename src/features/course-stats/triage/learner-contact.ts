import type { CourseStat } from '@contract';
import { oncePerObject } from '@/lib/once-per-object';

/** Mail clients and browsers start cutting or refusing mailto: links somewhere past 2,000 characters. */
export const MAILTO_MAX_LENGTH = 2000;

// Obviously broken addresses only: one @, text either side, a dot in the domain, nothing ending or splitting it.
const PLAUSIBLE_EMAIL = /^[^\s@,;:<>()[\]\\"]+@[^\s@,;:<>()[\]\\"]+\.[^\s@,;:<>()[\]\\".]{2,}$/u;

export function isPlausibleEmail(value: string): boolean {
  return value.length <= 254 && PLAUSIBLE_EMAIL.test(value);
}

export interface CollectedEmails {
  /** Distinct (ignoring case) plausible addresses, in the order of the rows. */
  emails: string[];
  /** Rows whose address was left out as implausible. */
  invalid: number;
}

/** The row's address, trimmed and as compared (case aside); null when implausible. Checked once per row. */
const addressOf = oncePerObject((row: CourseStat): { email: string; key: string } | null => {
  const email = row.user_email.trim();
  return isPlausibleEmail(email) ? { email, key: email.toLowerCase() } : null;
});

/** Checks each row's address now, ahead of the first collectEmails over it (as prepareRowFacts does for facts). */
export function prepareRowAddresses(rows: readonly CourseStat[]): void {
  for (const row of rows) addressOf(row);
}

export function collectEmails(rows: readonly CourseStat[]): CollectedEmails {
  const seen = new Set<string>();
  const emails: string[] = [];
  let invalid = 0;
  for (const row of rows) {
    const address = addressOf(row);
    if (address === null) invalid += 1;
    else if (!seen.has(address.key)) {
      seen.add(address.key);
      emails.push(address.email);
    }
  }
  return { emails, invalid };
}

const MAILTO_PREFIX = 'mailto:?bcc=';

export type MailtoLink = { href: string } | { href: null; reason: 'none' | 'too_long' };

/**
 * The link for these addresses, or why there is none. Each address is in BCC (learners do not see each other's) and
 * percent-encoded (none can add a header). The length is counted as addresses are encoded, stopping at the first that
 * makes it too long: a whole course's 10,000 addresses, collected at every hand-over, made a link of some 300 KB.
 */
export function mailtoLink(emails: readonly string[], maxLength = MAILTO_MAX_LENGTH): MailtoLink {
  if (emails.length === 0) return { href: null, reason: 'none' };
  const encoded: string[] = [];
  // The first address has no comma before it.
  let length = MAILTO_PREFIX.length - 1;
  for (const email of emails) {
    const part = encodeURIComponent(email);
    length += 1 + part.length;
    if (length > maxLength) return { href: null, reason: 'too_long' };
    encoded.push(part);
  }
  return { href: MAILTO_PREFIX + encoded.join(',') };
}
