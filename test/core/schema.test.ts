import { describe, expect, it } from 'vitest';
import { parseJson } from '../../scripts/core/json-tree.js';
import { compileSchema, SchemaCompileError, schemaErrorReports } from '../../scripts/core/schema.js';

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

  it('a schema that does not compile throws SchemaCompileError', () => {
    const bad = schemaOf({ properties: { a: { type: 'no-such-type' } } });
    expect(() => compileSchema(bad.schema, bad.text)).toThrow(SchemaCompileError);
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
