import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { libraryVersion as versionOf } from '../base/library-version.js';
import { writeFileAtomic } from '../io/writer.js';
import { gitEnv, SAFE_GIT_CONFIG } from '../io/git.js';
import { cacheSecret } from '../replay/user-cache.js';
import { bytesSha256, cacheFolderFor, frameEntry, indexSignature, knownBytesSha256, MAX_CACHE_ENTRY_BYTES, quickVerdict, readEntry, sha256, withVerdict } from '../replay/cache-entry.js';

export { bytesSha256, knownBytesSha256, MAX_CACHE_ENTRY_BYTES, sha256 };

/**
 * specgate's one cache folder: parsed documents (`parsed/`), ajv's standalone validators and their
 * results (`validators/`), the whole-run results (`results/`), and Node's compile cache
 * (`node-compile-<HMAC>/`, Node ≥ 22.1). Where it is, as
 * find-cache-dir has it: `--cache-location`, else `$SPECGATE_CACHE_DIR`, else the governed
 * repository's `node_modules/.cache/specgate` (never the package's own folder when installed). A
 * folder git does not know (an extracted tarball, a read-only data folder) is left as it is: its
 * cache is the user's (`$XDG_CACHE_HOME/specgate/roots/<hash of its real path>`).
 *
 * Loading a cached validator runs its code, and a cached parse or result hides errors, so no entry
 * is trusted for where it lies: every entry is authenticated with an HMAC under a per-user secret
 * kept outside any tree (`core/replay/user-cache.ts` `cacheSecret`, 0600, made on first use), over its
 * kind, its key and its body (`core/replay/cache-entry.ts`). An entry a pull request planted (committed,
 * through a submodule, a patch, a tarball, beside a lying or absent git) is a miss, and is
 * overwritten. Where the folder may be is a separate rule, about writing: outside the governed
 * tree, or inside it under a `node_modules/.cache` that git ignores and where git tracks nothing
 * (a run never writes over committed files). Each entry is read as a regular file (never through
 * a symlink) up to a cap: a torn, truncated, renamed, foreign or planted entry is a miss, never a
 * crash.
 */

let location: string | undefined;

/** `--cache-location DIR`: the cache folder for the rest of this process (undefined: the default again). */
export function setCacheLocation(dir: string | undefined): void {
  location = dir === undefined ? undefined : path.resolve(dir);
  verdicts.clear();
}

/** The cache folder for a run over `governedRoot` (see above for the order). */
export function cacheFolder(governedRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return cacheFolderFor(governedRoot, env, location);
}

export interface CacheStore {
  readonly dir: string;
  /** The body of the entry `kind/key`, or undefined when absent, too large, not a regular file, or not this entry. */
  get(kind: string, key: string, maxBytes?: number): string | undefined;
  set(kind: string, key: string, body: string): void;
}

/** Why the folder is not used, per folder and root (asked once a process). */
const verdicts = new Map<string, string | undefined>();

/**
 * The cache for a run over `governedRoot`, or undefined when its folder may not be used (see
 * `cacheRefusal`). The folder is made on first use; an unwritable one is read-only to the run.
 */
export function openCache(governedRoot: string, dir = cacheFolder(governedRoot)): CacheStore | undefined {
  if (cacheRefusal(governedRoot, dir) !== undefined) return undefined;
  // Every entry is authenticated with the user's secret (made on first use): without one, nothing is read or written.
  const secret = cacheSecret(governedRoot, true);
  if (secret === undefined) return undefined;
  let writable = true;
  const made = new Set<string>();
  return {
    dir,
    get(kind, key, maxBytes = MAX_CACHE_ENTRY_BYTES) {
      return readEntry(dir, kind, key, secret, maxBytes)?.toString('utf8');
    },
    set(kind, key, body) {
      if (!writable || !/^[\w.-]+$/.test(kind) || !/^[\w.-]+$/.test(key)) return;
      const bytes = Buffer.from(body, 'utf8');
      if (bytes.length > MAX_CACHE_ENTRY_BYTES) return;
      try {
        const folder = path.join(dir, kind);
        if (!made.has(folder)) makeFolders(folder);
        made.add(folder);
        // Not durable: a torn entry after a crash fails its HMAC, a miss.
        writeFileAtomic(path.join(folder, key), frameEntry(kind, key, bytes, secret), { durable: false });
      } catch {
        writable = false; // read-only or vanished: compute again next time, and stop trying this run
      }
    },
  };
}

/**
 * Why `dir` may not serve as the cache of a run over `governedRoot`, or undefined when it may.
 * Outside the governed tree it may. Inside, only under a `node_modules/.cache` folder that git
 * ignores and in which git tracks nothing (a committed entry is never read). One git call: for an
 * existing folder, `ls-files` of its tracked and untracked-but-not-ignored files must list
 * nothing; a folder not made yet must be ignored (`check-ignore`), and is then made. A tree git
 * does not know cannot have committed entries.
 */
export function cacheRefusal(governedRoot: string, dir: string): string | undefined {
  const root = path.resolve(governedRoot);
  const memoKey = `${root}\0${dir}`;
  if (verdicts.has(memoKey)) return verdicts.get(memoKey);
  let why: string | undefined;
  const quick = quickVerdict(root, dir);
  if (quick.verdict === 'refused') why = quick.why;
  else if (quick.verdict === 'ask-git') {
    const index = quick.index;
    if (existsSync(dir)) {
      const r = git(root, ['ls-files', '-z', '-c', '-o', '--exclude-standard', '--directory', '--', dir]);
      if (r !== undefined && r.code === 0 && r.out.length > 0) why = `${dir} is tracked by git, or not ignored by it`;
      else if (r !== undefined && r.code !== 0 && r.code !== 128) why = `git could not say whether ${dir} is committed`;
      else if (index && r?.code === 0 && indexSignature(root)?.signature === index.signature) writeVerdict(index.verdictFile, withVerdict(index, dir));
    } else {
      const r = git(root, ['check-ignore', '-q', '--', dir]);
      if (r !== undefined && r.code === 1) why = `${dir} is not ignored by git`;
      else if (r !== undefined && r.code !== 0 && r.code !== 128) why = `git could not say whether ${dir} is ignored`;
      else {
        try {
          makeFolders(dir);
          writeFileSync(path.join(dir, 'CACHEDIR.TAG'), 'Signature: 8a477f597d28d172789f06886806bc55\n# specgate\'s cache (https://bford.info/cachedir/)\n', { flag: 'wx' });
        } catch {
          // unwritable: entries are then neither written nor found
        }
      }
    }
  }
  verdicts.set(memoKey, why);
  return why;
}

function writeVerdict(file: string, text: string): void {
  try {
    writeFileAtomic(file, text, { durable: false });
  } catch {
    // a read-only git folder: ask git next time
  }
}

/**
 * A git command in `root`: its exit code and output, or undefined when git is not installed (then
 * nothing is committed either). No program from the repository's git config runs (fsmonitor), and
 * no prompt.
 */
function git(root: string, args: string[]): { code: number | null; out: Buffer } | undefined {
  // core/io/git.ts's settings and environment (no program of the repository runs); spawned here
  // because the exit code is the answer (check-ignore) and a missing git is no error.
  const r = spawnSync('git', [...SAFE_GIT_CONFIG, '-c', 'core.untrackedCache=false', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...gitEnv(), GIT_OPTIONAL_LOCKS: '0' },
    maxBuffer: 1024 * 1024,
    timeout: 10_000,
  });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return undefined;
  return { code: r.error ? -1 : r.status, out: r.stdout ?? Buffer.alloc(0) };
}

/**
 * `mkdir -p` one level at a time from the nearest existing ancestor. Not `mkdirSync(dir, {
 * recursive: true })`: where mkdir answers ENOENT under a parent that exists (inside /proc) Node 20
 * retries the parent and the child forever; a plain mkdir just throws, and the cache is skipped.
 */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let at = dir; !existsSync(at) && path.dirname(at) !== at; at = path.dirname(at)) missing.push(at);
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Another run made it meanwhile: fine; anything else (read-only, not a folder, /proc) skips.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * The installed version of a library as this package resolves it (core/base/library-version.ts),
 * for cache keys.
 */
export function libraryVersion(name: string): string {
  return versionOf(name, import.meta.url);
}
