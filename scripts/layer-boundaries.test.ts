import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The layer-rule messages ESLint reports for one import line placed in a (virtual) file at `path`. */
async function boundaryErrors(path: string, specifier: string): Promise<string[]> {
  const code = `export * from '${specifier}';\n`;
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
  ])('rejects %s', async (_case, path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toHaveLength(1);
  });

  it.each([
    ['a feature importing its own files', 'src/features/course-stats/model/probe.ts', '../api/course-stats-queries'],
    ['a feature importing lib/ by a relative path', 'src/features/course-stats/model/probe.ts', '../../../lib/format'],
    ['a feature importing components/ by the alias', 'src/features/label-groups/probe.ts', '@/components/status-badge'],
    ['a feature importing the contract', 'src/features/auth/probe.ts', '@contract'],
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
});
