/**
 * Where the browser tests' server keeps its data. `scripts/serve.mjs --isolated` serves from a throw-away
 * project root; when SITE_ROOT_FILE names a file it writes that root there (and deletes the file when it
 * stops), so a test can read what the server stored, such as the e-mails of its local outbox
 * (tests/helpers/local-outbox.ts). One file per port: two servers of the same worktree do not mix.
 */
import { fileURLToPath } from 'node:url';

/** The file holding the project root of the e2e server listening on `port`. */
export const e2eSiteRootFile = (port: number): string => fileURLToPath(new URL(`../../.local/e2e-site-root-${port}`, import.meta.url));

/** The port of the e2e server (playwright.config.ts serves on it). */
export const e2ePort = (): number => Number(process.env.E2E_PORT ?? 8899);
