import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { realOf, rootKey, userCacheHome } from './user-cache.js';

/**
 * The parts of the cache folder (`core/cache/cache.ts`) that the result cache's fast path
 * (`scripts/result-replay.ts`) needs before anything else loads: where the folder is, whether a
 * warm run may use it without asking git, and how an entry is framed and read. Node's builtins
 * only, so a replayed run loads no other module of specgate.
 */

/** Entries larger than this are neither written nor read. */
export const MAX_CACHE_ENTRY_BYTES = 16 * 1024 * 1024;

/** Version 2: the header carries an HMAC under the per-user secret (version 1's plain SHA-256 anyone could compute). */
const MAGIC = 'specgate-cache 2';

/** What this process hashed with `sha256` (tests count it: a file's text is hashed once a run). */
export const hashWork = { calls: 0, units: 0 };

export function sha256(data: string | Buffer): string {
  hashWork.calls++;
  hashWork.units += data.length;
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256s of file contents already taken this process, by the buffer read (a buffer read once is hashed once). */
const bytesHashes = new WeakMap<Buffer, string>();

/**
 * `sha256(bytes)` of a file's bytes as read, kept with the buffer: the result cache notes every
 * file a run reads by this hash (observed-reads.ts), and the corpus, the RFC reading keys and the
 * family findings cache ask for the same hash of the same read.
 */
export function bytesSha256(bytes: Buffer): string {
  let hash = bytesHashes.get(bytes);
  if (hash === undefined) bytesHashes.set(bytes, (hash = sha256(bytes)));
  return hash;
}

/** The hash `bytesSha256` took of this very buffer, if it took one. */
export function knownBytesSha256(bytes: Buffer): string | undefined {
  return bytesHashes.get(bytes);
}

/** The cache folder for a run over `governedRoot`: `location` (`--cache-location`), else `$SPECGATE_CACHE_DIR`, else the root's `node_modules/.cache/specgate`. */
export function cacheFolderFor(governedRoot: string, env: NodeJS.ProcessEnv, location: string | undefined): string {
  if (location) return location;
  if (env.SPECGATE_CACHE_DIR) return path.resolve(env.SPECGATE_CACHE_DIR);
  const root = path.resolve(governedRoot);
  // Only a git work tree can say its node_modules/.cache is ignored (cacheRefusal asks); making a
  // node_modules in a folder git does not know (an extracted tarball, a read-only data folder)
  // would write where no one asked for it: its cache is the user's.
  if (outsideGit(realOf(root))) return path.join(userCacheHome(env), 'specgate', 'roots', rootKey(root));
  return path.join(root, 'node_modules', '.cache', 'specgate');
}

/**
 * The authentication of the entry `kind/key` with this body: HMAC-SHA-256 under the per-user
 * secret (core/replay/user-cache.ts `cacheSecret`), over the kind, the key and the body. Whoever can
 * write into the cache folder (a pull request committing `node_modules/.cache`, a submodule, a
 * patch, a tarball) but cannot read the user's secret cannot make an entry that is read: a planted
 * entry is a miss, whatever git says of the folder. Bound to kind and key, an entry cannot be
 * passed off under another name either.
 */
function entryMac(secret: Buffer, kind: string, key: string, body: Buffer): Buffer {
  return createHmac('sha256', secret).update(`${kind}\0${key}\0`, 'latin1').update(body).digest();
}

/**
 * An entry's bytes: the header (kind, key, its HMAC), then the body. Every entry of every kind is
 * written through here and read through `readEntry`: a new kind of entry is authenticated by
 * being written the one way (core/cache/cache.ts `CacheStore`).
 */
export function frameEntry(kind: string, key: string, body: Buffer, secret: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC} ${kind} ${key} ${entryMac(secret, kind, key, body).toString('hex')}\n`, 'latin1'), body]);
}

/**
 * The body of the entry `dir/kind/key`, or undefined when absent, too large, not a regular file,
 * torn, another entry, or not made with `secret` (planted, or made by another user).
 */
export function readEntry(dir: string, kind: string, key: string, secret: Buffer, maxBytes = MAX_CACHE_ENTRY_BYTES): Buffer | undefined {
  const buf = readCapped(path.join(dir, kind, key), maxBytes + 512);
  if (!buf) return undefined;
  const eol = buf.indexOf(10);
  if (eol < 0) return undefined;
  const [magic, version, gotKind, gotKey, mac] = [...buf.subarray(0, eol).toString('latin1').split(' ')];
  if (`${magic} ${version}` !== MAGIC || gotKind !== kind || gotKey !== key || mac === undefined || !/^[0-9a-f]{64}$/.test(mac)) return undefined;
  const body = buf.subarray(eol + 1);
  if (body.length > maxBytes || !timingSafeEqual(entryMac(secret, kind, key, body), Buffer.from(mac, 'hex'))) return undefined;
  return body;
}

/**
 * The name of a folder of the cache that holds what specgate cannot frame itself (Node's compile
 * cache: V8 reads it, and its code runs): `<prefix>-` and the start of an HMAC of the prefix under
 * the per-user secret. Without the secret the name cannot be told, so nothing can be planted in it.
 */
export function secretFolderName(prefix: string, secret: Buffer): string {
  return `${prefix}-${createHmac('sha256', secret).update(`folder\0${prefix}`, 'latin1').digest('hex').slice(0, 32)}`;
}

/** A regular file's bytes up to `cap` (never through a symlink, never a FIFO or device), else undefined. */
export function readCapped(file: string, cap: number): Buffer | undefined {
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
 * What can be said of `dir` as the cache of a run over `root` without asking git: `allowed`
 * (outside the tree; inside it, where git's last answer, kept in the git folder, still holds, or
 * where there is no git at all),
 * `refused` (inside the tree, and not under a `node_modules/.cache` reached without a symlink), or
 * `ask-git` (core/cache/cache.ts asks; the fast path takes it for a miss). `verdictFile` is where
 * core/cache/cache.ts keeps git's answer for this index.
 */
export function quickVerdict(root: string, dir: string): { verdict: 'allowed' } | { verdict: 'refused'; why: string } | { verdict: 'ask-git'; index?: { signature: string; verdictFile: string } } {
  const rel = path.relative(root, dir);
  const inside = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  if (!inside) return { verdict: 'allowed' };
  const steps = rel.split(path.sep);
  const at = steps.indexOf('node_modules');
  if (at < 0 || steps[at + 1] !== '.cache') return { verdict: 'refused', why: `${dir} is inside the governed tree and not under a node_modules/.cache folder` };
  // git does not look past a symlink: a committed `node_modules` link to a tracked folder
  // holding entries passed both git checks, and its validators ran.
  const link = symlinkOnTheWay(root, steps);
  if (link !== undefined) return { verdict: 'refused', why: `${dir} passes through the symlink ${link}` };
  const index = indexSignature(root);
  if (existsSync(dir) && index && keptVerdicts(index).includes(dir)) return { verdict: 'allowed' };
  // A tree git does not know cannot have committed entries (git itself answers 128 there).
  if (existsSync(dir) && !index && outsideGit(root)) return { verdict: 'allowed' };
  return index ? { verdict: 'ask-git', index } : { verdict: 'ask-git' };
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

/**
 * Where git keeps this work tree's index, and the index file's identity (inode, size, mtime):
 * git replaces the index file whenever the index changes, so a new entry committed or checked out
 * under the cache folder changes the signature. The verdict of the last `git ls-files` is kept in
 * the git folder, which no pull request can write (git never checks out into it), keyed by that
 * signature: a warm run spawns no git. A repository with no index file yet (nothing ever added) has
 * the signature `no-index`. Undefined (ask git) with GIT_DIR or GIT_INDEX_FILE set, or outside a
 * work tree.
 */
export function indexSignature(root: string): { signature: string; verdictFile: string } | undefined {
  if (process.env.GIT_DIR || process.env.GIT_INDEX_FILE) return undefined;
  try {
    const dotGit = nearestDotGit(root);
    let gitDir: string | undefined;
    if (dotGit !== undefined) {
      const st = lstatSync(dotGit);
      if (st.isDirectory()) gitDir = dotGit;
      else if (st.isFile()) {
        // A `.git` file is a line (`gitdir: <path>`): a larger one is not git's, and is never read whole.
        const m = /^gitdir: (.+)$/m.exec(readCapped(dotGit, 4096)?.toString('utf8') ?? '');
        if (m) gitDir = path.resolve(path.dirname(dotGit), m[1]!.trim());
      }
    }
    if (!gitDir || !statSync(gitDir).isDirectory()) return undefined;
    const verdictFile = path.join(gitDir, 'specgate-cache-verdict');
    let st;
    try {
      st = statSync(path.join(gitDir, 'index'), { bigint: true });
    } catch (e) {
      // A repository with nothing added yet has no index file: git tracks nothing, and the first
      // `git add` makes one, whose identity is another signature (so the kept answer no longer holds).
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { signature: 'no-index', verdictFile };
      throw e;
    }
    return { signature: `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`, verdictFile };
  } catch {
    return undefined;
  }
}

/** How many cache folders git's kept answer names (each run of a folder git has not been asked about since the index changed adds one). */
const MAX_KEPT_VERDICTS = 16;

/** The cache folders git said, for this index, it ignores and tracks nothing in (the signature, then the folders, NUL-separated). */
export function keptVerdicts(index: { signature: string; verdictFile: string }): string[] {
  const [signature, ...dirs] = (readCapped(index.verdictFile, 64 * 1024)?.toString('utf8') ?? '').split('\0');
  return signature === index.signature ? dirs : [];
}

/** The kept answer with `dir` added (the oldest dropped past the cap): what core/cache/cache.ts writes after git said yes. */
export function withVerdict(index: { signature: string; verdictFile: string }, dir: string): string {
  const dirs = [...keptVerdicts(index).filter((d) => d !== dir), dir].slice(-MAX_KEPT_VERDICTS);
  return [index.signature, ...dirs].join('\0');
}

/** The `.git` (folder or file) at or nearest above `root`, as git looks for it, or undefined. */
function nearestDotGit(root: string): string | undefined {
  for (let at = root; ; at = path.dirname(at)) {
    const dotGit = path.join(at, '.git');
    if (existsSync(dotGit)) return dotGit;
    if (path.dirname(at) === at) return undefined;
  }
}

/** No `.git` at or above `root`, and no git variable that would point git elsewhere. */
function outsideGit(root: string): boolean {
  if (process.env.GIT_DIR || process.env.GIT_WORK_TREE || process.env.GIT_INDEX_FILE) return false;
  return nearestDotGit(root) === undefined;
}

/** A flag's value (`--name V` or `--name=V`) as the argument parser will read it later. */
export function flagValue(argv: readonly string[], name: string): string | undefined {
  const at = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at < 0) return undefined;
  return argv[at] === name ? argv[at + 1] : argv[at]!.slice(name.length + 1);
}

/**
 * The cache folder of a command line before its arguments are parsed (Node's compile cache and
 * the result cache need it first): the governed root is then `--root`, else the nearest folder up
 * from the working directory that has a `node_modules` (where find-cache-dir would look).
 * Undefined with `--no-cache`, or when there is no such folder and no other location is given.
 */
export function earlyCacheFolder(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): { root: string; dir: string } | undefined {
  if (argv.includes('--no-cache')) return undefined;
  const given = flagValue(argv, '--root');
  const location = flagValue(argv, '--cache-location');
  let root = path.resolve(cwd, given ?? '.');
  if (location === undefined && !env.SPECGATE_CACHE_DIR) {
    while (!existsSync(path.join(root, 'node_modules')) && path.dirname(root) !== root) root = path.dirname(root);
    if (!existsSync(path.join(root, 'node_modules'))) return undefined;
  }
  return { root, dir: cacheFolderFor(root, env, location === undefined || location === '' ? undefined : path.resolve(cwd, location)) };
}
