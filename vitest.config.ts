import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Test files that replace a module with `vi.mock`: they run with a module graph of their own. */
const MODULE_MOCKS = ['src/server/uploads/image-processing.test.ts'];

export default defineConfig({
  plugins: [react()],
  test: {
    // CI keeps a machine-readable report so its summary line can count every test.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'reports/unit.json' }]] : ['default'],
    // A worker for every core. Vitest's default keeps one core free for itself, which on a two-core
    // machine leaves one worker, and these tests spend much of their time waiting on databases, sockets
    // and password hashing: alone, that worker left the machine 40 % idle. Each test file has its own
    // SQLite file and PostgreSQL schema, so files never see each other's rows. On two cores the suite
    // took 363 s with one worker, 230 s with two and 221 s with three.
    maxWorkers: '100%',
    // Test files in one worker share the modules they load (`isolate: false`): each file still gets its
    // own databases, app and environment, but the ~1,400 modules behind `buildApp` are evaluated once
    // per worker rather than once per file. On two cores that took the suite from about 280 s to 180 s.
    // A file that replaces a module with `vi.mock` needs a module graph of its own, so it runs in the
    // isolated project below; a file that changes globals, timers or `process.env` puts them back.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: MODULE_MOCKS,
          setupFiles: ['src/server/test/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: MODULE_MOCKS,
          isolate: true,
          setupFiles: ['src/server/test/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
