import type { Rule } from '../../../core/engine/rule.js';
import { SCHEMA_MESSAGES, validateDoc } from '../../../core/engine/schema.js';
import { countRows, loadMap } from '../map-doc.js';
import { jsonText, mapWith } from '../example-files.js';

const MAP_SCHEMA = 'spec/v2/interop-map.schema.json';
/** A closed schema of a2a.errors rows: upstream and grpc required, nothing else allowed. */
const exampleSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    a2a: {
      type: 'object',
      properties: { errors: { type: 'array', items: { type: 'object', required: ['upstream', 'grpc'], additionalProperties: false, properties: { upstream: { type: 'string' }, grpc: { type: 'string' }, reason: { type: 'string' } } } } },
    },
  },
};
const errorRows = (...errors: object[]) => mapWith({ a2a: { errors } }, { [MAP_SCHEMA]: exampleSchema });

/** Rule 1: the map validates against its closed JSON Schema. */
export const schemaRule: Rule = {
  id: 'interop-map/schema',
  rfc: 'RFC 0208 §B, rule 1',
  description: 'The map validates against its closed JSON Schema (draft 2020-12, formats on).',
  messages: SCHEMA_MESSAGES,
  examples: {
    valid: [{ name: 'a row the schema allows', files: errorRows({ upstream: 'TaskNotFoundError', grpc: 'NOT_FOUND' }) }],
    invalid: [
      { name: 'a key the closed row does not allow (at the key)', files: errorRows({ upstream: 'TaskNotFoundError', grpc: 'NOT_FOUND', retryAfter: 5 }), errors: [{ messageId: 'unexpected', line: 7, column: 9 }] },
      { name: 'a required key missing (at the row)', files: errorRows({ upstream: 'TaskNotFoundError' }), errors: [{ messageId: 'invalid', line: 4, column: 7 }] },
      { name: 'a schema that does not compile (at the schema)', files: { ...errorRows({ upstream: 'TaskNotFoundError', grpc: 'NOT_FOUND' }), [MAP_SCHEMA]: jsonText({ type: 'object', properties: { a2a: { type: 'no-such-type' } } }) }, errors: [{ messageId: 'noCompile', file: MAP_SCHEMA, line: 1, column: 1 }] },
    ],
  },
  async run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const schemaDoc = ctx.corpus.json(ctx.layout.interopMapSchema, 'validating the interop map');
    if (!schemaDoc) return;
    ctx.visit(Math.max(1, countRows(loaded.map)));
    await validateDoc(loaded.doc, schemaDoc, (r) => ctx.report(r), ctx.corpus.cache);
  },
};
