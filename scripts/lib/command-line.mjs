/**
 * A script's options, read with node:util's parseArgs, plus `--help` (or `-h`): prints the usage line and
 * exits 0. A wrong option prints why and the usage, and exits 2.
 */
import { parseArgs } from 'node:util';

/**
 * @param {string} usage the usage line(s), in French, as `--help` prints them
 * @param {import('node:util').ParseArgsConfig} [config] parseArgs' configuration, without `args`
 */
export function commandLine(usage, config = {}) {
  let parsed;
  try {
    parsed = parseArgs({ ...config, options: { ...config.options, help: { type: 'boolean', short: 'h', default: false } } });
  } catch (error) {
    console.error(`Arguments refusés : ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
