// One flat config for the whole repo. eslint-plugin-boundaries holds the house's dependency lines, for relative
// imports and path aliases alike: app -> features -> components -> lib -> contract, and the course core (src/course)
// beside components: features and app import it, it imports only lib and contract; a feature never imports another
// feature; server/ imports only contract/ (and the shared fixtures/); contract/ imports only zod; bench/ and e2e/ never
// reach into a feature. Import cycles are caught by scripts/check-import-cycles.ts (run by npm run lint): the ESLint
// rules for that need a native resolver whose platform packages break npm ci here.
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers, one folder each; a file belongs to the innermost folder that matches, and imports between files of one
 * element (one feature, say) are not checked. The entry, src/main.tsx, is the only file of src/ itself.
 */
const layers = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  // The course domain every course screen shares: its types, status rules, id parsing and query factories.
  { type: 'course', pattern: 'src/course' },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'testing', pattern: 'src/testing' },
  { type: 'entry', pattern: 'src' },
  { type: 'contract', pattern: 'contract' },
  { type: 'fixtures', pattern: 'fixtures' },
  { type: 'server', pattern: 'server' },
  // A page a benchmark builds with Vite to measure app modules the screens do not use yet, in a real browser.
  { type: 'bench-page', pattern: 'bench/pages' },
  { type: 'bench', pattern: 'bench' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'scripts', pattern: 'scripts' },
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });

/** What each layer may import, beyond npm packages. Anything not allowed here is an error. */
const layerPolicies = [
  {
    from: { element: { types: { anyOf: ['entry', 'app'] } } },
    allow: to('app', 'feature', 'course', 'components', 'lib', 'contract'),
  },
  { from: { element: { type: 'feature' } }, allow: to('course', 'components', 'lib', 'contract') },
  { from: { element: { type: 'course' } }, allow: to('course', 'lib', 'contract') },
  { from: { element: { type: 'components' } }, allow: to('components', 'lib', 'contract') },
  // One exception, until the words of the id problems move into the core beside the rule that names them: they
  // read the type of those problems, and nothing else of the core.
  {
    from: { file: { path: 'src/components/id-strings.ts' } },
    allow: { to: { element: { type: 'course' } }, dependency: { kind: 'type' } },
  },
  { from: { element: { type: 'lib' } }, allow: to('lib', 'contract') },
  { from: { element: { type: 'testing' } }, allow: to('testing', 'components', 'lib', 'contract') },
  { from: { element: { type: 'contract' } }, allow: to('contract') },
  { from: { element: { type: 'fixtures' } }, allow: to('contract') },
  { from: { element: { type: 'server' } }, allow: to('server', 'fixtures', 'contract') },
  { from: { element: { type: 'bench' } }, allow: to('bench', 'server', 'fixtures', 'scripts', 'contract') },
  { from: { element: { type: 'bench-page' } }, allow: to('bench-page', 'feature', 'lib', 'contract') },
  { from: { element: { type: 'e2e' } }, allow: to('e2e', 'fixtures', 'lib', 'contract') },
  { from: { element: { type: 'scripts' } }, allow: to('scripts', 'contract') },
  // Tests may also use the test helpers and the shared synthetic data.
  { from: { file: { categories: 'test' } }, allow: to('testing', 'fixtures') },
  { from: { element: { type: 'contract' }, file: { categories: 'test' } }, allow: to('server') },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // This rule only warns that the React Compiler would skip memoising code using TanStack Table's and
      // Virtual's hooks (they return mutable instances). This app does not run the compiler.
      'react-hooks/incompatible-library': 'off',
      ...pluginQuery.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'All HTTP goes through the API client (src/lib/api-client.ts and its transport).' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { boundaries },
    settings: {
      // Imports are resolved the way TypeScript resolves them (`@/` and `@contract` included), so a rule holds
      // whatever path spells the import. This resolver is plain JavaScript: no native binary to install.
      'import/resolver': { typescript: { project: ['tsconfig.app.json', 'tsconfig.node.json'] } },
      'boundaries/elements': layers,
      'boundaries/files': [
        { category: 'test', pattern: ['**/*.test.{ts,tsx}', '**/*test-support.{ts,tsx}', 'src/testing/**'] },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkUnknownLocals: true, policies: layerPolicies }],
    },
  },
  {
    // Every source file belongs to a layer, so no file slips past the rules above by sitting outside them.
    files: ['{src,contract,fixtures,server,bench,e2e,scripts}/**/*.{ts,tsx}'],
    rules: { 'boundaries/no-unknown-files': 'error' },
  },
  {
    // contract/ is shared by the browser and the server, so beyond itself it may import zod and nothing else.
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          checkUnknownLocals: true,
          policies: [
            { from: { element: { type: 'contract' } }, allow: to('contract') },
            {
              from: { element: { type: 'contract' } },
              allow: { to: { module: { origin: 'external', source: 'zod' } } },
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.{ts,js}'],
    ignores: ['bench/pages/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['bench/pages/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
);
