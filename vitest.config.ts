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
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'netlify/**/*.test.ts', 'tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
    ],
  },
});
