import type { Rule } from '../../../core/rule.js';
import { rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';

const EXCUSED = /\b(?:reason|deferred):/i;

export const acceptanceBoxes: Rule = {
  id: 'rfcs/acceptance-boxes',
  rfc: 'RFC 0001 §G',
  // Upstream records an unticked box's outcome in its Status history, Updated or Amendment record.
  presets: ['specgate'],
  description: 'An Accepted RFC has no unticked acceptance-criteria box unless the item gives a `reason:` or is `deferred:`.',
  async run(ctx) {
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    for (const doc of docs) {
      ctx.visit();
      if (rfcStatus(doc)?.value !== ctx.layout.process.statuses.accepted) continue;
      for (const item of doc.taskItems) {
        if (item.checked || !/^acceptance\b/i.test(item.sectionTitle ?? '') || EXCUSED.test(item.text)) continue;
        ctx.report({
          at: { file: doc.file, range: { line: item.range.line, column: item.range.column, endLine: item.range.line, endColumn: item.range.column + 5 } },
          message: `${ctx.layout.process.statuses.accepted} RFC has an unticked acceptance box without "reason:" or "deferred:": "${item.text.length > 70 ? `${item.text.slice(0, 67)}…` : item.text}"`,
        });
      }
    }
  },
};
