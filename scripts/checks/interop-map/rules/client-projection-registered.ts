import { didYouMeanHint } from '../../../core/base/did-you-mean.js';
import type { Rule } from '../../../core/engine/rule.js';
import { loadMap, rowsAt } from '../map-doc.js';
import { isObject } from '../../../core/base/json-object.js';
import { mapWith } from '../example-files.js';

const REGISTRY = 'spec/v2/errors.json';
const exampleRegistry = { errors: [{ code: 'not_found' }, { code: 'conflict' }] };

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
  messages: {
    noCodes: '{{registry}} lists no error codes (expected rows of { "code": … })',
    unregistered: 'a2a.errors {{name}}: clientProjection "{{code}}" is not a code in {{registry}}{{hint}}',
  },
  examples: {
    valid: [{ name: 'a projection the registry lists', files: mapWith({ a2a: { errors: [{ upstream: 'TaskNotFoundError', clientProjection: 'not_found' }] } }, { [REGISTRY]: exampleRegistry }) }],
    invalid: [
      {
        name: 'a misspelt code (with a "did you mean")',
        files: mapWith({ a2a: { errors: [{ upstream: 'TaskNotFoundError', clientProjection: 'not_fund' }] } }, { [REGISTRY]: exampleRegistry }),
        errors: [{ messageId: 'unregistered', line: 6, column: 29, data: { name: 'TaskNotFoundError', code: 'not_fund', registry: REGISTRY, hint: '; did you mean "not_found"?' } }],
      },
      {
        name: 'a code near none of the registry (no hint)',
        files: mapWith({ a2a: { errors: [{ upstream: 'InvalidAgentResponseError', clientProjection: 'peer_garbled' }] } }, { [REGISTRY]: exampleRegistry }),
        errors: [{ messageId: 'unregistered', line: 6, column: 29, data: { name: 'InvalidAgentResponseError', code: 'peer_garbled', registry: REGISTRY, hint: '' } }],
      },
      {
        name: 'a registry without codes',
        files: mapWith({ a2a: { errors: [{ upstream: 'TaskNotFoundError', clientProjection: 'not_found' }] } }, { [REGISTRY]: { errors: [] } }),
        errors: [{ messageId: 'noCodes', line: 1, column: 1, data: { registry: REGISTRY } }],
      },
    ],
  },
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const registry = ctx.corpus.json(ctx.layout.errorRegistry, 'interop-map rule 3 (clientProjection)');
    if (!registry) return;
    const codes = registryCodes(registry.value);
    if (!codes || codes.size === 0) {
      ctx.report({ at: { doc: registry, pointer: '' }, messageId: 'noCodes', data: { registry: ctx.layout.errorRegistry } });
      return;
    }
    for (const { row, pointer } of rowsAt(loaded, '/a2a/errors')) {
      ctx.visit();
      const code = row.clientProjection;
      if (typeof code === 'string' && !codes.has(code)) {
        ctx.report({
          at: { doc: loaded.doc, pointer: `${pointer}/clientProjection` },
          messageId: 'unregistered',
          data: { name: String(row.upstream), code, registry: ctx.layout.errorRegistry, hint: didYouMeanHint(code, codes) },
        });
      }
    }
  },
};
