// An upstream answer may quote the request, token included: the URL it was asked (access_token=...), or the
// token itself. The proxy knows the token, so it takes it out of every answer it passes on (json-clean.ts), in
// each spelling a URL or a form could give it, before the browser can show it to anyone.

/**
 * Shorter tokens are not looked for: one that short is no secret worth hiding (it can be guessed), and taking it out
 * would mangle the data around it (a one-letter token would be every such letter of every name).
 */
export const ECHO_MIN_TOKEN_LENGTH = 8;

/**
 * The token as it may appear in an echoed URL: raw, percent-encoded (either hex case) and form-encoded; none for a
 * token shorter than ECHO_MIN_TOKEN_LENGTH.
 */
export function tokenSpellings(token: string): string[] {
  if (token.length < ECHO_MIN_TOKEN_LENGTH) return [];
  const percent = encodeURIComponent(token);
  const form = new URLSearchParams({ t: token }).toString().slice(2);
  const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
  const spellings = new Set([token, percent, form, lowerHex(percent), lowerHex(form)]);
  // Longest first, so a spelling that contains another is replaced whole.
  return [...spellings].filter((spelling) => spelling !== '').sort((a, b) => b.length - a.length);
}
