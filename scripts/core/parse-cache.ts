import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from './package-root.js';
import { writeFileAtomic } from './writer.js';

/**
 * A content-addressed on-disk cache of what was extracted from a parsed file (ESLint's `--cache`,
 * keyed by content instead of mtime, so an entry can never be stale): the key is a SHA-256 of the
 * reader's fingerprint and the file's text. Entries are JSON files written atomically beside the
 * dependencies (node_modules/.cache/specgate/parsed/), never inside the governed repository's
 * tracked files; an unwritable cache is silently skipped.
 */
export interface ParseCache {
  readonly dir: string;
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
}

/** Beside the dependencies, never in the governed repository. */
const DEFAULT_CACHE_DIR = path.join(packageRoot(), 'node_modules', '.cache', 'specgate', 'parsed');

/** `SPECGATE_CACHE_DIR` moves the cache (tests, read-only installs). */
export function parseCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.SPECGATE_CACHE_DIR ? path.resolve(env.SPECGATE_CACHE_DIR) : DEFAULT_CACHE_DIR;
}

export function parseCacheKey(version: string, text: string): string {
  return createHash('sha256').update(version).update('\0').update(text).digest('hex');
}

/**
 * `mkdir -p` one level at a time from the nearest existing ancestor. Not `mkdirSync(dir, {
 * recursive: true })`: where mkdir answers ENOENT under a parent that exists (inside /proc) Node 20
 * retries the parent and the child forever; a plain mkdir just throws, and the cache is skipped.
 */
function makeFolders(dir: string): void {
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
 * The cache for a run over `governedRoot`. A cache folder inside the governed repository and
 * outside any node_modules folder would become part of what is governed: then nothing is written.
 */
export function openParseCache(governedRoot: string, dir = parseCacheDir()): ParseCache {
  const rel = path.relative(path.resolve(governedRoot), dir);
  const insideRepo = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  let writable = !insideRepo || rel.split(path.sep).includes('node_modules');
  let made = false;
  return {
    dir,
    get<T>(key: string): T | undefined {
      try {
        return JSON.parse(readFileSync(path.join(dir, `${key}.json`), 'utf8')) as T;
      } catch {
        return undefined; // absent, unreadable or torn: a miss
      }
    },
    set(key: string, value: unknown): void {
      if (!writable) return;
      try {
        if (!made) makeFolders(dir);
        made = true;
        // Not durable: a torn entry after a crash is a miss (JSON.parse fails), never wrong data.
        writeFileAtomic(path.join(dir, `${key}.json`), JSON.stringify(value), { durable: false });
      } catch {
        writable = false; // read-only install: parse again next time, and stop trying this run
      }
    },
  };
}
