import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, constants, existsSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The user's cache folder: `$XDG_CACHE_HOME` when it is an absolute path, else `~/.cache`. */
export function userCacheHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
}

/** A folder's real path (its resolved path when it cannot be resolved). */
export function realOf(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return path.resolve(p);
  }
}

/** A short, stable name for a folder in the user's cache: the start of the SHA-256 of its real path. */
export function rootKey(root: string): string {
  return createHash('sha256').update(realOf(root)).digest('hex').slice(0, 16);
}

/** The per-user secret's size in bytes (HMAC-SHA-256's block is 64; 32 random bytes are its strength). */
const SECRET_BYTES = 32;

/** Where the per-user secret that authenticates every cache entry is kept: the user's cache folder, never a tree. */
export function cacheSecretFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(userCacheHome(env), 'specgate', 'cache-key');
}

const secrets = new Map<string, Buffer | undefined>();

/**
 * The per-user secret every cache entry is authenticated with (core/replay/cache-entry.ts), or undefined
 * when there is none to trust: then every entry is a miss and none is written. It is a regular file
 * of this user (never through a symlink), readable by no one else (0600), of exactly its size, in a
 * folder no one else may write, and not inside `root` nor the work tree holding it (a file checked
 * out under umask 077 is 0600 and the user's: a repository could commit one; nothing is read or
 * made there). With `create`, a missing or unusable secret is made (random bytes, 0600, put in
 * place with link(2) so two first runs agree on one); the fast path only reads.
 */
export function cacheSecret(root: string, create: boolean, env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const file = cacheSecretFile(env);
  const memo = `${file}\0${root}`;
  if (secrets.has(memo) && (secrets.get(memo) !== undefined || !create)) return secrets.get(memo);
  let secret: Buffer | undefined;
  if (!insideATree(path.join(realOf(userCacheHome(env)), path.relative(userCacheHome(env), file)), realOf(root))) {
    secret = readSecret(file);
    if (secret === undefined && create) secret = makeSecret(file);
  }
  secrets.set(memo, secret);
  return secret;
}

function readSecret(file: string): Buffer | undefined {
  let fd: number;
  try {
    if (!privateFolder(path.dirname(file))) return undefined;
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    const uid = process.getuid?.();
    if (!st.isFile() || st.size !== SECRET_BYTES || (uid !== undefined && (st.uid !== uid || (st.mode & 0o077) !== 0))) return undefined;
    const buf = Buffer.alloc(SECRET_BYTES);
    return readSync(fd, buf, 0, SECRET_BYTES, 0) === SECRET_BYTES ? buf : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** A folder of this user that no one else may write (so no one else can put a secret in it), not reached through a symlink at its last step. */
function privateFolder(dir: string): boolean {
  const st = lstatSync(dir);
  const uid = process.getuid?.();
  return st.isDirectory() && (uid === undefined || (st.uid === uid && (st.mode & 0o022) === 0));
}

function makeSecret(file: string): Buffer | undefined {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.cache-key.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // specgate's folder made by an older specgate, or under umask 002 (group-writable): made private.
    const st = lstatSync(dir);
    const uid = process.getuid?.();
    if (st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    writeFileSync(temp, randomBytes(SECRET_BYTES), { flag: 'wx', mode: 0o600 });
    try {
      linkSync(temp, file); // fails when another run made it first: theirs is the secret
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // one that cannot serve (a symlink, readable by others, another size) is replaced, never followed
      if (readSecret(file) === undefined) renameSync(temp, file);
    }
  } catch {
    // an unwritable cache home: no secret, no cache
  } finally {
    rmSync(temp, { force: true });
  }
  return readSecret(file);
}

/**
 * `file` is inside `root`, or inside the work tree holding it (the nearest folder above with a
 * `.git`): a tree a pull request could write into. Not every work tree above: a home folder kept
 * in git (dotfiles) holds the user's cache folder, and no run under it could cache at all.
 */
function insideATree(file: string, root: string): boolean {
  const inside = (at: string) => {
    const rel = path.relative(at, file);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };
  if (inside(root)) return true;
  for (let at = root; path.dirname(at) !== at; at = path.dirname(at)) if (existsSync(path.join(at, '.git'))) return inside(at);
  return false;
}
