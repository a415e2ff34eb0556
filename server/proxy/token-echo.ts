// An upstream answer may quote the request, token included: the URL it was asked (access_token=...), or the
// token itself. The proxy knows the token, so it takes it out of every answer it passes on (json-clean.ts), in
// each spelling a URL or a form could give it, before the browser can show it to anyone.

/** The token as it may appear in an echoed URL: raw, percent-encoded (either hex case) and form-encoded. */
export function tokenSpellings(token: string): string[] {
  const percent = encodeURIComponent(token);
  const form = new URLSearchParams({ t: token }).toString().slice(2);
  const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
  const spellings = new Set([token, percent, form, lowerHex(percent), lowerHex(form)]);
  // Longest first, so a spelling that contains another is replaced whole.
  return [...spellings].filter((spelling) => spelling !== '').sort((a, b) => b.length - a.length);
}
