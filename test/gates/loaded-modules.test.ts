import { appendFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeShared, tempDir } from '../helpers/env.js';
import { moduleTracer } from '../helpers/loaded.js';
import { upstreamRepo } from '../report/upstream-repo.js';

/**
 * The pre-commit gate loads only what it runs (issue 24, point 3): every module a `check
 * interop-map` process loads (test/helpers/loaded.ts), when the result cache misses and when it hits.
 */
function loadedBy(args: string[], cacheDir: string, trace = moduleTracer()): { ours: string[]; packages: string[] } {
  const r = trace(args, { env: { SPECGATE_CACHE_DIR: cacheDir } });
  expect(r.code, r.stderr).toBe(0);
  return r;
}

/** What `check interop-map` must never load: the other families, the Markdown stack, errata, compat, the LSP, the fixer, probe and wire. */
// A family's declaration (its name, needs and inputs; no rule) is cheap and read by check's help: allowed.
const NOT_OURS = /^(checks\/(rfcs|invariants|wire-examples)\/(?!declaration\.js$)|rfc\/|errata\/|compat\/|lsp\/|commands\/check-fix\.js$|core\/(engine\/fixer|io\/commit|engine\/text-edits|parse\/markdown)\.js$|probe\/|wire\/|bench\/|hooks\/)/;

describe('`check interop-map` loads only what it runs', () => {
  it('warm: no library but leven; none of the other commands, families or the fixer', () => {
    const cache = path.join(tempDir(), 'cache');
    loadedBy(['check', 'interop-map'], cache); // fills the cache
    // Without the run's recorded result: the parses and validators are warm, the result cache misses.
    rmSync(path.join(cache, 'results'), { recursive: true, force: true });
    const warm = loadedBy(['check', 'interop-map'], cache);
    expect(warm.ours.filter((m) => NOT_OURS.test(m))).toEqual([]);
    // A new library here is a new cost on every pre-commit run: make it lazy, or add it with a reason.
    expect(warm.packages).toEqual(['leven']);
  });

  it('cold: ajv and its formats (one bundle), re2js for the patterns and js-yaml for the OpenAPI document, and no more', () => {
    const cold = loadedBy(['check', 'interop-map'], path.join(tempDir(), 'cache'));
    expect(cold.ours.filter((m) => NOT_OURS.test(m))).toEqual([]);
    expect(cold.packages.filter((p) => !['ajv', 'ajv-formats', 'fast-deep-equal', 'fast-uri', 'json-schema-traverse', 'js-yaml', 're2js', 'leven'].includes(p))).toEqual([]);
    // The compiler comes from its bundle (scripts/build/bundle.ts), not from ajv's 60 files.
    expect(cold.ours).toContain('core/engine/ajv-libs.cjs');
    expect(cold.packages.filter((p) => ['ajv-formats', 'json-schema-traverse'].includes(p))).toEqual([]);
  });

  it('a result-cache hit: the bin, the fast path and its two builtins-only helpers, and no library', () => {
    const cache = path.join(tempDir(), 'cache');
    const trace = moduleTracer(); // one preload for both runs: the same Node flags, the same key
    const first = loadedBy(['check', 'interop-map'], cache, trace);
    expect(first.ours).toContain('cli-main.js');
    const hit = loadedBy(['check', 'interop-map'], cache, trace);
    expect(hit.ours).toEqual(['cli-run.js', 'cli.js', 'core/replay/cache-entry.js', 'core/replay/observed-reads.js', 'core/replay/user-cache.js', 'result-replay.js']);
    expect(hit.packages).toEqual([]);
  });
});

/**
 * The Markdown parser's libraries load as one bundle (scripts/build/bundle.ts,
 * docs/decisions/module-loading.md): a run that parses an RFC reads `core/parse/markdown-libs.js`
 * and none of the 180 modules of remark, micromark and the mdast utilities from node_modules.
 */
describe('an RFC parse loads the Markdown libraries as one bundle', () => {
  it('`check rfcs` with an empty cache: markdown-libs.js, and no Markdown package', () => {
    const run = loadedBy(['check', 'rfcs'], path.join(tempDir(), 'cache'));
    expect(run.ours).toContain('core/parse/markdown-libs.js');
    expect(run.packages.filter((p) => /^(unified|remark-|micromark|mdast-|unist-|vfile|trough|bail|devlop|decode-named-character-reference|character-entities)/.test(p))).toEqual([]);
  });
});

/**
 * `report` after one RFC edit on upstream's layout (issue 37, point 5): the caches of an earlier run
 * are warm but for the edited RFC. What it loads beyond the Markdown bundle is what it uses; the
 * config's JSON tree (located only for print-config's "from") is not loaded.
 */
describeShared('`report` after an RFC edit loads only what it uses', () => {
  it('warm but for the edited RFC: js-yaml, jsonc-parser and ajv are not loaded', () => {
    const root = upstreamRepo({ config: { preset: 'openwop' } });
    const cache = path.join(tempDir(), 'cache');
    const trace = moduleTracer();
    expect(trace(['report'], { cwd: root, env: { SPECGATE_CACHE_DIR: cache } }).code).toBe(0);
    appendFileSync(path.join(root, 'RFCS', '0003-agent-packs.md'), '\nEdited once.\n');
    const run = trace(['report'], { cwd: root, env: { SPECGATE_CACHE_DIR: cache } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.ours).toContain('core/parse/markdown-libs.js');
    // leven: the did-you-mean of the argument parser (as check's); picomatch: the globs.
    expect(run.packages).toEqual(['leven', 'picomatch']);
  }, 60_000);
});
