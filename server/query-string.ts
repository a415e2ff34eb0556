// The query string as the demo API and the proxy read it. Parsed by hand rather than through Fastify's parser
// so that repeated names, malformed percent-encoding and encoded names (access%5Ftoken) are all visible.

export type ParsedQuery = { ok: true; params: Map<string, string[]> } | { ok: false; error: string };

export function rawQueryOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/** decodeURIComponent for form encoding ('+' is a space); null when the encoding is malformed. */
export function decodeQueryComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

export function parseQueryString(raw: string): ParsedQuery {
  const params = new Map<string, string[]>();
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodeQueryComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = decodeQueryComponent(eq === -1 ? '' : pair.slice(eq + 1));
    if (name === null || value === null) return { ok: false, error: 'The query string is not valid URL encoding' };
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  return { ok: true, params };
}

/**
 * Only the canonical spelling of a positive integer that JavaScript holds exactly: '1', '42'. Not '01', '+1',
 * ' 1', '1.0', '1e3' or ''. One spelling per number keeps ids, filters and cache keys unambiguous.
 */
export function parsePositiveInt(text: string): number | null {
  if (text.length > 16 || !/^[1-9]\d*$/.test(text)) return null;
  const value = Number(text);
  return value <= Number.MAX_SAFE_INTEGER ? value : null;
}

/** A name or value quoted in an error message: short, so a 100 kB parameter does not come back in the answer. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
