import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Corpus, MAX_MARKDOWN_BYTES } from '../../scripts/core/parse/corpus.js';
import { MAX_JSON_BYTES, MAX_JSON_VALUES, parseJson } from '../../scripts/core/parse/json-tree.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { globMatcher, globProblem } from '../../scripts/core/io/source.js';
import { MAX_YAML_BYTES, parseYaml } from '../../scripts/core/parse/yaml-tree.js';
import { loadRfcSet } from '../../scripts/rfc/set.js';
import { CLI, PROJECT, projectCorpusCopy } from '../helpers/env.js';
import { OverlaySource } from '../helpers/overlay.js';

/*
 * Hostile inputs to the parsers and the matcher: each finishes (no stack overflow, no runaway
 * time), and where a cap applies the run says so. No timing is asserted: finishing is the test.
 */
describe('hostile bounds: parsers and globs', () => {
  it('a JSON string up to the JSON cap parses (the old scanner overflowed its stack at about 8 MB)', () => {
    const length = MAX_JSON_BYTES - 20;
    const doc = parseJson('big.json', `{"note": "${'x'.repeat(length)}"}`);
    expect(doc.problems).toEqual([]);
    expect((doc.value as { note: string }).note).toHaveLength(length);
  });

  it('JSON over the JSON cap is refused unparsed (a 16 MB map of broken rows peaked at 2.4 GB)', () => {
    const doc = parseJson('big.json', `{"note": "${'x'.repeat(8 * 1024 * 1024)}"}`);
    expect(doc.value).toBeUndefined();
    expect(doc.problems).toMatchObject([{ code: 'too-large', start: 0 }]);
    expect(doc.problems[0]!.message).toContain(`refusing to parse more than ${MAX_JSON_BYTES} (the JSON cap)`);
  });

  it('a 4 MiB map of one key written 700,000 times (one value to JSON.parse) counts every value toward the value cap: no tree built', () => {
    const text = `{"x": {${'"a":1,'.repeat(Math.floor((MAX_JSON_BYTES - 64) / 6))}"a":1}}`;
    const doc = parseJson('map.json', text);
    // main built the whole position tree and a problem per repeat (1.45 GiB): 699,000 duplicate-key problems.
    expect(doc.problems.map((p) => p.code)).toEqual(['too-large']);
    expect(doc.problems[0]!.message).toContain(`more than ${MAX_JSON_VALUES} values`);
    expect(doc.value).toBeUndefined();
  });

  it('`check interop-map` on a 4 MiB map of one repeated key stays under 1 GiB (a child process\'s max RSS; it peaked at 1.2-1.45 GiB)', () => {
    const root = projectCorpusCopy();
    const file = path.join(root, 'spec/v2/interop-map.json');
    const map = readFileSync(file, 'utf8');
    const at = map.indexOf('{') + 1;
    writeFileSync(file, `${map.slice(0, at)}"x-dup": {${'"a":1,'.repeat(Math.floor((MAX_JSON_BYTES - map.length - 64) / 6))}"a":1},${map.slice(at)}`);
    const usage = path.join(root, 'usage.json');
    const preload = path.join(root, 'usage.cjs');
    writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(usage)}, JSON.stringify(process.resourceUsage())));\n`);
    const r = spawnSync(process.execPath, ['--require', preload, CLI, 'check', 'interop-map', '--root', root, '--format', 'json', '--no-cache'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(r.stderr).toBe('');
    expect((JSON.parse(r.stdout) as { findings: { ruleId: string }[] }).findings.map((f) => f.ruleId)).toEqual(['parse/too-large']);
    expect((JSON.parse(readFileSync(usage, 'utf8')) as { maxRSS: number }).maxRSS / 1024).toBeLessThan(1024);
  });

  it('a clean control: repeated keys under the value cap are each a located duplicate-key', () => {
    const text = `{"x": {${'"a":1,'.repeat(1000)}"a":1}}`;
    const doc = parseJson('map.json', text);
    expect(doc.problems).toHaveLength(1000);
    expect(new Set(doc.problems.map((p) => p.code))).toEqual(new Set(['duplicate-key']));
    expect(text.slice(doc.problems[0]!.start, doc.problems[0]!.end)).toBe('"a"');
  });

  it('100,000-deep JSON nesting is a located too-deep problem, not a crash', () => {
    const doc = parseJson('deep.json', '['.repeat(100_000) + ']'.repeat(100_000));
    expect(doc.problems.map((p) => p.code)).toEqual(['too-deep']);
  });

  it('flow-style YAML of 1 MB parses, and its range tree is built on demand', () => {
    const item = '{id: inv-0001, note: "some text", tags: [a, b, c]}, ';
    const text = `invariants: [${item.repeat(Math.ceil(2 ** 20 / item.length))}]\n`;
    const doc = parseYaml('flow.yaml', text);
    expect(doc.problems).toEqual([]);
    expect((doc.value as { invariants: unknown[] }).invariants.length).toBeGreaterThan(10_000);
    expect(doc.locate('/invariants/10000/id').line).toBe(1);
  });

  it('YAML over the YAML cap is refused unparsed (16 MB of short scalars took 1.3 GiB)', () => {
    const text = 'tests:\n' + '  - "test/x*.ts"\n'.repeat(Math.ceil((MAX_YAML_BYTES + 1) / 16));
    const doc = parseYaml('big.yaml', text);
    expect(doc.problems).toMatchObject([{ code: 'too-large', start: 0 }]);
    expect(doc.problems[0]!.message).toContain(`refusing to parse more than ${MAX_YAML_BYTES} (the YAML cap)`);
  });

  it('deeply nested flow YAML is refused as too deep', () => {
    const doc = parseYaml('deep.yaml', 'a: ' + '['.repeat(10_000) + ']'.repeat(10_000) + '\n');
    expect(doc.problems.map((p) => p.code)).toEqual(['too-deep']);
  });

  it('a glob with many `*` is refused before it is compiled (picomatch backtracks exponentially on it)', () => {
    const evil = 'test/' + '*a'.repeat(40) + '.ts';
    expect(globProblem(evil)).toMatch(/40 separate `\*` wildcards \(at most 3/);
    expect(() => globMatcher([evil])).toThrow(/at most 3/);
    expect(globProblem('x'.repeat(5000))).toMatch(/at most 1024/);
    // clean control: a real glob is accepted and matches
    expect(globMatcher(['test/**/*.test.ts'])('test/hostile/bounds-parsers.test.ts')).toBe(true);
  });

  it(`an RFC over the Markdown cap (${MAX_MARKDOWN_BYTES} bytes) is refused with a finding, never parsed`, async () => {
    const file = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
    const source = new OverlaySource(PROJECT, { [file]: (t: string) => t + '\nword '.repeat(4 * 1024 * 1024 / 5) });
    const corpus = new Corpus(source, presetLayout('specgate'));
    corpus.useParseCache = false;
    const set = await loadRfcSet(corpus);
    expect(await set.read(file)).toBeUndefined();
    expect(corpus.problems).toMatchObject([{ ruleId: 'parse/markdown-too-large', file, line: 1 }]);
    expect(corpus.problems[0]!.message).toContain(`refusing to parse more than ${MAX_MARKDOWN_BYTES} (the Markdown cap)`);
    // clean control: the RFC as it is
    const clean = new Corpus(new OverlaySource(PROJECT, {}), presetLayout('specgate'));
    clean.useParseCache = false;
    expect(await (await loadRfcSet(clean)).read(file)).toBeDefined();
    expect(clean.problems).toEqual([]);
  });
});
