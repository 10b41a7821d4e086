import { didYouMeanHint } from '../../../core/did-you-mean.js';
import type { Rule } from '../../../core/rule.js';
import { openapiOperationIds } from '../openapi-operation-ids.js';
import { loadMap, OPERATION_GROUPS, rowLabel, rowsAt } from '../map-doc.js';

/** Rule 2: each non-null `v2Operation` is an operationId of the v2 OpenAPI document. */
export const v2OperationExists: Rule = {
  id: 'interop-map/v2-operation-exists',
  rfc: 'RFC 0208 §B, rule 2',
  description: 'Every non-null v2Operation (a2a.operations, mcp.methods, mcp.tasks.methods) is an operationId of the v2 OpenAPI document.',
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const ids = openapiOperationIds(ctx.corpus, ctx.layout.openapi, 'interop-map rule 2 (v2Operation)');
    if (!ids) return;
    if (ids.size === 0) {
      const openapi = ctx.corpus.data(ctx.layout.openapi);
      ctx.report({ at: openapi ? { doc: openapi, pointer: '/paths' } : { file: ctx.layout.openapi }, message: `${ctx.layout.openapi} declares no operationId under paths, so no v2Operation can be checked` });
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
            message: `${group.slice(1).replace(/\//g, '.')} ${rowLabel(row)}: v2Operation "${op}" is not an operationId in ${ctx.layout.openapi}${didYouMeanHint(op, ids)}`,
          });
        }
      }
    }
  },
};
