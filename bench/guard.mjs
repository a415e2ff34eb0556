// Runs one command for the benchmark suite and ties its life to the suite's: the suite holds this process's stdin
// open, so when the suite ends in any way (even killed), stdin closes and the command is stopped. Plain JavaScript
// so it starts in milliseconds. Usage: node bench/guard.mjs <command> [args...]
import { spawn } from 'node:child_process';
import process from 'node:process';
import { setTimeout } from 'node:timers';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node bench/guard.mjs <command> [args...]\n');
  process.exit(2);
}

const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
};

child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.on('error', stop);
process.stdin.resume();
