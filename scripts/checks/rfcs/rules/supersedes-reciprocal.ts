import type { Fix } from '../../../core/findings.js';
import type { RuleContext, Rule } from '../../../core/rule.js';
import { fixOf } from '../../../core/text-edits.js';
import { cellContent, replaceCell } from '../../../rfc/header-edits.js';
import type { HeaderRow, RfcDocument } from '../../../rfc/document.js';
import { headerField, namedRfcs, rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet, rfcByNumber } from '../../../rfc/set.js';
import { rangeInCell, titleRange } from '../where.js';

export const supersedesReciprocal: Rule = {
  id: 'rfcs/supersedes-reciprocal',
  rfc: 'RFC 0001 §C',
  rfcByPreset: { openwop: 'RFC 0001 §3 (Superseded)' },
  description: 'Supersedes and Superseded by name each other when both RFCs are present, and a Superseded RFC names its replacement.',
  fixable: true,
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
            fix: back && nameBack(ctx, target, back, number),
          });
        }
      };
      await check(supersedes, 'Superseded by', 'supersedes');
      await check(supersededBy, 'Supersedes', 'is superseded by');
      const status = rfcStatus(doc)?.value;
      const successors = supersededBy ? namedRfcs(supersededBy.value) : [];
      if (status === ctx.layout.process.statuses.superseded && successors.length === 0) {
        ctx.report({ at: { file: doc.file, range: supersededBy?.valueRange ?? titleRange(doc) }, message: `RFC ${number} is Superseded but its "Superseded by" row names no RFC` });
      }
      for (const s of successors) {
        const successor: RfcDocument | undefined = await rfcByNumber(set, s);
        if (status !== ctx.layout.process.statuses.superseded && successor && rfcStatus(successor)?.value === ctx.layout.process.statuses.accepted) {
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

/**
 * The other RFC's row made to name this one: a row that names nothing (`—`, `none`) becomes
 * `RFC NNNN`; a row that only lists RFCs gets it appended with the list's own separator. A row with
 * commentary (`— (amends RFC 0152 …)`) or no row at all is left to the author.
 */
function nameBack(ctx: RuleContext, target: RfcDocument, back: HeaderRow, number: string): Fix | undefined {
  const text = ctx.corpus.text(target.file);
  const cell = text === undefined ? undefined : cellContent(text, back);
  if (text === undefined || !cell) return undefined;
  const ref = `RFC ${number}`;
  if (/^(?:[—–-]|none|n\/a)?$/i.test(cell.source)) return fixOf(replaceCell(text, target.file, back, ref));
  const refs = cell.source.split(/(\s*[,;·]\s*)/);
  const items = refs.filter((_, i) => i % 2 === 0);
  const seps = new Set(refs.filter((_, i) => i % 2 === 1));
  if (seps.size > 1 || !items.every((i) => /^RFC \d{4}$/.test(i))) return undefined;
  return fixOf(replaceCell(text, target.file, back, `${cell.source}${[...seps][0] ?? ', '}${ref}`));
}
