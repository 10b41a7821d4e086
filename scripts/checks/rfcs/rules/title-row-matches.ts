import type { Rule } from '../../../core/rule.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { rangeInCell } from '../where.js';

/**
 * This project's convention, not upstream's: the openwop template gives the title line and the
 * Title row different placeholders, and its RFCs pair a short heading with a long Title row.
 */
export const titleRowMatches: Rule = {
  id: 'rfcs/title-row-matches',
  rfc: 'RFC 0001 §B',
  description: 'The Title row equals the text of the `# RFC NNNN: Title` line.',
  rfcProcess: 'specgate',
  async run(ctx) {
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      const title = headerField(doc, 'Title');
      if (!title || doc.title?.name === undefined) continue; // rfcs/header-table and rfcs/number-matches report those
      ctx.visit();
      if (title.value === doc.title.name) continue;
      ctx.report({ at: { file: doc.file, range: rangeInCell(doc, title, title.value) }, message: `Title row "${title.value}" differs from the title line "${doc.title.name}"` });
    }
  },
};
