import type { FastifyReply } from 'fastify';

/**
 * The built app loads only its own files; nothing eval'd, no framing, and nothing inline but the scripts named by
 * their hashes ('sha256-…'): index.html's first script (spa.ts).
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * API answers are JSON, never a document: opened directly in a tab, nothing in them may load, run or be framed,
 * even if a browser were to sniff past the content type.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
};

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
};

/**
 * Whether a request target is one that only ever answers JSON: the API under /endpoint (any version, known path or
 * not), the demo's token endpoint under /oauth, and our token exchange under /api/oauth. An absolute-form target
 * (http://host/endpoint/...) is routed by its path, so it is judged by its path too.
 */
export function isApiPath(url: string): boolean {
  return /^([a-z][\w+.-]*:\/\/[^/?#]*)?\/(endpoint|oauth|api\/oauth)([/?#]|$)/i.test(url);
}

/** The headers every answer to this request target carries. */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  return isApiPath(url) ? API_SECURITY_HEADERS : SECURITY_HEADERS;
}

export function applySecurityHeaders(reply: FastifyReply, url: string): void {
  reply.headers(securityHeadersFor(url));
}
