// Fails when modules of the app, the contract or the server import each other in a cycle. ESLint's
// boundaries rules hold the layer lines; this holds "no cycles", resolving imports the way TypeScript
// does (path aliases included), with no dependency beyond the compiler.

import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : listSources(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function compilerOptions(configFile: string): ts.CompilerOptions {
  const config = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
}

/** Imports of each file that resolve to another file of the project (type-only imports included: they still couple). */
export function importGraph(files: readonly string[], options: ts.CompilerOptions): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = ts.sys.readFile(file) ?? '';
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => ts.resolveModuleName(imported.fileName, file, options, ts.sys).resolvedModule)
      .flatMap((resolved) => (resolved && known.has(resolved.resolvedFileName) ? [resolved.resolvedFileName] : []));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function main(): void {
  const groups = [
    { config: 'tsconfig.app.json', dirs: ['src', 'contract', 'fixtures'] },
    { config: 'tsconfig.node.json', dirs: ['server', 'contract', 'fixtures'] },
  ];
  let failed = false;
  for (const group of groups) {
    const files = group.dirs.flatMap((dir) => listSources(join(root, dir)));
    const cycles = findCycles(importGraph(files, compilerOptions(join(root, group.config))));
    for (const cycle of cycles) {
      failed = true;
      console.error(`Import cycle: ${cycle.map((file) => relative(root, file)).join(' <-> ')}`);
    }
  }
  if (failed) process.exit(1);
  console.log('No import cycles.');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
