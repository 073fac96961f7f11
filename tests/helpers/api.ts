/**
 * Calls the functions directly, as Netlify would, with JSON bodies and a bearer token.
 */
type Handler = (request: Request, context?: any) => Promise<Response>;

export const TEST_ADMIN = { username: 'admin', password: 'mot-de-passe-de-test' };
export const TEST_SECRET = 'a-test-signing-secret-of-more-than-32-bytes';
/** The site's configured address in the tests (SITE_URL): the functions are called on it. */
export const TEST_SITE = 'http://localhost';

/** Sets the admin credentials, the signing secret and the mail settings for a test file. */
export function setTestEnv(postmarkUrl?: string): void {
  process.env.ADMIN_USERNAME = TEST_ADMIN.username;
  process.env.ADMIN_PASSWORD = TEST_ADMIN.password;
  delete process.env.ADMIN_PASSWORD_HASH;
  process.env.AUTH_SECRET = TEST_SECRET;
  process.env.MAIL_FROM = 'site@vision-caraibes.fr';
  process.env.MAIL_TO = 'commercial@vision-caraibes.fr';
  // The configured site the links are written on (never a request's Host): the address the calls come in on.
  process.env.SITE_URL = TEST_SITE;
  if (postmarkUrl) {
    process.env.POSTMARK_SERVER_TOKEN = 'test-server-token';
    process.env.POSTMARK_API_URL = postmarkUrl;
  } else {
    delete process.env.POSTMARK_SERVER_TOKEN;
    delete process.env.POSTMARK_API_URL;
  }
}

interface CallOptions {
  method?: string;
  body?: unknown;
  /** A raw body, sent as is. */
  raw?: string;
  token?: string;
  contentType?: string;
  ip?: string;
  params?: Record<string, string>;
  /** More request headers (a customer's cookie, an Origin). */
  headers?: Record<string, string>;
  /** The `Host` the request claims (a forged one: `evil.example`), which the runtime builds the request's URL from. */
  host?: string;
}

/** A client address of its own for each call (unless a test names one): caps per sender address do not carry from test to test. */
const someClientAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Calls a function handler and returns the status and parsed JSON body. */
export async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  const hasBody = options.body !== undefined || options.raw !== undefined;
  if (hasBody) headers['content-type'] = options.contentType ?? 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.host) headers.host = options.host;
  const request = new Request(`http://${options.host ?? 'localhost'}${path}`, {
    method: options.method ?? (hasBody ? 'POST' : 'GET'),
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  // What the function leaves running after its answer (context.waitUntil) is awaited, as the platform
  // keeps the function alive for it, so a test reads the state once the function is done.
  const after: Promise<unknown>[] = [];
  const response = await handler(request, { ip: options.ip ?? someClientAddress(), params: options.params ?? {}, waitUntil: (promise: Promise<unknown>) => void after.push(promise) });
  const text = await response.text();
  await Promise.all(after);
  // A JSON answer is parsed; a file (a PDF, a CSV export) keeps its text only.
  const isJson = /json/i.test(response.headers.get('content-type') ?? '');
  return { status: response.status, headers: response.headers, text, body: text && isJson ? JSON.parse(text) : undefined };
}

/** A valid contact form payload, as the form island posts it. */
export function contactPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Marie-Josée Lucien',
    email: 'mj.lucien@exemple.fr',
    phone: '0596 12 34 56',
    company: 'Supérette du Bourg',
    subject: 'Encaissement & Gestion',
    delai: '1 à 3 mois',
    message: 'Bonjour, nous souhaitons remplacer nos deux caisses avant la rentrée.',
    website: '',
    ...overrides,
  };
}
