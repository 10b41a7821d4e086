import type { Rule } from '../../../core/rule.js';
import type { RfcDocument } from '../../../rfc/document.js';
import { headerField, namedRfcs, rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet, rfcByNumber } from '../../../rfc/set.js';
import { rangeInCell, titleRange } from '../where.js';

export const supersedesReciprocal: Rule = {
  id: 'rfcs/supersedes-reciprocal',
  rfc: 'RFC 0001 §C',
  description: 'Supersedes and Superseded by name each other when both RFCs are present, and a Superseded RFC names its replacement.',
  async run(ctx) {
    const set = await loadRfcSet(ctx.corpus);
    for (const doc of await set.all()) {
      const number = doc.fileNumber ?? doc.title?.number;
      if (!number) continue;
      ctx.visit();
      const supersedes = headerField(doc, 'Supersedes');
      const supersededBy = headerField(doc, 'Superseded by');
      const check = async (row: typeof supersedes, backField: 'Supersedes' | 'Superseded by', verb: string) => {
        if (!row) return;
        for (const other of namedRfcs(row.value)) {
          const target = await rfcByNumber(set, other);
          if (!target || target === doc) continue;
          const back = headerField(target, backField);
          if (back && namedRfcs(back.value).includes(number)) continue;
          ctx.report({
            at: { file: doc.file, range: rangeInCell(doc, row, other) },
            message: `RFC ${number} ${verb} RFC ${other}, but RFC ${other}'s "${backField}" row does not name RFC ${number}`,
            related: [{ file: target.file, ...(back?.valueRange ?? titleRange(target)), message: `RFC ${other}'s "${backField}" row` }],
          });
        }
      };
      await check(supersedes, 'Superseded by', 'supersedes');
      await check(supersededBy, 'Supersedes', 'is superseded by');
      const status = rfcStatus(doc)?.value;
      const successors = supersededBy ? namedRfcs(supersededBy.value) : [];
      if (status === 'Superseded' && successors.length === 0) {
        ctx.report({ at: { file: doc.file, range: supersededBy?.valueRange ?? titleRange(doc) }, message: `RFC ${number} is Superseded but its "Superseded by" row names no RFC` });
      }
      for (const s of successors) {
        const successor: RfcDocument | undefined = await rfcByNumber(set, s);
        if (status !== 'Superseded' && successor && rfcStatus(successor)?.value === 'Accepted') {
          ctx.report({
            at: { file: doc.file, range: rfcStatus(doc)?.range ?? titleRange(doc) },
            severity: 'warning',
            message: `RFC ${number} names RFC ${s} in "Superseded by" and RFC ${s} is Accepted, but its own status is ${status ?? 'missing'}, not Superseded`,
          });
        }
      }
    }
  },
};
