import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../scripts/core/parse/json-tree.js';
import { compileSchema, SchemaCompileError, schemaErrorReports } from '../../../scripts/core/engine/schema.js';

/** A schema text no other test uses, so no other compile of this run is reused. */
function schemaOf(extra: object): { schema: object; text: string } {
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', ...extra, $comment: `schema.test ${Math.random()}` };
  return { schema, text: JSON.stringify(schema) };
}

const FORMATS = schemaOf({ properties: { day: { type: 'string', format: 'date' }, link: { type: 'string', format: 'uri' }, name: { type: 'string', maxLength: 2 } }, additionalProperties: false });

function verdicts(validate: ReturnType<typeof compileSchema>): unknown[] {
  const cases = [{ day: '2024-02-29' }, { day: '2023-02-29' }, { link: 'https://example.org/a?b#c' }, { link: 'no-scheme' }, { name: '\u{1F600}\u{1F600}' }, { name: 'abc' }, { other: 1 }];
  return cases.map((c) => (validate(c) ? 'ok' : validate.errors!.map((e) => `${e.instancePath} ${e.keyword}`).join(',')));
}

const EXPECTED = ['ok', '/day format', 'ok', '/link format', 'ok', '/name maxLength', ' additionalProperties'];

describe('compileSchema (ajv 2020-12, formats, all errors)', () => {
  it('checks formats and counts string length in code points, as ajv-formats and ajv do', () => {
    expect(verdicts(compileSchema(FORMATS.schema, FORMATS.text))).toEqual(EXPECTED);
  });

  it('compiles each distinct set of schema texts once a run, and a changed text again', () => {
    const own = schemaOf({ properties: { day: { format: 'date' } } });
    const first = compileSchema(own.schema, own.text);
    expect(compileSchema(own.schema, own.text)).toBe(first);
    // Governed schemas change in pull requests: another text is another validator.
    const changed = schemaOf({ properties: { day: { format: 'date' } } });
    expect(compileSchema(changed.schema, changed.text)).not.toBe(first);
  });

  it('an $id holding "*/" is refused before ajv writes it into a comment of its code (it ran as code)', () => {
    const g = globalThis as { specgateIdRan?: number };
    delete g.specgateIdRan;
    for (const inner of [false, true]) {
      const id = 'https://x/a*/;globalThis.specgateIdRan=1;/*';
      const hostile = schemaOf(inner ? { $defs: { d: { $id: id, type: 'string' } }, $ref: '#/$defs/d' } : { $id: id, type: 'object' });
      expect(() => compileSchema(hostile.schema, hostile.text)).toThrow(/holds "\*\/"/);
      expect(g.specgateIdRan).toBeUndefined();
    }
  });

  it('a schema that does not compile throws SchemaCompileError', () => {
    const bad = schemaOf({ properties: { a: { type: 'no-such-type' } } });
    expect(() => compileSchema(bad.schema, bad.text)).toThrow(SchemaCompileError);
  });
});

describe('governed patterns run on a linear-time engine (re2js through ajv code.regExp)', () => {
  const patterned = (props: object) => {
    const s = schemaOf({ properties: props });
    return compileSchema(s.schema, s.text);
  };

  it('a lookahead or a backreference needs backtracking: the schema does not compile, and the error names the pattern', () => {
    for (const pattern of ['^(?=[A-Z])[A-Z_]+$', '^(a)\\1$']) {
      const s = schemaOf({ properties: { reason: { type: 'string', pattern } } });
      expect(() => compileSchema(s.schema, s.text)).toThrow(new RegExp(`pattern ${JSON.stringify(pattern).replace(/[\\^$()[\]?=+.]/g, '\\$&')} cannot run on a linear-time engine`));
    }
  });

  it('a catastrophic pattern for a backtracking engine is decided on a long value', () => {
    const validate = patterned({ reason: { type: 'string', pattern: '^(a+)+$' } });
    expect(validate({ reason: 'a'.repeat(100_000) + '!' })).toBe(false);
    expect(validate({ reason: 'a'.repeat(100_000) })).toBe(true);
  });

  it("control: patterns keep JSON Schema's meaning (a match anywhere, Unicode classes), and two patterns are never confused", () => {
    const validate = patterned({ a: { type: 'string', pattern: 'b' }, b: { type: 'string', pattern: '^\\p{Lu}+$' }, c: { type: 'string', pattern: '^[0-9]+$' } });
    expect(validate({ a: 'abc', b: 'ÉTÉ', c: '42' })).toBe(true);
    expect(validate({ a: 'xyz' })).toBe(false);
    expect(validate({ b: 'été' })).toBe(false);
    expect(validate({ c: 'b' })).toBe(false);
    const keyed = schemaOf({ patternProperties: { '^x-': { type: 'string' }, '^y-': { type: 'number' } } });
    const v = compileSchema(keyed.schema, keyed.text);
    expect(v({ 'x-a': 'text', 'y-a': 1 })).toBe(true);
    expect(v({ 'x-a': 1 })).toBe(false);
    expect(v({ 'y-a': 'text' })).toBe(false);
  });
});

describe('schemaErrorReports: one misspelt key, one finding', () => {
  // Any closed schema: a required key and an optional one under $defs, as the governed maps write rows.
  const closed = schemaOf({ $defs: { row: { type: 'object', additionalProperties: false, required: ['colour'], properties: { colour: { type: 'string' }, weight: { type: 'number' } } } }, properties: { rows: { type: 'array', items: { $ref: '#/$defs/row' } } } });
  const reportsOf = (json: string) => {
    const validate = compileSchema(closed.schema, closed.text);
    const doc = parseJson('x.json', json);
    expect(validate(doc.value)).toBe(false);
    return [...schemaErrorReports(validate.errors!, doc, undefined, closed.schema)].map((r) => [(r.at as { pointer: string }).pointer, r.message]);
  };

  it('a misspelt required key: "did you mean" at the key, and no "missing required" echo at the row', () => {
    expect(reportsOf('{"rows": [{"colur": "red"}]}')).toEqual([['/rows/0/colur', 'unexpected property "colur" in /rows/0 — did you mean "colour"?']]);
  });

  it('a misspelt optional key the schema declares gets the same hint', () => {
    expect(reportsOf('{"rows": [{"colour": "red", "wieght": 2}]}')).toEqual([['/rows/0/wieght', 'unexpected property "wieght" in /rows/0 — did you mean "weight"?']]);
  });

  it('control: a key near none of them stays a plain unexpected property beside the missing one; a key the row has is never suggested', () => {
    expect(reportsOf('{"rows": [{"size": 3}]}')).toEqual([
      ['/rows/0', 'missing required property "colour" in /rows/0'],
      ['/rows/0/size', 'unexpected property "size" in /rows/0: the schema is closed'],
    ]);
    expect(reportsOf('{"rows": [{"colour": "red", "colours": "blue"}]}')).toEqual([['/rows/0/colours', 'unexpected property "colours" in /rows/0: the schema is closed']]);
  });
});
