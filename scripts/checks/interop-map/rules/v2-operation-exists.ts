import { didYouMeanHint } from '../../../core/base/did-you-mean.js';
import type { Rule } from '../../../core/engine/rule.js';
import { openapiOperationIds } from '../openapi-operation-ids.js';
import { loadMap, OPERATION_GROUPS, rowLabel, rowsAt } from '../map-doc.js';
import { mapWith } from '../example-files.js';

const OPENAPI = 'spec/v2/openapi.yaml';
const exampleOpenapi = 'openapi: 3.1.0\npaths:\n  /runs:\n    post:\n      operationId: createRun\n  /runs/{id}:\n    get:\n      operationId: getRun\n';
const operations = (...rows: object[]) => mapWith({ a2a: { operations: rows } }, { [OPENAPI]: exampleOpenapi });

/** Rule 2: each non-null `v2Operation` is an operationId of the v2 OpenAPI document. */
export const v2OperationExists: Rule = {
  id: 'interop-map/v2-operation-exists',
  rfc: 'RFC 0208 §B, rule 2',
  description: 'Every non-null v2Operation (a2a.operations, mcp.methods, mcp.tasks.methods) is an operationId of the v2 OpenAPI document.',
  messages: {
    noOperations: '{{openapi}} declares no operationId under paths, so no v2Operation can be checked',
    unknown: '{{group}} {{row}}: v2Operation "{{operation}}" is not an operationId in {{openapi}}{{hint}}',
  },
  examples: {
    valid: [{ name: 'operationIds of the document, and a row without one (null)', files: operations({ upstream: 'SendMessage', v2Operation: 'createRun' }, { upstream: 'GetTask', v2Operation: 'getRun' }, { upstream: 'ListTasks', v2Operation: null }) }],
    invalid: [
      {
        name: 'a misspelt operationId (with a "did you mean")',
        files: operations({ upstream: 'SendMessage', v2Operation: 'creatRun' }),
        errors: [{ messageId: 'unknown', line: 6, column: 24, data: { group: 'a2a.operations', row: 'SendMessage', operation: 'creatRun', openapi: OPENAPI, hint: '; did you mean "createRun"?' } }],
      },
      {
        name: 'an operation near none of the document (no hint)',
        files: operations({ upstream: 'GetTask', v2Operation: 'fetchRunById' }),
        errors: [{ messageId: 'unknown', line: 6, column: 24, data: { group: 'a2a.operations', row: 'GetTask', operation: 'fetchRunById', openapi: OPENAPI, hint: '' } }],
      },
    ],
  },
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const ids = openapiOperationIds(ctx.corpus, ctx.layout.openapi, 'interop-map rule 2 (v2Operation)');
    if (!ids) return;
    if (ids.size === 0) {
      const openapi = ctx.corpus.data(ctx.layout.openapi);
      ctx.report({ at: openapi ? { doc: openapi, pointer: '/paths' } : { file: ctx.layout.openapi }, messageId: 'noOperations', data: { openapi: ctx.layout.openapi } });
      return;
    }
    for (const group of OPERATION_GROUPS) {
      for (const { row, pointer } of rowsAt(loaded, group)) {
        ctx.visit();
        const op = row.v2Operation;
        if (op === null || op === undefined || typeof op !== 'string') continue;
        if (!ids.has(op)) {
          ctx.report({
            at: { doc: loaded.doc, pointer: `${pointer}/v2Operation` },
            messageId: 'unknown',
            data: { group: group.slice(1).replace(/\//g, '.'), row: rowLabel(row), operation: op, openapi: ctx.layout.openapi, hint: didYouMeanHint(op, ids) },
          });
        }
      }
    }
  },
};
