import { documentWords } from '../../../core/preset/process.js';
import type { Fix } from '../../../core/model/findings.js';
import type { RuleContext, Rule } from '../../../core/engine/rule.js';
import { fixOf } from '../../../core/engine/text-edits.js';
import { cellContent, replaceCell } from '../../../rfc/header-edits.js';
import type { HeaderRow, RfcDocument } from '../../../rfc/document.js';
import { headerField, namedRfcs, rfcStatus, wholeRfcs } from '../../../rfc/document.js';
import { loadRfcSet, rfcByNumber } from '../../../rfc/set.js';
import { rfcText } from '../example-rfcs.js';
import { rangeInCell, titleRange } from '../where.js';

const OLD = 'RFCS/0007-old.md';
const NEW = 'RFCS/0009-new.md';
const old = (status: string, supersededBy: string) => rfcText('RFC 0007: Old', [['RFC', '0007'], ['Status', status], ['Supersedes', '—'], ['Superseded by', supersededBy]]);
const successor = (status: string, supersedes: string) => rfcText('RFC 0009: New', [['RFC', '0009'], ['Status', status], ['Supersedes', supersedes], ['Superseded by', '—']]);

export const supersedesReciprocal: Rule = {
  id: 'rfcs/supersedes-reciprocal',
  rfc: 'RFC 0001 §C',
  rfcByPreset: { openwop: 'RFC 0001 §3 (Superseded)' },
  description: 'Supersedes and Superseded by name each other when both RFCs are present, and a Superseded RFC names its replacement.',
  fixable: true,
  messages: {
    notNamedBack: '{{document}} {{number}} {{verb}} {{document}} {{other}}, but {{document}} {{other}}\'s "{{backField}}" row does not name {{document}} {{number}}',
    noSuccessor: '{{document}} {{number}} is {{superseded}} but its "Superseded by" row names no {{document}}',
    notMarked: '{{document}} {{number}} names {{document}} {{successor}} in "Superseded by" and {{document}} {{successor}} is {{accepted}}, but its own status is {{status}}, not {{superseded}}',
  },
  examples: {
    valid: [
      { name: 'both rows name each other', files: { [OLD]: old('`Superseded`', 'RFC 0009'), [NEW]: successor('`Accepted`', 'RFC 0007') } },
      { name: 'a Supersedes naming an RFC that is not present', files: { [NEW]: successor('`Accepted`', 'RFC 0003') } },
    ],
    invalid: [
      {
        name: 'a one-sided Supersedes (fixed: the other row names it back)',
        files: { [OLD]: old('`Superseded`', 'RFC 0009'), [NEW]: successor('`Accepted`', '—') },
        errors: [{ messageId: 'notNamedBack', file: OLD, line: 8, column: 27, data: { number: '0007', verb: 'is superseded by', other: '0009', backField: 'Supersedes', document: 'RFC' } }],
        output: { [NEW]: successor('`Accepted`', 'RFC 0007') },
      },
      {
        name: 'a Superseded RFC that names no successor',
        files: { [OLD]: old('`Superseded`', '—') },
        errors: [{ messageId: 'noSuccessor', line: 8, column: 21, data: { number: '0007', superseded: 'Superseded', document: 'RFC' } }],
      },
      {
        name: 'an RFC whose successor is Accepted, still Active itself (a warning)',
        files: { [OLD]: old('`Active`', 'RFC 0009'), [NEW]: successor('`Accepted`', 'RFC 0007') },
        errors: [{ messageId: 'notMarked', line: 6, column: 16, data: { number: '0007', successor: '0009', accepted: 'Accepted', status: 'Active', superseded: 'Superseded', document: 'RFC' } }],
      },
    ],
  },
  async run(ctx) {
    const { statuses } = ctx.layout.process;
    const { document } = documentWords(ctx.layout.process);
    const set = await loadRfcSet(ctx.corpus);
    for (const doc of await set.all()) {
      const number = doc.fileNumber ?? doc.title?.number;
      if (!number) continue;
      ctx.visit();
      const supersedes = headerField(doc, 'Supersedes');
      const supersededBy = headerField(doc, 'Superseded by');
      const check = async (row: typeof supersedes, backField: 'Supersedes' | 'Superseded by', verb: string) => {
        if (!row) return;
        // Only an RFC superseded whole: a row naming sections or rows of it (`RFC 0100 Q3/G5`) leaves it in force.
        for (const other of wholeRfcs(row.value)) {
          const target = await rfcByNumber(set, other);
          if (!target || target === doc) continue;
          const back = headerField(target, backField);
          if (back && namedRfcs(back.value).includes(number)) continue;
          ctx.report({
            at: { file: doc.file, range: rangeInCell(doc, row, other) },
            messageId: 'notNamedBack',
            data: { number, verb, other, backField, document },
            related: [{ file: target.file, ...(back?.valueRange ?? titleRange(target)), message: `${document} ${other}'s "${backField}" row` }],
            fix: back && nameBack(ctx, target, back, number),
          });
        }
      };
      await check(supersedes, 'Superseded by', 'supersedes');
      await check(supersededBy, 'Supersedes', 'is superseded by');
      const status = rfcStatus(doc)?.value;
      const successors = supersededBy ? namedRfcs(supersededBy.value) : [];
      if (statuses.superseded !== undefined && status === statuses.superseded && successors.length === 0) {
        ctx.report({ at: { file: doc.file, range: supersededBy?.valueRange ?? titleRange(doc) }, messageId: 'noSuccessor', data: { number, superseded: statuses.superseded, document } });
      }
      for (const s of successors) {
        const successor: RfcDocument | undefined = await rfcByNumber(set, s);
        if (statuses.superseded !== undefined && statuses.accepted !== undefined && status !== statuses.superseded && successor && rfcStatus(successor)?.value === statuses.accepted) {
          ctx.report({
            at: { file: doc.file, range: rfcStatus(doc)?.range ?? titleRange(doc) },
            severity: 'warning',
            messageId: 'notMarked',
            data: { number, successor: s, accepted: statuses.accepted, status: status ?? 'missing', superseded: statuses.superseded, document },
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
