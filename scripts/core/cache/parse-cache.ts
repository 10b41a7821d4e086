import { existsSync } from 'node:fs';
import { cacheFolder, openCache, sha256 } from './cache.js';
import path from 'node:path';

/**
 * A content-addressed on-disk cache of what was extracted from a parsed file (ESLint's `--cache`,
 * keyed by content instead of mtime, so an entry can never be stale): the key is a SHA-256 of the
 * reader's fingerprint and the file's text. Entries live in the `parsed/` folder of the one cache
 * folder (`core/cache/cache.ts`: where it is, and which entries are read); an unwritable cache is
 * silently skipped.
 */
export interface ParseCache {
  readonly dir: string;
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  /** Whether an entry file is there (not read, not authenticated): a look ahead that only decides where to parse, never what. */
  has(key: string): boolean;
  /** `set` of a body already made by `asciiJson` (in a parse worker: the main thread only writes it). */
  setBody(key: string, body: string): void;
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
      store?.set(kind, `${key}.json`, asciiJson(value));
    },
    has(key: string): boolean {
      return store !== undefined && /^[\w.-]+$/.test(key) && existsSync(path.join(store.dir, kind, `${key}.json`));
    },
    setBody(key: string, body: string): void {
      store?.set(kind, `${key}.json`, body);
    },
  };
}

/**
 * JSON with every character past ASCII escaped (`§` as `\u00a7`): the same value, but a body
 * Node decodes on its ASCII fast path. Decoding the 1.5 MB of readings of upstream's 62 RFCs as
 * UTF-8 with their `§` and dashes took 6 ms of every run, as long as parsing them; escaped, 0.5 ms
 * (docs/decisions/rfc-reading-cache.md).
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
