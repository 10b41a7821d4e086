import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadFamilies } from '../../scripts/checks/registry.js';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { runFamilies } from '../../scripts/core/engine/engine.js';
import { MAX_JSON_VALUES, parseJson } from '../../scripts/core/parse/json-tree.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { compileSchema } from '../../scripts/core/engine/schema.js';
import { MAX_YAML_NODES, parseYaml } from '../../scripts/core/parse/yaml-tree.js';
import { MAX_SCHEMA_ERRORS } from '../../scripts/core/engine/schema-error-cap.js';
import { loadRfcSet, MAX_RFC_FILES } from '../../scripts/rfc/set.js';
import { judgeExchange } from '../../scripts/wire/judge.js';
import { PROJECT } from '../helpers/env.js';
import { exchange, projectContext, rpcError } from '../wire/helpers.js';
import { OverlaySource } from '../helpers/overlay.js';

/*
 * Volume past what real files hold: the work and memory of a run stop at a stated cap. Each test
 * counts (errors kept, values read), never time; the inputs stay small.
 */
const MAP = 'spec/v2/interop-map.json';
const mapSchema = readFileSync(path.join(PROJECT, 'spec/v2/interop-map.schema.json'), 'utf8');
const mapText = readFileSync(path.join(PROJECT, MAP), 'utf8');

/** The project's map with `rows` more rows of `{}` at the front of a2a.errors. */
function paddedMap(rows: number): string {
  const at = mapText.indexOf('"errors": [') + '"errors": ['.length;
  return mapText.slice(0, at) + '{},'.repeat(rows) + mapText.slice(at);
}

describe('hostile bounds: schema errors', () => {
  it(`ajv keeps at most ${MAX_SCHEMA_ERRORS} error objects and counts the rest exactly (a 4 MiB map of {} rows made 8 million)`, () => {
    const validate = compileSchema(JSON.parse(mapSchema), mapSchema);
    const rows = 5_000;
    expect(validate(JSON.parse(paddedMap(rows)))).toBe(false);
    // Every {} row misses each required property of a row: the same count with or without the cap.
    const perRow = (JSON.parse(mapSchema) as { $defs: { errorRow: { required: string[] } } }).$defs.errorRow.required.length;
    expect(validate.errorCount).toBe(rows * perRow);
    expect(validate.errors).toHaveLength(MAX_SCHEMA_ERRORS);
    expect(validate.errors!.every((e) => e !== undefined && typeof e.instancePath === 'string')).toBe(true);
  });

  it('validity is unchanged past the cap: anyOf and $ref branches still see their own errors', () => {
    const schema = {
      $defs: { item: { type: 'object', required: ['a', 'b', 'c'] } },
      type: 'object',
      properties: {
        // a branch that fails with many errors before one that passes
        list: { anyOf: [{ type: 'array', items: { $ref: '#/$defs/item' } }, { type: 'array', items: { type: 'object' } }] },
        tail: { $ref: '#/$defs/item' },
      },
    };
    const text = JSON.stringify(schema);
    const validate = compileSchema(schema, text);
    const list = Array.from({ length: MAX_SCHEMA_ERRORS }, () => ({}));
    expect(validate({ list, tail: { a: 1, b: 2, c: 3 } })).toBe(true);
    expect(validate({ list, tail: {} })).toBe(false);
    expect(validate.errorCount).toBe(3);
    expect(validate.errors!.map((e) => e.params.missingProperty)).toEqual(['a', 'b', 'c']);
    // both branches fail: the count is ajv's own, uncapped
    const data = { list: [...list, 1], tail: {} };
    const plain = new Ajv2020.default({ allErrors: true, strict: false }).compile(schema);
    expect(plain(data)).toBe(false);
    expect(validate(data)).toBe(false);
    expect(validate.errorCount).toBe(plain.errors!.length);
    expect(validate.errorCount).toBeGreaterThan(3 * MAX_SCHEMA_ERRORS);
    expect(validate.errors).toEqual(plain.errors!.slice(0, MAX_SCHEMA_ERRORS));
  });

  it('a map with more schema errors than are kept says so, and no other rule reads the flooded rows', async () => {
    const corpus = new Corpus(new OverlaySource(PROJECT, { [MAP]: paddedMap(5_000) }), presetLayout('specgate'));
    const { findings } = await runFamilies({ corpus, families: await loadFamilies(['interop-map']) });
    expect(findings[0]).toMatchObject({ ruleId: 'interop-map/schema', line: 1, messageId: 'tooMany' });
    expect(new Set(findings.map((f) => f.ruleId))).toEqual(new Set(['interop-map/schema', 'limits/findings-per-file']));
  });
});

describe('hostile bounds: JSON values', () => {
  it(`a JSON file of more than ${MAX_JSON_VALUES} values is refused before a tree is built ({},{},… peaked at 3.6 GB at 4 MiB)`, () => {
    const doc = parseJson('big.json', `[${'{},'.repeat(MAX_JSON_VALUES)}{}]`);
    expect(doc.value).toBeUndefined();
    expect(doc.problems).toMatchObject([{ code: 'too-large', start: 0, message: `JSON file holds more than ${MAX_JSON_VALUES} values; refusing to read them (the JSON value cap)` }]);
  });

  it('clean control: a JSON file of exactly the cap is read', () => {
    const doc = parseJson('big.json', `[${'{},'.repeat(MAX_JSON_VALUES - 2)}{}]`);
    expect(doc.problems).toEqual([]);
    expect((doc.value as unknown[]).length).toBe(MAX_JSON_VALUES - 1);
  });
});

describe('hostile bounds: YAML nodes', () => {
  it(`a YAML document of more than ${MAX_YAML_NODES} nodes is refused before its value is built (3.9 MB of empty entries peaked at 2.3 GB)`, () => {
    // the sequence and its entries: one node more than the cap
    const doc = parseYaml('big.yaml', '-\n'.repeat(MAX_YAML_NODES));
    expect(doc.value).toBeUndefined();
    expect(doc.problems).toMatchObject([{ code: 'too-large', start: 0, message: `YAML file holds ${MAX_YAML_NODES + 1} nodes; refusing to read more than ${MAX_YAML_NODES} (the YAML node cap)` }]);
  });

  it('clean control: a YAML document of exactly the cap is read', () => {
    const doc = parseYaml('big.yaml', '-\n'.repeat(MAX_YAML_NODES - 1));
    expect(doc.problems).toEqual([]);
    expect((doc.value as unknown[]).length).toBe(MAX_YAML_NODES - 1);
  });
});

describe('hostile bounds: the wire judge', () => {
  it('error.data of 30,000 entries: the schema keeps 10,000 errors and the judge turns only those into problems (16,000 entries took 12.7 s of CPU in ajv, square in the entries)', async () => {
    const ctx = await projectContext();
    const n = 30_000;
    const j = judgeExchange(exchange(rpcError(-32001, Array.from({ length: n }, (_, i) => ({ x: i })))), ctx);
    const validate = ctx.validators.jsonrpcError;
    expect(validate.errorCount).toBeGreaterThanOrEqual(n);
    expect(validate.errors).toHaveLength(MAX_SCHEMA_ERRORS);
    expect(j.verdict).toBe('fail');
    expect(j.results.length).toBeLessThanOrEqual(MAX_SCHEMA_ERRORS);
  });
});

describe('hostile bounds: file counts', () => {
  it(`an RFC folder of more than ${MAX_RFC_FILES} files: the first ${MAX_RFC_FILES} by name are read, one finding counts the rest (100,000 small RFCs took 206 s and 2.7 GB)`, async () => {
    const extra = MAX_RFC_FILES + 2;
    const files: Record<string, string> = {};
    for (let i = 0; i < extra; i++) files[`RFCS/${String(10_000 + i)}-pad.md`] = '# RFC\n';
    const corpus = new Corpus(new OverlaySource(PROJECT, files), presetLayout('specgate'));
    const set = await loadRfcSet(corpus);
    expect(set.files).toHaveLength(MAX_RFC_FILES);
    // the project's own four RFCs sort first
    expect(set.files.slice(0, 4)).toEqual(expect.arrayContaining(['RFCS/0001-rfc-process.md']));
    const total = extra + 4;
    expect(corpus.problems).toEqual([
      expect.objectContaining({ ruleId: 'limits/too-many-files', file: `RFCS/${10_000 + MAX_RFC_FILES - 4}-pad.md`, message: `RFCS/ holds ${total} RFC files; the first ${MAX_RFC_FILES} by name are checked, and this one and the ${total - MAX_RFC_FILES - 1} after it are not read` }),
    ]);
  });
});
