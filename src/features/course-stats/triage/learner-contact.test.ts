// @vitest-environment node
import { courseStatSchema, type CourseStatWire } from '@contract';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { collectEmails, isPlausibleEmail, mailtoLink, MAILTO_MAX_LENGTH, prepareRowAddresses } from './learner-contact';

const stat = (overrides: Partial<CourseStatWire>) => courseStatSchema.parse(courseStatWire(overrides));

describe('collectEmails', () => {
  it('keeps one of each address (ignoring case), in row order, and leaves out implausible ones', () => {
    const rows = [
      stat({ id: 1, user_email: 'anna@example.com' }),
      stat({ id: 2, user_email: 'boris@example.org' }),
      stat({ id: 3, user_email: 'Anna@Example.com' }),
      stat({ id: 4, user_email: '"><svg onload=alert(2)>@example.com' }),
      stat({ id: 5, user_email: 'not an address' }),
      stat({ id: 6, user_email: ' chloe@example.net ' }),
    ];
    expect(collectEmails(rows)).toEqual({
      emails: ['anna@example.com', 'boris@example.org', 'chloe@example.net'],
      invalid: 2,
    });
  });

  it.each(['a@b.co', 'o.brien+tag@example.co.uk', 'анна@пример.рф'])('accepts %j', (email) => {
    expect(isPlausibleEmail(email)).toBe(true);
  });

  it.each(['', 'a@b', '@example.com', 'a@@b.com', 'a b@c.com', 'a@b.com,c@d.com', 'a@b.com;x', '<a@b.com>', 'a@b.c'])(
    'refuses %j',
    (email) => {
      expect(isPlausibleEmail(email)).toBe(false);
    },
  );
});

describe('mailto links', () => {
  /** The link with no limit on its length. */
  const buildMailto = (emails: readonly string[]) => mailtoLink(emails, Number.POSITIVE_INFINITY).href ?? '';

  it('puts every address in BCC, percent-encoded, so none can add a header or recipient', () => {
    expect(buildMailto(['a@x.com', 'o&c=d?e@y.org'])).toBe('mailto:?bcc=a%40x.com,o%26c%3Dd%3Fe%40y.org');
    const href = buildMailto(['a@x.com', 'b@y.org']);
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.searchParams.get('bcc')).toBe('a@x.com,b@y.org');
    expect([...url.searchParams.keys()]).toEqual(['bcc']);
  });

  it('gives no link without addresses, or when it would be too long for mail clients', () => {
    expect(mailtoLink([])).toEqual({ href: null, reason: 'none' });
    const many = Array.from({ length: 200 }, (_, i) => `learner${i}@example.com`);
    const link = mailtoLink(many);
    expect(link.href).toBeNull();
    expect(link).toMatchObject({ reason: 'too_long' });
    expect(buildMailto(many).length).toBeGreaterThan(MAILTO_MAX_LENGTH);
    const few = many.slice(0, 20);
    expect(mailtoLink(few)).toEqual({ href: buildMailto(few) });
  });

  it('keeps a link of exactly the longest length, and refuses one character more', () => {
    const emails = ['a@b.co', 'o&c@y.org'];
    const href = buildMailto(emails);
    expect(href).toBe('mailto:?bcc=a%40b.co,o%26c%40y.org');
    expect(mailtoLink(emails, href.length)).toEqual({ href });
    expect(mailtoLink(emails, href.length - 1)).toEqual({ href: null, reason: 'too_long' });
    // One address alone: its link has no comma, and the count must not assume one.
    const one = buildMailto(emails.slice(0, 1));
    expect(mailtoLink(emails.slice(0, 1), one.length)).toEqual({ href: one });
    expect(mailtoLink(emails.slice(0, 1), one.length - 1)).toEqual({ href: null, reason: 'too_long' });
  });
});

describe('prepareRowAddresses', () => {
  it('checks each address ahead, so that collecting them later reads no address again, and collects the same', () => {
    const reads = { count: 0 };
    const watch = (overrides: Partial<CourseStatWire>) =>
      new Proxy(stat(overrides), {
        get(target, key, receiver) {
          if (key === 'user_email') reads.count += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const rows = [watch({ id: 1, user_email: ' Anna@Example.com ' }), watch({ id: 2, user_email: 'not an address' })];
    prepareRowAddresses(rows);
    expect(reads.count).toBe(2);
    expect(collectEmails(rows)).toEqual({ emails: ['Anna@Example.com'], invalid: 1 });
    expect(reads.count).toBe(2);
  });
});
