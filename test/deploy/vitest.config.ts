import { defineConfig } from 'vitest/config';

// The deployment suite runs the site the way people run it: a fresh clone's first start, and two
// production instances on PostgreSQL and Redis behind Caddy over HTTPS. Files run one after another.
export default defineConfig({
  test: {
    name: 'deploy',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/deploy/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/server/test/setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 20_000,
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'reports/deploy.json' }]] : ['default'],
  },
});
