import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@contract': fromRoot('./contract/index.ts'),
      '@': fromRoot('./src'),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The whole app is small; inlining nothing keeps the CSP free of data: and inline sources.
    assetsInlineLimit: 0,
  },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
        },
      },
    ],
  },
});
