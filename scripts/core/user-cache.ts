import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
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
