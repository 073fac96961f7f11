import { defineConfig, devices } from '@playwright/test';
import { headlessShellLaunchOptions } from './scripts/ensure-chromium.mjs';
import { e2eAdmin } from './tests/helpers/e2e-admin';
import { e2ePort, e2eSiteRootFile } from './tests/helpers/e2e-server';

/** The browser tests run against the production build, served like `npm start` on its own port. */
const port = e2ePort();
const baseURL = `http://localhost:${port}`;

/** Chromium's headless shell, as Playwright drives headless runs (scripts/ensure-chromium.mjs); a test that needs the whole browser says so. */
const launchOptions = headlessShellLaunchOptions;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  // An assertion may wait for two or three chained calls to the local functions (login, list, a request's
  // view), each a new worker thread under the emulation: 1-4 s apiece while the other worker's tests call
  // them too (README). 7 s ran out in a fresh-clone run. Only a failing assertion waits this long.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'America/Martinique',
    // A failed test keeps its screenshot and its page's aria snapshot (error-context.md). Traces are recorded on
    // demand: recording one for every test, to keep those that fail, cost about 4 % of the browser tests’
    // processor time (its DOM snapshots and screencast, a seventh more). `npm test -- --trace retain-on-failure`
    // keeps the failures' traces, `--trace on` every test's.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions }, grep: /@mobile/ },
  ],
  webServer: {
    command: `node scripts/serve.mjs --port ${port} --isolated --quiet`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A fresh clone builds each function on its first call (the health check's first of all): on a busy
    // 2-core machine the server took over a minute to answer it.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      AUTH_SECRET: e2eAdmin.secret,
      // No Postmark token: notifications go to the server's throw-away outbox.
      POSTMARK_SERVER_TOKEN: '',
      // Where the server writes its throw-away root, so tests read its outbox (tests/helpers/local-outbox.ts).
      SITE_ROOT_FILE: e2eSiteRootFile(port),
    },
  },
});
