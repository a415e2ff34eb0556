const SAFE_PROTOCOLS = new Set(['http:', 'https:']);
/**
 * Control characters, whitespace of any kind and zero-width marks: browsers strip or ignore some of them while
 * parsing, which is how "java\tscript:" or " javascript:" slip past naive checks. Such a value is refused, not cleaned.
 */
function hasUnsafeCharacter(value: string): boolean {
  if (/[\s\u200B-\u200F\u2060]/u.test(value)) return true;
  // By UTF-16 unit: the control characters are all below U+00A0, and the iterator costs more (this runs for every row).
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * The value as a link target when it is an absolute http(s) URL with a host and no credentials, else null: not other
 * schemes (javascript:, data:, ...), relative or protocol-relative paths, or values padded with or holding whitespace
 * or control characters. The scheme's case is free; the href is the URL parser's.
 */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || hasUnsafeCharacter(value)) return null;
  // The URL parser would accept "http:example.com" or "http:/example.com"; ask for the two slashes.
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol) || url.hostname === '') return null;
  // "https://bank.example@evil.example/" reads as bank.example to a person; nothing here needs credentials.
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}
