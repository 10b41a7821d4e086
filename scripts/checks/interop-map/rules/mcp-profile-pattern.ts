import type { Rule } from '../../../core/engine/rule.js';
import { loadMap, rowsAt } from '../map-doc.js';
import { mapWith } from '../example-files.js';

/** The MCP profile grammar: `mcp-` and a revision date. */
const MCP_PROFILE = /^mcp-\d{4}-\d{2}-\d{2}$/;
const mapOf = (...features: object[]) => mapWith({ mcp: { features } });

/** Rule 8: each `mcp.features[].requiredFor[]` names an MCP profile. */
export const mcpProfilePattern: Rule = {
  id: 'interop-map/mcp-profile-pattern',
  rfc: 'RFC 0208 §B, rule 8',
  description: 'Every mcp.features[].requiredFor[] entry matches the MCP profile pattern ^mcp-YYYY-MM-DD$.',
  messages: { notAProfile: 'mcp.features {{feature}}: requiredFor {{found}} is not an MCP profile ({{pattern}})' },
  examples: {
    valid: [{ name: 'a dated profile', files: mapOf({ id: 'tools', requiredFor: ['mcp-2025-06-18'] }) }],
    invalid: [
      {
        name: 'a profile without its revision date',
        files: mapOf({ id: 'tools', requiredFor: ['mcp-2025-06-18', 'mcp-latest'] }),
        errors: [{ messageId: 'notAProfile', line: 8, column: 11, data: { feature: 'tools', found: '"mcp-latest"', pattern: MCP_PROFILE.source } }],
      },
    ],
  },
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    for (const { row, pointer } of rowsAt(loaded, '/mcp/features')) {
      ctx.visit();
      if (!Array.isArray(row.requiredFor)) continue;
      row.requiredFor.forEach((p, j) => {
        if (typeof p === 'string' && MCP_PROFILE.test(p)) return;
        ctx.report({
          at: { doc: loaded.doc, pointer: `${pointer}/requiredFor/${j}` },
          messageId: 'notAProfile',
          data: { feature: String(row.id), found: JSON.stringify(p) ?? String(p), pattern: MCP_PROFILE.source },
        });
      });
    }
  },
};
