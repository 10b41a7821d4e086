import type { ExampleFiles } from '../core/engine/rule.js';

/*
 * The kinds of change, one example each (some two), from which compat/rule-examples.ts makes the
 * compat rules' meta.examples: the base and the head value of one JSON Schema, one governed data
 * file or one OpenAPI document, and where the change is reported (a JSON Pointer into the head; a
 * removed thing at its nearest surviving parent). The OpenAPI ones edit one small document
 * (`apiDoc`) that also shows what a schema inside it is by direction (requests, responses,
 * callbacks, webhooks).
 */

/** A kind's change: the base and the head value of its one file, where it is reported, and a note that tells apart two examples of one rule. */
export interface KindChange {
  id: string;
  base: unknown;
  head: unknown;
  pointer: string;
  subject: 'schema' | 'data' | 'openapi';
  note?: string;
  /** Other files the head has (a file a `$ref` reaches). */
  headFiles?: ExampleFiles;
}

const K = (id: string, base: unknown, head: unknown, pointer: string): KindChange => ({ id, base, head, pointer, subject: 'schema' });
const D = (id: string, base: unknown, head: unknown, pointer: string): KindChange => ({ id, base, head, pointer, subject: 'data' });
const str = { type: 'string' };

/** The JSON Schema and data kinds. */
export const SCHEMA_CHANGES: KindChange[] = [
  K('schema-rejects-all', { properties: { a: true } }, { properties: { a: false } }, '/properties/a'),
  K('schema-unconstrained', { properties: { a: str } }, { properties: { a: true } }, '/properties/a'),
  K('unclassified', { not: str }, { not: { type: 'number' } }, '/not'),
  K('title-changed', { title: 'A' }, { title: 'B' }, '/title'),
  K('description-changed', { description: 'A' }, { description: 'B' }, '/description'),
  K('comment-changed', {}, { $comment: 'why' }, '/$comment'),
  K('examples-changed', { examples: [1] }, { examples: [2] }, '/examples'),
  K('deprecated-changed', {}, { deprecated: true }, '/deprecated'),
  K('ref-unresolved', { $ref: '#/$defs/x', $defs: { x: str } }, { $ref: '#/$defs/y', $defs: { x: str } }, '/$ref'),
  { ...K('ref-resolved', { $ref: './defs.json#/x' }, { $ref: './defs.json#/x', title: 'T' }, '/$ref'), headFiles: { 'schemas/v2/defs.json': '{ "x": { "type": "string" } }\n' }, note: 'a $ref into schemas/v2/defs.json, which only the head has' },
  K('ref-changed', { $ref: '#/$defs/nope' }, { $ref: '#/$defs/x', $defs: { x: str } }, '/$ref'),
  K('ref-retargeted', { $ref: '#/$defs/x', $defs: { x: str, y: str } }, { $ref: '#/$defs/y', $defs: { x: str, y: str } }, '/$ref'),
  K('type-added', {}, { type: 'string' }, '/type'),
  K('type-removed', { type: 'string' }, {}, ''),
  K('type-widened', { type: 'string' }, { type: ['string', 'null'] }, '/type'),
  K('type-narrowed', { type: ['string', 'null'] }, { type: 'string' }, '/type'),
  K('type-changed', { type: 'string' }, { type: 'number' }, '/type'),
  K('enum-added', {}, { enum: ['a'] }, '/enum'),
  K('enum-removed', { enum: ['a'] }, {}, ''),
  K('enum-value-removed', { enum: ['a', 'b'] }, { enum: ['a'] }, '/enum'),
  K('enum-value-added', { enum: ['a'] }, { enum: ['a', 'b'] }, '/enum'),
  K('const-added', {}, { const: 'a' }, '/const'),
  K('const-removed', { const: 'a' }, {}, ''),
  K('const-changed', { const: 'a' }, { const: 'b' }, '/const'),
  K('default-added', {}, { default: 1 }, '/default'),
  K('default-changed', { default: 1 }, { default: 2 }, '/default'),
  K('bound-added', {}, { minLength: 1 }, '/minLength'),
  K('bound-removed', { maxItems: 3 }, {}, ''),
  K('bound-tightened', { minLength: 1 }, { minLength: 2 }, '/minLength'),
  K('bound-loosened', { multipleOf: 4 }, { multipleOf: 2 }, '/multipleOf'),
  K('pattern-added', {}, { pattern: '^a' }, '/pattern'),
  K('pattern-removed', { pattern: '^a' }, {}, ''),
  K('pattern-changed', { pattern: '^a' }, { pattern: '^b' }, '/pattern'),
  K('format-added', {}, { format: 'date' }, '/format'),
  K('format-removed', { format: 'date' }, {}, ''),
  K('format-changed', { format: 'date' }, { format: 'date-time' }, '/format'),
  K('content-added', {}, { contentMediaType: 'application/json' }, '/contentMediaType'),
  K('content-removed', { contentEncoding: 'base64' }, {}, ''),
  K('content-changed', { contentEncoding: 'base64' }, { contentEncoding: 'base32' }, '/contentEncoding'),
  K('unique-items-added', {}, { uniqueItems: true }, '/uniqueItems'),
  K('unique-items-removed', { uniqueItems: true }, {}, ''),
  K('property-removed', { properties: { a: str, b: { type: 'number' } } }, { properties: { a: str } }, '/properties'),
  K('property-renamed', { properties: { a: str } }, { properties: { b: str } }, '/properties/b'),
  K('property-added-required', { properties: {} }, { properties: { b: str }, required: ['b'] }, '/properties/b'),
  K('property-added', { properties: {} }, { properties: { b: str } }, '/properties/b'),
  K('required-added', { properties: { a: str } }, { properties: { a: str }, required: ['a'] }, '/required'),
  K('required-removed', { properties: { a: str }, required: ['a'] }, { properties: { a: str } }, ''),
  K('additional-properties-closed', {}, { additionalProperties: false }, '/additionalProperties'),
  K('additional-properties-opened', { unevaluatedProperties: false }, {}, ''),
  K('definition-removed', { $defs: { x: str, y: str } }, { $defs: { x: str } }, '/$defs'),
  K('definition-added', { $defs: { x: str } }, { $defs: { x: str, y: str } }, '/$defs/y'),
  K('pattern-property-removed', { patternProperties: { '^x': str, '^y': str } }, { patternProperties: { '^x': str } }, '/patternProperties'),
  K('pattern-property-added', { patternProperties: { '^x': str } }, { patternProperties: { '^x': str, '^y': str } }, '/patternProperties/^y'),
  K('dependent-schema-removed', { dependentSchemas: { a: { required: ['b'] }, c: {} } }, { dependentSchemas: { c: {} } }, '/dependentSchemas'),
  K('dependent-schema-added', { dependentSchemas: { c: {} } }, { dependentSchemas: { c: {}, a: { required: ['b'] } } }, '/dependentSchemas/a'),
  K('dependent-required-added', {}, { dependentRequired: { a: ['b'] } }, '/dependentRequired/a'),
  K('dependent-required-removed', { dependentRequired: { a: ['b'] } }, {}, ''),
  K('prefix-item-added', { prefixItems: [str] }, { prefixItems: [str, { type: 'number' }] }, '/prefixItems/1'),
  K('prefix-item-removed', { prefixItems: [str, { type: 'number' }] }, { prefixItems: [str] }, '/prefixItems'),
  K('all-of-branch-added', { allOf: [{ type: 'object' }] }, { allOf: [{ type: 'object' }, { required: ['a'] }] }, '/allOf/1'),
  K('all-of-branch-removed', { allOf: [{ type: 'object' }, { required: ['a'] }] }, { allOf: [{ type: 'object' }] }, '/allOf'),
  K('any-of-branch-added', { anyOf: [str] }, { anyOf: [str, { type: 'number' }] }, '/anyOf/1'),
  K('any-of-branch-removed', { anyOf: [str, { type: 'number' }] }, { anyOf: [str] }, '/anyOf'),
  K('one-of-branch-added', { oneOf: [str] }, { oneOf: [str, { type: 'number' }] }, '/oneOf/1'),
  K('one-of-branch-removed', { oneOf: [str, { type: 'number' }] }, { oneOf: [str] }, '/oneOf'),
  K('id-added', {}, { $id: 'https://example.org/a' }, '/$id'),
  K('id-changed', { $id: 'https://example.org/a' }, { $id: 'https://example.org/b' }, '/$id'),
  K('dialect-changed', { $schema: 'https://json-schema.org/draft/2020-12/schema' }, { $schema: 'http://json-schema.org/draft-07/schema#' }, '/$schema'),
  D('row-removed', { rows: [{ id: 'a', v: 1 }, { id: 'b', v: 2 }] }, { rows: [{ id: 'a', v: 1 }] }, '/rows'),
  D('row-added', { rows: [{ id: 'a', v: 1 }] }, { rows: [{ id: 'a', v: 1 }, { id: 'b', v: 2 }] }, '/rows/1'),
  D('row-changed', { rows: [{ id: 'a', v: 1 }] }, { rows: [{ id: 'a', v: 2 }] }, '/rows/0'),
  D('row-extended', { rows: [{ id: 'a', v: 1 }] }, { rows: [{ id: 'a', v: 1, w: 2 }] }, '/rows/0'),
  D('row-reworded', { rows: [{ id: 'a', note: 'x' }] }, { rows: [{ id: 'a', note: 'y' }] }, '/rows/0'),
  D('field-removed', { a: 1, b: 2 }, { a: 1 }, ''),
  D('field-added', { a: 1 }, { a: 1, b: 2 }, '/b'),
  D('value-changed', { a: 1 }, { a: 2 }, '/a'),
  D('prose-changed', { a: 1, note: 'x' }, { a: 1, note: 'y' }, '/note'),
  D('list-item-removed', { l: [1, 2] }, { l: [1] }, '/l'),
  D('list-item-added', { l: [1] }, { l: [1, 2] }, '/l'),
  D('list-reordered', { l: [1, 2] }, { l: [2, 1] }, '/l'),
];

const FINISHED = '{$request.body#/callbackUrl}';

/** The OpenAPI document every OpenAPI example edits: its base, unless the example changes that too. */
export function apiDoc(): any {
  const ok = (schema?: unknown) => ({ description: 'ok', ...(schema ? { content: { 'application/json': { schema } } } : {}) });
  return {
    openapi: '3.1.0',
    info: { title: 'compat cases', version: '1' },
    paths: {
      '/runs': {
        get: { operationId: 'listRuns', parameters: [{ name: 'status', in: 'query', schema: { type: 'string' } }], responses: { '200': ok({ $ref: '#/components/schemas/Run' }) } },
        post: {
          operationId: 'createRun',
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { workflowId: str, callbackUrl: str } } } } },
          responses: { '201': ok() },
          callbacks: { runFinished: { [FINISHED]: { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Run' } } } }, responses: { '200': ok() } } } } },
        },
      },
      '/runs/{runId}': {
        get: {
          operationId: 'getRun',
          parameters: [{ name: 'runId', in: 'path', required: true, schema: str }],
          responses: { '200': { ...ok({ $ref: '#/components/schemas/Run' }), headers: { ETag: { schema: { type: 'string' } }, 'X-Request-Id': { $ref: '#/components/headers/RequestId' } } }, '404': ok() },
        },
      },
    },
    webhooks: { runUpdated: { post: { operationId: 'runUpdated', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Run' } } } }, responses: { '200': ok() } } } },
    components: { schemas: { Run: { type: 'object', properties: { id: str, status: str } } }, headers: { RequestId: { required: true, schema: str } } },
  };
}

const A = (id: string, head: (d: any) => void, pointer: string, base?: (d: any) => void, note?: string): KindChange => {
  const b = apiDoc();
  const h = apiDoc();
  base?.(b);
  head(h);
  return { id, base: b, head: h, pointer, subject: 'openapi', ...(note ? { note } : {}) };
};
const RUNS = '/paths/~1runs';
const RUN = '/paths/~1runs~1{runId}';
const noBody = (d: any) => delete d.paths['/runs'].post.requestBody;
const textPlain = (content: any) => (content['text/plain'] = { schema: str });
const runHeaders = (d: any) => d.paths['/runs/{runId}'].get.responses['200'].headers;
const CALLBACK = `${RUNS}/post/callbacks/runFinished`;
const RUN_SCHEMA = '/components/schemas/Run';
const run = (d: any) => d.components.schemas.Run;
const requestSchema = (d: any) => d.paths['/runs'].post.requestBody.content['application/json'].schema;
/** A response rule: Run's `status` (a schema only the API sends) changed from `base` to `head`; `at` below it. */
const S = (id: string, base: unknown, head: unknown, at: string): KindChange =>
  A(`response-${id}`, (d) => (run(d).properties.status = structuredClone(head)), `${RUN_SCHEMA}/properties/status${at}`, (d) => (run(d).properties.status = structuredClone(base)));
const FINISHED_AT = `${CALLBACK}/${FINISHED.replace(/\//g, '~1')}`;


/** The OpenAPI kinds, and the JSON Schema kinds of the schemas inside the document by direction. */
export const API_CHANGES: KindChange[] = [
  A('openapi-operation-removed', (d) => delete d.paths['/runs'].post, RUNS),
  A('openapi-operation-added', (d) => (d.paths['/runs'].delete = { operationId: 'purgeRuns', responses: { '204': { description: 'gone' } } }), `${RUNS}/delete`),
  A('openapi-operation-id-changed', (d) => (d.paths['/runs/{runId}'].get.operationId = 'readRun'), `${RUN}/get/operationId`),
  A('openapi-operation-id-added', () => {}, `${RUNS}/post/operationId`, (d) => delete d.paths['/runs'].post.operationId),
  A('openapi-operation-path-changed', (d) => ((d.paths['/tasks/{runId}'] = d.paths['/runs/{runId}']), delete d.paths['/runs/{runId}']), '/paths/~1tasks~1{runId}/get'),
  A('openapi-operation-method-changed', (d) => ((d.paths['/runs'].put = d.paths['/runs'].post), delete d.paths['/runs'].post), `${RUNS}/put`),
  A('openapi-parameter-removed', (d) => (d.paths['/runs'].get.parameters = []), `${RUNS}/get/parameters`),
  A('openapi-parameter-added-required', (d) => d.paths['/runs'].get.parameters.push({ name: 'tenant', in: 'query', required: true, schema: str }), `${RUNS}/get/parameters/1`),
  A('openapi-parameter-added', (d) => d.paths['/runs'].get.parameters.push({ name: 'pageToken', in: 'query', schema: str }), `${RUNS}/get/parameters/1`),
  A('openapi-parameter-required-added', (d) => (d.paths['/runs'].get.parameters[0].required = true), `${RUNS}/get/parameters/0`),
  A('openapi-parameter-required-removed', () => {}, `${RUNS}/get/parameters/0`, (d) => (d.paths['/runs'].get.parameters[0].required = true)),
  A('openapi-parameter-location-changed', (d) => (d.paths['/runs'].get.parameters[0].in = 'header'), `${RUNS}/get/parameters/0`),
  A('openapi-parameter-type-changed', (d) => (d.paths['/runs'].get.parameters[0].schema.type = 'integer'), `${RUNS}/get/parameters/0/schema/type`),
  A('openapi-request-body-added-required', (d) => (d.paths['/runs'].post.requestBody.required = true), `${RUNS}/post/requestBody`, noBody),
  A('openapi-request-body-added', () => {}, `${RUNS}/post/requestBody`, noBody),
  A('openapi-request-body-removed', noBody, `${RUNS}/post`),
  A('openapi-request-body-required-added', (d) => (d.paths['/runs'].post.requestBody.required = true), `${RUNS}/post/requestBody/required`),
  A('openapi-request-body-required-removed', () => {}, `${RUNS}/post/requestBody`, (d) => (d.paths['/runs'].post.requestBody.required = true)),
  A('openapi-request-media-type-removed', () => {}, `${RUNS}/post/requestBody/content`, (d) => textPlain(d.paths['/runs'].post.requestBody.content)),
  A('openapi-request-media-type-added', (d) => textPlain(d.paths['/runs'].post.requestBody.content), `${RUNS}/post/requestBody/content/text~1plain`),
  A('openapi-response-removed', (d) => delete d.paths['/runs/{runId}'].get.responses['404'], `${RUN}/get/responses`),
  A('openapi-response-added', (d) => (d.paths['/runs/{runId}'].get.responses['500'] = { description: 'oops' }), `${RUN}/get/responses/500`),
  A('openapi-response-media-type-removed', () => {}, `${RUNS}/get/responses/200/content`, (d) => textPlain(d.paths['/runs'].get.responses['200'].content)),
  A('openapi-response-media-type-added', (d) => textPlain(d.paths['/runs'].get.responses['200'].content), `${RUNS}/get/responses/200/content/text~1plain`),
  A('openapi-optional-response-header-removed', (d) => delete runHeaders(d).ETag, `${RUN}/get/responses/200/headers`),
  A('openapi-response-header-removed', (d) => delete runHeaders(d).ETag, `${RUN}/get/responses/200/headers`, (d) => (runHeaders(d).ETag.required = true)),
  A('openapi-response-header-removed', (d) => delete runHeaders(d)['X-Request-Id'], `${RUN}/get/responses/200/headers`, undefined, 'a header through $ref to components.headers'),
  A('openapi-response-header-added', (d) => (d.paths['/runs/{runId}'].get.responses['404'].headers = { 'Retry-After': { schema: { type: 'integer' } } }), `${RUN}/get/responses/404/headers/Retry-After`),
  A('openapi-response-header-required-added', (d) => (runHeaders(d).ETag.required = true), `${RUN}/get/responses/200/headers/ETag/required`),
  A('openapi-response-header-required-removed', () => {}, `${RUN}/get/responses/200/headers/ETag`, (d) => (runHeaders(d).ETag.required = true)),
  A('openapi-response-header-required-removed', (d) => delete d.components.headers.RequestId.required, `${RUN}/get/responses/200/headers/X-Request-Id`, undefined, 'in components.headers, reported where the response uses it'),
  A('openapi-callback-removed', (d) => delete d.paths['/runs'].post.callbacks, `${RUNS}/post`),
  A('openapi-callback-removed', (d) => (d.paths['/runs'].post.callbacks.runFinished = { '{$request.body#/notifyUrl}': d.paths['/runs'].post.callbacks.runFinished[FINISHED] }), CALLBACK, undefined, 'its expression changed'),
  A('openapi-callback-added', (d) => (d.paths['/runs'].post.callbacks.runFinished[FINISHED].put = { responses: { '200': { description: 'ok' } } }), `${FINISHED_AT}/put`),
  A('openapi-webhook-removed', (d) => delete d.webhooks.runUpdated, '/webhooks'),
  A('openapi-webhook-removed', (d) => ((d.webhooks.runUpdated.put = d.webhooks.runUpdated.post), delete d.webhooks.runUpdated.post), '/webhooks/runUpdated', undefined, 'its method changed'),
  A('openapi-webhook-added', (d) => (d.webhooks.runDeleted = { post: { operationId: 'runDeleted', responses: { '200': { description: 'ok' } } } }), '/webhooks/runDeleted/post'),
  A('openapi-schema-removed', () => {}, '/components/schemas', (d) => (d.components.schemas.Extra = str)),
  A('openapi-schema-added', (d) => (d.components.schemas.Extra = str), '/components/schemas/Extra'),
  A('openapi-security-added', (d) => (d.security = [{ bearer: [] }]), '/security'),
  A('openapi-security-relaxed', (d) => (d.security = [{ bearer: [] }, {}]), '/security', (d) => (d.security = [{ bearer: [] }])),
  A('openapi-content-media-type-changed', (d) => (d.paths['/runs'].get.parameters[0] = { name: 'status', in: 'query', content: { 'application/json': { schema: str } } }), `${RUNS}/get/parameters/0/content/application~1json`),
  // schemas inside the document go through the JSON Schema classifier: the same rule ids where the class is the same either way
  A('property-removed', (d) => ((run(d).required = []), delete run(d).properties.status), `${RUN_SCHEMA}/properties`, (d) => (run(d).required = ['status']), 'a REQUIRED property of a response schema'),
  A('request-property-removed', (d) => delete requestSchema(d).properties.callbackUrl, `${RUNS}/post/requestBody/content/application~1json/schema/properties`),
  // Run is only sent by the API (responses, the callback's and the webhook's requests): the response ids where the class differs
  A('response-optional-property-removed', (d) => delete run(d).properties.status, `${RUN_SCHEMA}/properties`),
  A('response-property-added-required', (d) => ((run(d).properties.name = { type: 'string' }), (run(d).required = ['name'])), `${RUN_SCHEMA}/properties/name`),
  A('response-required-added', (d) => (run(d).required = ['status']), `${RUN_SCHEMA}/required`),
  A('response-required-removed', () => {}, RUN_SCHEMA, (d) => (run(d).required = ['status'])),
  S('schema-unconstrained', str, true, ''),
  S('type-added', {}, { type: 'string' }, '/type'),
  S('type-removed', { type: 'string' }, {}, ''),
  S('type-widened', { type: 'string' }, { type: ['string', 'null'] }, '/type'),
  S('type-narrowed', { type: ['string', 'null'] }, { type: 'string' }, '/type'),
  S('enum-added', {}, { enum: ['a'] }, '/enum'),
  S('enum-removed', { enum: ['a'] }, {}, ''),
  S('enum-value-added', { enum: ['a'] }, { enum: ['a', 'b'] }, '/enum'),
  S('enum-value-removed', { enum: ['a', 'b'] }, { enum: ['a'] }, '/enum'),
  S('const-added', {}, { const: 'a' }, '/const'),
  S('const-removed', { const: 'a' }, {}, ''),
  S('bound-added', {}, { maxLength: 5 }, '/maxLength'),
  S('bound-removed', { maxLength: 5 }, {}, ''),
  S('bound-tightened', { maxLength: 5 }, { maxLength: 3 }, '/maxLength'),
  S('bound-loosened', { maxLength: 3 }, { maxLength: 5 }, '/maxLength'),
  S('pattern-added', {}, { pattern: '^a' }, '/pattern'),
  S('pattern-removed', { pattern: '^a' }, {}, ''),
  S('format-added', {}, { format: 'uuid' }, '/format'),
  S('format-removed', { format: 'uuid' }, {}, ''),
  S('content-added', {}, { contentMediaType: 'text/plain' }, '/contentMediaType'),
  S('content-removed', { contentMediaType: 'text/plain' }, {}, ''),
  S('unique-items-added', { type: 'array' }, { type: 'array', uniqueItems: true }, '/uniqueItems'),
  S('unique-items-removed', { type: 'array', uniqueItems: true }, { type: 'array' }, ''),
  S('additional-properties-closed', { type: 'object' }, { type: 'object', additionalProperties: false }, '/additionalProperties'),
  S('additional-properties-opened', { type: 'object', additionalProperties: false }, { type: 'object' }, ''),
  S('dependent-schema-added', {}, { dependentSchemas: { a: { required: ['b'] } } }, '/dependentSchemas/a'),
  S('dependent-schema-removed', { dependentSchemas: { a: { required: ['b'] } } }, {}, ''),
  S('dependent-required-added', {}, { dependentRequired: { a: ['b'] } }, '/dependentRequired/a'),
  S('dependent-required-removed', { dependentRequired: { a: ['b'] } }, { dependentRequired: { a: [] } }, '/dependentRequired/a'),
  S('prefix-item-added', { prefixItems: [{ type: 'string' }] }, { prefixItems: [{ type: 'string' }, { type: 'integer' }] }, '/prefixItems/1'),
  S('prefix-item-removed', { prefixItems: [{ type: 'string' }, { type: 'integer' }] }, { prefixItems: [{ type: 'string' }] }, '/prefixItems'),
  S('all-of-branch-added', { allOf: [{ minLength: 1 }] }, { allOf: [{ minLength: 1 }, { maxLength: 9 }] }, '/allOf/1'),
  S('all-of-branch-removed', { allOf: [{ minLength: 1 }, { maxLength: 9 }] }, { allOf: [{ minLength: 1 }] }, '/allOf'),
  S('any-of-branch-added', { anyOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }, '/anyOf/1'),
  S('any-of-branch-removed', { anyOf: [{ type: 'string' }, { type: 'integer' }] }, { anyOf: [{ type: 'string' }] }, '/anyOf'),
  S('one-of-branch-added', { oneOf: [{ type: 'string' }] }, { oneOf: [{ type: 'string' }, { type: 'integer' }] }, '/oneOf/1'),
  S('one-of-branch-removed', { oneOf: [{ type: 'string' }, { type: 'integer' }] }, { oneOf: [{ type: 'string' }] }, '/oneOf'),
  A('required-added', (d) => (d.paths['/runs'].post.requestBody.content['application/json'].schema.required = ['workflowId']), `${RUNS}/post/requestBody/content/application~1json/schema/required`),
  // readOnly and writeOnly properties: classed by the one way they are sent, and the flags themselves
  A('request-property-removed', (d) => (requestSchema(d).properties.callbackUrl = { ...str, readOnly: true }), `${RUNS}/post/requestBody/content/application~1json/schema/properties/callbackUrl/readOnly`, undefined, 'a request property made readOnly'),
  A('response-property-added-required', (d) => ((requestSchema(d).properties.run = { $ref: '#/components/schemas/Run' }), (run(d).properties.createdAt = { type: 'string', readOnly: true }), (run(d).required = ['createdAt'])), `${RUN_SCHEMA}/properties/createdAt`, (d) => (requestSchema(d).properties.run = { $ref: '#/components/schemas/Run' }), 'a readOnly one in a schema used both ways'),
  A('one-way-property-changed', (d) => ((requestSchema(d).properties.id = { type: 'string', readOnly: true }), (requestSchema(d).required = ['id'])), `${RUNS}/post/requestBody/content/application~1json/schema/properties/id`),
  { ...S('type-widened', str, { ...str, nullable: true }, '/nullable'), note: "OpenAPI 3.0's nullable: true added" },
  { ...S('type-narrowed', { ...str, nullable: true }, str, ''), note: "OpenAPI 3.0's nullable: true removed" },
  A('enum-added', (d) => (d.paths['/runs'].get.parameters[0].schema.enum = ['running']), `${RUNS}/get/parameters/0/schema/enum`),
  A('type-changed', (d) => (runHeaders(d).ETag.schema.type = 'integer'), `${RUN}/get/responses/200/headers/ETag/schema/type`, undefined, "a response header's schema"),
];

/** A near miss for the kinds whose change read backwards is the same kind (a changed `const` changes back): a change of the same place that the rule does not report. */
const SCHEMA_NEAR_MISSES: Record<string, KindChange> = Object.fromEntries(
  [
    K('unclassified', { not: str }, { not: str, title: 'T' }, ''),
    K('title-changed', { title: 'A' }, { title: 'A', description: 'B' }, ''),
    K('description-changed', { description: 'A' }, { description: 'A', title: 'B' }, ''),
    K('comment-changed', { $comment: 'why' }, { $comment: 'why', title: 'B' }, ''),
    K('examples-changed', { examples: [1] }, { examples: [1], title: 'B' }, ''),
    K('deprecated-changed', { deprecated: true }, { deprecated: true, title: 'B' }, ''),
    { ...K('ref-resolved', { $ref: './defs.json#/x' }, { $ref: './defs.json#/x', title: 'T' }, ''), note: 'a $ref into schemas/v2/defs.json, which neither side has' },
    K('ref-retargeted', { $ref: '#/$defs/x', $defs: { x: str, y: { type: 'number' } } }, { $ref: '#/$defs/y', $defs: { x: str, y: { type: 'number' } } }, ''),
    K('type-changed', { type: 'string' }, { type: ['string', 'null'] }, ''),
    K('const-changed', { const: 'a' }, {}, ''),
    K('default-changed', {}, { default: 1 }, ''),
    K('pattern-changed', { pattern: '^a' }, {}, ''),
    K('format-changed', { format: 'date' }, {}, ''),
    K('content-changed', { contentEncoding: 'base64' }, {}, ''),
    K('property-renamed', { properties: { a: str } }, { properties: { a: str, b: str } }, ''),
    K('id-changed', {}, { $id: 'https://example.org/a' }, ''),
    K('dialect-changed', { $schema: 'https://json-schema.org/draft/2020-12/schema' }, { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'B' }, ''),
    D('row-changed', { rows: [{ id: 'a', v: 1 }] }, { rows: [{ id: 'a', v: 1, w: 2 }] }, ''),
    D('row-reworded', { rows: [{ id: 'a', note: 'x', v: 1 }] }, { rows: [{ id: 'a', note: 'x', v: 2 }] }, ''),
    D('value-changed', { a: 1, note: 'x' }, { a: 1, note: 'y' }, ''),
    D('prose-changed', { a: 1, note: 'x' }, { a: 2, note: 'x' }, ''),
    D('list-reordered', { l: [1, 2] }, { l: [1, 2, 3] }, ''),
  ].map((c) => [c.id, c]),
);

/** The OpenAPI near misses. */
function apiNearMisses(): KindChange[] {
  return [
    A('openapi-operation-id-changed', () => {}, '', (d) => delete d.paths['/runs/{runId}'].get.operationId, 'an operation that had no operationId gets one'),
    A('openapi-operation-path-changed', (d) => ((d.paths['/runs/{id}'] = d.paths['/runs/{runId}']), delete d.paths['/runs/{runId}'], (d.paths['/runs/{id}'].get.parameters[0].name = 'id')), '', undefined, 'a path parameter renamed (paths compare by template)'),
    A('openapi-operation-method-changed', (d) => (d.paths['/runs'].delete = { operationId: 'purgeRuns', responses: { '204': { description: 'gone' } } }), '', undefined, 'an operation added beside the others'),
    A('openapi-parameter-location-changed', (d) => (d.paths['/runs'].get.parameters[0].required = true), '', undefined, 'a parameter made required where it is'),
    A('openapi-parameter-type-changed', (d) => (d.paths['/runs'].get.parameters[0].schema.type = ['string', 'null']), '', undefined, "a parameter's type widened"),
    A('openapi-content-media-type-changed', (d) => (d.paths['/runs'].get.parameters[0].description = 'The status.'), '', undefined, 'a parameter described, its schema kept'),
    A('one-way-property-changed', (d) => (run(d).properties.createdAt = { type: 'string', readOnly: true }), '', undefined, 'a readOnly property added to a schema the API sends'),
  ];
}

/** Per kind, the near miss its valid example is, where reading its change backwards would be the same kind. */
export const NEAR_MISSES = new Map<string, KindChange>([...Object.entries(SCHEMA_NEAR_MISSES), ...apiNearMisses().map((c): [string, KindChange] => [c.id, c])]);
