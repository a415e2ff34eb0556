// Results: .bench/results.json (merged, so a run of a subset keeps the other results) and the suite's sections of
// BENCHMARKS.md, each between its own markers, rewritten in place. Sections written by anyone else (such as
// "## Load") are left exactly as they are.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BENCH_DIR, describeMachine, ROOT, type MachineInfo } from './support';

export const RESULTS_PATH = resolve(BENCH_DIR, 'results.json');
export const BENCHMARKS_MD = resolve(ROOT, 'BENCHMARKS.md');

export interface Target {
  /** What is compared, e.g. "time / network floor". */
  name: string;
  /** The target as written in the issue, e.g. "≤ 1.3×". */
  target: string;
  /** The measured value, formatted. */
  actual: string;
  met: boolean;
}

/** A ratio held to an upper limit, written as the issues write it ("≤ 1.3"), to two decimals. */
export function ratioAtMost(name: string, ratio: number, limit: number): Target {
  return { name, target: `≤ ${limit}`, actual: ratio.toFixed(2), met: ratio <= limit };
}

export interface Table {
  headers: string[];
  rows: string[][];
}

export interface BenchResult {
  id: string;
  title: string;
  status: 'measured' | 'pending' | 'failed';
  date: string;
  /** One or two sentences: what is measured. */
  what: string;
  /** Runs, statistic, baseline. */
  method: string;
  tables: Table[];
  targets: Target[];
  notes: string[];
  /** The machine's 1-minute load average when the benchmark started and ended (the machines are shared). */
  loadAverage?: { start: number; end: number };
  /** Raw numbers for results.json. */
  data?: unknown;
}

export interface ResultsFile {
  updated: string;
  machine: MachineInfo;
  results: Record<string, BenchResult & { machine: MachineInfo; lastFailure?: { date: string; message: string } }>;
}

export function writeResultsJson(machine: MachineInfo, results: BenchResult[]): void {
  mkdirSync(BENCH_DIR, { recursive: true });
  let previous: ResultsFile | null = null;
  if (existsSync(RESULTS_PATH)) {
    try {
      previous = JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) as ResultsFile;
    } catch {
      previous = null; // unreadable: start over
    }
  }
  const merged: ResultsFile = {
    updated: new Date().toISOString(),
    machine,
    results: { ...(previous?.results ?? {}) },
  };
  for (const result of results) {
    const kept = merged.results[result.id];
    // As in BENCHMARKS.md, a failed run keeps the last good figures and notes the failure next to them.
    merged.results[result.id] =
      result.status === 'failed' && kept && kept.status !== 'failed'
        ? { ...kept, lastFailure: { date: result.date, message: result.notes.join(' ') } }
        : { ...result, machine };
  }
  writeFileSync(RESULTS_PATH, `${JSON.stringify(merged, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown.

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function renderTable(table: Table): string {
  const lines = [
    `| ${table.headers.map(escapeCell).join(' | ')} |`,
    `|${table.headers.map((_header, index) => (index === 0 ? '---' : '---:')).join('|')}|`,
    ...table.rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`),
  ];
  return lines.join('\n');
}

export function renderSection(result: BenchResult, machine: MachineInfo): string {
  const day = result.date.slice(0, 10);
  const lines: string[] = [`## ${result.title}`, ''];
  if (result.status === 'pending') {
    lines.push(`**Status: pending** (checked ${day}). ${result.notes.join(' ')}`, '');
    lines.push(`**What is measured:** ${result.what}`, '', `**Method:** ${result.method}`, '');
    return lines.join('\n');
  }
  if (result.status === 'failed') {
    lines.push(`**Status: the benchmark failed** on ${day}; no figures. ${result.notes.join(' ')}`, '');
    lines.push(`**What is measured:** ${result.what}`, '', `**Method:** ${result.method}`, '');
    return lines.join('\n');
  }
  lines.push(`**What is measured:** ${result.what}`, '', `**Method:** ${result.method}`, '');
  const load = result.loadAverage
    ? ` Load average (1 min) ${result.loadAverage.start.toFixed(1)} at the start, ${result.loadAverage.end.toFixed(1)} at the end.`
    : '';
  lines.push(`**Machine, date:** ${describeMachine(machine)}; ${day}.${load}`, '');
  for (const table of result.tables) lines.push(renderTable(table), '');
  if (result.targets.length > 0) {
    lines.push(
      renderTable({
        headers: ['target', 'wanted', 'measured', 'verdict'],
        rows: result.targets.map((target) => [
          target.name,
          target.target,
          target.actual,
          target.met ? 'met' : '**not met**',
        ]),
      }),
      '',
    );
  }
  for (const note of result.notes) lines.push(`- ${note}`);
  if (result.notes.length > 0) lines.push('');
  return lines.join('\n');
}

const startMarker = (id: string) => `<!-- bench:${id}:start -->`;
const endMarker = (id: string) => `<!-- bench:${id}:end -->`;

function header(): string {
  return [
    '# Benchmarks',
    '',
    'Figures from `npm run bench` (bench/run.ts). Each section below says what it measures, how, on which machine and',
    'when, and whether the target from the issue is met. Sections between `<!-- bench:… -->` markers are rewritten in place',
    'by the next run of that benchmark; everything else in this file is left alone.',
    '',
  ].join('\n');
}

export function suiteSection(machine: MachineInfo, date: string): string {
  return [
    '## Benchmark suite: machine and method',
    '',
    `**Machine:** ${describeMachine(machine)}. Last suite run: ${date.slice(0, 10)}.`,
    '',
    'These are shared 2-core machines, so absolute timings are noisy. The suite therefore compares within one run',
    '(ours against a baseline measured in the same run, e.g. a plain Node client or a bare `node:http` server), alternates',
    'the two sides run by run, and reports medians over several runs. Every server is the real one',
    "(`node --import tsx server/main.ts`, the same as `npm start`) on a free port of 127.0.0.1, serving the suite's own build of the app",
    "(`vite build --outDir .bench/dist`), with `LOG_LEVEL=warn` and `RATE_LIMIT_MAX=0`. Browser benchmarks drive Debian's",
    'Chromium through Playwright, headless; nothing is downloaded. Every run is bounded in count and time and stops all the',
    'servers it started, also on failure. Run one or a few: `npm run bench -- --only=api,proxy,bundle`; raw figures go to',
    '`.bench/results.json`.',
    '',
  ].join('\n');
}

/**
 * Replaces the text between a section's markers. A new section goes after the nearest section before it in `order`
 * that is already there, else before the nearest one after it, else at the end.
 */
function upsert(document: string, id: string, body: string, order: readonly string[]): string {
  const block = `${startMarker(id)}\n${body.trimEnd()}\n${endMarker(id)}`;
  const from = document.indexOf(startMarker(id));
  const to = document.indexOf(endMarker(id));
  if (from >= 0 && to > from) return document.slice(0, from) + block + document.slice(to + endMarker(id).length);
  const index = order.indexOf(id);
  for (const before of order.slice(0, Math.max(0, index)).reverse()) {
    const at = document.indexOf(endMarker(before));
    if (at >= 0) {
      const cut = at + endMarker(before).length;
      return `${document.slice(0, cut)}\n\n${block}${document.slice(cut)}`;
    }
  }
  for (const after of order.slice(index + 1)) {
    const at = document.indexOf(startMarker(after));
    if (at >= 0) return `${document.slice(0, at)}${block}\n\n${document.slice(at)}`;
  }
  const separator = document.endsWith('\n\n') ? '' : document.endsWith('\n') ? '\n' : '\n\n';
  return `${document}${separator}${block}\n`;
}

/** `order`: the benchmark ids in the order their sections should first appear; later runs keep them in place. */
export function updateBenchmarksMd(
  machine: MachineInfo,
  results: BenchResult[],
  date: string,
  order: readonly string[],
): void {
  let document = existsSync(BENCHMARKS_MD) ? readFileSync(BENCHMARKS_MD, 'utf8') : header();
  if (document.trim() === '') document = header();
  const sections = ['suite', ...order];
  document = upsert(document, 'suite', suiteSection(machine, date), sections);
  for (const result of results) {
    // A failed run says nothing about the app: the figures of the last good run stay, and the console says why.
    if (result.status === 'failed' && document.includes(startMarker(result.id))) continue;
    document = upsert(document, result.id, renderSection(result, machine), sections);
  }
  writeFileSync(BENCHMARKS_MD, document);
}

// ---------------------------------------------------------------------------------------------------------------
// The shape every benchmark module exports.

export interface BenchContext {
  /** --runs=N: overrides each benchmark's default number of runs. */
  runs: number | undefined;
  /** --concurrency=N: the whole-course loader's concurrency, when it cannot be read from the app. */
  concurrency: number | undefined;
  machine: MachineInfo;
}

export interface Benchmark {
  id: string;
  /** Other names accepted by --only and --skip. */
  aliases: string[];
  title: string;
  what: string;
  /** How it is measured, for the report when it could not run (pending UI or a failure). */
  plannedMethod?: string;
  /** Serves or measures the app build in .bench/dist. */
  needsBuild: boolean;
  /** A hard limit for the whole benchmark. */
  timeoutMs: number;
  run: (context: BenchContext) => Promise<Omit<BenchResult, 'id' | 'title' | 'date' | 'what'>>;
}
