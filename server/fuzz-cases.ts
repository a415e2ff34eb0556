import { DEFAULT_DEMO_TOKEN } from './config';
import { Random } from './demo-api/random';

// Seeded random requests for the fuzz tests: odd paths (%, %zz, %00, traversal, overlong and double encodings,
// unicode, very long segments), odd query strings (unknown, repeated, malformed and huge parameters), odd methods,
// credentials and headers.

const PREFIXES = [
  '/endpoint/v1/courses/',
  '/endpoint/v1/label_groups',
  '/endpoint/v1/',
  '/endpoint/',
  '/api/',
  '/api/config',
  '/',
  '/assets/',
  '/healthz',
  '/courses/',
];
const SEGMENTS = [
  '101',
  '1000',
  '105',
  '999',
  '0',
  '01',
  '-1',
  '1.5',
  'abc',
  '%',
  '%zz',
  '%00',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  '%2f',
  '',
  'ü',
  '%C3%BC',
  '%F0%9F%98%80',
  '😀',
  'Анна',
  'x'.repeat(300),
  'course_stats',
  'label_groups',
  ';',
  'http:',
  '%u0041',
  '%25',
  '%E0%A4%A',
  '\\',
  '~',
  '*',
  '%20',
  '+',
  'index.html',
  'a.js',
  '%2e',
  'http://evil.example',
  '@evil',
  '%C0%AE%C0%AE',
  '%252e%252e',
  '%252F',
  '%EF%BC%8F',
  '..%5c',
  '%5c',
  '%0d%0a',
  '%09',
  '1%00',
  '1;x=1',
  '1#',
  '.env',
  '9007199254740993',
  '1'.repeat(40),
  'x'.repeat(3000),
];
const NAMES = [
  'page',
  'per_page',
  'user_id',
  'course_session_id',
  'access_token',
  'foo',
  '__proto__',
  'constructor',
  '%zz',
  'page%00',
  'PAGE',
  '',
  'access%5Ftoken',
  '%',
  '[]',
  'page[]',
  'toString',
  'hasOwnProperty',
];
const VALUES = [
  '1',
  '2',
  '100',
  '101',
  '0',
  '-1',
  '1.5',
  'abc',
  '',
  '+1',
  ' 1',
  '%201',
  '01',
  '%',
  '%zz',
  '%00',
  '9007199254740993',
  '1e3',
  'x'.repeat(5000),
  'Анна',
  '😀',
  '%F0%9F',
  '&',
  '=',
  '==',
  '%26',
  '%3D',
  '10003',
  '%0d%0aSet-Cookie:%20x=1',
  '1%0aX:1',
  '%C0%AE',
  '0x10',
  'NaN',
  'Infinity',
  '-0',
  '1_000',
  '１',
  'true',
  'null',
  '[]',
  '{}',
  '1,2',
  '%2B1',
  'y'.repeat(60_000),
];
/** Headers a client (or an attacker) might add: none of them may change an answer's shape or reach the upstream. */
const ODD_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['cookie', 'session=abc; other=1'],
  ['cookie', `big=${'c'.repeat(6000)}`],
  ['host', 'evil.example'],
  ['host', ''],
  ['x-forwarded-for', '10.0.0.1, 127.0.0.1'],
  ['x-forwarded-for', 'not an address'],
  ['x-forwarded-host', 'evil.example'],
  ['x-forwarded-proto', 'gopher'],
  ['forwarded', 'for=10.0.0.1;host=evil.example;proto=https'],
  ['x-original-url', '/admin'],
  ['x-rewrite-url', '/endpoint/v1/users'],
  ['x-http-method-override', 'DELETE'],
  ['origin', 'null'],
  ['origin', 'https://evil.example'],
  ['referer', 'javascript:alert(1)'],
  ['accept', 'text/html'],
  ['accept', '*/*;q=0.1, application/xml'],
  ['accept-encoding', 'gzip, deflate, br, zstd'],
  ['accept-language', 'xx-' + 'y'.repeat(500)],
  ['content-type', 'application/json'],
  ['content-type', 'multipart/form-data; boundary=--x'],
  ['content-type', 'text/plain; charset=utf-7'],
  ['if-none-match', '"v1", W/"v2"'],
  ['if-modified-since', 'not a date'],
  ['range', 'bytes=0-10, 20-'],
  ['range', 'bytes=-99999999999999999999'],
  ['user-agent', 'Mozilla/5.0 () { :; }; echo vulnerable'],
  ['user-agent', 'u'.repeat(7000)],
  ['x-requested-with', 'XMLHttpRequest'],
  ['upgrade-insecure-requests', '1'],
  ['cache-control', 'no-cache, max-age=-1'],
  ['proxy-authorization', 'Basic YTpi'],
  ['x-api-key', DEFAULT_DEMO_TOKEN.replace(/./g, 'k')],
  ['te', 'trailers'],
  ['x-empty', ''],
  ['x-tab', 'a\tb'],
];
const AUTHORIZATIONS = [
  null,
  null,
  `Bearer ${DEFAULT_DEMO_TOKEN}`,
  `Bearer ${DEFAULT_DEMO_TOKEN}`,
  `bearer   ${DEFAULT_DEMO_TOKEN}  `,
  'Bearer wrong',
  'Basic abc',
  'Bearer',
  '',
  `Bearer ${'a'.repeat(9000)}`,
  `Bearer ${DEFAULT_DEMO_TOKEN}, Bearer other`,
];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS', 'PUT'] as const;

export interface FuzzCase {
  method: (typeof METHODS)[number];
  url: string;
  authorization: string | null;
  /** Odd extra headers, lower-case names; at most one of each name. */
  headers: Record<string, string>;
}

function oddHeaders(random: Random): Record<string, string> {
  const headers: Record<string, string> = {};
  const count = random.chance(0.4) ? 0 : random.int(1, 4);
  for (let i = 0; i < count; i += 1) {
    const [name, value] = random.pick(ODD_HEADERS);
    headers[name] = value;
  }
  return headers;
}

/** A request close to a real one, with one thing perhaps wrong: it reaches the API's checks past the first. */
function nearValidCase(random: Random): FuzzCase {
  const stats = random.chance(0.8);
  const courseId = random.pick(['101', '1000', '105', '106', '999']);
  const path = stats ? `/endpoint/v1/courses/${courseId}/course_stats` : '/endpoint/v1/label_groups';
  const pairs = stats
    ? ['page', 'per_page', 'user_id', 'course_session_id']
        .filter(() => random.chance(0.3))
        .map((name) => `${name}=${random.chance(0.8) ? random.int(1, 120) : random.pick(VALUES)}`)
    : [];
  const query = pairs.length === 0 ? '' : `?${pairs.join('&')}`;
  const method = random.chance(0.9) ? 'GET' : random.pick(METHODS);
  return { method, url: path + query, authorization: random.pick(AUTHORIZATIONS), headers: oddHeaders(random) };
}

function randomCase(random: Random): FuzzCase {
  if (random.chance(0.3)) return nearValidCase(random);
  let path = random.pick(PREFIXES);
  const segmentCount = random.int(0, 4);
  for (let i = 0; i < segmentCount; i += 1) {
    path += (i === 0 ? '' : random.chance(0.1) ? '//' : '/') + random.pick(SEGMENTS);
  }
  if (path.startsWith('/endpoint/v1/courses/') && random.chance(0.5)) path += '/course_stats';
  const pairs: string[] = [];
  const pairCount = random.chance(0.2) ? 0 : random.int(1, 6);
  for (let i = 0; i < pairCount; i += 1) {
    const name = random.pick(NAMES);
    // The token goes only where a token belongs: the log can hide it there, not in any other parameter.
    const value = /token/i.test(name) && random.chance(0.5) ? DEFAULT_DEMO_TOKEN : random.pick(VALUES);
    pairs.push(random.chance(0.1) ? name : `${name}=${value}`);
  }
  const query = pairs.length === 0 ? '' : `?${pairs.join(random.chance(0.1) ? '&&' : '&')}`;
  return {
    method: random.pick(METHODS),
    url: path + query,
    authorization: random.pick(AUTHORIZATIONS),
    headers: oddHeaders(random),
  };
}

export function fuzzCases(count: number, seed = 424242): FuzzCase[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => randomCase(random));
}
