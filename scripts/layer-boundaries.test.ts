import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The layer-rule messages ESLint reports for one import line placed in a (virtual) file at `path`. */
async function boundaryErrors(
  path: string,
  specifier: string,
  code = `export * from '${specifier}';\n`,
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((m) => m.message);
}

// The first lint loads the config, the parser and the import resolver: seconds alone, past 15 s on a loaded machine.
describe('the layer rules in eslint.config.js', { timeout: 60_000 }, () => {
  it.each([
    [
      'a feature reaching into another by a relative path',
      'src/features/course-stats/model/probe.ts',
      '../../label-groups/model/tree-model',
    ],
    [
      'a feature reaching into another by the alias',
      'src/features/course-stats/model/probe.ts',
      '@/features/label-groups/model/tree-model',
    ],
    [
      '"Stored on this device" reaching into course statistics',
      'src/features/device/probe.ts',
      '../course-stats/changes/snapshot-store',
    ],
    ['a feature importing app/', 'src/features/auth/probe.ts', '../../app/strings'],
    ['lib/ importing a feature', 'src/lib/probe.ts', '../features/auth/session'],
    ['components/ importing app/ by the alias', 'src/components/probe.ts', '@/app/strings'],
    ['lib/ importing components/', 'src/lib/probe.ts', '@/components/shared-strings'],
    ['contract/ importing lib/', 'contract/probe.ts', '../src/lib/format'],
    ['contract/ importing a package other than zod', 'contract/probe.ts', 'react'],
    ['server/ importing src/', 'server/probe.ts', '../src/lib/csv'],
    ['server/ importing src/ by the alias', 'server/probe.ts', '@/lib/csv'],
    ['bench/ importing a feature', 'bench/probe.ts', '../src/features/label-groups/model/tree-model'],
    ['a benchmark page importing the server', 'bench/pages/probe/main.ts', '../../../server/config'],
    ['e2e/ importing a feature', 'e2e/probe.ts', '../src/features/auth/session'],
    ['app code importing the test helpers', 'src/features/auth/probe.ts', '@/testing/fixtures'],
    ['a feature importing a file that is in no layer', 'src/features/auth/probe.ts', '../../../vite.config'],
    ['the course core importing a feature', 'src/course/probe.ts', '../features/auth/session'],
    ['the course core importing components/', 'src/course/probe.ts', '@/components/status-badge'],
    ['the course core importing app/', 'src/course/probe.ts', '../app/strings'],
    ['lib/ importing the course core', 'src/lib/probe.ts', '../course/id-input'],
    ['components/ importing the course core', 'src/components/probe.ts', '@/course/course-stat-status'],
    ['contract/ importing the course core', 'contract/probe.ts', '../src/course/id-input'],
  ])('rejects %s', async (_case, path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toHaveLength(1);
  });

  it.each([
    ['a feature importing its own files', 'src/features/course-stats/model/probe.ts', '../table/columns'],
    ['a feature importing lib/ by a relative path', 'src/features/course-stats/model/probe.ts', '../../../lib/format'],
    ['a feature importing components/ by the alias', 'src/features/label-groups/probe.ts', '@/components/status-badge'],
    ['a feature importing the contract', 'src/features/auth/probe.ts', '@contract'],
    [
      'a feature importing the course core by a relative path',
      'src/features/courses/probe.ts',
      '../../course/id-input',
    ],
    ['app/ importing the course core by the alias', 'src/app/probe.ts', '@/course/course-queries'],
    ['the course core importing lib/', 'src/course/probe.ts', '../lib/page-reader'],
    ['the course core importing the contract', 'src/course/probe.ts', '@contract'],
    ['contract/ importing zod', 'contract/probe.ts', 'zod/mini'],
    ['app/ importing a feature', 'src/app/probe.ts', '../features/auth/session'],
    ['server/ importing the contract', 'server/probe.ts', '../contract/index'],
    ['e2e/ importing lib/', 'e2e/probe.ts', '../src/lib/csv'],
    ['a benchmark page importing a feature', 'bench/pages/probe/main.ts', '@/features/label-groups/model/tree-model'],
    ['a test importing the test helpers', 'src/features/auth/probe.test.ts', '@/testing/fixtures'],
    [
      'a test importing the shared fixtures',
      'src/features/label-groups/probe.test.ts',
      '../../../fixtures/synthetic-label-groups',
    ],
  ])('allows %s', async (_case, path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toEqual([]);
  });

  it("lets the id problems' words read the type of those problems from the core, and nothing else of it", async () => {
    const typeOnly = "export type { IdProblem } from '@/course/id-input';\n";
    const value = "export { parseIdInput } from '@/course/id-input';\n";
    expect(await boundaryErrors('src/components/id-strings.ts', '', typeOnly)).toEqual([]);
    expect(await boundaryErrors('src/components/id-strings.ts', '', value)).toHaveLength(1);
    expect(await boundaryErrors('src/components/probe.ts', '', typeOnly)).toHaveLength(1);
  });
});
