import type { Rule } from '../../../core/rule.js';
import { loadMap, rowsAt } from '../map-doc.js';

/** The MCP profile grammar: `mcp-` and a revision date. */
const MCP_PROFILE = /^mcp-\d{4}-\d{2}-\d{2}$/;

/** Rule 8: each `mcp.features[].requiredFor[]` names an MCP profile. */
export const mcpProfilePattern: Rule = {
  id: 'interop-map/mcp-profile-pattern',
  rfc: 'RFC 0208 §B, rule 8',
  description: 'Every mcp.features[].requiredFor[] entry matches the MCP profile pattern ^mcp-YYYY-MM-DD$.',
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
          message: `mcp.features ${String(row.id)}: requiredFor ${JSON.stringify(p)} is not an MCP profile (${MCP_PROFILE.source})`,
        });
      });
    }
  },
};
