/**
 * Finds the Chromium the browser tests drive (Debian's package: Playwright cannot download browsers
 * here). Installs it with apt-get when it is missing and we are root; otherwise says how, and fails.
 * Prints the path it found.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where the browser tests look for Chromium; CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How the scripts launch it: headless in a container, without background traffic. */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
};

/** Ensures Chromium is installed; returns its path or exits with a clear message. */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium est introuvable (${chromiumPath}). Installez-le avec :\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'ou indiquez son chemin dans CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log('Chromium est absent : installation du paquet Debian (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`La commande apt-get ${args.join(' ')} a échoué : impossible d’installer Chromium.`);
      process.exit(1);
    }
  }
  if (!existsSync(chromiumPath)) {
    console.error(`Chromium a été installé mais ${chromiumPath} reste introuvable.`);
    process.exit(1);
  }
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
