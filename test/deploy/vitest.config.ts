import { defineConfig } from 'vitest/config';

// The deployment suite runs the site the way people run it: a fresh clone's first start, one production
// instance on SQLite behind Caddy over HTTPS with its backup and restore, two on PostgreSQL and Redis
// behind Caddy, and `systemd-analyze verify` on the units. Files run one after another. CI runs the
// release test on its own first (`DEPLOY_REPORT` names its JSON report): it rebuilds dist/ in this
// checkout, which a server of the fault suites starting meanwhile would find half written.
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
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: process.env.DEPLOY_REPORT ?? 'reports/deploy.json' }]]
      : ['default'],
  },
});
