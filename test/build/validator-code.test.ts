import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCachePath, loadBuiltValidator, loadValidatorCode } from '../../scripts/core/validator-code.js';
import { PROJECT } from '../helpers/env.js';

const BUILT = path.join(PROJECT, 'dist/validators');
const MAP_SCHEMA = path.join(PROJECT, 'spec/v2/interop-map.schema.json');
const MAP = JSON.parse(readFileSync(path.join(PROJECT, 'spec/v2/interop-map.json'), 'utf8')) as Record<string, unknown>;

const copies: string[] = [];
afterAll(() => {
  for (const d of copies) rmSync(d, { recursive: true, force: true });
});

/** The built validator of the interop map schema (the one whose $id names it), copied to a temp dir with formats.cjs. */
function mapValidatorCopy(): string {
  const id = (JSON.parse(readFileSync(MAP_SCHEMA, 'utf8')) as { $id: string }).$id;
  const name = readdirSync(BUILT).find((f) => /^[0-9a-f]{32}\.cjs$/.test(f) && readFileSync(path.join(BUILT, f), 'utf8').includes(JSON.stringify(id)));
  if (!name) throw new Error('no built validator for the interop map schema; run npm run build');
  // Under the project, so the copy's require('ajv/...') finds node_modules as the original does.
  const cache = path.join(PROJECT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'specgate-test-'));
  copies.push(dir);
  copyFileSync(path.join(BUILT, name), path.join(dir, name));
  for (const helper of ['formats.cjs', 'ucs2length.cjs']) copyFileSync(path.join(BUILT, helper), path.join(dir, helper));
  return path.join(dir, name);
}

describe('validator code cache (dist/validators/*.v8)', () => {
  it('the build leaves one beside each validator and no other', () => {
    const validators = readdirSync(BUILT).filter((n) => /^[0-9a-f]{32}\.cjs$/.test(n));
    const caches = readdirSync(BUILT).filter((n) => n.endsWith('.v8'));
    expect(validators.length).toBeGreaterThan(0);
    expect(caches.sort()).toEqual(validators.map((f) => path.basename(codeCachePath(path.join(BUILT, f)))).sort());
  });

  it('a validator loaded with its cache judges as one loaded without it', () => {
    const file = mapValidatorCopy();
    const code = readFileSync(file, 'utf8');
    const first = loadValidatorCode(file, code);
    first.validate({});
    writeFileSync(codeCachePath(file), first.codeCache());
    const cached = loadBuiltValidator(file, true);
    const bad = { ...MAP, updated: '2026-02-30', extra: 1 };
    expect(cached(MAP)).toBe(true);
    expect(cached(bad)).toBe(false);
    expect(cached.errors?.map((e) => `${e.instancePath} ${e.keyword}`).sort()).toEqual([' additionalProperties', '/updated format']);
  });

  it('a cache that does not belong to the code is not used: a corrupt cache, or one made from other code, is ignored', () => {
    const file = mapValidatorCopy();
    writeFileSync(codeCachePath(file), Buffer.from('not a code cache'));
    const v = loadBuiltValidator(file, true);
    expect(v({ ...MAP, updated: 'yesterday' })).toBe(false);
    expect(v(MAP)).toBe(true);
    // A cache of a validator that accepted anything: V8 rejects it (another source length).
    const other = loadValidatorCode(file, 'module.exports = () => true;');
    other.validate({});
    writeFileSync(codeCachePath(file), other.codeCache());
    const w = loadBuiltValidator(file, true);
    expect(w({ ...MAP, updated: 'yesterday' })).toBe(false);
    expect(w(MAP)).toBe(true);
  });
});
