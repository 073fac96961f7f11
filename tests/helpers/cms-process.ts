/**
 * `npm run cms` (scripts/cms.mjs) started as an editor starts it, in a project folder, on free ports: the
 * address it prints, decap-server's port, its output so far, and a way to stop it and its servers.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A port free on the loopback now (the system's pick). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The environment of an editor's terminal: none of Vitest's variables (under VITEST, Astro's dev server routes no page). */
export function editorEnv(): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST'))),
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
  };
}

export interface RunningCms {
  /** The CMS address `npm run cms` printed (« http://127.0.0.1:4322/admin/contenu »). */
  url: string;
  decapPort: number;
  pid: number;
  /** Everything it printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `npm run cms` in `cwd`, its dev server asked for `sitePort` (a free one by default); resolves once it printed the CMS address and decap-server listens. */
export async function startCms(cwd: string, sitePort?: number): Promise<RunningCms> {
  const decapPort = await freePort();
  const child = spawn(process.execPath, ['scripts/cms.mjs'], {
    cwd,
    env: { ...editorEnv(), PORT: String(sitePort ?? (await freePort())), DECAP_SERVER_PORT: String(decapPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const printed = /Espace des contenus : (\S+)/.exec(output)?.[1];
      if (printed && /listening on/i.test(output)) {
        clearInterval(timer);
        resolve(printed);
      }
    }, 200);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`npm run cms stopped (code ${code}): ${output}`));
    });
  });
  return {
    url,
    decapPort,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
