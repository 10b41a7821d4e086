/*
 * A rule beside `specgate errata` (a family with `command: 'errata'`): it is given the RFCs whose
 * `## Errata` the command reads (`ctx.given.rfcs`, each item as specgate's errata reader reads it:
 * target, section, operation, line hint) and `ctx.given.mode` (apply or check). Here: every item
 * names the line it amends, so a reviewer finds the place without searching.
 */

const RFC = 'RFCS/0042-versions.md';
const rfc = (...items) => `# RFC 0042: Versions\n\n| Field | Value |\n| --- | --- |\n| **Status** | \`Accepted\` |\n\n## Errata\n\n${items.map((i) => `- ${i}\n`).join('')}`;
const DOC = '# Doc\n\n## §B Versions\n\nThe host sends the old words.\n';

/** @type {import('specgate/rules').Rule} */
export const erratumLineHint = {
  id: 'errata-notes/item-line-hint',
  rfc: 'RFC 0001 §F',
  description: 'Every erratum item names the line it amends (a `path:line` hint after its target).',
  docs: 'https://example.org/specgate-plugin-example#errata-notes-item-line-hint',
  // A repository with no errata has nothing to look at.
  mayVisitNothing: true,
  messages: { noHint: 'RFC {{rfc}} §Errata item {{index}} names no line of {{target}}; add its `:line` after the target' },
  examples: {
    valid: [{ name: 'the item names line 5', files: { [RFC]: rfc('**`doc.md` §B** (`:5`) — replace "old words" with "new words".'), 'doc.md': DOC } }],
    invalid: [
      {
        name: 'an item without a line (reported at the item)',
        files: { [RFC]: rfc('**`doc.md` §B** — replace "old words" with "new words".'), 'doc.md': DOC },
        errors: [{ messageId: 'noHint', file: RFC, line: 9, data: { rfc: '0042', index: 1, target: 'doc.md' } }],
      },
    ],
  },
  run(ctx) {
    /** @type {import('specgate/rules/testing').ErrataGiven} */
    const { rfcs } = ctx.given;
    for (const { errata } of rfcs) {
      for (const e of errata) {
        ctx.visit();
        if (e.lineHint !== undefined) continue;
        ctx.report({ at: { file: e.rfcFile, range: e.item }, messageId: 'noHint', data: { rfc: e.rfc, index: e.index, target: e.targetPath } });
      }
    }
  },
};
