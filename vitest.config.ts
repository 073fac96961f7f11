import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (unit and function tests, no build needed: `npm run test:unit`) and `build` (checks
 * that read the production build in dist/ without a browser; `npm test` runs them right after
 * `astro build`, before Playwright). `npx vitest run <file>` runs a file of either.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default is one file at a time on a two-core machine (cores − 1), and the function tests spend
    // much of their time waiting on sockets (Blobs, the local mail server, child processes): four files at
    // a time keep both cores busy.
    maxWorkers: 4,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'netlify/**/*.test.ts', 'tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
    ],
  },
});
