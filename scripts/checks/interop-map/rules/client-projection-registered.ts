import { didYouMeanHint } from '../../../core/did-you-mean.js';
import type { Rule } from '../../../core/rule.js';
import { loadMap, rowsAt } from '../map-doc.js';
import { isObject } from '../../../core/json-object.js';

/** Codes of an error registry: rows under `rows`, `errors` or `codes`, or a top-level array of `{ code }`. */
export function registryCodes(registry: unknown): Set<string> | undefined {
  const lists = Array.isArray(registry) ? [registry] : isObject(registry) ? ['rows', 'errors', 'codes'].map((k) => registry[k]).filter(Array.isArray) : [];
  if (lists.length === 0) return undefined;
  const codes = new Set<string>();
  for (const list of lists) for (const r of list as unknown[]) if (isObject(r) && typeof r.code === 'string') codes.add(r.code);
  return codes;
}

/** Rule 3: each `a2a.errors[].clientProjection` is a code of the error registry. */
export const clientProjectionRegistered: Rule = {
  id: 'interop-map/client-projection-registered',
  rfc: 'RFC 0208 §B, rule 3',
  description: 'Every a2a.errors[].clientProjection is a code of the v2 error registry (errors.json).',
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const registry = ctx.corpus.json(ctx.layout.errorRegistry, 'interop-map rule 3 (clientProjection)');
    if (!registry) return;
    const codes = registryCodes(registry.value);
    if (!codes || codes.size === 0) {
      ctx.report({ at: { doc: registry, pointer: '' }, message: `${ctx.layout.errorRegistry} lists no error codes (expected rows of { "code": … })` });
      return;
    }
    for (const { row, pointer } of rowsAt(loaded, '/a2a/errors')) {
      ctx.visit();
      const code = row.clientProjection;
      if (typeof code === 'string' && !codes.has(code)) {
        ctx.report({
          at: { doc: loaded.doc, pointer: `${pointer}/clientProjection` },
          message: `a2a.errors ${String(row.upstream)}: clientProjection "${code}" is not a code in ${ctx.layout.errorRegistry}${didYouMeanHint(code, codes)}`,
        });
      }
    }
  },
};
