/**
 * Every maintenance command the README and docs/operations/commands.md give runs from a fresh clone, with the project's Node
 * (node_modules/.bin/node, as `npm run` starts it) and no bundler in between: an import that only a
 * bundler resolves (a relative import without its `.ts`) stops the command here. The inbox and mail
 * commands work on a throw-away project root seeded with requests and e-mails, never on the developer's
 * data nor on production; the benchmarks answer `--help`. A command they add must be added here.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectBlobs } from '../../scripts/lib/local-blobs.mjs';
import { forgetServerAddress, recordServerAddress } from '../../scripts/lib/local-server-address.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const projectNode = join(root, 'node_modules/.bin/node');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The README's `npm run` commands this test leaves out, and why (not maintenance commands, or run by another test). */
const NOT_HERE: Record<string, string> = {
  dev: 'a server that runs until stopped',
  cms: 'a server that runs until stopped',
  start: 'a server that runs until stopped',
  serve: 'a server that runs until stopped',
  build: '`npm test` runs it',
  check: '`npm test` runs it',
  duplicates: '`npm test` runs it',
  knip: '`npm test` runs it',
  budget: '`npm test` runs it',
  'test:unit': '`npm test` runs it',
  'test:e2e': '`npm test` runs it',
  lighthouse: 'needs a quiet machine and Chromium; not part of the tests (docs/operations/commands.md)',
  sla: 'src/features/tickets/sla-script.test.ts runs it with the project’s Node',
  holidays: 'it rewrites a tracked file; src/features/tickets/public-holidays.test.ts checks that file against what the script computes',
};

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run <script> -- <args>` as npm would, with the project's Node: the script's own command
 * line from package.json, `node` being that Node. Never against production Blobs.
 */
function npmRun(script: string, args: string[] = [], stdin?: string, extraEnv: Record<string, string> = {}): Promise<Outcome> {
  const command = scripts[script];
  if (!command?.startsWith('node ')) throw new Error(`package.json: « ${script} » is not a node script (${command})`);
  const env = { ...process.env, NETLIFY_SITE_ID: '', NETLIFY_AUTH_TOKEN: '', FORCE_COLOR: '0', ...extraEnv };
  return new Promise((resolve) => {
    const child = execFile(projectNode, [...command.slice('node '.length).split(' '), ...args], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
    child.stdin?.end(stdin ?? '');
  });
}

/** Where the commands are documented: the README (the two commands) and the commands' page of docs/operations. */
const DOCUMENTED_IN = ['README.md', 'docs/operations/commands.md'];

/** Every `npm run <script>[ -- <subcommand>]` of the README and the commands' page. */
function readmeCommands(): string[] {
  const readme = DOCUMENTED_IN.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
  return [...new Set([...readme.matchAll(/npm run ([\w:-]+)(?: -- ([a-z]+)\b)?/g)].map(([, script, sub]) => (sub ? `${script} -- ${sub}` : script!)))];
}

const covered = new Set<string>();
/** A test of one README command (`script` or `script -- sub`). */
function command(readme: string, body: () => Promise<void>) {
  covered.add(readme);
  it(`npm run ${readme}`, body, 90_000);
}

describe('the README’s maintenance commands', () => {
  const projectRoot = mkdtempSync(join(tmpdir(), 'documented-commands-'));
  const reference = 'CT-2026-00777';
  let fakeSite: Server;

  beforeAll(async () => {
    // Two requests in the throw-away root's local Blobs (the folder `npm start` serves): one of today with
    // its notification in the outbox, one untouched for four years (past the three years kept). Never the
    // production site's Blobs, whatever the developer's environment holds.
    vi.stubEnv('NETLIFY_SITE_ID', '');
    vi.stubEnv('NETLIFY_AUTH_TOKEN', '');
    const blobs = await connectBlobs(projectRoot);
    try {
      const { newRequest, importRequests } = await import('../../netlify/lib/requests/requests.ts');
      const { enqueueMails } = await import('../../netlify/lib/mail/outbox.ts');
      const input = { kind: 'contact', name: 'Marie Lucien', email: 'marie@exemple.fr', phone: '0596 12 34 56', company: 'Supérette du Bourg', subject: 'Maintenance', delai: 'Dès que possible', message: 'Notre caisse ne démarre plus depuis ce matin.' } as const;
      const today = newRequest({ ...input, reference });
      const old = newRequest({ ...input, reference: 'CT-2022-00001' }, new Date(Date.now() - 4 * 365 * 24 * 3_600_000));
      await importRequests([today, old]);
      await enqueueMails(today.id, [{ id: 'entreprise', mail: { from: 'contact@vision-caraibes.fr', to: 'contact@vision-caraibes.fr', replyTo: 'marie@exemple.fr', subject: `Nouvelle demande ${reference}`, textBody: 'Notre caisse ne démarre plus.', htmlBody: '<p>Notre caisse ne démarre plus.</p>' } }]);
    } finally {
      await blobs.close();
    }
    // The running server `mail -- run` calls: its outbox job answers a run with nothing to send.
    fakeSite = createServer((request, response) => {
      const isJob = request.method === 'POST' && request.url === '/.netlify/functions/mail-outbox';
      response.writeHead(isJob ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(isJob ? { repair: { completed: 0, dropped: 0, waiting: 0 }, pending: 0, sent: 0, retried: 0, failed: 0, transport: 'boite_locale' } : {}));
    });
    await new Promise<void>((resolve) => fakeSite.listen(0, '127.0.0.1', resolve));
  }, 60_000);

  afterAll(() => {
    vi.unstubAllEnvs();
    fakeSite?.close();
    rmSync(projectRoot, { recursive: true, force: true });
  });

  command('inbox -- rebuild', async () => {
    const { code, stdout, stderr } = await npmRun('inbox', ['rebuild', '--root', projectRoot]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Index reconstruit');
    expect(stdout).toContain(': 2 demandes indexées.');
  });

  command('mail -- list', async () => {
    const { code, stdout } = await npmRun('mail', ['list', '--root', projectRoot]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Nouvelle demande ${reference}`);
    expect(stdout).toContain('1 e-mail(s) dans la boîte d’envoi');
    // Each line starts with the id `show` takes: the e-mail's, shown in full by it.
    const id = stdout.split('\n')[0]!.split(/\s+/)[0]!;
    expect(id).toMatch(/^\S+\/entreprise$/);
    const shown = await npmRun('mail', ['show', id, '--root', projectRoot]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Identifiant : ${id}`);
    expect(shown.stdout).toContain('Notre caisse ne démarre plus.');
  });

  command('mail -- show', async () => {
    const { code, stdout } = await npmRun('mail', ['show', reference, '--root', projectRoot]);
    expect(code).toBe(0);
    expect(stdout).toContain('Répondre à : marie@exemple.fr');
    expect(stdout).toContain('Notre caisse ne démarre plus.');
  });

  command('mail -- run', async () => {
    const { port } = fakeSite.address() as AddressInfo;
    const { code, stdout } = await npmRun('mail', ['run', '--url', `http://127.0.0.1:${port}`]);
    expect(code).toBe(0);
    expect(stdout).toContain('Boîte d’envoi : 0 à envoyer, 0 envoyés');
  });

  it('npm run mail -- run calls the server on PORT, or else the one the running server recorded', async () => {
    const { port } = fakeSite.address() as AddressInfo;
    const onPort = await npmRun('mail', ['run'], undefined, { PORT: String(port) });
    expect(onPort.stderr).toBe('');
    expect(onPort.stdout).toContain('Boîte d’envoi : 0 à envoyer');
    await recordServerAddress(projectRoot, `http://127.0.0.1:${port}`);
    try {
      const recorded = await npmRun('mail', ['run', '--root', projectRoot], undefined, { PORT: '' });
      expect(recorded.stderr).toBe('');
      expect(recorded.stdout).toContain('Boîte d’envoi : 0 à envoyer');
    } finally {
      await forgetServerAddress(projectRoot);
    }
  });

  // After the others: it deletes the four-year-old request only.
  command('inbox -- purge', async () => {
    const { code, stdout, stderr } = await npmRun('inbox', ['purge', '--root', projectRoot]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Purge \(.*\) : 1 demandes,/);
    expect((await npmRun('inbox', ['rebuild', '--root', projectRoot])).stdout).toContain(': 1 demandes indexées.');
  });

  command('catalogue -- import', async () => {
    const { code, stdout } = await npmRun('catalogue', ['import', join(root, 'tests/fixtures/catalogue/exemple-tarifs.csv')]);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^catalogue: 3 lignes, 1 nouveaux, 2 modifiés, \d+ inchangés, 0 refusés$/);
    expect(code).toBe(0);
  });

  command('catalogue -- export', async () => {
    const file = join(projectRoot, 'catalogue.csv');
    const { code, stdout } = await npmRun('catalogue', ['export', file]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\d+ produits exportés/);
    expect(readFileSync(file, 'utf8')).toMatch(/^\uFEFFreference;nom;/);
  });

  command('clients -- import', async () => {
    const { code, stdout } = await npmRun('clients', ['import', join(root, 'tests/fixtures/customers/exemple-clients.csv'), '--root', projectRoot]);
    expect(stdout.trim().split('\n').at(-1)).toBe('clients: 10 lignes, 10 nouveaux, 0 modifiés, 0 inchangés, 0 refusés');
    expect(stdout).toContain('Essai à blanc : rien n’est écrit');
    expect(code).toBe(0);
  });

  command('clients -- export', async () => {
    const file = join(projectRoot, 'clients.csv');
    const { code, stdout } = await npmRun('clients', ['export', file, '--root', projectRoot]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^0 sociétés exportées dans /);
    expect(readFileSync(file, 'utf8')).toMatch(/^\uFEFFtype;code_client;nom;/);
  });

  command('hash-password', async () => {
    const { code, stdout } = await npmRun('hash-password', [], 'un mot de passe assez long\n');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ADMIN_PASSWORD_HASH=\S{20,}$/m);
  });

  for (const bench of ['bench:clients', 'bench:cold', 'bench:devis', 'bench:first-call', 'bench:start', 'bench:import', 'bench:inbox', 'bench:photos', 'bench:repairs', 'bench:tickets', 'bench:field', 'bench:storage']) {
    command(bench, async () => {
      const { code, stdout } = await npmRun(bench, ['--help']);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage : /);
    });
  }

  it('covers every maintenance command of the README, and the README gives each', () => {
    const readme = readmeCommands();
    const isCovered = (entry: string) => covered.has(entry) || [...covered].some((tested) => tested.startsWith(`${entry} -- `));
    const missing = readme.filter((entry) => !isCovered(entry) && !(entry.split(' ')[0]! in NOT_HERE));
    expect(missing, 'add a test of the command here, or say in NOT_HERE why not').toEqual([]);
    expect([...covered].filter((entry) => !readme.includes(entry)), 'commands tested here but no longer documented').toEqual([]);
    expect(existsSync(projectNode), 'the project’s Node (the `node` devDependency)').toBe(true);
  });
});

describe('the first commands answer --help at once', () => {
  // Usage on stdout, exit 0, nothing on stderr (no stack trace), and nothing built, served or read first.
  for (const script of ['start', 'serve', 'mail', 'inbox', 'catalogue']) {
    it(`npm run ${script} -- --help`, async () => {
      const { code, stdout, stderr } = await npmRun(script, ['--help']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^Usage : npm (run )?${script} `));
    }, 30_000);
  }
});

describe('the other documented scripts', () => {
  for (const script of ['scripts/load.mjs', 'scripts/crash-test.mjs', 'scripts/bench-build.mjs']) {
    it(`node ${script} --help`, async () => {
      const { code, stdout } = await new Promise<Outcome>((resolve) =>
        execFile(projectNode, [script, '--help'], { cwd: root }, (error, out, err) => resolve({ code: error ? 1 : 0, stdout: out, stderr: err })),
      );
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage : /);
    }, 90_000);
  }
});
