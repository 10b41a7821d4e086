import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { writeFileAtomic } from './writer.js';
import { gitEnv, SAFE_GIT_CONFIG } from './git.js';
import { realOf, rootKey, userCacheHome } from './user-cache.js';
import { findGitDir } from './writer-state.js';

/**
 * specgate's one cache folder: parsed documents (`parsed/`), ajv's standalone validators and their
 * results (`validators/`), and Node's compile cache (`node-compile/`, Node ≥ 22.1). Where it is, as
 * find-cache-dir has it: `--cache-location`, else `$SPECGATE_CACHE_DIR`, else the governed
 * repository's `node_modules/.cache/specgate` (never the package's own folder when installed). A
 * folder git does not know (an extracted tarball, a read-only data folder) is left as it is: its
 * cache is the user's (`$XDG_CACHE_HOME/specgate/roots/<hash of its real path>`).
 *
 * Loading a cached validator runs its code, so the folder is in the same trust domain as
 * `node_modules`. It is used only where a pull request cannot put files: outside the governed tree,
 * or inside it under a `node_modules/.cache` that git ignores and where git tracks nothing. Each
 * entry is read as a regular file (never through a symlink) up to a cap, and carries a header with
 * its kind, its key and a SHA-256 of its body: a torn, truncated, renamed or foreign entry is a
 * miss, never a crash.
 */

let location: string | undefined;

/** `--cache-location DIR`: the cache folder for the rest of this process (undefined: the default again). */
export function setCacheLocation(dir: string | undefined): void {
  location = dir === undefined ? undefined : path.resolve(dir);
  verdicts.clear();
}

/** The cache folder for a run over `governedRoot` (see above for the order). */
export function cacheFolder(governedRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  if (location) return location;
  if (env.SPECGATE_CACHE_DIR) return path.resolve(env.SPECGATE_CACHE_DIR);
  const root = path.resolve(governedRoot);
  // Only a git work tree can say its node_modules/.cache is ignored (cacheRefusal asks); making a
  // node_modules in any other folder would write where no one asked for it.
  if (findGitDir(realOf(root))) return path.join(root, 'node_modules', '.cache', 'specgate');
  return path.join(userCacheHome(env), 'specgate', 'roots', rootKey(root));
}

export interface CacheStore {
  readonly dir: string;
  /** The body of the entry `kind/key`, or undefined when absent, too large, not a regular file, or not this entry. */
  get(kind: string, key: string, maxBytes?: number): string | undefined;
  set(kind: string, key: string, body: string): void;
}

/** Entries larger than this are neither written nor read. */
export const MAX_CACHE_ENTRY_BYTES = 16 * 1024 * 1024;

const MAGIC = 'specgate-cache 1';

/** Why the folder is not used, per folder and root (asked once a process). */
const verdicts = new Map<string, string | undefined>();

/**
 * The cache for a run over `governedRoot`, or undefined when its folder may not be used (see
 * `cacheRefusal`). The folder is made on first use; an unwritable one is read-only to the run.
 */
export function openCache(governedRoot: string, dir = cacheFolder(governedRoot)): CacheStore | undefined {
  if (cacheRefusal(governedRoot, dir) !== undefined) return undefined;
  let writable = true;
  const made = new Set<string>();
  return {
    dir,
    get(kind, key, maxBytes = MAX_CACHE_ENTRY_BYTES) {
      const buf = readCapped(path.join(dir, kind, key), maxBytes + 512);
      if (!buf) return undefined;
      const eol = buf.indexOf(10);
      if (eol < 0) return undefined;
      const [magic, version, gotKind, gotKey, hash] = [...buf.subarray(0, eol).toString('latin1').split(' ')];
      if (`${magic} ${version}` !== MAGIC || gotKind !== kind || gotKey !== key) return undefined;
      const body = buf.subarray(eol + 1);
      if (body.length > maxBytes || sha256(body) !== hash) return undefined;
      return body.toString('utf8');
    },
    set(kind, key, body) {
      if (!writable || !/^[\w.-]+$/.test(kind) || !/^[\w.-]+$/.test(key)) return;
      const bytes = Buffer.from(body, 'utf8');
      if (bytes.length > MAX_CACHE_ENTRY_BYTES) return;
      try {
        const folder = path.join(dir, kind);
        if (!made.has(folder)) makeFolders(folder);
        made.add(folder);
        // Not durable: a torn entry after a crash fails its hash, a miss.
        writeFileAtomic(path.join(folder, key), Buffer.concat([Buffer.from(`${MAGIC} ${kind} ${key} ${sha256(bytes)}\n`, 'latin1'), bytes]), { durable: false });
      } catch {
        writable = false; // read-only or vanished: compute again next time, and stop trying this run
      }
    },
  };
}

/** The first folder from `root` along `steps` that is a symlink (or not a folder), or undefined. */
function symlinkOnTheWay(root: string, steps: readonly string[]): string | undefined {
  let at = root;
  for (const step of steps) {
    at = path.join(at, step);
    let st;
    try {
      st = lstatSync(at);
    } catch {
      return undefined; // not made yet: makeFolders makes real folders
    }
    if (!st.isDirectory()) return at;
  }
  return undefined;
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
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
  const rel = path.relative(root, dir);
  const inside = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  if (inside) {
    const steps = rel.split(path.sep);
    const at = steps.indexOf('node_modules');
    const index = indexSignature(root);
    const link = at < 0 ? undefined : symlinkOnTheWay(root, steps);
    if (at < 0 || steps[at + 1] !== '.cache') why = `${dir} is inside the governed tree and not under a node_modules/.cache folder`;
    // git does not look past a symlink: a committed `node_modules` link to a tracked folder
    // holding entries passed both git checks below, and its validators ran.
    else if (link !== undefined) why = `${dir} passes through the symlink ${link}`;
    else if (existsSync(dir) && index && readVerdict(index.verdict) === `${index.signature}\0${dir}`) why = undefined;
    else if (existsSync(dir)) {
      const r = git(root, ['ls-files', '-z', '-c', '-o', '--exclude-standard', '--directory', '--', dir]);
      if (r !== undefined && r.code === 0 && r.out.length > 0) why = `${dir} is tracked by git, or not ignored by it`;
      else if (r !== undefined && r.code !== 0 && r.code !== 128) why = `git could not say whether ${dir} is committed`;
      else if (index && r?.code === 0 && indexSignature(root)?.signature === index.signature) writeVerdict(index.verdict, `${index.signature}\0${dir}`);
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

/**
 * Where git keeps this work tree's index, and the index file's identity (inode, size, mtime):
 * git replaces the index file whenever the index changes, so a new entry committed or checked out
 * under the cache folder changes the signature. The verdict of the last `git ls-files` is kept in
 * the git folder, which no pull request can write (git never checks out into it), keyed by that
 * signature: a warm run spawns no git. Undefined (ask git) with GIT_DIR or GIT_INDEX_FILE set, or
 * outside a work tree.
 */
function indexSignature(root: string): { signature: string; verdict: string } | undefined {
  if (process.env.GIT_DIR || process.env.GIT_INDEX_FILE) return undefined;
  try {
    let gitDir: string | undefined;
    for (let at = root; ; at = path.dirname(at)) {
      const dotGit = path.join(at, '.git');
      if (existsSync(dotGit)) {
        const st = lstatSync(dotGit);
        if (st.isDirectory()) gitDir = dotGit;
        else if (st.isFile()) {
          const m = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8').slice(0, 4096));
          if (m) gitDir = path.resolve(at, m[1]!.trim());
        }
        break;
      }
      if (path.dirname(at) === at) break;
    }
    if (!gitDir) return undefined;
    const st = statSync(path.join(gitDir, 'index'), { bigint: true });
    return { signature: `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`, verdict: path.join(gitDir, 'specgate-cache-verdict') };
  } catch {
    return undefined;
  }
}

function readVerdict(file: string): string | undefined {
  const buf = readCapped(file, 4096);
  return buf?.toString('utf8');
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
  // core/git.ts's settings and environment (no program of the repository runs); spawned here
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

/** A regular file's bytes up to `cap` (never through a symlink, never a FIFO or device), else undefined. */
function readCapped(file: string, cap: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > cap) return undefined;
    const buf = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, buf, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    return got === st.size ? buf : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
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

const versions = new Map<string, string>();

/**
 * The installed version of a library as this package resolves it (up from its entry point to the
 * package.json of that name: some hide theirs behind `exports`), for cache keys.
 */
export function libraryVersion(name: string): string {
  let version = versions.get(name);
  if (version !== undefined) return version;
  version = 'unknown';
  for (let dir = path.dirname(createRequire(import.meta.url).resolve(name)); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) {
        version = String(pkg.version);
        break;
      }
    } catch {
      // no package.json at this level
    }
  }
  versions.set(name, version);
  return version;
}
