/**
 * Finds the Chromium the browser tests drive (Debian's packages: Playwright cannot download browsers
 * here). Installs them with apt-get when missing and we are root; otherwise says how, and fails.
 * Prints the path it found.
 *
 * Two builds of the same Chromium: the headless shell (chromium-headless-shell), which the browser tests use
 * as Playwright itself does for headless runs (the same Blink and V8 without the desktop browser's layers:
 * about a fifth less processor time over the browser tests), and the whole browser (chromium), for what only
 * it has: the PDF viewer (the field app's offline document), Lighthouse and the scripts' screenshots.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The whole browser; CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The headless shell the browser tests drive; CHROMIUM_HEADLESS_SHELL_PATH overrides. */
const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** The switches of every launch: no sandbox in a container, no GPU, no background traffic. */
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

/** How the scripts launch it: headless in a container, without background traffic. */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };

/** How the tests launch the headless shell. */
export const headlessShellLaunchOptions = { executablePath: headlessShellPath, args: chromiumArgs };

/** pdftoppm (Debian's poppler-utils): the deposit slip's test reads its QR code from the printed page. */
const PDFTOPPM = '/usr/bin/pdftoppm';

/** The Debian package of each program the tests need. */
const PACKAGES = [
  [chromiumPath, 'chromium'],
  [headlessShellPath, 'chromium-headless-shell'],
  [PDFTOPPM, 'poppler-utils'],
];

/** Ensures both Chromiums (and pdftoppm, for the PDF tests) are installed; returns the headless shell's path or exits with a clear message. */
export function ensureChromium() {
  const missing = PACKAGES.filter(([path]) => !existsSync(path)).map(([, name]) => name);
  if (missing.length === 0) return headlessShellPath;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Paquets de test introuvables (${missing.join(', ')}). Installez-les avec :\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n` +
        'ou indiquez leurs chemins dans CHROMIUM_PATH et CHROMIUM_HEADLESS_SHELL_PATH.',
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
  const still = PACKAGES.filter(([path]) => !existsSync(path)).map(([path]) => path);
  if (still.length > 0) {
    console.error(`Les paquets ont été installés mais ${still.join(', ')} reste introuvable.`);
    process.exit(1);
  }
  return headlessShellPath;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
