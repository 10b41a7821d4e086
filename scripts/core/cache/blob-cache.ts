import { isUtf8 } from 'node:buffer';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { BlobStore } from '../io/git-source.js';
import type { CacheStore } from './cache.js';

/** A git object id: SHA-1 (40 hex digits) or SHA-256 (64). */
const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Entries `blobs/` may hold beyond the blobs the index names: every commit adds the new versions
 * of what it changed, so without a bound the folder grows with the history. Past it, a run that
 * writes a blob removes the entries the index no longer names (docs/limits.md).
 */
export const MAX_KEPT_BLOBS = 1024;

/**
 * Staged blobs kept by their git object id (`blobs/<oid>` entries of the one cache folder): the id
 * is a hash of the content git computed, so the entry can never be stale, and a blob kept is never
 * asked of git again (`--staged`, the hook). The entry holds the blob's text, which the corpus keeps
 * for positions and code frames; every parse kept in the cache is keyed by that text, so a kept blob
 * reaches its parse without git. An entry is believed only with the user's HMAC over kind, key
 * (the object id) and body (`CacheStore.get`): a planted one is a miss. Only UTF-8 text without NUL
 * is kept (what a governed file is; anything else is read from git and judged as before).
 */
export function blobStore(cache: CacheStore): BlobStore {
  return {
    get(oid) {
      if (!OID.test(oid)) return undefined;
      const body = cache.get('blobs', oid);
      return body === undefined ? undefined : Buffer.from(body, 'utf8');
    },
    set(oid, bytes) {
      if (!OID.test(oid) || bytes.includes(0) || !isUtf8(bytes)) return;
      cache.set('blobs', oid, bytes.toString('utf8'));
    },
    prune(live) {
      pruneBlobs(path.join(cache.dir, 'blobs'), live);
    },
  };
}

/**
 * When `dir` holds more than MAX_KEPT_BLOBS entries beyond `live` (the object ids the index names),
 * removes the others: one `readdir`, paid only by a run that writes a blob (something new was
 * staged). Only names that are object ids are removed, and never through a linked folder.
 */
export function pruneBlobs(dir: string, live: ReadonlySet<string>): void {
  try {
    if (!lstatSync(dir).isDirectory()) return;
    const stale = readdirSync(dir).filter((name) => OID.test(name) && !live.has(name));
    if (stale.length <= MAX_KEPT_BLOBS) return;
    for (const name of stale) unlinkSync(path.join(dir, name));
  } catch {
    // absent, unreadable or removed meanwhile by another run: nothing to keep small
  }
}
