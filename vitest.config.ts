import { defineConfig } from 'vitest/config';

/**
 * Three projects: `logic` (the pure rules beside their code in src/ and netlify/), `unit` (tests/unit: the
 * function tests against a real Blobs server, the scripts, the builds and browsers they start), both run by
 * `npm run test:unit` with no build needed, and `build` (checks that read the production build in dist/
 * without a browser; `npm test` runs them right after `astro build`, before Playwright). `npx vitest run
 * <file>` runs a file of any.
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
      // Pure functions, no server, environment or module state of their own: their files share their worker's
      // modules instead of importing them again each (isolation costs about 0.2 s a file). A stubbed
      // environment variable or global is put back after each test.
      { extends: true, test: { name: 'logic', include: ['src/**/*.test.ts', 'netlify/**/*.test.ts'], isolate: false, unstubEnvs: true, unstubGlobals: true } },
      // Each file in a process of its own: the function tests set process.env and start their own servers.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
    ],
  },
});
