import { defineConfig } from 'vitest/config';

// The fault suite drives real server processes, a real SMTP peer and real databases on loopback.
// Files run one after another: they measure timings and kill processes, and two would disturb each other.
// CI runs the long newsletter crash test in a process of its own beside the rest (`FAULTS_REPORT` names
// that run's report), since it mostly waits on its mail peer.
export default defineConfig({
  test: {
    name: 'faults',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/faults/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/server/test/setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: process.env.FAULTS_REPORT ?? 'reports/faults.json' }]]
      : ['default'],
  },
});
