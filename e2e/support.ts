import { expect, test, type Page } from '@playwright/test';
import type { ScriptStep } from './scripted-upstream';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DEMO_TOKEN = 'e2e-demo-token';
/** The demo API's keys in the e2e server (its token endpoint trades them for a token). */
export const E2E_DEMO_CLIENT_ID = 'e2e-demo-client';
export const E2E_DEMO_CLIENT_SECRET = 'e2e-demo-secret-7f3a';
export const PROXY_PORT = Number(process.env.E2E_PROXY_PORT ?? 4174);
export const UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? 4180);
export const PROXY_URL = `http://127.0.0.1:${PROXY_PORT}`;
export const UPSTREAM_URL = `http://127.0.0.1:${UPSTREAM_PORT}`;

/**
 * How long one read of all 10,000 rows of course 1000 (101 requests) may take. About 3 s on a quiet machine;
 * on a loaded 2-core one, with another browser beside it, it has taken over 20 s.
 */
export const LOAD_ALL_TIMEOUT = 60_000;

/** A test that reads course 1000 whole `loads` times gets the time that takes on a busy machine. */
export function allowWholeCourseLoads(loads: number): void {
  test.setTimeout(30_000 + loads * LOAD_ALL_TIMEOUT);
}

/** Signs in through the real sign-in screen with the demo token, on whatever page is open. */
export async function signIn(page: Page, token: string = E2E_DEMO_TOKEN): Promise<void> {
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The signed-in shell; on a phone its Sign out button waits in the header's menu.
  // The shell's code loads after the sign-in: on a loaded machine that can take longer than a plain assertion waits.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Access token')).toHaveCount(0);
}

/** Opens a URL and signs in on the sign-in screen it shows. */
export async function openSignedIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await signIn(page);
}

/** Collects console errors and CSP violations, so a spec can assert there were none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** One scripted answer; the upstream's own type (a type-only import: the script's server is not started). */
export type ScriptStepInput = ScriptStep;

/** A token unique to one spec, so its script on the shared upstream is its own. */
export function uniqueToken(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Scripts the upstream's answers for requests carrying this token. The POST goes again once if its connection
 * fails: a kept-alive socket that the upstream closes just as it is reused fails a POST (fetch repeats only
 * requests it knows to be idempotent), which a loaded machine made happen with a 64 MB script. Scripting a token
 * twice sets the same script.
 */
export async function scriptUpstream(
  token: string,
  steps: ScriptStepInput[],
  fallback?: ScriptStepInput,
): Promise<void> {
  const body = JSON.stringify({ token, steps, fallback });
  const post = () =>
    fetch(`${UPSTREAM_URL}/__script`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const response = await post().catch(post);
  if (!response.ok) throw new Error(`scripting the upstream failed: ${response.status}`);
}

/** Resolves after the page has drawn two more frames: what an answer just received has set is on the screen. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Sends the answers the token's `hold` steps keep back; resolves to how many there were. */
export async function releaseUpstream(token: string): Promise<number> {
  const response = await fetch(`${UPSTREAM_URL}/__release`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) throw new Error(`releasing the upstream's answers failed: ${response.status}`);
  return ((await response.json()) as { released: number }).released;
}

export interface UpstreamRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  at: number;
}

export async function upstreamRequests(token: string): Promise<UpstreamRequest[]> {
  const response = await fetch(`${UPSTREAM_URL}/__requests?token=${encodeURIComponent(token)}`);
  return (await response.json()) as UpstreamRequest[];
}

/** What the sign-in screen and the shell say in each language: the start of every spec's words for that language. */
export interface ShellWords {
  locale: string;
  tokenLabel: string;
  signIn: string;
  mainNav: string;
}

export const SHELL_WORDS: Record<'en' | 'ru', ShellWords> = {
  en: { locale: 'en-US', tokenLabel: 'Access token', signIn: 'Sign in', mainNav: 'Main' },
  ru: { locale: 'ru-RU', tokenLabel: 'Токен доступа', signIn: 'Войти', mainNav: 'Основная навигация' },
};
