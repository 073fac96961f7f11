/**
 * Function builds kept between calls and between starts. @netlify/dev (its @netlify/functions-dev) builds a
 * function again, with @netlify/zip-it-and-ship-it, on every call it hands it, and keeps nothing from one
 * start to the next: each local call paid a build of seconds, and each `npm start` built every function.
 * Here a function's build is kept under `.netlify/functions-builds/<function>/` with the hash of its inputs:
 * the contents of the source files its bundle reached (as the build lists them), of the files it includes
 * (netlify.toml's `included_files`), of package-lock.json and of netlify.toml. A call, or a later start,
 * whose function has the same hash uses that build; a change to any of them builds it again (once, however
 * many calls arrive meanwhile).
 *
 * The emulation builds a function when it registers it (at start, every function at once) and again on each
 * call. Its registry's class is not exported: it is reached through a throw-away `FunctionsHandler` (the
 * class @netlify/dev itself imports), and its `registerFunction` replaced, so that each function it
 * registers gets a `build` that uses the kept build while its inputs are unchanged; the function then
 * carries the kept build's data as if it had just built it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { FunctionsHandler } from '@netlify/functions-dev';

/** Files every function's build depends on, besides its own sources. */
const SHARED_INPUTS = ['package-lock.json', 'netlify.toml'];

/** The shape of a kept build's manifest: one written under another is not trusted (built again). */
const MANIFEST_VERSION = 2;

/** A kept build older than this, and no longer a function's current one, is removed at the next start. */
const OLD_BUILD_MS = 60 * 60 * 1000;

/** Contents hashes by path, kept while the file's size and time do not change. */
const fileHashes = new Map();

async function fileHash(path) {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 'absent';
  const known = fileHashes.get(path);
  if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) return known.hash;
  // A folder the bundler lists for an included file under a linked folder (the browser tests' throw-away
  // root links dist/): its files are read where they are, at run time, not from the build.
  if (info.isDirectory()) return 'folder';
  const hash = createHash('sha256').update(await readFile(path)).digest('hex');
  fileHashes.set(path, { size: info.size, mtimeMs: info.mtimeMs, hash });
  return hash;
}

/**
 * The hash of a build's inputs: each file by its path inside the project (so the same sources in another
 * copy of the project, as the browser tests' throw-away root, give the same hash) and its contents.
 * @param {string} projectRoot
 * @param {string[]} files paths inside the project
 */
export async function inputsHash(projectRoot, files) {
  const hash = createHash('sha256');
  for (const file of [...new Set([...files, ...SHARED_INPUTS])].sort()) {
    hash.update(`${file}\0${await fileHash(isAbsolute(file) ? file : join(projectRoot, file))}\0`);
  }
  return hash.digest('hex');
}

/**
 * The files of a finished build that key it: its sources and included files (packages are keyed by the
 * lockfile), each by its path inside the project, or inside `sourceRoot` (a throw-away root links the
 * project's folders, and the bundler names their real paths), else by its absolute path.
 */
function keyFiles(projectRoot, sourceRoot, buildData) {
  const named = (path) => {
    const absolute = isAbsolute(path) ? path : resolve(projectRoot, path);
    for (const root of [projectRoot, sourceRoot]) {
      const inside = relative(root, absolute);
      if (!inside.startsWith('..') && !isAbsolute(inside)) return inside;
    }
    return absolute;
  };
  return [...(buildData.srcFiles ?? []), ...(buildData.includedFiles ?? [])].filter((path) => !path.includes('node_modules')).map(named);
}

/**
 * Keeps the builds of the functions the emulation runs, under `<cacheRoot>/<function>/`.
 * @param {{ projectRoot: string, cacheRoot: string, sourceRoot?: string, log?: (line: string) => void }} options
 *   sourceRoot: the project whose folders a throw-away `projectRoot` links (default: projectRoot itself)
 * @returns {{ stats: { built: Set<string>, reused: Set<string> }, restore: () => void }} the functions built, and those whose kept build was used
 */
export function keepFunctionBuilds({ projectRoot, cacheRoot, sourceRoot = projectRoot, log = () => {} }) {
  const stats = { built: new Set(), reused: new Set() };
  // A handler of no function folder: it registers nothing, and its registry's prototype is the registries'.
  const probe = new FunctionsHandler({ config: { get: () => ({}) }, destPath: tmpdir(), projectRoot, settings: {}, siteId: 'builds' });
  const registry = Object.getPrototypeOf(probe.registry);
  const originalRegister = registry.registerFunction;
  registry.registerFunction = function registerFunction(name, func, isReload) {
    if (!func.keptBuild) func.keptBuild = keptBuilder(func, { projectRoot, sourceRoot, cacheRoot, stats, log });
    return originalRegister.call(this, name, func, isReload);
  };
  return { stats, restore: () => void (registry.registerFunction = originalRegister) };
}

/** Replaces a function's `build` with one that reuses its kept build while its inputs are unchanged. */
function keptBuilder(func, { projectRoot, sourceRoot, cacheRoot, stats, log }) {
  const build = func.build.bind(func);
  const folder = join(cacheRoot, func.name);
  const manifest = join(folder, 'build.json');
  /** The build in use: its hash, files and data. */
  let current;
  /** A build under way, shared by the calls that arrive meanwhile. */
  let building;

  async function use(entry) {
    current = entry;
    func.buildData = entry.buildData;
    func.buildQueue = Promise.resolve(entry.buildData);
    func.buildError = null;
    func.routes = entry.buildData.routes;
    func.srcFiles = new Set(entry.buildData.srcFiles ?? []);
    func.schedule = entry.buildData.schedule || func.schedule;
  }

  async function fresh() {
    await mkdir(folder, { recursive: true });
    const target = join(folder, randomUUID());
    // A memo of its own: the emulation's (shared by a round of builds, keyed by the function's file) would
    // answer an earlier build's result, whose code lies in another folder, one the next start prunes.
    const result = await build({ buildDirectory: target, cache: {} });
    if (result.error || !func.buildData) return result;
    if (!isInside(target, func.buildData.buildPath)) return { error: new Error(`la construction de ${func.name} n’est pas dans ${target}`) };
    const files = keyFiles(projectRoot, sourceRoot, func.buildData);
    const entry = { version: MANIFEST_VERSION, hash: await inputsHash(projectRoot, files), files, buildData: func.buildData, target };
    // Written whole, then renamed: another server reading the folder sees the old manifest or the new one.
    const partial = `${manifest}.${randomUUID()}`;
    await writeFile(partial, JSON.stringify(entry));
    await rename(partial, manifest);
    await use(entry);
    stats.built.add(func.name);
    log(`fonction ${func.name} construite`);
    return result;
  }

  async function kept() {
    if (current && current.hash === (await inputsHash(projectRoot, current.files))) return current;
    const entry = await readFile(manifest, 'utf8').then(JSON.parse, () => undefined);
    if (!usable(entry)) return undefined;
    if (entry.hash !== (await inputsHash(projectRoot, entry.files))) return undefined;
    await pruneOld(folder, entry.target);
    return entry;
  }

  func.build = async () => {
    while (building) await building.catch(() => {});
    const entry = await kept();
    if (entry) {
      if (entry !== current) {
        await use(entry);
        stats.reused.add(func.name);
      }
      return { includedFiles: entry.buildData.includedFiles ?? [] };
    }
    building = fresh();
    try {
      return await building;
    } finally {
      building = undefined;
    }
  };
  return true;
}

/**
 * Whether a function's kept build is that of its current inputs (the next start would reuse it, not build).
 * @param {string} cacheRoot the kept builds' folder
 * @param {string} name the function's name
 * @param {string} projectRoot
 */
export async function keptBuildIsCurrent(cacheRoot, name, projectRoot) {
  const entry = await readFile(join(cacheRoot, name, 'build.json'), 'utf8').then(JSON.parse, () => undefined);
  if (!usable(entry)) return false;
  return entry.hash === (await inputsHash(projectRoot, entry.files));
}

/** Whether `path` lies inside the folder `folder`. */
function isInside(folder, path) {
  if (typeof path !== 'string') return false;
  const inside = relative(folder, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}

/** A kept build's manifest of this shape whose code is in its own folder, and there. */
function usable(entry) {
  return entry?.version === MANIFEST_VERSION && isInside(entry.target ?? '', entry.buildData?.buildPath) && existsSync(entry.buildData.buildPath);
}

/** Removes a function's old builds (not `keep`, and older than OLD_BUILD_MS: another server may still run one). */
async function pruneOld(folder, keep) {
  const now = Date.now();
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const path = join(folder, entry.name);
    if (!entry.isDirectory() || path === keep) continue;
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > OLD_BUILD_MS) await rm(path, { recursive: true, force: true });
  }
}
