import { readRfcs, rfcNumber, rfcStatus } from 'specgate/rules';

const CHANGELOG = 'CHANGELOG.md';

/** @type {import('specgate/rules').Rule} */
export const acceptedRfcListed = {
  id: 'changelog/accepted-rfc-listed',
  rfc: 'RFC 0001 §E',
  description: 'Every Accepted RFC has an entry in CHANGELOG.md that names it ("RFC NNNN").',
  docs: 'https://example.org/specgate-plugin-example#changelog-accepted-rfc-listed',
  // A repository with no Accepted RFC yet has nothing to look at.
  mayVisitNothing: true,
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
      ctx.report({
        at: { file: doc.file, range: rfcStatus(doc).range },
        message: `RFC ${number} is Accepted but ${CHANGELOG} has no entry naming it ("RFC ${number}")`,
      });
    }
  },
};
