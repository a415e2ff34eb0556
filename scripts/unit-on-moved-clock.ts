// The unit suite again, with the machine's clock moved years away from today by libfaketime (Debian's faketime),
// in a time zone whose clocks change during the run. A test that compares a fixed date with the real clock, or
// that formats a time in the machine's zone where it should not, fails here on the day it was written instead of
// months later on everyone's machine. `npm test` runs it after the unit suite; CI installs faketime.
//
// Each moment is reached by an offset (faketime -f "+Ns"), not by a fixed start: every process of the run (Vitest's
// workers, the servers and the Redis the tests start) then agrees on the time, and the clock goes on ticking.

import { spawnSync } from 'node:child_process';

interface Moment {
  /** When the run starts, in UTC: a minute or so before the change named. */
  at: string;
  timeZone: string;
  what: string;
}

const MOMENTS: readonly Moment[] = [
  {
    at: '2034-03-26T00:58:30Z',
    timeZone: 'Europe/Berlin',
    what: 'Berlin moves its clocks from 02:00 to 03:00 about 90 s into the run',
  },
  {
    at: '2019-12-31T20:58:30Z',
    timeZone: 'Europe/Moscow',
    what: 'New Year in Moscow (a new day, month and year) about 90 s into the run',
  },
];

/** faketime's offset that puts the clock at `at`, counted from `now` (both in ms). */
function offsetArgument(at: string, now: number): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  return seconds >= 0 ? `+${seconds}s` : `${seconds}s`;
}

function main(): number {
  if (spawnSync('faketime', ['-f', '+0s', 'true']).status !== 0) {
    console.error(
      'The unit suite on a moved clock needs libfaketime: install Debian\'s "faketime" package (apt-get install faketime).',
    );
    return 1;
  }
  for (const moment of MOMENTS) {
    console.log(`\nUnit suite at ${moment.at} (${moment.timeZone}): ${moment.what}.`);
    const run = spawnSync('faketime', ['-f', offsetArgument(moment.at, Date.now()), 'npx', 'vitest', 'run'], {
      stdio: 'inherit',
      // Timers keep the machine's monotonic clock: only the wall clock moves.
      env: { ...process.env, TZ: moment.timeZone, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
    });
    if (run.status !== 0) {
      console.error(`The unit suite failed with the clock at ${moment.at} in ${moment.timeZone}.`);
      return run.status ?? 1;
    }
  }
  return 0;
}

process.exitCode = main();
