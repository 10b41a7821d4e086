import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CacheStore } from '../../scripts/core/cache/cache.js';
import { openCache } from '../../scripts/core/cache/cache.js';
import { parseJson } from '../../scripts/core/parse/json-tree.js';
import { schemaErrors, validatorCache, validatorKey } from '../../scripts/core/engine/schema.js';
import { PROJECT, projectCorpusCopy, tempDir } from '../helpers/env.js';
import { moduleTracer } from '../helpers/loaded.js';

/**
 * re2js's answers kept per cached validator (core/engine/schema.ts, the pattern memo): after an
 * edit, a value an earlier run tested is answered from the memo and re2js is not loaded
 * (docs/decisions/module-loading.md); a new value is tested on re2js; the memo is an
 * authenticated cache entry like every other.
 */
const SCHEMA_TEXT = readFileSync(path.join(PROJECT, 'spec/v2/interop-map.schema.json'), 'utf8');
const MAP = JSON.parse(readFileSync(path.join(PROJECT, 'spec/v2/interop-map.json'), 'utf8'));

function mapText(edit: (m: any) => void): string {
  const m = structuredClone(MAP);
  edit(m);
  return JSON.stringify(m, null, 2);
}

/** One validation as a new process runs it (nothing of this process's validators or results kept). */
function validate(cache: CacheStore | undefined, text: string): { errors: unknown[]; onRe2js: number } {
  validatorCache.forget();
  const before = validatorCache.linearTests;
  const errors = [...schemaErrors(parseJson('spec/v2/interop-map.schema.json', SCHEMA_TEXT), parseJson('spec/v2/interop-map.json', text), cache).errors];
  return { errors, onRe2js: validatorCache.linearTests - before };
}

function store(): { cache: CacheStore; dir: string } {
  const dir = path.join(tempDir(), 'cache');
  return { cache: openCache(tempDir(), dir)!, dir: path.join(dir, 'validators') };
}

describe('the pattern memo of cached validators', () => {
  it('answers the values an earlier run tested, tests new ones on re2js, and finds what re2js finds', () => {
    const { cache } = store();
    validate(cache, mapText((m) => (m.$comment = 'edit 1'))); // compiles the validator (its own engine)
    const second = validate(cache, mapText((m) => (m.$comment = 'edit 2'))); // the cached validator: every test on re2js, kept
    expect(second.errors).toEqual([]);
    expect(second.onRe2js).toBeGreaterThan(10);
    const third = validate(cache, mapText((m) => (m.$comment = 'edit 3')));
    expect(third).toEqual({ errors: [], onRe2js: 0 });
    // A value no run tested: re2js answers, and the finding is the one a run without any cache gives.
    const bad = mapText((m) => (m.a2a.operations[0].v2Operation = 'Create-Run'));
    const memoRun = validate(cache, bad);
    expect(memoRun.onRe2js).toBe(1);
    expect(memoRun.errors).toEqual(validate(undefined, bad).errors);
    expect(memoRun.errors).toContainEqual(expect.objectContaining({ keyword: 'pattern', instancePath: '/a2a/operations/0/v2Operation' }));
  });

  it('reads no memo that this user did not write: a planted entry (bare JSON) is not believed', () => {
    const { cache, dir } = store();
    validate(cache, mapText((m) => (m.$comment = 'edit 1')));
    const bad = mapText((m) => (m.a2a.operations[0].v2Operation = 'Create-Run'));
    mkdirSync(dir, { recursive: true });
    const key = JSON.stringify(['u', '^[a-z][A-Za-z0-9]*$', 'Create-Run']);
    writeFileSync(path.join(dir, `${validatorKey(SCHEMA_TEXT)}.patterns.json`), JSON.stringify([[key, true]]));
    const run = validate(cache, bad);
    expect(run.errors).toContainEqual(expect.objectContaining({ keyword: 'pattern', instancePath: '/a2a/operations/0/v2Operation' }));
    expect(readdirSync(dir).some((f) => f.endsWith('.patterns.json'))).toBe(true);
  });

  // The hook's families: wire-examples validates captures with the wire schemas' validators directly (not through schemaErrors).
  it('`check interop-map wire-examples` after an edit of the map, with an earlier edit run: re2js is not loaded', () => {
    const cache = path.join(tempDir(), 'cache');
    const trace = moduleTracer();
    const root = projectCorpusCopy();
    const runs = [1, 2, 3].map((n) => {
      writeFileSync(path.join(root, 'spec/v2/interop-map.json'), mapText((m) => (m.$comment = `edit ${n}`)));
      return trace(['check', 'interop-map', 'wire-examples'], { cwd: root, env: { SPECGATE_CACHE_DIR: cache } });
    });
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(runs[1]!.packages).toContain('re2js'); // the first run of the cached validator
    expect(runs[2]!.packages).not.toContain('re2js');
  });

  it('keeps no answer whose pattern is long: 20,000 values of a 10 KB pattern held 200 MiB and peaked at 1 GiB writing the memo', () => {
    const { cache } = store();
    const pattern = `^(?:${'q'.repeat(4000)}|[a-z0-9]+)$`;
    const schemaText = JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', items: { type: 'string', pattern } });
    const run = (values: string[]) => {
      validatorCache.forget();
      return [...schemaErrors(parseJson('s.schema.json', schemaText), parseJson('d.json', JSON.stringify(values)), cache).errors];
    };
    const values = Array.from({ length: 200 }, (_, i) => `v${i}`);
    expect(run(['first', ...values])).toEqual([]); // compiles the validator
    expect(run(['second', ...values, 'Not-Lower'])).toContainEqual(expect.objectContaining({ keyword: 'pattern' })); // the cached validator, on re2js
    validatorCache.forget(); // writes what the memo learnt
    const body = cache.get('validators', `${validatorKey(schemaText)}.patterns.json`);
    const keys = body === undefined ? [] : (JSON.parse(body) as Array<[string, boolean]>).map(([k]) => k);
    expect(keys.filter((k) => k.length > 1024)).toEqual([]);
  });
});
