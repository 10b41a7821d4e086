import { describe, expect, it } from 'vitest';
import { diffOpenApi, MAX_OPENAPI_STEPS } from '../../scripts/compat/openapi-diff.js';
import { ruleFor } from '../../scripts/compat/rules.js';
import { diffSchema, MAX_CHANGE_TEXT } from '../../scripts/compat/schema-diff.js';

/*
 * Hostile OpenAPI documents for compat: a component shared through `$ref` is compared at every
 * operation that uses it, so a document of kilobytes can ask for the product of two of its sizes.
 * The comparison stops at its work cap with one breaking change (it finishes: no timing asserted).
 */

const FILE = 'spec/v2/openapi.yaml';
const side = (v: unknown) => ({ value: (f: string) => (f === FILE ? v : undefined), fileById: () => undefined });
const diff = (base: unknown, head: unknown) => diffOpenApi(base, head, { file: FILE, baseFile: FILE, base: side(base), head: side(head), compared: new Set([FILE]) });

/** `n` operations, each built by `op(i)`, and the components given. */
function api(n: number, op: (i: number) => unknown, components: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) paths[`/p${i}`] = { get: op(i) };
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components, ...extra };
}

function named(n: number, prefix: string, value: () => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) out[`${prefix}${i}`] = value();
  return out;
}

describe('hostile bounds: compat of an OpenAPI document', () => {
  it('a response of 2,000 headers used by 2,000 operations, all headers removed: one too-complex change, not 4,000,000', () => {
    const op = () => ({ operationId: undefined, responses: { 200: { $ref: '#/components/responses/r' } } });
    const base = api(2000, op, { responses: { r: { description: 'd', headers: named(2000, 'X-H', () => ({ schema: {} })) } } });
    const head = api(2000, op, { responses: { r: { description: 'd', headers: {} } } });
    const changes = diff(base, head);
    expect(changes).toMatchObject([{ pointer: '', class: 'breaking', kind: 'openapi-too-complex' }]);
    expect(changes[0]!.reason).toBe(`comparison stopped after ${MAX_OPENAPI_STEPS} steps (the compat work cap): components shared through $ref multiply the work; the document cannot be classified, so it counts as breaking`);
    expect(ruleFor(changes[0]!).id).toBe('compat/openapi-too-complex');
  });

  it('a callback of 2,000 expressions used by 2,000 operations and removed: one too-complex change', () => {
    const op = (i: number) => ({ operationId: `o${i}`, callbacks: { c: { $ref: '#/components/callbacks/c' } } });
    const base = api(2000, op, { callbacks: { c: named(2000, 'e', () => ({ post: {} })) } });
    const head = api(2000, op, { callbacks: { c: {} } });
    expect(diff(base, head)).toMatchObject([{ kind: 'openapi-too-complex' }]);
  });

  it("a callback of 2,000 expressions used by 2,000 operations, every request body's schema changed (compared reversed at each use): one too-complex change", () => {
    const op = (i: number) => ({ operationId: `o${i}`, callbacks: { c: { $ref: '#/components/callbacks/c' } } });
    const hook = (type: string) => ({ post: { requestBody: { content: { 'application/json': { schema: { type } } } } } });
    const base = api(2000, op, { callbacks: { c: named(2000, 'e', () => hook('string')) } });
    const head = api(2000, op, { callbacks: { c: named(2000, 'e', () => hook('integer')) } });
    expect(diff(base, head)).toMatchObject([{ kind: 'openapi-too-complex' }]);
  });

  it('a clean control for the walk that finds who sends a component: 40,000 operations through one shared response cost it once', () => {
    const op = () => ({ responses: { 200: { $ref: '#/components/responses/r' } } });
    const responses = { r: { description: 'd', content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } } } };
    const base = api(40_000, op, { responses, schemas: { S: { enum: ['a'] } } });
    const head = api(40_000, op, { responses, schemas: { S: { enum: ['a', 'b'] } } });
    expect(diff(base, head).map((c) => ruleFor(c).id)).toEqual(['compat/response-enum-value-added']);
  });

  it('2,000 security alternatives against 2,000 others (each tried against each): one too-complex change', () => {
    const base = api(1, () => ({}), {}, { security: Array.from({ length: 2000 }, (_, i) => ({ [`a${i}`]: [] })) });
    const head = api(1, () => ({}), {}, { security: Array.from({ length: 2000 }, (_, i) => ({ [`b${i}`]: [] })) });
    expect(diff(base, head)).toMatchObject([{ kind: 'openapi-too-complex' }]);
  });

  it('a clean control: the same shared response at a few operations is compared at each, under the cap', () => {
    const op = (i: number) => ({ operationId: `o${i}`, responses: { 200: { $ref: '#/components/responses/r' } } });
    const base = api(3, op, { responses: { r: { description: 'd', headers: { 'X-A': { required: true, schema: {} } } } } });
    const head = api(3, op, { responses: { r: { description: 'd', headers: {} } } });
    expect(diff(base, head).map((c) => c.kind)).toEqual(Array(3).fill('openapi-response-header-removed'));
  });

  it('40,000 operations matched by method and path (no operationId) pair one to one', () => {
    const base = api(40_000, () => ({}));
    const head = api(40_000, () => ({}));
    expect(diff(base, head)).toEqual([]);
  });

  it('a path key of 300,000 unclosed `{` (each would scan to the end of the key) pairs with its twin: no change', () => {
    const key = `/${'{'.repeat(300_000)}`;
    const doc = () => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { [key]: { get: { parameters: [{ name: 'q', in: 'path', required: true }] } } } });
    expect(diff(doc(), doc())).toEqual([]);
  });

  it('a clean control for path templates: `/t/{id}` and `/t/{taskId}` are one path, `{a{b}` names the parameter `b`', () => {
    const at = (p: string) => api(0, () => ({}), {}, { paths: { [p]: { get: { responses: { 200: { description: 'd' } } } } } });
    expect(diff(at('/t/{id}'), at('/t/{taskId}'))).toEqual([]);
    expect(diff(at('/t/{a{b}'), at('/t/{a{c}')).map((c) => c.kind)).toEqual([]);
    expect(diff(at('/t/{id}'), at('/u/{id}')).map((c) => c.kind)).toEqual(['openapi-operation-removed', 'openapi-operation-added']);
  });

  it('a parameter whose $ref is 1 MB long, reached through a short $ref from 5,000 operations, is resolved once per document', () => {
    const op = () => ({ parameters: [{ $ref: '#/components/parameters/p' }] });
    const components = () => ({ parameters: { p: { $ref: `#/${'x/'.repeat(500_000)}` } } });
    expect(diff(api(5000, op, components()), api(5000, op, components()))).toEqual([]);
  });

  it('a clean control: a parameter through two short $refs is still compared at each operation', () => {
    const op = () => ({ parameters: [{ $ref: '#/components/parameters/p' }] });
    const param = (required: boolean) => ({ parameters: { p: { $ref: '#/components/parameters/q' }, q: { name: 'q', in: 'query', required } } });
    expect(diff(api(2, op, param(false)), api(2, op, param(true))).map((c) => ruleFor(c).id)).toEqual(Array(2).fill('compat/openapi-parameter-required-added'));
  });

  /** A response's component schema `S` of `values`, holding `x-bomb`: arrays of `fan` aliases of the array below, `levels` deep. */
  function bombed(values: string[], fan: number, levels: number) {
    let bomb: unknown = Array(fan).fill(0);
    for (let i = 0; i < levels; i++) bomb = Array(fan).fill(bomb);
    const op = () => ({ responses: { 200: { description: 'd', content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } } } } });
    return api(1, op, { schemas: { S: { enum: values, 'x-bomb': bomb } } });
  }

  it('arrays of 10 aliases of arrays, 15 levels deep (YAML aliases share them: 10^16 values as a tree) in a used component: one too-complex change', () => {
    expect(diff(bombed(['a'], 10, 15), bombed(['a', 'b'], 10, 15))).toMatchObject([{ kind: 'openapi-too-complex' }]);
  });

  it('a clean control: shared arrays 2 levels deep in a used component: its change is found, classed by its direction', () => {
    expect(diff(bombed(['a'], 10, 2), bombed(['a', 'b'], 10, 2)).map((c) => ruleFor(c).id)).toEqual(['compat/response-enum-value-added']);
  });

  it(`a 200 KB property name above 40,000 removed enum values (a pointer each): one breaking change past ${MAX_CHANGE_TEXT} characters of change text`, () => {
    const schema = (values: string[]) => ({ type: 'object', properties: { ['k'.repeat(200_000)]: { enum: values } } });
    const values = Array.from({ length: 40_000 }, (_, i) => `v${i}`);
    const changes = diffSchema('s.json', 's.json', schema(values), schema(['x']), { base: side(undefined), head: side(undefined), compared: new Set() });
    expect(changes).toEqual([
      {
        pointer: '',
        class: 'breaking',
        kind: 'unclassified',
        reason: `comparison stopped after ${MAX_CHANGE_TEXT} characters of changes (the compat cap on their pointers and reasons: long keys above many changes); the schema cannot be classified, so it counts as breaking`,
      },
    ]);
  });

  it('the same 200 KB path key above 40,000 removed enum values of a parameter: one too-complex change', () => {
    const doc = (values: string[]) => ({ openapi: '3.1.0', paths: { [`/${'k'.repeat(200_000)}`]: { get: { parameters: [{ name: 'q', in: 'query', schema: { enum: values } }] } } } });
    expect(diff(doc(Array.from({ length: 40_000 }, (_, i) => `v${i}`)), doc(['x']))).toMatchObject([{ kind: 'openapi-too-complex' }]);
  });

  it('a clean control: a 1,000-character key above 2,000 removed enum values is classified change by change', () => {
    const schema = (values: string[]) => ({ type: 'object', properties: { ['k'.repeat(1000)]: { enum: values } } });
    const changes = diffSchema('s.json', 's.json', schema(Array.from({ length: 2001 }, (_, i) => `v${i}`)), schema(['v0']), { base: side(undefined), head: side(undefined), compared: new Set() });
    expect(changes).toHaveLength(2000);
    expect(new Set(changes.map((c) => c.kind))).toEqual(new Set(['enum-value-removed']));
  });
});
