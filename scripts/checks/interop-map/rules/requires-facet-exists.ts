import type { Rule } from '../../../core/engine/rule.js';
import type { StructuredDoc } from '../../../core/model/tree.js';
import { loadMap, OPERATION_GROUPS, relatedAt, rowLabel, rowsAt } from '../map-doc.js';
import { isObject } from '../../../core/base/json-object.js';
import { mapWith } from '../example-files.js';

const A2A_FACETS = 'spec/v2/facets/a2a.schema.json';
const requiring = (...requires: string[]) =>
  mapWith({ a2a: { operations: [{ upstream: 'SendStreamingMessage', requires }] } }, { [A2A_FACETS]: { type: 'object', properties: { streaming: { type: 'boolean' } } } });

/** Rule 6: each `requires[]` entry `<family>.<facet>` is a property of that family's facet schema. */
export const requiresFacetExists: Rule = {
  id: 'interop-map/requires-facet-exists',
  rfc: 'RFC 0208 §B, rule 6',
  description: 'Every requires[] entry <family>.<facet> is a property of <facetsDir>/<family>.schema.json.',
  messages: {
    notAFacet: '{{group}} {{row}}: requires "{{entry}}" is not of the form <family>.<facet>',
    noFamily: '{{group}} {{row}}: requires "{{entry}}" names family "{{family}}", which has no facet schema {{file}}',
    unknownFacet: '{{group}} {{row}}: requires "{{entry}}", but "{{facet}}" is not a property of {{file}}',
  },
  examples: {
    valid: [{ name: 'a facet its family declares', files: requiring('a2a.streaming') }],
    invalid: [
      { name: 'a facet the family does not declare', files: requiring('a2a.streaming', 'a2a.telepathy'), errors: [{ messageId: 'unknownFacet', line: 8, column: 11, data: { group: 'a2a.operations', row: 'SendStreamingMessage', entry: 'a2a.telepathy', facet: 'telepathy', file: A2A_FACETS } }] },
      { name: 'an entry without a family', files: requiring('streaming'), errors: [{ messageId: 'notAFacet', line: 7, column: 11 }] },
    ],
  },
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const facetSchema = (family: string, file: string): StructuredDoc | undefined => ctx.corpus.json(file, `the ${family} facets`);
    for (const group of OPERATION_GROUPS) {
      const where = group.slice(1).replace(/\//g, '.');
      for (const { row, pointer } of rowsAt(loaded, group)) {
        ctx.visit();
        if (!Array.isArray(row.requires)) continue;
        row.requires.forEach((entry, j) => {
          if (typeof entry !== 'string') return;
          const at = { doc: loaded.doc, pointer: `${pointer}/requires/${j}` };
          const m = /^([^.]+)\.(.+)$/.exec(entry);
          if (!m) {
            ctx.report({ at, messageId: 'notAFacet', data: { group: where, row: rowLabel(row), entry } });
            return;
          }
          const [, family, facet] = m as unknown as [string, string, string];
          const file = `${ctx.layout.facetsDir}/${family}.schema.json`;
          const safe = /^[A-Za-z0-9_-]+$/.test(family);
          if (!safe || !ctx.corpus.exists(file)) {
            // The file is also recorded as missing, so a deleted facet schema is reported at its path too.
            if (safe) ctx.corpus.json(file, `requires "${entry}"`);
            ctx.report({ at, messageId: 'noFamily', data: { group: where, row: rowLabel(row), entry, family, file } });
            return;
          }
          const schema = facetSchema(family, file);
          if (!schema) return;
          const props = isObject(schema.value) && isObject(schema.value.properties) ? schema.value.properties : {};
          if (!Object.prototype.hasOwnProperty.call(props, facet)) {
            ctx.report({
              at,
              messageId: 'unknownFacet',
              data: { group: where, row: rowLabel(row), entry, facet, file },
              related: [relatedAt(schema, '/properties', `the ${family} facets`)],
            });
          }
        });
      }
    }
  },
};
