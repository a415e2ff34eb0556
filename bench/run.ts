// The benchmark suite: `npm run bench` runs everything; `npm run bench -- --only=api,proxy,bundle` a subset. Each
// benchmark's section goes to docs/perf-notes.md, its raw figures to .bench/results.json, and its figures, commit,
// date and verdict to its row of the table in BENCHMARKS.md. The options: USAGE below, or `npm run bench -- --help`.

import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiThroughput } from './api-throughput';
import { bundle } from './bundle';
import { compression } from './compression';
import { labelTree } from './label-tree';
import { overview } from './overview';
import { lighthouseAudit } from './lighthouse';
import { proxyOverhead } from './proxy-overhead';
import {
  benchCommand,
  currentCommit,
  renderSection,
  rowCells,
  updateBenchmarksTable,
  updatePerfNotes,
  writeResultsJson,
  type Benchmark,
  type BenchResult,
} from './report';
import { scale } from './scale';
import { scroll, scrollLarge } from './scroll';
import { sharedLimits } from './shared-limits';
import { snapshots } from './snapshots';
import { sort, sortLarge } from './sort';
import {
  buildApp,
  cleanupAll,
  installSignalCleanup,
  machineInfo,
  describeMachine,
  PendingError,
  withTimeout,
} from './support';
import { wholeCourse } from './whole-course';

/** In the order of their numbers (1 to 14). */
const BENCHMARKS: Benchmark[] = [
  wholeCourse,
  sort,
  scroll,
  apiThroughput,
  proxyOverhead,
  bundle,
  labelTree,
  lighthouseAudit,
  sharedLimits,
  scale,
  sortLarge,
  scrollLarge,
  compression,
  snapshots,
  overview,
];

const USAGE = `Usage: npm run bench -- [options]

  --only=a,b      run only these (ids or aliases: whole-course sort scroll api proxy bundle label-tree lighthouse
                  shared-limits scale sort-50k scroll-50k compression snapshots overview, or
                  1–14)
  --skip=a,b      run all but these
  --runs=N        override every benchmark's number of runs
  --concurrency=N the whole-course loader's concurrency for the bare page, if it cannot be read from the app
  --reuse-build   use an existing .bench/dist (or the build the BENCH_DIST environment variable names) instead of
                  building
  --quiet-load=L  before each benchmark, wait (up to 5 min) for the 1-minute load average to drop below L
  --no-write      print the sections and table rows instead; leave results.json, docs/perf-notes.md and
                  BENCHMARKS.md alone
  --list          list the benchmarks
  --help          print this`;

interface Options {
  only: string[] | null;
  skip: string[];
  runs: number | undefined;
  concurrency: number | undefined;
  reuseBuild: boolean;
  quietLoad: number | undefined;
  write: boolean;
  list: boolean;
  help: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    only: null,
    skip: [],
    runs: undefined,
    concurrency: undefined,
    reuseBuild: false,
    quietLoad: undefined,
    write: true,
    list: false,
    help: false,
  };
  const positive = (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a whole number of at least 1`);
    return number;
  };
  for (const arg of argv) {
    const [name, value = ''] = arg.replace(/^--/, '').split('=', 2) as [string, string | undefined];
    const list = () =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    if (name === 'only') options.only = list();
    else if (name === 'skip') options.skip = list();
    else if (name === 'runs') options.runs = positive('runs', value);
    else if (name === 'concurrency') options.concurrency = positive('concurrency', value);
    else if (name === 'reuse-build') options.reuseBuild = true;
    else if (name === 'quiet-load') {
      options.quietLoad = Number(value);
      if (!(options.quietLoad > 0)) throw new Error('--quiet-load must be a positive number');
    } else if (name === 'no-write') options.write = false;
    else if (name === 'list') options.list = true;
    else if (name === 'help') options.help = true;
    else throw new Error(`Unknown option ${arg}\n\n${USAGE}`);
  }
  return options;
}

function select(options: Options): Benchmark[] {
  const find = (name: string) => {
    const found = BENCHMARKS.find((bench) => bench.id === name || bench.aliases.includes(name));
    if (!found) throw new Error(`No benchmark "${name}"; known: ${BENCHMARKS.map((bench) => bench.id).join(', ')}`);
    return found;
  };
  const only = options.only?.map(find) ?? BENCHMARKS;
  const skip = options.skip.map(find);
  return BENCHMARKS.filter((bench) => only.includes(bench) && !skip.includes(bench));
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (options.list) {
    for (const bench of BENCHMARKS)
      console.log(`${bench.id.padEnd(13)} ${[...bench.aliases].join(', ').padEnd(32)} ${bench.title}`);
    return 0;
  }
  const selected = select(options);
  installSignalCleanup();
  const machine = machineInfo();
  const commit = currentCommit();
  console.log(`Machine: ${describeMachine(machine)}; commit ${commit}`);
  let buildError: string | null = null;
  if (selected.some((bench) => bench.needsBuild)) {
    try {
      buildApp({ reuse: options.reuseBuild });
    } catch (error) {
      buildError = error instanceof Error ? error.message : String(error);
      console.error(buildError);
    }
  }

  const results: BenchResult[] = [];
  for (const bench of selected) {
    if (options.quietLoad !== undefined) await waitForQuiet(options.quietLoad);
    const date = new Date().toISOString();
    const loadAtStart = os.loadavg()[0] ?? Number.NaN;
    const base = { id: bench.id, title: bench.title, what: bench.what, date, commit };
    const loadAverage = () => ({ start: loadAtStart, end: os.loadavg()[0] ?? Number.NaN });
    console.log(`\n▶ ${bench.title} (load average ${loadAtStart.toFixed(1)})`);
    try {
      if (bench.needsBuild && buildError !== null) throw new Error(buildError);
      const outcome = await withTimeout(bench.title, bench.timeoutMs, () =>
        bench.run({ runs: options.runs, concurrency: options.concurrency, machine }),
      );
      results.push({ ...base, ...outcome, loadAverage: loadAverage() });
      for (const target of outcome.targets) {
        console.log(
          `  ${target.met ? 'met    ' : 'NOT MET'} ${target.name}: ${target.actual} (wanted ${target.target})`,
        );
      }
      if (outcome.status === 'pending') console.log(`  pending: ${outcome.notes.join(' ')}`);
    } catch (error) {
      const pending = error instanceof PendingError;
      const message = error instanceof Error ? error.message : String(error);
      console.error(
        pending ? `  pending: ${message}` : `  FAILED: ${error instanceof Error ? (error.stack ?? message) : message}`,
      );
      results.push({
        ...base,
        status: pending ? 'pending' : 'failed',
        method: bench.plannedMethod ?? '',
        tables: [],
        targets: [],
        notes: [message],
        loadAverage: loadAverage(),
      });
    } finally {
      // Whatever a benchmark left running (it should have stopped its own) goes before the next one starts.
      await cleanupAll();
    }
  }

  const rows = results.flatMap((result) => {
    const cells = rowCells(result);
    return cells === null ? [] : [{ command: benchCommand(result.id), cells }];
  });
  if (options.write) {
    const finished = new Date().toISOString();
    writeResultsJson(machine, results);
    updatePerfNotes(
      machine,
      results,
      finished,
      BENCHMARKS.map((bench) => bench.id),
    );
    const missing = updateBenchmarksTable(rows);
    console.log('\nWrote .bench/results.json, docs/perf-notes.md and the rows of BENCHMARKS.md');
    if (missing.length > 0) {
      console.log(
        `BENCHMARKS.md has no row for ${missing.join(', ')}: add one by hand ` +
          '(| benchmark | command | target | latest figure | commit, date | met |), then run it again.',
      );
    }
  } else {
    for (const result of results) console.log(`\n${renderSection(result, machine)}`);
    for (const { command, cells } of rows) {
      console.log(`\n${command}: ${cells.figure} | ${cells.measured} | ${cells.verdict}`);
    }
  }
  const failed = results.filter((result) => result.status === 'failed');
  const unmet = results.flatMap((result) =>
    result.targets.filter((target) => !target.met).map((target) => `${result.id}: ${target.name}`),
  );
  console.log(
    `\n${results.length} benchmarks: ${results.filter((result) => result.status === 'measured').length} measured, ` +
      `${results.filter((result) => result.status === 'pending').length} pending, ${failed.length} failed; ` +
      `${unmet.length === 0 ? 'every target measured is met' : `targets not met: ${unmet.join('; ')}`}.`,
  );
  return failed.length > 0 ? 1 : 0;
}

const QUIET_WAIT_MS = 5 * 60_000;

/** The machines are shared: wait a bounded time for other work to calm down, then go ahead regardless. */
async function waitForQuiet(threshold: number): Promise<void> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  let load = os.loadavg()[0] ?? 0;
  if (load < threshold) return;
  console.log(
    `Load average ${load.toFixed(1)}; waiting up to ${QUIET_WAIT_MS / 60_000} min for it to drop below ${threshold} …`,
  );
  while (load >= threshold && Date.now() < deadline) {
    await sleep(10_000);
    load = os.loadavg()[0] ?? 0;
  }
  console.log(`Load average ${load < threshold ? '' : 'still '}${load.toFixed(1)}: going ahead.`);
}

main().then(
  async (code) => {
    await cleanupAll();
    process.exit(code);
  },
  async (error: unknown) => {
    console.error(error);
    await cleanupAll();
    process.exit(1);
  },
);
