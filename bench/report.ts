// Results: .bench/results.json (merged, so a run of a subset keeps the other results), the suite's sections of
// docs/perf-notes.md, each between its own markers, rewritten in place, and each benchmark's row of the table in
// BENCHMARKS.md. Sections and rows written by anyone else (such as "## Load", which bench/load.ts writes) are left
// exactly as they are.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BENCH_DIR, describeMachine, ROOT, type MachineInfo } from './support';

export const RESULTS_PATH = resolve(BENCH_DIR, 'results.json');
/** One page: the machine, one row per benchmark, a paragraph on noise. */
export const BENCHMARKS_MD = resolve(ROOT, 'BENCHMARKS.md');
/** Every benchmark in detail: the sections the runs write, and the experiments and history written by hand. */
export const PERF_NOTES_MD = resolve(ROOT, 'docs', 'perf-notes.md');

export interface Target {
  /** What is compared, e.g. "local: app ÷ bare page". */
  name: string;
  /** What is wanted, e.g. "≤ 1.3". */
  target: string;
  /** The measured value, formatted. */
  actual: string;
  met: boolean;
}

/** A ratio held to an upper limit, written "≤ 1.3", to two decimals. */
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
  /** The commit measured (see currentCommit). */
  commit: string;
  /** One or two sentences: what is measured. */
  what: string;
  /** Runs, statistic, baseline. */
  method: string;
  tables: Table[];
  targets: Target[];
  notes: string[];
  /** For a benchmark without targets: its figure in one line, for its row in BENCHMARKS.md. */
  headline?: string;
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
    // As in docs/perf-notes.md, a failed run keeps the last good figures and notes the failure next to them.
    merged.results[result.id] =
      result.status === 'failed' && kept && kept.status !== 'failed'
        ? { ...kept, lastFailure: { date: result.date, message: result.notes.join(' ') } }
        : { ...result, machine };
  }
  writeFileSync(RESULTS_PATH, `${JSON.stringify(merged, null, 2)}\n`);
}

/** The commit a run measures, with "+" when tracked files other than the two reports differ from it. */
export function currentCommit(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git(
      'status',
      '--porcelain',
      '--untracked-files=no',
      '--',
      '.',
      ':(exclude)BENCHMARKS.md',
      ':(exclude)docs/perf-notes.md',
    );
    return changed === '' ? commit : `${commit}+`;
  } catch {
    return 'unknown'; // not a git checkout, or no git
  }
}

// ---------------------------------------------------------------------------------------------------------------
// docs/perf-notes.md: a section per benchmark.

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
    lines.push(`**Status: pending** (checked ${day} on ${result.commit}). ${result.notes.join(' ')}`, '');
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
  lines.push(`**Machine, commit, date:** ${describeMachine(machine)}; ${result.commit}; ${day}.${load}`, '');
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
    '# Performance notes',
    '',
    'Every benchmark in detail: what it measures, how, on which machine, commit and date, every run, and what was',
    'tried. [BENCHMARKS.md](../BENCHMARKS.md) has one row per benchmark; `.bench/results.json` holds the raw figures.',
    'Sections between `<!-- bench:… -->` markers are rewritten in place by the next run of that benchmark; everything',
    'else in this file is written by hand and left alone.',
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
    '(the app against the bare page, a page of the same origin in the same Chromium that makes the same requests and',
    'only parses the answers; the server against a bare `node:http` server), alternates the two sides run by run, and',
    'reports medians over several runs. Every server is the real one',
    "(`node --import tsx server/main.ts`, the same as `npm start`) on a free port of 127.0.0.1, serving the suite's own build of the app",
    "(`vite build --outDir .bench/dist`), with `LOG_LEVEL=warn` and `RATE_LIMIT_MAX=0`. Browser benchmarks drive Debian's",
    'Chromium through Playwright, headless; nothing is downloaded. Every run is bounded in count and time and stops all the',
    'servers it started, also on failure. Run one or a few: `npm run bench -- --only=api,proxy,bundle`; raw figures go to',
    '`.bench/results.json`.',
    '',
  ].join('\n');
}

/**
 * Text written by hand that stands between a section's markers: what comes before the section's own `## ` heading,
 * and everything from the next `## ` heading after it. A run writes one section with one such heading, so anything
 * else there was added by hand (an edit that landed inside the markers), and the run keeps it outside them.
 */
function strayText(inner: string, title: string): { before: string; after: string } {
  const lines = inner.split('\n');
  const titled = lines.indexOf(title);
  const firstHeading = lines.findIndex((line) => line.startsWith('## '));
  // A section whose title changed since: its old heading is the first one there.
  const own = titled >= 0 ? titled : Math.max(0, firstHeading);
  const next = lines.findIndex((line, index) => index > own && line.startsWith('## '));
  return {
    before: lines.slice(0, own).join('\n').trim(),
    after: next < 0 ? '' : lines.slice(next).join('\n').trim(),
  };
}

/**
 * Replaces the text between a section's markers, keeping any text written by hand there outside them (strayText).
 * A new section goes after the nearest section before it in `order` that is already there, else before the nearest
 * one after it, else at the end.
 */
export function upsertSection(document: string, id: string, body: string, order: readonly string[]): string {
  const block = `${startMarker(id)}\n${body.trimEnd()}\n${endMarker(id)}`;
  const from = document.indexOf(startMarker(id));
  const to = document.indexOf(endMarker(id));
  if (from >= 0 && to > from) {
    const title = body.trimStart().split('\n', 1)[0] ?? '';
    const { before, after } = strayText(document.slice(from + startMarker(id).length, to), title);
    return (
      document.slice(0, from) +
      (before === '' ? '' : `${before}\n\n`) +
      block +
      (after === '' ? '' : `\n\n${after}`) +
      document.slice(to + endMarker(id).length)
    );
  }
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

/** The file's text, or `fallback` when the file is missing or blank. */
function readOr(path: string, fallback: string): string {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  return text.trim() === '' ? fallback : text;
}

/** `order`: the benchmark ids in the order their sections should first appear; later runs keep them in place. */
export function updatePerfNotes(
  machine: MachineInfo,
  results: BenchResult[],
  date: string,
  order: readonly string[],
): void {
  let document = readOr(PERF_NOTES_MD, header());
  const sections = ['suite', ...order];
  document = upsertSection(document, 'suite', suiteSection(machine, date), sections);
  for (const result of results) {
    // A failed run says nothing about the app: the figures of the last good run stay, and the console says why.
    if (result.status === 'failed' && document.includes(startMarker(result.id))) continue;
    document = upsertSection(document, result.id, renderSection(result, machine), sections);
  }
  mkdirSync(dirname(PERF_NOTES_MD), { recursive: true });
  writeFileSync(PERF_NOTES_MD, document);
}

/** Writes one section written outside the suite (bench/load.ts's "## Load"); returns the file's path. */
export function updatePerfNotesSection(id: string, body: string): string {
  const document = upsertSection(readOr(PERF_NOTES_MD, header()), id, body, [id]);
  mkdirSync(dirname(PERF_NOTES_MD), { recursive: true });
  writeFileSync(PERF_NOTES_MD, document);
  return PERF_NOTES_MD;
}

// ---------------------------------------------------------------------------------------------------------------
// BENCHMARKS.md: one table row per benchmark,
//   | benchmark | command | target | latest figure | commit, date | met |
// found by its command cell. The benchmark's name, its command and its target are written by hand; a run writes the
// other three. A row that cannot be found, or is not six cells, is left alone and named on the console.

/** The command that runs one benchmark: the key of its row in BENCHMARKS.md. */
export const benchCommand = (id: string): string => `\`npm run bench -- --only=${id}\``;

/** What a run writes into its row. */
export interface RowCells {
  /** Each target with what is wanted, in the benchmark's order; empty when it has none. */
  targets: string[];
  /** The figures, in the order of the targets. */
  figure: string;
  /** "commit, date". */
  measured: string;
  /** "met", "**not met**", "no target" or "not measured". */
  verdict: string;
}

/** The row a result gives, or null for a failed run: its row keeps the last good figures. */
export function rowCells(result: BenchResult): RowCells | null {
  if (result.status === 'failed') return null;
  const measured = `${result.commit}, ${result.date.slice(0, 10)}`;
  if (result.status === 'pending') {
    return { targets: [], figure: 'pending: see docs/perf-notes.md', measured, verdict: 'not measured' };
  }
  if (result.targets.length === 0) {
    return { targets: [], figure: result.headline ?? 'see docs/perf-notes.md', measured, verdict: 'no target' };
  }
  const met = result.targets.filter((target) => target.met).length;
  const total = result.targets.length;
  return {
    targets: result.targets.map((target) => `${target.name} ${target.target}`),
    figure: result.targets.map((target) => target.actual).join('; '),
    measured,
    verdict: met === total ? 'met' : met === 0 ? '**not met**' : `**not met** (${met} of ${total} met)`,
  };
}

/** A table row's cells, unescaped pipes splitting them; null for a line that is not a table row. */
function splitRow(line: string): string[] | null {
  const text = line.trim();
  if (text.length < 2 || !text.startsWith('|') || !text.endsWith('|')) return null;
  return text
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/**
 * Writes `cells` into the one six-cell row whose second cell is `command`. The hand-written target cell stays when it
 * lists as many targets ("; " between them) as the run has, so each figure still stands under its target; otherwise
 * it is written from the targets' names. Null when there is no such row, or more than one.
 */
export function replaceTableRow(document: string, command: string, cells: RowCells): string | null {
  const lines = document.split('\n');
  const matches = lines.flatMap((line, index) => (splitRow(line)?.[1] === command ? [index] : []));
  const [index] = matches;
  if (index === undefined || matches.length > 1) return null;
  const row = splitRow(lines[index] ?? '');
  if (row === null || row.length !== 6) return null;
  const [name = '', key = '', target = ''] = row;
  const keepTarget = cells.targets.length === 0 || target.split('; ').length === cells.targets.length;
  const targetCell = keepTarget ? target : escapeCell(cells.targets.join('; '));
  const written = [cells.figure, cells.measured, cells.verdict].map(escapeCell);
  lines[index] = `| ${[name, key, targetCell, ...written].join(' | ')} |`;
  return lines.join('\n');
}

/** Updates BENCHMARKS.md's rows; returns the commands that have no row there, for the console. */
export function updateBenchmarksTable(rows: readonly { command: string; cells: RowCells }[]): string[] {
  if (rows.length === 0) return [];
  const original = existsSync(BENCHMARKS_MD) ? readFileSync(BENCHMARKS_MD, 'utf8') : '';
  let document = original;
  const missing: string[] = [];
  for (const { command, cells } of rows) {
    const next = replaceTableRow(document, command, cells);
    if (next === null) missing.push(command);
    else document = next;
  }
  if (document !== original) writeFileSync(BENCHMARKS_MD, document);
  return missing;
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
  run: (context: BenchContext) => Promise<Omit<BenchResult, 'id' | 'title' | 'date' | 'commit' | 'what'>>;
}
