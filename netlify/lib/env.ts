/**
 * The server's environment, read in one place: every variable the functions use, parsed with zod, with its
 * default. Read it with `serverEnv()` each time (never at load: tests and the local server change the
 * environment between calls); a function that takes an `env` parameter passes it through here.
 */
import { z } from '../../src/records/zod.ts';
import { DEFAULT_SITE_URL } from '../../src/lib/constants.ts';

type Env = Record<string, string | undefined>;

/** Empty or blank counts as unset. */
const optional = z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined), z.string().optional());

const envSchema = z.object({
  /** Public address of the site, for links in e-mails and devis; defaults to the production address. */
  SITE_URL: optional,
  /** The deploy's address, which Netlify sets (the publication job checks the live site there). */
  URL: optional,
  /** Netlify's build hook, which the publication job calls. */
  BUILD_HOOK_URL: optional,
  /** Netlify's deploy context (`production`, `deploy-preview`…). */
  CONTEXT: optional,
  /** Where the function's files are on Netlify (fonts, catalogue); the working folder elsewhere. */
  LAMBDA_TASK_ROOT: optional,
  /** The secret the site's tokens are signed with (sessions, devis links): 32 bytes or more, used as written (never trimmed: links already sent keep their signature). */
  AUTH_SECRET: z.string().optional(),
  /** Postmark's server token: e-mails leave through Postmark when it is set. */
  POSTMARK_SERVER_TOKEN: optional,
  /** Another address for Postmark's API (the tests' local stand-in, e.g. http://127.0.0.1:4010). */
  POSTMARK_API_URL: optional,
  /** The sender of every e-mail; defaults to the company's address. */
  MAIL_FROM: optional,
  /** The company's inbox, where notifications go; defaults to the company's address. */
  MAIL_TO: optional,
  /** Web Push (the technicians' app): the VAPID key pair (base64url, as web-push generates them) and the contact the push services may write to (`mailto:` or `https:`); generated for local runs (scripts/lib/local-credentials.mjs). */
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: optional,
  /** `true` in the tests: pushes may also go to a stand-in push service on the loopback (https://127.0.0.1:<port>). Ignored on Netlify (isNetlifyRuntime), where only public push services are reached. */
  PUSH_LOOPBACK_SERVICE: optional,
  /** Set by Netlify's runtime (and its local emulation): the site's id, the Lambda function's name. */
  SITE_ID: optional,
  AWS_LAMBDA_FUNCTION_NAME: optional,
  /** `true` under the local servers: `npm start` (NETLIFY_DEV) and `npm run dev` (NETLIFY_LOCAL). */
  NETLIFY_DEV: optional,
  NETLIFY_LOCAL: optional,
});

/** The parsed environment. */
export type ServerEnv = z.infer<typeof envSchema>;

/** The environment as the server reads it (unknown variables ignored). */
export function serverEnv(env: Env = process.env): ServerEnv {
  return envSchema.parse(env);
}

/** The public address of the site, without a trailing slash: SITE_URL, else the production address. */
export function siteUrl(env: Env = process.env): string {
  return (serverEnv(env).SITE_URL ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
}

/** The folders a function's bundled files may be found under: Netlify's task root, then the working folder. */
export function functionRoots(env: Env = process.env): string[] {
  const root = serverEnv(env).LAMBDA_TASK_ROOT;
  return root ? [root, process.cwd()] : [process.cwd()];
}

/**
 * Whether the code runs on Netlify's servers rather than on a developer's machine: Netlify's function
 * runtime sets SITE_ID (read-only site variable) and runs on AWS Lambda; the local emulation sets SITE_ID
 * too, so a local run says so as `netlify dev` does: NETLIFY_DEV=true (the local server of `npm start`,
 * scripts/lib/site-server.mjs) or NETLIFY_LOCAL=true (`npm run dev`, where NETLIFY_DEV would make
 * @netlify/vite-plugin step aside for a `netlify dev` that is not there). The tests set none of them.
 */
export function isNetlifyRuntime(env: Env = process.env): boolean {
  const { NETLIFY_DEV, NETLIFY_LOCAL, SITE_ID, AWS_LAMBDA_FUNCTION_NAME } = serverEnv(env);
  if (NETLIFY_DEV === 'true' || NETLIFY_LOCAL === 'true') return false;
  return Boolean(SITE_ID || AWS_LAMBDA_FUNCTION_NAME);
}
