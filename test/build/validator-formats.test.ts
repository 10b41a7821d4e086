import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROJECT } from '../helpers/env.js';

const require = createRequire(import.meta.url);
type Formats = { uri(s: string): boolean; date: { validate(s: string): boolean; compare(a: string, b: string): number | undefined } };
const local = require(path.join(PROJECT, 'scripts/build/validator-formats.cjs')) as Formats;
const full = (require('ajv-formats/dist/formats') as { fullFormats: Formats }).fullFormats;
type Length = { default(s: string): number };
const localLength = require(path.join(PROJECT, 'scripts/build/validator-ucs2length.cjs')) as Length;
const ajvLength = require('ajv/dist/runtime/ucs2length') as Length;

const URI_CHARS = [...'abcXYZ019+-._~!$&\'()*+,;=:@/?#%[] \\"<>{}|^`'];
const uriLike = fc.oneof(
  fc.array(fc.constantFrom(...URI_CHARS), { maxLength: 40 }).map((cs) => cs.join('')),
  fc.tuple(fc.constantFrom('https://', 'http://', 'urn:', 'x+y.z://', '1a://', 'HTTP://', 'mailto:', '//'), fc.array(fc.constantFrom(...URI_CHARS), { maxLength: 30 })).map(([s, cs]) => s + cs.join('')),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

describe('validator formats (dist/validators/formats.cjs)', () => {
  it('uri agrees with ajv-formats on URLs and near-misses', () => {
    fc.assert(fc.property(uriLike, (s) => {
      expect(local.uri(s)).toBe(full.uri(s));
    }), { numRuns: 3000 });
  });

  it('uri rejects what ajv-formats rejects (sabotage control)', () => {
    for (const s of ['https://h/a b', '1http://x', 'http://h?x#y#z', 'no-scheme', '']) expect(local.uri(s)).toBe(false);
  });

  it('date agrees with ajv-formats, leap days and month lengths included', () => {
    const dates = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(fc.property(fc.oneof(dates, fc.string({ maxLength: 12 })), (s) => {
      expect(local.date.validate(s)).toBe(full.date.validate(s));
    }), { numRuns: 3000 });
    for (const [a, b] of [['2024-01-01', '2024-01-02'], ['2024-01-02', '2024-01-01'], ['2024-01-01', '2024-01-01'], ['', '2024-01-01']]) expect(local.date.compare(a!, b!)).toBe(full.date.compare(a!, b!));
  });

  it('the built validators use the local module for date and uri, and it is shipped beside them', () => {
    const dir = path.join(PROJECT, 'dist/validators');
    const code = readdirSync(dir).filter((f) => /^[0-9a-f]{32}\.cjs$/.test(f)).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    expect(code).not.toMatch(/fullFormats\.(date|uri)\b/);
    expect(code).toMatch(/require\("\.\/formats\.cjs"\)\.(date|uri)/);
    expect(readFileSync(path.join(dir, 'formats.cjs'), 'utf8')).toBe(readFileSync(path.join(PROJECT, 'scripts/build/validator-formats.cjs'), 'utf8'));
  });

  it('string length counts code points as ajv does, lone and paired surrogates included', () => {
    const units = fc.oneof(fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00, 0x41, 0xe9, 0xffff), fc.integer({ min: 0, max: 0xffff }));
    fc.assert(fc.property(fc.array(units, { maxLength: 24 }), (codes) => {
      const s = String.fromCharCode(...codes);
      expect(localLength.default(s)).toBe(ajvLength.default(s));
    }), { numRuns: 5000 });
    // Sabotage controls: a pair is one, a reversed pair two, a trailing high surrogate one.
    expect(localLength.default('a\u{1F600}b')).toBe(3);
    expect(localLength.default('\ude00\ud83d')).toBe(2);
    expect(localLength.default('x\ud83d')).toBe(2);
  });

  it('the built validators require the local string length, shipped beside them, never a path inside ajv', () => {
    const dir = path.join(PROJECT, 'dist/validators');
    const code = readdirSync(dir).filter((f) => /^[0-9a-f]{32}\.cjs$/.test(f)).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    expect(code).toMatch(/require\("\.\/ucs2length\.cjs"\)\.default/);
    expect(code).not.toMatch(/require\("ajv\//);
    expect(readFileSync(path.join(dir, 'ucs2length.cjs'), 'utf8')).toBe(readFileSync(path.join(PROJECT, 'scripts/build/validator-ucs2length.cjs'), 'utf8'));
  });
});
