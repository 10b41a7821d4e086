import { cacheFolder, openCache, sha256 } from './cache.js';
import path from 'node:path';

/**
 * A content-addressed on-disk cache of what was extracted from a parsed file (ESLint's `--cache`,
 * keyed by content instead of mtime, so an entry can never be stale): the key is a SHA-256 of the
 * reader's fingerprint and the file's text. Entries live in the `parsed/` folder of the one cache
 * folder (`core/cache.ts`: where it is, and which entries are read); an unwritable cache is
 * silently skipped.
 */
export interface ParseCache {
  readonly dir: string;
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
}

/** The parse cache's folder for a run over `governedRoot`. */
export function parseCacheDir(governedRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(cacheFolder(governedRoot, env), 'parsed');
}

export function parseCacheKey(version: string, text: string): string {
  return sha256(`${version}\0${text}`);
}

/**
 * The parse cache for a run over `governedRoot`, in `dir` (by default the cache folder's `parsed/`):
 * nothing is read or written where the cache folder may not be used (`cacheRefusal`).
 */
export function openParseCache(governedRoot: string, dir = parseCacheDir(governedRoot)): ParseCache {
  const store = openCache(governedRoot, path.dirname(dir));
  const kind = path.basename(dir);
  return {
    dir,
    get<T>(key: string): T | undefined {
      const body = store?.get(kind, `${key}.json`);
      if (body === undefined) return undefined;
      try {
        return JSON.parse(body) as T;
      } catch {
        return undefined;
      }
    },
    set(key: string, value: unknown): void {
      store?.set(kind, `${key}.json`, JSON.stringify(value));
    },
  };
}
