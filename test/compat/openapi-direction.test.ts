import { describe, expect, it } from 'vitest';
import { diffOpenApi } from '../../scripts/compat/openapi-diff.js';
import { ruleFor } from '../../scripts/compat/rules.js';
import { diffSchema } from '../../scripts/compat/schema-diff.js';
import { apiDoc } from '../../scripts/compat/kind-changes.js';

/*
 * A schema inside the OpenAPI document is classed by who sends the value it describes: the client
 * (parameters, request bodies) or the API (responses, response headers), reversed inside callbacks
 * and webhooks. Each test edits the OpenAPI examples' document (scripts/compat/kind-changes.ts) and reads
 * the rule, class and location of what the comparison finds.
 */

const FILE = 'openapi.yaml';
const side = (v: unknown) => ({ value: (f: string) => (f === FILE ? v : undefined), fileById: () => undefined });

function changes(editBase: (d: any) => void, editHead: (d: any) => void): [string, string, string][] {
  const base = apiDoc();
  const head = apiDoc();
  editBase(base);
  editHead(head);
  return diffOpenApi(base, head, { file: FILE, baseFile: FILE, base: side(base), head: side(head), compared: new Set([FILE]) }).map((c) => [ruleFor(c).id, c.class, c.pointer]);
}

const RUNS = '/paths/~1runs';
const BODY = `${RUNS}/post/requestBody/content/application~1json/schema`;
const body = (d: any) => d.paths['/runs'].post.requestBody.content['application/json'].schema;
const run = (d: any) => d.components.schemas.Run;
const FINISHED = '{$request.body#/callbackUrl}';
const callback = (d: any) => d.paths['/runs'].post.callbacks.runFinished[FINISHED].post;
const CALLBACK_AT = `${RUNS}/post/callbacks/runFinished/${FINISHED.replace(/\//g, '~1')}/post`;
const status = (values: string[]) => ({ type: 'string', enum: values });

describe('compat: the direction of a schema in the OpenAPI document', () => {
  it('an enum value added: additive where the client sends it (a request body), breaking where the API sends it (a response)', () => {
    const request = changes((d) => (body(d).properties.mode = status(['a'])), (d) => (body(d).properties.mode = status(['a', 'b'])));
    const response = changes((d) => (run(d).properties.status = status(['a'])), (d) => (run(d).properties.status = status(['a', 'b'])));
    expect(request).toEqual([['compat/enum-value-added', 'additive', `${BODY}/properties/mode/enum`]]);
    expect(response).toEqual([['compat/response-enum-value-added', 'breaking', '/components/schemas/Run/properties/status/enum']]);
  });

  it('a property made required: breaking in a request, additive in a response; no longer required: the reverse', () => {
    expect(changes(() => {}, (d) => (body(d).required = ['workflowId']))).toEqual([['compat/required-added', 'breaking', `${BODY}/required`]]);
    expect(changes(() => {}, (d) => (run(d).required = ['id']))).toEqual([['compat/response-required-added', 'additive', '/components/schemas/Run/required']]);
    expect(changes((d) => (body(d).required = ['workflowId']), () => {})).toEqual([['compat/required-removed', 'additive', BODY]]);
    expect(changes((d) => (run(d).required = ['id']), () => {})).toEqual([['compat/response-required-removed', 'breaking', '/components/schemas/Run']]);
  });

  it('a type widened: additive in a request, breaking in a response (a response header too)', () => {
    const widen = (s: any) => (s.type = ['string', 'null']);
    expect(changes(() => {}, (d) => widen(body(d).properties.workflowId = { type: 'string' }))).toEqual([['compat/type-widened', 'additive', `${BODY}/properties/workflowId/type`]]);
    const etag = (d: any) => d.paths['/runs/{runId}'].get.responses['200'].headers.ETag.schema;
    expect(changes(() => {}, (d) => widen(etag(d)))).toEqual([['compat/response-type-widened', 'breaking', '/paths/~1runs~1{runId}/get/responses/200/headers/ETag/schema/type']]);
  });

  it('a component schema used both ways takes the worse class of the two; one no operation uses keeps the classes of a schema file', () => {
    const both = (d: any) => (body(d).properties.run = { $ref: '#/components/schemas/Run' });
    const added = changes((d) => (both(d), (run(d).properties.status = status(['a']))), (d) => (both(d), (run(d).properties.status = status(['a', 'b']))));
    const removed = changes((d) => (both(d), (run(d).properties.status = status(['a', 'b']))), (d) => (both(d), (run(d).properties.status = status(['a']))));
    expect(added).toEqual([['compat/response-enum-value-added', 'breaking', '/components/schemas/Run/properties/status/enum']]);
    expect(removed).toEqual([['compat/enum-value-removed', 'breaking', '/components/schemas/Run/properties/status/enum']]);
    const unused = changes((d) => (d.components.schemas.Extra = status(['a'])), (d) => (d.components.schemas.Extra = status(['a', 'b'])));
    expect(unused).toEqual([['compat/enum-value-added', 'additive', '/components/schemas/Extra/enum']]);
  });

  it('a required response property removed is an error; an optional one, or one of a request, a warning', () => {
    const severity = (c: [string, string, string][]) => c.map(([id]) => [id, ruleFor({ kind: id.slice('compat/'.length), class: 'breaking' }).defaultSeverity]);
    expect(severity(changes((d) => (run(d).required = ['status']), (d) => delete run(d).properties.status))).toEqual([['compat/property-removed', 'error']]);
    expect(severity(changes(() => {}, (d) => delete run(d).properties.status))).toEqual([['compat/response-optional-property-removed', 'warning']]);
    expect(severity(changes(() => {}, (d) => delete body(d).properties.workflowId))).toEqual([['compat/request-property-removed', 'warning']]);
  });
});

describe('compat: callbacks and webhooks, with the direction reversed', () => {
  it("a callback's request body is sent by the API: an enum value added breaks the client's receiver", () => {
    const inline = (values: string[]) => (d: any) => (callback(d).requestBody.content['application/json'].schema = { type: 'object', properties: { state: status(values) } });
    expect(changes(inline(['done']), inline(['done', 'failed']))).toEqual([['compat/response-enum-value-added', 'breaking', `${CALLBACK_AT}/requestBody/content/application~1json/schema/properties/state/enum`]]);
    expect(changes(inline(['done', 'failed']), inline(['done']))).toEqual([['compat/response-enum-value-removed', 'additive', `${CALLBACK_AT}/requestBody/content/application~1json/schema/properties/state/enum`]]);
  });

  it("a callback's response is sent by the client's receiver: an enum value removed breaks it, one added does not", () => {
    const answer = (values: string[]) => (d: any) => (callback(d).responses['200'].content = { 'application/json': { schema: { type: 'object', properties: { ack: status(values) } } } });
    const at = `${CALLBACK_AT}/responses/200/content/application~1json/schema/properties/ack/enum`;
    expect(changes(answer(['ok', 'later']), answer(['ok']))).toEqual([['compat/enum-value-removed', 'breaking', at]]);
    expect(changes(answer(['ok']), answer(['ok', 'later']))).toEqual([['compat/enum-value-added', 'additive', at]]);
  });

  it("a callback's parameter is sent by the API: a type narrowed is additive (not a parameter-type change)", () => {
    const param = (type: unknown) => (d: any) => (callback(d).parameters = [{ name: 'X-Attempt', in: 'header', schema: { type } }]);
    expect(changes(param(['integer', 'string']), param('integer'))).toEqual([['compat/response-type-narrowed', 'additive', `${CALLBACK_AT}/parameters/0/schema/type`]]);
  });

  it("a webhook's request body is sent by the API: a property no longer required breaks the receiver", () => {
    const hook = (required: string[]) => (d: any) => (d.webhooks.runUpdated.post.requestBody.content['application/json'].schema = { type: 'object', properties: { id: { type: 'string' } }, required });
    expect(changes(hook(['id']), hook([]))).toEqual([['compat/response-required-removed', 'breaking', '/webhooks/runUpdated/post/requestBody/content/application~1json/schema/required']]);
  });

  it('a clean control: inside a callback, a parameter, media type or status code added or removed is not reported (the operation rules are written from the caller side)', () => {
    const more = (d: any) => {
      callback(d).parameters = [{ name: 'X-Attempt', in: 'header', required: true, schema: { type: 'integer' } }];
      callback(d).responses['410'] = { description: 'gone' };
      callback(d).requestBody.content['text/plain'] = { schema: { type: 'string' } };
    };
    expect(changes(() => {}, more)).toEqual([]);
    expect(changes(more, () => {})).toEqual([]);
  });
});

describe('compat: parameters and headers described with `content`', () => {
  const param = (schema: unknown, type = 'application/json') => (d: any) => (d.paths['/runs'].get.parameters[0] = { name: 'status', in: 'query', content: { [type]: { schema } } });
  const P = `${RUNS}/get/parameters/0`;

  it("the media type's schema is compared, in the parameter's direction", () => {
    expect(changes(param({ type: 'object' }), param({ type: 'object', required: ['a'] }))).toEqual([['compat/required-added', 'breaking', `${P}/content/application~1json/schema/required`]]);
  });

  it("a response header's content schema is compared as a response", () => {
    const header = (type: unknown) => (d: any) => (d.paths['/runs/{runId}'].get.responses['200'].headers.ETag = { content: { 'text/plain': { schema: { type } } } });
    expect(changes(header('string'), header(['string', 'null']))).toEqual([
      ['compat/response-type-widened', 'breaking', '/paths/~1runs~1{runId}/get/responses/200/headers/ETag/content/text~1plain/schema/type'],
    ]);
  });

  it('another media type, or a switch between schema and content, serialises the value another way', () => {
    expect(changes(param({ type: 'object' }), param({ type: 'object' }, 'text/plain'))).toEqual([['compat/openapi-content-media-type-changed', 'breaking', `${P}/content/text~1plain`]]);
    expect(changes(param({ type: 'string' }), () => {})).toEqual([['compat/openapi-content-media-type-changed', 'breaking', P]]);
  });

  it('a clean control: the same content, and a change of its description only', () => {
    expect(changes(param({ type: 'object' }), param({ type: 'object' }))).toEqual([]);
    expect(changes(param({ type: 'object' }), param({ type: 'object', description: 'filter' }))).toEqual([['compat/description-changed', 'editorial', `${P}/content/application~1json/schema/description`]]);
  });
});

describe('compat: readOnly and writeOnly properties, sent one way only', () => {
  const both = (d: any) => (body(d).properties.run = { $ref: '#/components/schemas/Run' });
  const RUN = '/components/schemas/Run';
  /** Run, used both ways, with `edit` applied at the head (and `before` at both sides). */
  const inBoth = (edit: (d: any) => void, before: (d: any) => void = () => {}) => changes((d) => (both(d), before(d)), (d) => (both(d), before(d), edit(d)));
  const readOnlyId = (d: any) => (run(d).properties.id = { type: 'string', readOnly: true });
  const secret = (extra: object = {}) => (d: any) => (run(d).properties.secret = { type: 'string', writeOnly: true, ...extra });

  it('a readOnly property added as REQUIRED to a schema used both ways is required in responses only: additive; without readOnly, breaking', () => {
    expect(inBoth((d) => ((run(d).properties.createdAt = { type: 'string', readOnly: true }), (run(d).required = ['createdAt'])))).toEqual([
      ['compat/response-property-added-required', 'additive', `${RUN}/properties/createdAt`],
    ]);
    expect(inBoth((d) => ((run(d).properties.createdAt = { type: 'string' }), (run(d).required = ['createdAt'])))).toEqual([['compat/property-added-required', 'breaking', `${RUN}/properties/createdAt`]]);
  });

  it('an existing readOnly property made REQUIRED: the required-added change is classed by that property alone', () => {
    expect(inBoth((d) => (run(d).required = ['id']), readOnlyId)).toEqual([['compat/response-required-added', 'additive', `${RUN}/required`]]);
    expect(inBoth((d) => (run(d).required = ['id']))).toEqual([['compat/required-added', 'breaking', `${RUN}/required`]]);
    // Two properties made required at once: each by its own flag.
    expect(inBoth((d) => (run(d).required = ['id', 'status']), readOnlyId)).toEqual([
      ['compat/response-required-added', 'additive', `${RUN}/required`],
      ['compat/required-added', 'breaking', `${RUN}/required`],
    ]);
  });

  it('a writeOnly property is request only: no longer required, or an enum value added, is additive in a schema used both ways', () => {
    const requiredSecret = (d: any) => (secret()(d), (run(d).required = ['secret']));
    expect(inBoth((d) => delete run(d).required, requiredSecret)).toEqual([['compat/required-removed', 'additive', RUN]]);
    expect(inBoth((d) => delete run(d).required, (d) => (run(d).required = ['status']))).toEqual([['compat/response-required-removed', 'breaking', RUN]]);
    expect(inBoth(secret({ enum: ['a', 'b'] }), secret({ enum: ['a'] }))).toEqual([['compat/enum-value-added', 'additive', `${RUN}/properties/secret/enum`]]);
    expect(inBoth((d) => (run(d).properties.secret = { type: 'string', enum: ['a', 'b'] }), (d) => (run(d).properties.secret = { type: 'string', enum: ['a'] }))).toEqual([
      ['compat/response-enum-value-added', 'breaking', `${RUN}/properties/secret/enum`],
    ]);
  });

  it('a one-way property changed in a schema sent only the other way is no change on the wire (editorial)', () => {
    const id = (d: any) => (body(d).properties.id = { type: 'string', readOnly: true });
    expect(changes(id, (d) => (id(d), (body(d).required = ['id'])))).toEqual([['compat/one-way-property-changed', 'editorial', `${BODY}/required`]]);
    expect(changes(secret({ enum: ['a'] }), secret({ enum: ['a', 'b'] }))).toEqual([['compat/one-way-property-changed', 'editorial', `${RUN}/properties/secret/enum`]]);
  });

  it('readOnly set on a property: gone from what the server reads (a request property removed); no change in a response', () => {
    expect(inBoth((d) => (run(d).properties.id = { ...run(d).properties.id, readOnly: true }))).toEqual([['compat/request-property-removed', 'breaking', `${RUN}/properties/id/readOnly`]]);
    expect(changes(() => {}, (d) => (run(d).properties.id = { ...run(d).properties.id, readOnly: true }))).toEqual([['compat/one-way-property-changed', 'editorial', `${RUN}/properties/id/readOnly`]]);
  });

  it('readOnly dropped: a new request property, breaking when it is REQUIRED', () => {
    const required = (d: any) => (run(d).required = ['id']);
    expect(inBoth((d) => delete run(d).properties.id.readOnly, readOnlyId)).toEqual([['compat/property-added', 'additive', `${RUN}/properties/id`]]);
    expect(inBoth((d) => delete run(d).properties.id.readOnly, (d) => (readOnlyId(d), required(d)))).toEqual([['compat/required-added', 'breaking', `${RUN}/properties/id`]]);
  });

  it('writeOnly set on a property the API sent: as if removed from the response; dropped: a new response property', () => {
    expect(inBoth((d) => (run(d).properties.status = { ...run(d).properties.status, writeOnly: true }))).toEqual([['compat/response-optional-property-removed', 'breaking', `${RUN}/properties/status/writeOnly`]]);
    expect(inBoth((d) => (run(d).properties.status = { ...run(d).properties.status, writeOnly: true }), (d) => (run(d).required = ['status']))).toEqual([['compat/property-removed', 'breaking', `${RUN}/properties/status/writeOnly`]]);
    expect(inBoth((d) => delete run(d).properties.secret.writeOnly, secret())).toEqual([['compat/property-added', 'additive', `${RUN}/properties/secret`]]);
  });

  it('a clean control: in a JSON Schema file (no direction) readOnly does not change the class', () => {
    const s = (v: unknown) => ({ value: () => v, fileById: () => undefined });
    const base = { properties: {} };
    const head = { properties: { id: { type: 'string', readOnly: true } }, required: ['id'] };
    const raw = diffSchema('s.json', 's.json', base, head, { base: s(base), head: s(head), compared: new Set(['s.json']) });
    expect(raw.map((c) => [ruleFor(c).id, c.class, c.pointer, c.only])).toEqual([['compat/property-added-required', 'breaking', '/properties/id', undefined]]);
  });
});

describe("compat: OpenAPI 3.0's nullable, and a schema that rejects every value", () => {
  const nullable = (on: boolean) => (d: any) => (body(d).properties.workflowId = on ? { type: 'string', nullable: true } : { type: 'string' });
  const status = (on: boolean) => (d: any) => (run(d).properties.status = on ? { type: 'string', nullable: true } : { type: 'string' });

  it('nullable: true added widens (additive in a request, breaking in a response); removed narrows (the reverse)', () => {
    expect(changes(nullable(false), nullable(true))).toEqual([['compat/type-widened', 'additive', `${BODY}/properties/workflowId/nullable`]]);
    expect(changes(status(false), status(true))).toEqual([['compat/response-type-widened', 'breaking', '/components/schemas/Run/properties/status/nullable']]);
    expect(changes(nullable(true), nullable(false))).toEqual([['compat/type-narrowed', 'breaking', `${BODY}/properties/workflowId`]]);
    expect(changes(status(true), status(false))).toEqual([['compat/response-type-narrowed', 'additive', '/components/schemas/Run/properties/status']]);
  });

  it('a clean control: nullable: false added is no change; in a JSON Schema file nullable is an unknown keyword', () => {
    expect(changes(nullable(false), (d) => (body(d).properties.workflowId = { type: 'string', nullable: false }))).toEqual([]);
    const s = (v: unknown) => ({ value: () => v, fileById: () => undefined });
    const [b, h] = [{ type: 'string' }, { type: 'string', nullable: true }];
    expect(diffSchema('s.json', 's.json', b, h, { base: s(b), head: s(h), compared: new Set(['s.json']) }).map((c) => ruleFor(c).id)).toEqual(['compat/unclassified']);
  });

  it('a schema become false is breaking both ways: a client can send nothing valid, and the API can send nothing a client may expect', () => {
    expect(changes(() => {}, (d) => (body(d).properties.workflowId = false))).toEqual([['compat/schema-rejects-all', 'breaking', `${BODY}/properties/workflowId`]]);
    expect(changes(() => {}, (d) => (run(d).properties.status = false))).toEqual([['compat/schema-rejects-all', 'breaking', '/components/schemas/Run/properties/status']]);
  });
});
