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

/** pdftoppm (Debian's poppler-utils): the deposit slip's test reads its QR code from the printed page. */
const PDFTOPPM = '/usr/bin/pdftoppm';

/** Ensures Chromium (and pdftoppm, for the PDF tests) is installed; returns Chromium's path or exits with a clear message. */
export function ensureChromium() {
  const missing = [...(existsSync(chromiumPath) ? [] : ['chromium']), ...(existsSync(PDFTOPPM) ? [] : ['poppler-utils'])];
  if (missing.length === 0) return chromiumPath;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Paquets de test introuvables (${missing.join(', ')}). Installez-les avec :\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n` +
        'ou indiquez son chemin dans CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log(`Paquets absents : installation des paquets Debian (apt-get install ${missing.join(' ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`La commande apt-get ${args.join(' ')} a échoué : impossible d’installer ${missing.join(', ')}.`);
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
