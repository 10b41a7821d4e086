import { describe, expect, it } from 'vitest';
import { diffOpenApi } from '../../scripts/compat/openapi-diff.js';
import { ruleFor } from '../../scripts/compat/rules.js';
import { apiDoc } from '../rules/compat.cases.js';

/*
 * A schema inside the OpenAPI document is classed by who sends the value it describes: the client
 * (parameters, request bodies) or the API (responses, response headers), reversed inside callbacks
 * and webhooks. Each test edits the compat cases' document (test/rules/compat.cases.ts) and reads
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
