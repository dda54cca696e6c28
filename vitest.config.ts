import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time in every project (vitest's default on 2 cores is one). Each file has its
    // own database (and, for journeys, its own server and browser), and much of a file's time is
    // spent waiting on the database server or the page, so two overlap well.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], environment: 'node' } },
      // the web app's state logic (outbox, thread cache, reconnect): plain modules, fake time and a fake network
      { test: { name: 'web', include: ['web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // A worker's files share its modules: each file builds its own app on its own database, so
          // nothing a test reads lives in a module, and importing the server afresh for every file
          // was two fifths of the project's time (147 of 370 s on a slow day)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NODE_ENV: 'test' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/failure-report.ts'],
          testTimeout: 60_000,
          // One more try for a journey that fails: on a loaded 2-core machine a click now and then
          // lands while the page is still settling. A real fault fails both tries; a first failure
          // still prints its failure report (support/failure-report.ts) so it can be looked into.
          retry: 1,
          hookTimeout: 120_000,
          // expect.poll waits for what a browser shows after a round trip; 1 s (the default) is
          // too short on a loaded 2-core CI machine, and a poll ends as soon as it holds
          expect: { poll: { timeout: 10_000 } },
          env: { NODE_ENV: 'test' },
        },
      },
    ],
  },
});
