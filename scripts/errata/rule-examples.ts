import type { RuleExamples } from '../core/engine/rule.js';

/*
 * The errata rules' examples (meta.examples), run by errata/family.ts: an Accepted RFC whose
 * `## Errata` lists the items (the first item is on line 9) and the document they amend.
 */

/** What an errata example stands for (the rule pages, docs/rules/, say it above the examples). */
export const ERRATA_EXAMPLES_NOTE =
  'Each example is a repository: an Accepted RFC under `RFCS/` whose `## Errata` lists the items, and the documents they amend. It runs as `specgate errata apply` (as `errata check` where option `mode` is `check`); "Fixed" is the text `apply` writes.';

const RFC_FILE = 'RFCS/0042-versions.md';
const ITEM_LINE = 9;

/** An Accepted RFC whose errata are the given list items. */
function rfc(...items: string[]): string {
  return `# RFC 0042: Versions\n\n| Field | Value |\n| --- | --- |\n| **Status** | \`Accepted\` |\n\n## Errata\n\n${items.map((i) => `- ${i}\n`).join('')}`;
}

const DOC = '# Doc\n\n## §B Versions\n\nThe host sends the old words.\n\n## §C Other\n\nWords about *details* here.\n';
const REPLACE = '**`doc.md` §B** (`:5`) — replace "old words" with "new words".';
const applied = (...items: string[]) => ({ [RFC_FILE]: rfc(...items), 'doc.md': DOC });
const at = (messageId: string, line = ITEM_LINE) => ({ messageId, file: RFC_FILE, line });
/** A refusal of the first item, with the words it is refused in (the rule pages, docs/rules/, show them). */
const refusedAs = (target: string, detail: string) => ({ ...at('refused'), data: { name: `RFC 0042 §Errata item 1 (${target})`, detail } });

export const NOT_APPLIED: RuleExamples = {
  valid: [{ name: 'the erratum is in the document', options: { mode: 'check' }, files: { [RFC_FILE]: rfc(REPLACE), 'doc.md': DOC.replace('old words', 'new words') } }],
  invalid: [
    {
      name: 'the document still has the old text',
      options: { mode: 'check' },
      files: applied(REPLACE),
      errors: [{ ...at('replacePending'), data: { name: 'RFC 0042 §Errata item 1 (doc.md §B)', file: 'doc.md', section: 'heading "§B Versions"', line: 5, rfc: '0042', flags: '' } }],
    },
    {
      name: 'the paragraph to append is not there yet',
      options: { mode: 'check' },
      files: applied('**`doc.md` §C** (`:9`), appended: *"Details travel as strings."*'),
      errors: [{ ...at('appendPending'), data: { name: 'RFC 0042 §Errata item 1 (doc.md §C)', file: 'doc.md', section: 'heading "§C Other"', rfc: '0042', flags: '' } }],
    },
  ],
};

export const ITEM_UNREADABLE: RuleExamples = {
  valid: [{ name: 'an item that says what to replace', files: applied(REPLACE), }],
  invalid: [{ name: 'an item with no operation', files: applied('**`doc.md` §B** — change "old" to "new".'), errors: [{ ...at('unreadable'), data: { rfc: '0042', index: 1, reason: 'no operation' } }] }],
};

export const TARGET_MISSING: RuleExamples = {
  valid: [{ name: 'the target exists', files: applied(REPLACE) }],
  invalid: [{ name: 'no such file', files: applied(REPLACE.replace('doc.md', 'docs/doc.md')), errors: [refusedAs('docs/doc.md §B', 'target file docs/doc.md does not exist in the example repository')] }],
};

const ABBREVIATED = '**RFC 0007 UQ1** (`RFCS/0007-…:5`), appended: *"Settled by RFC 0042."*';
const UQ = (title: string) => `# RFC 0007: ${title}\n\n## Unresolved questions\n\n1. Which floor?\n`;

export const TARGET_AMBIGUOUS: RuleExamples = {
  valid: [{ name: 'an abbreviated name that one file starts with', files: { [RFC_FILE]: rfc(ABBREVIATED), 'RFCS/0007-floors.md': UQ('Floors') } }],
  invalid: [
    {
      name: 'an abbreviated name that two files start with',
      files: { [RFC_FILE]: rfc(ABBREVIATED), 'RFCS/0007-floors.md': UQ('Floors'), 'RFCS/0007-floors-again.md': UQ('Floors again') },
      errors: [refusedAs('RFC 0007 UQ1', 'target RFCS/0007-… is abbreviated and matches 2 files: RFCS/0007-floors-again.md, RFCS/0007-floors.md')],
    },
  ],
};

export const TARGET_OUTSIDE_ROOT: RuleExamples = {
  valid: [{ name: 'a path inside the repository', files: applied(REPLACE) }],
  invalid: [
    { name: 'an absolute path', files: applied(REPLACE.replace('doc.md', '/etc/doc.md')), errors: [refusedAs('/etc/doc.md §B', 'target /etc/doc.md is an absolute path; errata edit files inside the repository only')] },
    { name: 'a path that climbs out with ..', files: applied(REPLACE.replace('doc.md', '../doc.md')), errors: [refusedAs('../doc.md §B', 'target ../doc.md leaves the repository root')] },
  ],
};

export const TARGET_NOT_GOVERNED: RuleExamples = {
  valid: [{ name: 'a Markdown document of the repository', files: applied(REPLACE) }],
  invalid: [{ name: 'a file under .git/', files: { ...applied(REPLACE.replace('doc.md', '.git/doc.md')), '.git/doc.md': DOC }, errors: [refusedAs('.git/doc.md §B', 'target .git/doc.md is inside .git/; errata edit governed documents only')] }],
};

export const SECTION_MISSING: RuleExamples = {
  valid: [{ name: 'the section is there', files: applied(REPLACE) }],
  invalid: [{ name: 'the document has no §D', files: applied(REPLACE.replace('§B', '§D')), errors: [refusedAs('doc.md §D', 'doc.md: no heading or bold label "§D"')] }],
};

export const SECTION_AMBIGUOUS: RuleExamples = {
  valid: [{ name: 'one section is §B', files: applied(REPLACE) }],
  invalid: [{ name: 'two headings are §B', files: { [RFC_FILE]: rfc(REPLACE), 'doc.md': `${DOC}\n## §B Again\n\nThe old words again.\n` }, errors: [refusedAs('doc.md §B', 'doc.md: "§B" names 2 sections: heading "§B Versions" (line 3), heading "§B Again" (line 11)')] }],
};

export const TEXT_AMBIGUOUS: RuleExamples = {
  valid: [{ name: 'the old text occurs once in the section', files: applied(REPLACE) }],
  invalid: [{ name: 'the old text occurs twice in the section', files: { [RFC_FILE]: rfc(REPLACE), 'doc.md': DOC.replace('old words.', 'old words, and old words.') }, errors: [refusedAs('doc.md §B', 'doc.md heading "§B Versions": the old text occurs 2 times, at line 5:20, line 5:35; quote more of it so it names one place')] }],
};

export const TEXT_DRIFT: RuleExamples = {
  valid: [{ name: 'the old text is there', files: applied(REPLACE) }],
  invalid: [{ name: 'the section says something else now', files: { [RFC_FILE]: rfc(REPLACE), 'doc.md': DOC.replace('the old words', 'other words') }, errors: [refusedAs('doc.md §B', 'doc.md heading "§B Versions" (line 3): neither the old text "old words" nor the new text is there; the closest wording in the section is "words." at line 5:22')] }],
};

export const MARKUP_CUT: RuleExamples = {
  valid: [{ name: 'the old text covers the whole emphasis', files: applied('**`doc.md` §C** (`:9`) — replace "*details*" with "*facts*".') }],
  invalid: [{ name: 'the old text ends inside the emphasis', files: applied('**`doc.md` §C** (`:9`) — replace "tails here" with "here".'), errors: [refusedAs('doc.md §C', 'doc.md heading "§C Other": the old text at line 9:16 starts or ends inside emphasis markup; quote the whole emphasis span')] }],
};

export const EDITS_OVERLAP: RuleExamples = {
  valid: [{ name: 'two errata on different text', files: applied(REPLACE, '**`doc.md` §C** (`:9`) — replace "Words about" with "Notes on".') }],
  invalid: [
    {
      name: 'two errata replacing overlapping text',
      files: applied(REPLACE, '**`doc.md` §B** (`:5`) — replace "sends the old" with "sends no".'),
      errors: [
        { ...at('overlap'), data: { name: 'RFC 0042 §Errata item 1 (doc.md §B)', other: 'RFC 0042 §Errata item 2 (doc.md §B)', file: 'doc.md' } },
        { ...at('overlap', ITEM_LINE + 1), data: { name: 'RFC 0042 §Errata item 2 (doc.md §B)', other: 'RFC 0042 §Errata item 1 (doc.md §B)', file: 'doc.md' } },
      ],
    },
  ],
};

export const VERIFY_FAILED: RuleExamples = {
  valid: [{ name: 'an appended paragraph', files: applied('**`doc.md` §C** (`:9`), appended: *"Details travel as strings."*') }],
  invalid: [{ name: 'an appended "paragraph" that is a heading', files: applied('**`doc.md` §C** (`:9`), appended: *"## A heading is not a paragraph"*'), errors: [{ ...at('notShown'), data: { name: 'RFC 0042 §Errata item 1 (doc.md §C)', file: 'doc.md', why: 'it would apply again' } }] }],
};

export const LINE_HINT_OFF: RuleExamples = {
  valid: [{ name: 'the hint points at the text', files: applied(REPLACE) }],
  invalid: [
    {
      name: 'the hint points elsewhere (the section and the text still decide)',
      files: applied(REPLACE.replace(':5', ':40')),
      errors: [{ messageId: 'off', file: RFC_FILE, line: ITEM_LINE, column: 20, data: { name: 'RFC 0042 §Errata item 1 (doc.md §B)', hint: 40, what: 'text', file: 'doc.md', where: 'line 5' } }],
      output: { 'doc.md': DOC.replace('old words', 'new words') },
    },
  ],
};
