import { describe, expect, it } from 'vitest';
import { diffOpenApi, MAX_OPENAPI_STEPS } from '../../scripts/compat/openapi-diff.js';
import { ruleFor } from '../../scripts/compat/rules.js';

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
});
