// An upstream error may quote the request, token included: the URL it was asked (access_token=...), or the
// token itself. The proxy knows the token, so it takes it out of every error it passes on, in each spelling a
// URL or a form could give it, before the browser can show it to anyone.

const PLACEHOLDER = '[token]';

/** The token as it may appear in an echoed URL: raw, percent-encoded (either hex case) and form-encoded. */
export function tokenSpellings(token: string): string[] {
  const percent = encodeURIComponent(token);
  const form = new URLSearchParams({ t: token }).toString().slice(2);
  const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
  const spellings = new Set([token, percent, form, lowerHex(percent), lowerHex(form)]);
  // Longest first, so a spelling that contains another is replaced whole.
  return [...spellings].filter((spelling) => spelling !== '').sort((a, b) => b.length - a.length);
}

function scrubText(text: string, spellings: readonly string[]): string {
  let result = text;
  for (const spelling of spellings) result = result.split(spelling).join(PLACEHOLDER);
  return result;
}

/** The parsed JSON with the token replaced in every string, keys included. */
export function scrubToken(value: unknown, spellings: readonly string[]): unknown {
  if (typeof value === 'string') return scrubText(value, spellings);
  if (Array.isArray(value)) return value.map((item: unknown) => scrubToken(item, spellings));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [scrubText(key, spellings), scrubToken(item, spellings)]),
    );
  }
  return value;
}
