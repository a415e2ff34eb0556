// A stand-in for the real LMS API, for the fault-injection specs. It listens on 127.0.0.1 only. Each spec signs
// in with its own token and scripts the answers for that token, so specs running in parallel never see each
// other's faults:
//
//   POST /__script  { token, steps: [{ path?, query?, status?, body?, rawBody?, echo?, headers?, delayMs?, hold?, times? }], fallback? }
//   POST /__release { token }    sends the answers this token's `hold` steps are keeping back
//   GET  /__requests?token=...   what this token's requests looked like (path, query without the token, headers)
//
// Requests for a token with no script get the plain answer: [] for label groups; three courses, with Total, for
// the course list; the one active session the rows name for a course's sessions (none archived); one generated
// page of statistics otherwise. A step's `path` is matched against the path alone, so `"/courses$"` scripts
// the course list and `"/course_sessions$"` the sessions.
// The course list and the sessions (beyond the API description) take only steps whose path names them: a step
// with no path, and the fallback, are for the described paths, so specs written before these requests keep theirs.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { statRow } from './upstream-rows';

export interface ScriptStep {
  /** Regular expression the request path must match; any path when absent. */
  path?: string;
  /** Query parameters the request must carry with these values (`{ filter: 'archived' }`); any when absent. */
  query?: Record<string, string>;
  status?: number;
  body?: unknown;
  /** Sent as is instead of JSON (malformed JSON, an HTML page). */
  rawBody?: string;
  /** Answers {error} quoting the request as it came, URL and token both: a careless API that echoes. */
  echo?: boolean;
  headers?: Record<string, string>;
  delayMs?: number;
  /** The answer waits until the test releases it (POST /__release): "slow" for as long as the test needs. */
  hold?: boolean;
  /** How many requests this step answers before the next step applies (default 1). */
  times?: number;
}

interface Script {
  steps: ScriptStep[];
  fallback: ScriptStep | null;
}

interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  at: number;
}

const scripts = new Map<string, Script>();
const seen = new Map<string, SeenRequest[]>();
/** Per token, the answers that hold steps keep back until released. */
const held = new Map<string, Array<() => void>>();

/** The default course list: the courses the default statistics name (`Scripted course <id>`). */
const DEFAULT_COURSES = [1, 2, 3].map((id) => ({ id, name: `Scripted course ${id}`, last_activity: null }));

function defaultAnswer(url: URL): ScriptStep {
  if (url.pathname.endsWith('/label_groups')) return { status: 200, body: [] };
  if (url.pathname.endsWith('/courses')) {
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = Number(url.searchParams.get('per_page') ?? '10');
    const body = DEFAULT_COURSES.slice((page - 1) * perPage, page * perPage);
    return { status: 200, body, headers: { Total: String(DEFAULT_COURSES.length), 'Per-Page': String(perPage) } };
  }
  const sessions = /\/courses\/(\d+)\/course_sessions$/.exec(url.pathname);
  if (sessions) {
    const active = url.searchParams.get('filter') !== 'archived';
    const body = active ? [{ id: 1, name: 'Scripted session', course_id: Number(sessions[1]), finished: false }] : [];
    return { status: 200, body };
  }
  const match = /\/courses\/(\d+)\/course_stats$/.exec(url.pathname);
  const courseId = Number(match?.[1] ?? 1);
  const page = Number(url.searchParams.get('page') ?? '1');
  const perPage = Number(url.searchParams.get('per_page') ?? '10');
  const total = 25;
  const from = (page - 1) * perPage + 1;
  const rows = [];
  for (let id = from; id <= Math.min(total, from + perPage - 1); id += 1) rows.push(statRow(id, {}, courseId));
  return { status: 200, body: rows };
}

/** The paths beyond the API description: the screens ask for them beside the statistics, on their own. */
const BEYOND_DESCRIPTION = /\/(courses|course_sessions)$/;

function nextStep(token: string, url: URL): ScriptStep {
  const script = scripts.get(token);
  if (!script) return defaultAnswer(url);
  const beyond = BEYOND_DESCRIPTION.test(url.pathname);
  const index = script.steps.findIndex(
    (step) =>
      (step.path ? new RegExp(step.path).test(url.pathname) : !beyond) &&
      Object.entries(step.query ?? {}).every(([name, value]) => url.searchParams.get(name) === value),
  );
  const step = script.steps[index];
  if (step) {
    const left = (step.times ?? 1) - 1;
    if (left <= 0) script.steps.splice(index, 1);
    else step.times = left;
    return step;
  }
  return (beyond ? null : script.fallback) ?? defaultAnswer(url);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function send(response: ServerResponse, step: ScriptStep): void {
  const body = step.rawBody ?? JSON.stringify(step.body ?? []);
  response.writeHead(step.status ?? 200, {
    'Content-Type': step.rawBody === undefined ? 'application/json' : 'text/html; charset=utf-8',
    ...step.headers,
  });
  response.end(body);
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/__script' && request.method === 'POST') {
    readJson(request)
      .then((payload) => {
        const { token, steps, fallback } = payload as { token: string; steps?: ScriptStep[]; fallback?: ScriptStep };
        scripts.set(token, { steps: steps ?? [], fallback: fallback ?? null });
        seen.set(token, []);
        send(response, { status: 204, rawBody: '' });
      })
      .catch(() => send(response, { status: 400, body: { error: 'bad script' } }));
    return;
  }
  if (url.pathname === '/__release' && request.method === 'POST') {
    readJson(request)
      .then((payload) => {
        const { token } = payload as { token: string };
        const answers = held.get(token) ?? [];
        held.delete(token);
        for (const answer of answers) answer();
        send(response, { status: 200, body: { released: answers.length } });
      })
      .catch(() => send(response, { status: 400, body: { error: 'bad release' } }));
    return;
  }
  if (url.pathname === '/__requests') {
    send(response, { status: 200, body: seen.get(url.searchParams.get('token') ?? '') ?? [] });
    return;
  }
  if (url.pathname === '/healthz') {
    send(response, { status: 200, body: { status: 'ok' } });
    return;
  }
  const token = url.searchParams.get('access_token') ?? '';
  const query = Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'access_token'));
  const log = seen.get(token) ?? [];
  log.push({ method: request.method ?? '', path: url.pathname, query, headers: request.headers, at: Date.now() });
  seen.set(token, log);
  const scripted = nextStep(token, url);
  const step = scripted.echo
    ? { ...scripted, body: { error: `Cannot serve ${request.url ?? ''} for token ${token}` } }
    : scripted;
  const answer = () => {
    if (!response.destroyed) send(response, step);
  };
  if (step.hold) held.set(token, [...(held.get(token) ?? []), answer]);
  else if (step.delayMs) setTimeout(answer, step.delayMs);
  else answer();
});

const port = Number(process.env.UPSTREAM_PORT ?? 4180);
server.listen(port, '127.0.0.1', () => {
  console.log(`scripted upstream on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
