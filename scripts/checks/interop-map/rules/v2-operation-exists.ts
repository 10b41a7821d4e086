import type { Rule, RuleContext } from '../../../core/rule.js';
import { scanOperationIds } from '../openapi-operation-ids.js';
import { isObject, loadMap, OPERATION_GROUPS, rowLabel, rowsAt } from '../map-doc.js';

const VERBS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every `operationId` under `paths.<path>.<verb>` of an OpenAPI document. */
export function operationIds(openapi: unknown): Set<string> {
  const ids = new Set<string>();
  const paths = isObject(openapi) ? openapi.paths : undefined;
  if (!isObject(paths)) return ids;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const verb of VERBS) {
      const op = item[verb];
      if (isObject(op) && typeof op.operationId === 'string') ids.add(op.operationId);
    }
  }
  return ids;
}

/**
 * The operationIds of the layout's OpenAPI document: a line scan of block YAML when it can be
 * trusted (the document can be large), else the full parse (which also reports a broken file).
 */
function openapiOperationIds(ctx: RuleContext): Set<string> | undefined {
  const file = ctx.layout.openapi;
  const neededFor = 'interop-map rule 2 (v2Operation)';
  if (/\.ya?ml$/i.test(file)) {
    const text = ctx.corpus.text(file, neededFor);
    if (text === undefined) return undefined;
    const scanned = scanOperationIds(text);
    if (scanned && scanned.size > 0) return scanned;
  }
  const doc = ctx.corpus.data(file, neededFor);
  return doc ? operationIds(doc.value) : undefined;
}

/** Rule 2: each non-null `v2Operation` is an operationId of the v2 OpenAPI document. */
export const v2OperationExists: Rule = {
  id: 'interop-map/v2-operation-exists',
  rfc: 'RFC 0208 §B, rule 2',
  description: 'Every non-null v2Operation (a2a.operations, mcp.methods, mcp.tasks.methods) is an operationId of the v2 OpenAPI document.',
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const ids = openapiOperationIds(ctx);
    if (!ids) return;
    if (ids.size === 0) {
      const openapi = ctx.corpus.data(ctx.layout.openapi);
      ctx.report({ at: openapi ? { doc: openapi, pointer: '/paths' } : { file: ctx.layout.openapi }, message: `${ctx.layout.openapi} declares no operationId under paths, so no v2Operation can be checked` });
      return;
    }
    for (const group of OPERATION_GROUPS) {
      for (const { row, pointer } of rowsAt(loaded.map, group)) {
        ctx.visit();
        const op = row.v2Operation;
        if (op === null || op === undefined || typeof op !== 'string') continue;
        if (!ids.has(op)) {
          ctx.report({
            at: { doc: loaded.doc, pointer: `${pointer}/v2Operation` },
            message: `${group.slice(1).replace(/\//g, '.')} ${rowLabel(row)}: v2Operation "${op}" is not an operationId in ${ctx.layout.openapi}`,
          });
        }
      }
    }
  },
};
