import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT } from '../helpers/env.js';
import { importGraph } from '../helpers/import-graph.js';

/**
 * The result cache replays a `check` run only while every input it observed is unchanged, so every
 * look a `check` run takes at the disk must go through core/replay/observed-reads.ts (a read, a kind, a listing)
 * or mark the run uncacheable. A module `check` can load that imports node:fs or
 * node:child_process itself is named here with the reason its use is no input of a report; a new
 * one fails until it is routed through core/replay/observed-reads.ts or added with its reason.
 */
const ALLOWED: Record<string, string> = {
  'core/io/source.ts': 'the one reader: readRegularFile reports each read, FsSource asks pathKind and listFolder',
  'core/replay/observed-reads.ts': 'the observations themselves',
  'core/replay/cache-entry.ts': 'the cache folder: entries are keyed by content, never an input of a report',
  'core/replay/user-cache.ts': "names the user's cache folder (the real path of a root outside git), never an input of a report",
  'core/cache/cache.ts': 'the cache folder (and git, asked whether it may be used)',
  'core/io/writer.ts': 'writes (--output, --fix, the suppressions file); only a run whose one write is its --output report is replayed, by writing it again',
  'core/io/user-output.ts': 'walks a path the user named for writing (--output, --suppressions-location): a refusal ends the run with exit 2, never recorded, and a replay walks the path again before it writes',
  'core/io/writer-state.ts': "the writer's lock and journal (--fix: never replayed)",
  'core/io/commit.ts': 'the commit path of --fix (never replayed)',
  'core/io/git.ts': '--staged reads the index (never replayed)',
  'core/config/config.ts': "the built-in config schema: specgate's own file, in the result cache's build id",
  'core/preset/layout.ts': "the built-in presets: specgate's own files, in the build id",
  'core/base/package-root.ts': "specgate's own package.json, in the build id",
  'core/base/library-version.ts': "the installed libraries' package.json versions, in cache keys (as core/cache/cache.ts read them before), never an input of a report",
  'report/kept-answer.ts': "specgate's own modules' text, in the key of the report's kept answers (the documents it reads go through the corpus), never an input of a report",
  'core/engine/family-cache.ts': "the identity of specgate's own build (package.json, the compiler's build info) in the family cache's key, never an input of a report",
  'core/engine/schema.ts': "the built-in schemas: specgate's own files, in the build id",
  'core/config/plugins.ts': 'a run that loads a plugin is marked uncacheable',
  'rfc/load.ts': "the RFC reader's fingerprint: its own modules",
  'rfc/parse-pool.ts': "finds specgate's own built parse worker and forks it (--concurrency); the worker is sent texts the corpus read and reads nothing",
  'core/cache/blob-cache.ts': "prunes blobs/ in the cache folder (--staged only: never replayed); what it lists decides what is removed, never what a report says",
  'core/cache/parse-cache.ts': 'whether a cache entry is there (`has`): the cache folder, keyed by content; it only decides where an RFC is parsed, never what a report says',
  'errata/target-path.ts': "errata's targets, resolved by errata apply/check and the errata family's examples: check reaches it only through the rule catalogue (rules-registry -> families), and no check family calls it",
};

describe('every look `check` takes at the disk is an observation the result cache checks', () => {
  it('no module check can load reads the disk on its own, but those named with a reason', () => {
    const dir = path.join(PROJECT, 'scripts');
    const graph = importGraph(dir);
    const reach = new Set(['commands/check.ts']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [from, to] of graph.edges) if (reach.has(from) && !reach.has(to)) {
          reach.add(to);
          grew = true;
        }
    }
    const direct = [...reach].filter((m) => /from 'node:(fs|fs\/promises|child_process)'|require\('(node:)?fs'\)/.test(readFileSync(path.join(dir, m), 'utf8'))).sort();
    expect(direct.filter((m) => !Object.hasOwn(ALLOWED, m))).toEqual([]);
    // A name left here after its module stopped reading is a reason nobody checks.
    expect(Object.keys(ALLOWED).filter((m) => !direct.includes(m))).toEqual([]);
  });
});
