import type { Fix } from '../../../core/model/findings.js';
import { documentWords, fileNamePattern } from '../../../core/preset/process.js';
import type { Rule, RuleContext } from '../../../core/engine/rule.js';
import { fixOf } from '../../../core/engine/text-edits.js';
import { cellContent, replaceCell } from '../../../rfc/header-edits.js';
import type { HeaderRow, RfcDocument } from '../../../rfc/document.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { eipFields, eipText, rfcText } from '../example-rfcs.js';
import { rangeInCell, titleRange } from '../where.js';

/** The `specgate` preset's file name, which the `fileName` message words as NNNN-kebab-title.md. */
const DEFAULT_FILE_NAME = '{number:4}-{slug}.md';

const sample = (title: string, row = '0007') => rfcText(title, [['RFC', row]]);

export const numberMatches: Rule = {
  id: 'rfcs/number-matches',
  rfc: 'RFC 0001 §A',
  rfcByPreset: { openwop: 'RFC 0001 §1–§2' },
  description: "The file name (NNNN-kebab-title.md, or the process's `fileName`), the number row (`numberRow`: RFC) and the title line (`titleLine`: `# RFC NNNN: Title`, unless the process has none) carry the same number, and no number is used twice.",
  fixable: true,
  messages: {
    fileName: 'file name "{{base}}" is not NNNN-kebab-title.md',
    fileNameAs: 'file name "{{base}}" is not {{pattern}}',
    numberField: '{{field}} says "{{row}}", but the file name says {{file}}',
    // `form` and `said` are the process's title line (`titleLine`) in words: "RFC NNNN: Title", "RFC 0008".
    noTitle: 'no title line; the file must start with "# {{form}}"',
    titleForm: 'title line "{{text}}" does not read "{{form}}"',
    titleNumber: 'title line says {{said}}, but the file name says {{file}}',
    rowNumber: 'RFC row says "{{row}}", but the file name says {{file}}',
    reused: '{{document}} number {{number}} is already used by {{first}}; numbers are never reused',
  },
  examples: {
    valid: [
      { name: 'file name, RFC row and title line agree', files: { 'RFCS/0007-sample.md': sample('RFC 0007: Sample') } },
      { name: 'the RFC row may write "RFC 0007"', files: { 'RFCS/0007-sample.md': sample('RFC 0007: Sample', 'RFC 0007') } },
      { name: "an EIP: eip-N.md and its eip field, no title line (the eip preset's fileName, numberRow, titleLine: null)", preset: 'eip', files: { 'EIPS/eip-9.md': eipText(eipFields('9')) } },
    ],
    invalid: [
      {
        name: "an EIP whose eip field is not its file's number",
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('8')) },
        errors: [{ messageId: 'numberField', line: 2, column: 6, data: { field: 'eip', row: '8', file: '9' } }],
      },
      {
        name: 'a file name that is not the process\'s fileName',
        preset: 'eip',
        files: { 'EIPS/eip-9-sample.md': eipText(eipFields('9')) },
        errors: [{ messageId: 'fileNameAs', line: 1, column: 1, data: { base: 'eip-9-sample.md', pattern: 'eip-{number}.md' } }],
      },
      {
        name: 'the RFC row names another number than the file and the title (fixed: two of three agree)',
        files: { 'RFCS/0007-sample.md': sample('RFC 0007: Sample', '0008') },
        errors: [{ messageId: 'rowNumber', line: 5, column: 13, data: { row: '0008', file: '0007' } }],
        output: { 'RFCS/0007-sample.md': sample('RFC 0007: Sample') },
      },
      {
        name: 'the title line names another number than the file',
        files: { 'RFCS/0007-sample.md': sample('RFC 0008: Sample') },
        errors: [{ messageId: 'titleNumber', line: 1, column: 1, data: { said: 'RFC 0008', title: '0008', file: '0007' } }],
      },
      {
        name: 'a title line without "RFC NNNN:"',
        files: { 'RFCS/0007-sample.md': sample('Sample') },
        errors: [{ messageId: 'titleForm', line: 1, column: 1, data: { text: 'Sample', form: 'RFC NNNN: Title' } }],
      },
      {
        name: 'no title line',
        files: { 'RFCS/0007-sample.md': 'An RFC without its title line.\n' },
        errors: [{ messageId: 'noTitle', line: 1, column: 1, data: { form: 'RFC NNNN: Title' } }],
      },
      {
        name: 'a file name that is not NNNN-kebab-title.md',
        files: { 'RFCS/0007_Sample.md': sample('RFC 0007: Sample') },
        errors: [{ messageId: 'fileName', line: 1, column: 1, data: { base: '0007_Sample.md' } }],
      },
      {
        name: 'a number used twice: the second file by name is reported',
        files: { 'RFCS/0007-sample.md': sample('RFC 0007: Sample'), 'RFCS/0007-twin.md': sample('RFC 0007: Twin') },
        errors: [{ messageId: 'reused', file: 'RFCS/0007-twin.md', line: 1, column: 1, data: { document: 'RFC', number: '0007', first: 'RFCS/0007-sample.md' } }],
      },
    ],
  },
  async run(ctx) {
    const { process } = ctx.layout;
    const FILE_NAME = fileNamePattern(process.fileName);
    const set = await loadRfcSet(ctx.corpus);
    for (const doc of await set.all()) {
      ctx.visit();
      const base = doc.file.slice(doc.file.lastIndexOf('/') + 1);
      if (!FILE_NAME.test(base)) {
        ctx.report({ at: { file: doc.file, range: titleRange(doc) }, ...(process.fileName === DEFAULT_FILE_NAME ? { messageId: 'fileName', data: { base } } : { messageId: 'fileNameAs', data: { base, pattern: process.fileName } }) });
      }
      // A process whose title lives in the header only (`titleLine: null`, EIP-1's) has no title line to hold.
      const titled = process.titleLine !== null;
      const line = titled ? titleLineWords(process.titleLine!, process.fileName) : undefined;
      if (line && !doc.title) {
        ctx.report({ at: { file: doc.file }, messageId: 'noTitle', data: { form: line.form } });
      } else if (line && doc.title && !doc.title.number) {
        ctx.report({ at: { file: doc.file, range: doc.title.range }, messageId: 'titleForm', data: { text: doc.title.text, form: line.form } });
      } else if (line && doc.title?.number && doc.fileNumber && doc.title.number !== doc.fileNumber) {
        ctx.report({ at: { file: doc.file, range: doc.title.range }, messageId: 'titleNumber', data: { said: line.said(doc.title.number), title: doc.title.number, file: doc.fileNumber } });
      }
      const row = headerField(doc, process.numberRow);
      if (row && doc.fileNumber && row.value.replace(/^RFC\s*/i, '') !== doc.fileNumber) {
        ctx.report({
          at: { file: doc.file, range: rangeInCell(doc, row, row.value) },
          ...(process.numberRow === 'RFC' ? { messageId: 'rowNumber', data: { row: row.value, file: doc.fileNumber } } : { messageId: 'numberField', data: { field: process.numberRow, row: row.value, file: doc.fileNumber } }),
          fix: rowToFileNumber(ctx, doc, row),
        });
      }
      const sameNumber = doc.fileNumber ? set.byNumber.get(doc.fileNumber)! : [];
      if (sameNumber.length > 1 && sameNumber[0] !== doc.file) {
        ctx.report({ at: { file: doc.file, range: titleRange(doc) }, messageId: 'reused', data: { document: documentWords(process).document, number: doc.fileNumber!, first: sameNumber[0]! } });
      }
    }
  },
};

/**
 * A process's title line (`titleLine`, as the reader reads it: the first `{number}` and `{title}`
 * count, rfc/read.ts) in a message's words: `form` with its parts as placeholders (`RFC NNNN:
 * Title`, the number as wide as the file name's `{number:4}`), and what a number found there
 * `said`: the word written right before the number with it (`RFC 0008`, `KEP-8`), or the number alone.
 */
export function titleLineWords(titleLine: string, fileName: string): { form: string; said: (number: string) => string } {
  const width = Number(/\{number:(\d+)\}/.exec(fileName)?.[1] ?? 1);
  const form = titleLine.replace('{number}', 'N'.repeat(Math.min(width, 8))).replace('{title}', 'Title');
  const at = titleLine.indexOf('{number}');
  const before = at < 0 ? '' : titleLine.slice(0, at).split(/\{title\}/).pop()!;
  // Back from the number over one space, then the word (a loop, not a regex: a config's title line is input too).
  let start = before.length;
  if (start > 0 && /\s/.test(before[start - 1]!)) start--;
  while (start > 0 && !/[\s()[\]{}:;,.]/.test(before[start - 1]!)) start--;
  const word = before.slice(start);
  return { form, said: (number) => `${word}${number}` };
}

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
