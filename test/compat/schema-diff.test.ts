import { describe, expect, it } from 'vitest';
import type { SchemaSide } from '../../scripts/compat/refs.js';
import { diffSchema } from '../../scripts/compat/schema-diff.js';

/** One side made of in-memory documents. */
function sideOf(docs: Record<string, unknown>): SchemaSide {
  return {
    value: (f) => docs[f],
    fileById: (id) => Object.keys(docs).find((f) => (docs[f] as { $id?: string })?.$id === id),
  };
}

function diff(base: unknown, head: unknown, others: { base?: Record<string, unknown>; head?: Record<string, unknown>; compared?: string[] } = {}) {
  const file = 'spec/a.schema.json';
  return diffSchema(file, file, base, head, {
    base: sideOf({ [file]: base, ...others.base }),
    head: sideOf({ [file]: head, ...others.head }),
    compared: new Set([file, ...(others.compared ?? [])]),
  }).map((c) => [c.pointer, c.class, c.kind]);
}

const obj = (props: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties: props, ...extra });

describe('schema diff: classification per keyword', () => {
  it('equal schemas (whatever the key order) give no change', () => {
    expect(diff(obj({ a: { type: 'string' } }, { required: ['a'] }), { required: ['a'], properties: { a: { type: 'string' } }, type: 'object' })).toEqual([]);
  });

  it.each([
    ['title', 'editorial', 'title-changed'],
    ['description', 'editorial', 'description-changed'],
    ['$comment', 'editorial', 'comment-changed'],
    ['examples', 'editorial', 'examples-changed'],
  ])('%s changes are editorial', (k, cls, kind) => {
    const b = { type: 'string', [k]: k === 'examples' ? ['x'] : 'old' };
    const h = { type: 'string', [k]: k === 'examples' ? ['y'] : 'new' };
    expect(diff(b, h)).toEqual([[`/${k}`, cls, kind]]);
  });

  it('a new OPTIONAL property is additive; a new REQUIRED one is breaking', () => {
    expect(diff(obj({ a: {} }), obj({ a: {}, b: { type: 'string' } }))).toEqual([['/properties/b', 'additive', 'property-added']]);
    expect(diff(obj({ a: {} }), obj({ a: {}, b: {} }, { required: ['b'] }))).toEqual([['/properties/b', 'breaking', 'property-added-required']]);
  });

  it('a removed property is breaking at its parent; a renamed one (same schema, new name) is named as a rename', () => {
    expect(diff(obj({ a: {}, b: { type: 'integer' } }), obj({ a: {} }))).toEqual([['/properties', 'breaking', 'optional-property-removed']]);
    expect(diff(obj({ a: {}, b: { type: 'integer' } }), obj({ a: {}, c: { type: 'integer' } }))).toEqual([['/properties/c', 'breaking', 'property-renamed']]);
  });

  it('newly required is breaking; no longer required is additive', () => {
    expect(diff(obj({ a: {} }), obj({ a: {} }, { required: ['a'] }))).toEqual([['/required', 'breaking', 'required-added']]);
    expect(diff(obj({ a: {} }, { required: ['a'] }), obj({ a: {} }))).toEqual([['', 'additive', 'required-removed']]);
  });

  it('type: widened is additive, narrowed breaking, added breaking, integer ⊂ number', () => {
    expect(diff({ type: 'string' }, { type: ['string', 'null'] })).toEqual([['/type', 'additive', 'type-widened']]);
    expect(diff({ type: ['string', 'null'] }, { type: 'string' })).toEqual([['/type', 'breaking', 'type-narrowed']]);
    expect(diff({}, { type: 'string' })).toEqual([['/type', 'breaking', 'type-added']]);
    expect(diff({ type: 'integer' }, { type: 'number' })).toEqual([['/type', 'additive', 'type-widened']]);
    expect(diff({ type: 'number' }, { type: 'integer' })).toEqual([['/type', 'breaking', 'type-narrowed']]);
    expect(diff({ type: 'string' }, { type: 'boolean' })).toEqual([['/type', 'breaking', 'type-changed']]);
    expect(diff({ type: 'string' }, { type: ['string'] })).toEqual([]);
  });

  it('enum: a value removed is breaking, a value added additive, an enum added breaking', () => {
    expect(diff({ enum: ['a', 'b'] }, { enum: ['a'] })).toEqual([['/enum', 'breaking', 'enum-value-removed']]);
    expect(diff({ enum: ['a'] }, { enum: ['b', 'a'] })).toEqual([['/enum', 'additive', 'enum-value-added']]);
    expect(diff({ type: 'string' }, { type: 'string', enum: ['a'] })).toEqual([['/enum', 'breaking', 'enum-added']]);
    expect(diff({ enum: ['a'] }, {})).toEqual([['', 'additive', 'enum-removed']]);
  });

  it('const: added or changed is breaking; const → enum containing it widens', () => {
    expect(diff({}, { const: 1 })).toEqual([['/const', 'breaking', 'const-added']]);
    expect(diff({ const: 1 }, { const: 2 })).toEqual([['/const', 'breaking', 'const-changed']]);
    expect(diff({ const: 1 }, { enum: [1, 2] })).toEqual([['/enum', 'additive', 'enum-value-added']]);
  });

  it('pattern added or changed is breaking, removed additive', () => {
    expect(diff({ type: 'string' }, { type: 'string', pattern: '^a' })).toEqual([['/pattern', 'breaking', 'pattern-added']]);
    expect(diff({ pattern: '^a' }, { pattern: '^b' })).toEqual([['/pattern', 'breaking', 'pattern-changed']]);
    expect(diff({ pattern: '^a' }, {})).toEqual([['', 'additive', 'pattern-removed']]);
  });

  it('minimum/maximum: tightened or added is breaking, loosened additive', () => {
    expect(diff({ minimum: 400 }, { minimum: 500 })).toEqual([['/minimum', 'breaking', 'minimum-tightened']]);
    expect(diff({ minimum: 400 }, { minimum: 300 })).toEqual([['/minimum', 'additive', 'minimum-loosened']]);
    expect(diff({ maximum: 599 }, { maximum: 499 })).toEqual([['/maximum', 'breaking', 'maximum-tightened']]);
    expect(diff({ maximum: 599 }, { maximum: 699 })).toEqual([['/maximum', 'additive', 'maximum-loosened']]);
    expect(diff({}, { maxLength: 10 })).toEqual([['/maxLength', 'breaking', 'maxLength-added']]);
    expect(diff({ minItems: 1 }, {})).toEqual([['', 'additive', 'minItems-removed']]);
  });

  it('closing an object (additionalProperties: false) is breaking, opening it additive', () => {
    expect(diff(obj({ a: {} }), obj({ a: {} }, { additionalProperties: false }))).toEqual([['/additionalProperties', 'breaking', 'object-closed']]);
    expect(diff(obj({ a: {} }, { additionalProperties: false }), obj({ a: {} }))).toEqual([['', 'additive', 'object-opened']]);
    expect(diff(obj({}, { additionalProperties: { type: 'string' } }), obj({}, { additionalProperties: { type: ['string', 'number'] } }))).toEqual([
      ['/additionalProperties/type', 'additive', 'type-widened'],
    ]);
  });

  it('items, anyOf and allOf: narrowing inside is breaking; an anyOf branch added widens, an allOf branch added narrows', () => {
    expect(diff({ type: 'array', items: { type: ['string', 'null'] } }, { type: 'array', items: { type: 'string' } })).toEqual([['/items/type', 'breaking', 'type-narrowed']]);
    expect(diff({ anyOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual([['/anyOf/1', 'additive', 'anyOf-branch-added']]);
    expect(diff({ allOf: [{ type: 'string' }] }, { allOf: [{ type: 'string' }, { minLength: 1 }] })).toEqual([['/allOf/1', 'breaking', 'allOf-branch-added']]);
    expect(diff({ oneOf: [{ type: 'string' }, { type: 'null' }] }, { oneOf: [{ type: 'null' }] })).toEqual([['/oneOf', 'breaking', 'oneOf-branch-removed']]);
  });

  it('a keyword it does not know, `not` or `if`, is counted as breaking and says so', () => {
    const [change] = diffSchema('a', 'a', { not: { type: 'string' } }, { not: { type: 'number' } }, { base: sideOf({}), head: sideOf({}), compared: new Set() });
    expect(change).toMatchObject({ pointer: '/not', class: 'breaking', kind: 'unclassified' });
    expect(change!.reason).toContain('not classified, counted as breaking');
  });

  it('$defs: a definition removed is breaking, added additive, changed compared inside', () => {
    expect(diff({ $defs: { a: {}, b: {} } }, { $defs: { a: {} } })).toEqual([['/$defs', 'breaking', 'definition-removed']]);
    expect(diff({ $defs: { a: {} } }, { $defs: { a: {}, b: {} } })).toEqual([['/$defs/b', 'additive', 'definition-added']]);
  });
});

describe('schema diff: $ref', () => {
  it('an unchanged local $ref is not followed (its target is compared where it lives)', () => {
    const b = { properties: { x: { $ref: '#/$defs/t' } }, $defs: { t: { type: 'string' } } };
    const h = { properties: { x: { $ref: '#/$defs/t' } }, $defs: { t: { type: 'boolean' } } };
    expect(diff(b, h)).toEqual([['/$defs/t/type', 'breaking', 'type-changed']]);
  });

  it('a retargeted $ref compares the targets and reports at the $ref', () => {
    const b = { properties: { x: { $ref: '#/$defs/t' } }, $defs: { t: { enum: ['a', 'b'] }, u: { enum: ['a'] } } };
    const h = { properties: { x: { $ref: '#/$defs/u' } }, $defs: { t: { enum: ['a', 'b'] }, u: { enum: ['a'] } } };
    expect(diff(b, h)).toEqual([['/properties/x/$ref', 'breaking', 'enum-value-removed']]);
  });

  it('an inlined $ref target that equals the old target is editorial', () => {
    const b = { properties: { x: { $ref: '#/$defs/t' } }, $defs: { t: { type: 'string' } } };
    const h = { properties: { x: { type: 'string' } }, $defs: { t: { type: 'string' } } };
    expect(diff(b, h)).toEqual([['/properties/x', 'editorial', 'ref-retargeted']]);
  });

  it('a $ref into a file that is not compared on its own is followed, and a change there reported at the $ref', () => {
    const b = { properties: { s: { $ref: 'shared.json#/status' } } };
    const h = { properties: { s: { $ref: 'shared.json#/status' } } };
    const changes = diff(b, h, { base: { 'spec/shared.json': { status: { enum: ['a', 'b'] } } }, head: { 'spec/shared.json': { status: { enum: ['a'] } } } });
    expect(changes).toEqual([['/properties/s/$ref', 'breaking', 'enum-value-removed']]);
  });

  it('inside a followed file, its own local $refs are followed too', () => {
    const b = { properties: { s: { $ref: 'shared.json#/status' } } };
    const shared = (values: string[]) => ({ status: { $ref: '#/$defs/s' }, $defs: { s: { enum: values } } });
    const changes = diff(b, b, { base: { 'spec/shared.json': shared(['a', 'b']) }, head: { 'spec/shared.json': shared(['a']) } });
    expect(changes).toEqual([['/properties/s/$ref', 'breaking', 'enum-value-removed']]);
  });

  it('a dangling $ref at the head is breaking', () => {
    expect(diff({ properties: { s: { type: 'string' } } }, { properties: { s: { $ref: '#/$defs/missing' } } })).toEqual([['/properties/s/$ref', 'breaking', 'ref-unresolved']]);
  });

  it('a recursive schema terminates', () => {
    const b = { $defs: { n: { type: 'object', properties: { next: { $ref: '#/$defs/n' } } } }, $ref: '#/$defs/n' };
    const h = { $defs: { n: { type: 'object', properties: { next: { $ref: '#/$defs/n' } }, required: ['next'] } }, $ref: '#/$defs/n' };
    expect(diff(b, h)).toEqual([['/$defs/n/required', 'breaking', 'required-added']]);
  });
});
