/** Where `npm run cms` serves: the address the dev server says it serves (not the port it was asked for). */

/**
 * The origin (« http://127.0.0.1:4322 ») in the dev server's output so far, or undefined while it has not
 * printed it. Astro prints a line « Local    http://127.0.0.1:4322/ » once it listens, coloured on a terminal.
 * @param {string} output
 * @returns {string | undefined}
 */
export function servedAddress(output) {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const match = /Local\s+(https?:\/\/[^\s/]+)/.exec(plain);
  return match?.[1];
}
