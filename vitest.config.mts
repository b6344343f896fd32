import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { webAliases } from './web/aliases.ts';

// One `vitest run` runs every kind of test; each project has its own environment.
export default defineConfig({
  test: {
    // 2 shared cores: keep the workers few so DynamoDB Local and Chromium get CPU.
    maxWorkers: 2,
    projects: [
      // The alias lets node-side tests read the web's CSV modules (tests/unit/csv.test.ts, tests/e2e/csv.test.ts).
      // 20 s per test (vitest's 5 s default): the browser suite runs beside these on the same 2 cores (tests/run.ts).
      { resolve: { alias: webAliases }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      {
        // The alias lets the API tests check the web's export of a view against the pages (tests/api/lista-paginada.test.ts).
        resolve: { alias: webAliases },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One DynamoDB Local for the whole run; each file uses its own table.
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Builds the site, serves it with the API (vite preview) and starts one Chromium.
          globalSetup: ['tests/e2e/global-setup.ts'],
          // expect.poll waits for the page (1 s by default: too short on 2 busy cores).
          expect: { poll: { timeout: 7_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
