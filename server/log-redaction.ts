import { decodeQueryComponent } from './query-string';

/**
 * The URL as it may appear in a log line: the value of any query parameter whose (decoded) name mentions a
 * token or a secret is replaced, however the name is spelled (access_token, access%5Ftoken, ACCESS_TOKEN,
 * client_secret).
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      const name = (decodeQueryComponent(rawName) ?? rawName).toLowerCase();
      return name.includes('token') || name.includes('secret') ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

/** Fastify's request log serializer, without headers (Authorization stays out) and with the URL redacted. */
export function serializeRequest(request: { method?: string; url?: string; socket?: { remoteAddress?: string } }) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    remoteAddress: request.socket?.remoteAddress,
  };
}
