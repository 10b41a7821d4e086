import type { Rule } from '../../../core/engine/rule.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { rfcText } from '../example-rfcs.js';
import { rangeInCell } from '../where.js';

const FILE = 'RFCS/0007-sample.md';
const titled = (line: string, row: string) => ({ [FILE]: rfcText(`RFC 0007: ${line}`, [['RFC', '0007'], ['Title', row]]) });

/**
 * This project's convention, not upstream's: the openwop template gives the title line and the
 * Title row different placeholders, and its RFCs pair a short heading with a long Title row.
 */
export const titleRowMatches: Rule = {
  id: 'rfcs/title-row-matches',
  rfc: 'RFC 0001 §B',
  description: 'The Title row equals the text of the `# RFC NNNN: Title` line.',
  rfcProcess: 'specgate',
  messages: {
    differs: 'Title row "{{row}}" differs from the title line "{{title}}"',
  },
  examples: {
    valid: [{ name: 'the Title row is the title line', files: titled('Task errors carry a reason', 'Task errors carry a reason') }],
    invalid: [
      {
        name: 'a Title row that is not the title line',
        files: titled('Task errors carry a reason', 'Task errors carry reasons'),
        errors: [{ messageId: 'differs', line: 6, column: 15, data: { row: 'Task errors carry reasons', title: 'Task errors carry a reason' } }],
      },
    ],
  },
  async run(ctx) {
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      const title = headerField(doc, 'Title');
      if (!title || doc.title?.name === undefined) continue; // rfcs/header-table and rfcs/number-matches report those
      ctx.visit();
      if (title.value === doc.title.name) continue;
      ctx.report({ at: { file: doc.file, range: rangeInCell(doc, title, title.value) }, messageId: 'differs', data: { row: title.value, title: doc.title.name } });
    }
  },
};
