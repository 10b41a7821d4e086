import { readRfcs, rfcNumber, rfcStatus } from 'specgate/rules';
import { rfc } from './example-files.js';

const CHANGELOG = 'CHANGELOG.md';

/** @type {import('specgate/rules').Rule} */
export const acceptedRfcListed = {
  id: 'changelog/accepted-rfc-listed',
  rfc: 'RFC 0001 §E',
  description: 'Every Accepted RFC has an entry in CHANGELOG.md that names it ("RFC NNNN").',
  docs: 'https://example.org/specgate-plugin-example#changelog-accepted-rfc-listed',
  // A repository with no Accepted RFC yet has nothing to look at.
  mayVisitNothing: true,
  // Tests and docs name the id; the wording is free to change.
  messages: {
    missing: 'RFC {{number}} is Accepted but {{changelog}} has no entry naming it ("RFC {{number}}")',
  },
  // Run by testRule (test/plugin.test.js) and shown by list-rules --format markdown.
  examples: {
    valid: [
      { name: 'the changelog names the Accepted RFC', files: { 'RFCS/0001-first.md': rfc('0001', 'Accepted'), [CHANGELOG]: '# Changelog\n\n- RFC 0001 accepted.\n' } },
      { name: 'a Draft RFC needs no entry yet', files: { 'RFCS/0002-second.md': rfc('0002', 'Draft'), [CHANGELOG]: '# Changelog\n' } },
    ],
    invalid: [
      {
        name: 'an Accepted RFC the changelog does not name (reported at its Status)',
        files: { 'RFCS/0001-first.md': rfc('0001', 'Accepted'), 'RFCS/0002-second.md': rfc('0002', 'Accepted'), [CHANGELOG]: '# Changelog\n\n- RFC 0001 accepted.\n' },
        errors: [{ messageId: 'missing', file: 'RFCS/0002-second.md', line: 5, column: 10, data: { number: '0002', changelog: CHANGELOG } }],
      },
    ],
  },
  async run(ctx) {
    const accepted = (await readRfcs(ctx)).filter((doc) => rfcStatus(doc)?.value === 'Accepted');
    if (accepted.length === 0) return;
    // A missing changelog is the corpus's own finding (corpus/missing-file), named once.
    const changelog = ctx.corpus.text(CHANGELOG, 'the changelog check');
    if (changelog === undefined) return;
    for (const doc of accepted) {
      const number = rfcNumber(doc);
      if (number === undefined) continue; // the built-in rfcs rules report an RFC without a number
      ctx.visit();
      if (new RegExp(`\\bRFC[ -]?${number}\\b`).test(changelog)) continue;
      ctx.report({ at: { file: doc.file, range: rfcStatus(doc).range }, messageId: 'missing', data: { number, changelog: CHANGELOG } });
    }
  },
};
