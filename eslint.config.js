// One flat config for the whole repo. The import rules hold the house's dependency lines:
// contract <- lib/components <- features <- app; features never import each other; server imports only contract.
// Import cycles are caught by scripts/check-import-cycles.ts (run by npm run lint): the ESLint plugins for that
// need a native resolver whose platform packages break npm ci here.
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'course-stats', 'label-groups'];

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
      'no-restricted-globals': ['error', { name: 'fetch', message: 'All HTTP goes through src/lib/api-client.ts.' }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod(/mini)?$|\\./)', message: 'contract/ imports only zod.' }] },
      ],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@/(features|app)/', message: 'lib/ and components/ sit below features and app.' }] },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/app/', message: 'Features sit below app/.' },
            ...features
              .filter((other) => other !== feature)
              .map((other) => ({ regex: `^@/features/${other}/`, message: 'Features never import each other.' })),
          ],
        },
      ],
    },
  })),
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(@/|\\.\\./src/|\\.\\./\\.\\./src/)', message: 'server/ imports only contract/.' }] },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
