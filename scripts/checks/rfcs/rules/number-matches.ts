import type { Fix } from '../../../core/findings.js';
import type { Rule, RuleContext } from '../../../core/rule.js';
import { fixOf } from '../../../core/text-edits.js';
import { cellContent, replaceCell } from '../../../rfc/header-edits.js';
import type { HeaderRow, RfcDocument } from '../../../rfc/document.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { rangeInCell, titleRange } from '../where.js';

const FILE_NAME = /^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

export const numberMatches: Rule = {
  id: 'rfcs/number-matches',
  rfc: 'RFC 0001 §A',
  rfcByPreset: { openwop: 'RFC 0001 §1–§2' },
  description: 'The file name NNNN-kebab-title.md, the RFC row and the `# RFC NNNN: Title` line carry the same number, and no number is used twice.',
  fixable: true,
  async run(ctx) {
    const set = await loadRfcSet(ctx.corpus);
    for (const doc of await set.all()) {
      ctx.visit();
      const base = doc.file.slice(doc.file.lastIndexOf('/') + 1);
      if (!FILE_NAME.test(base)) {
        ctx.report({ at: { file: doc.file, range: titleRange(doc) }, message: `file name "${base}" is not NNNN-kebab-title.md` });
      }
      if (!doc.title) {
        ctx.report({ at: { file: doc.file }, message: 'no title line; the file must start with "# RFC NNNN: Title"' });
      } else if (!doc.title.number) {
        ctx.report({ at: { file: doc.file, range: doc.title.range }, message: `title line "${doc.title.text}" does not read "RFC NNNN: Title"` });
      } else if (doc.fileNumber && doc.title.number !== doc.fileNumber) {
        ctx.report({ at: { file: doc.file, range: doc.title.range }, message: `title line says RFC ${doc.title.number}, but the file name says ${doc.fileNumber}` });
      }
      const row = headerField(doc, 'RFC');
      if (row && doc.fileNumber && row.value.replace(/^RFC\s*/i, '') !== doc.fileNumber) {
        ctx.report({
          at: { file: doc.file, range: rangeInCell(doc, row, row.value) },
          message: `RFC row says "${row.value}", but the file name says ${doc.fileNumber}`,
          fix: rowToFileNumber(ctx, doc, row),
        });
      }
      const sameNumber = doc.fileNumber ? set.byNumber.get(doc.fileNumber)! : [];
      if (sameNumber.length > 1 && sameNumber[0] !== doc.file) {
        ctx.report({ at: { file: doc.file, range: titleRange(doc) }, message: `RFC number ${doc.fileNumber} is already used by ${sameNumber[0]}; numbers are never reused` });
      }
    }
  },
};

/**
 * The RFC row rewritten to the file's number, when the title line agrees with the file name (two
 * of three say the same), in the row's own form (`0211` or `RFC 0211`). Otherwise which one is
 * wrong is a guess.
 */
function rowToFileNumber(ctx: RuleContext, doc: RfcDocument, row: HeaderRow): Fix | undefined {
  if (!doc.fileNumber || doc.title?.number !== doc.fileNumber) return undefined;
  const text = ctx.corpus.text(doc.file);
  const cell = text === undefined ? undefined : cellContent(text, row);
  const form = cell && /^(RFC\s*)?\d+$/.exec(cell.source);
  if (!text || !form) return undefined;
  return fixOf(replaceCell(text, doc.file, row, `${form[1] ?? ''}${doc.fileNumber}`));
}
