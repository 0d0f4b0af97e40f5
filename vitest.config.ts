import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
