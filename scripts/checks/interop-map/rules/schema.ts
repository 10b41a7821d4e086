import type { Rule } from '../../../core/rule.js';
import { validateDoc } from '../../../core/schema.js';
import { countRows, loadMap } from '../map-doc.js';

/** Rule 1: the map validates against its closed JSON Schema. */
export const schemaRule: Rule = {
  id: 'interop-map/schema',
  rfc: 'RFC 0208 §B, rule 1',
  description: 'The map validates against its closed JSON Schema (draft 2020-12, formats on).',
  async run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const schemaDoc = ctx.corpus.json(ctx.layout.interopMapSchema, 'validating the interop map');
    if (!schemaDoc) return;
    ctx.visit(Math.max(1, countRows(loaded.map)));
    await validateDoc(loaded.doc, schemaDoc, (r) => ctx.report(r), ctx.corpus.cache);
  },
};
