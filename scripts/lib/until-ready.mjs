/**
 * Starts a script of the local server (scripts/serve.mjs, scripts/start.mjs) for a benchmark and resolves
 * once it prints « Site prêt », with what it printed, the time it took and a way to stop it.
 */
import { spawn } from 'node:child_process';

/**
 * @param {string[]} args the script and its arguments, for node
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<{ output: string, ms: number, stop: () => Promise<void> }>}
 */
export function untilReady(args, env = process.env) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true, env });
    let output = '';
    child.stdout.setEncoding('utf8');
    const early = (code) => reject(new Error(`${args[0]} stopped (${code}) before « Site prêt »:\n${output}`));
    child.once('exit', early);
    child.stdout.on('data', (chunk) => {
      if (output.includes('Site prêt')) return;
      output += chunk;
      if (!output.includes('Site prêt')) return;
      child.off('exit', early);
      resolve({
        output,
        ms: performance.now() - started,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
