import type { RuleMeta, RuleSpec } from '../core/engine/rule.js';
import { defineRule } from '../core/engine/rule.js';
import * as EXAMPLES from './rule-examples.js';

const RFC = 'RFC 0001 §E';
/** Upstream's RFC 0001 has no errata section (its §1–§8 say nothing of them): under openwop the rules cite this project's. */
const rfcByPreset = { openwop: `specgate's ${RFC}` };
const erratum = (spec: Omit<RuleSpec, 'rfc' | 'rfcByPreset'>): RuleMeta => defineRule({ ...spec, rfc: RFC, rfcByPreset });

/** A refusal reads "<the item> refused: <why>"; the why comes from the target resolver or the judge. */
const refused = { refused: '{{name}} refused: {{detail}}' };

/** Every rule the errata command reports; code names these objects, never their ids. */
export const ERRATA = {
  notApplied: erratum({
    id: 'errata/not-applied',
    description: 'An erratum of an Accepted RFC is not applied to its target document.',
    // Its fix is the splice: `errata apply` is --fix on this rule (the one fixer and commit path write it).
    fixable: true,
    messages: {
      appendPending: '{{name}} is not applied: {{file}} {{section}} has no such paragraph yet; run `specgate errata apply --rfc {{rfc}}{{flags}}`',
      replacePending: '{{name}} is not applied: {{file}} {{section}} still has the old text at line {{line}}; run `specgate errata apply --rfc {{rfc}}{{flags}}`',
    },
    examples: EXAMPLES.NOT_APPLIED,
  }),
  itemUnreadable: erratum({
    id: 'errata/item-unreadable',
    description: 'An errata list item does not have the form `<target> (<path>:<line>), appended: "…"` or `<path> §<section> (:<line>) — replace "…" with "…"`.',
    messages: { unreadable: 'RFC {{rfc}} §Errata item {{index}} cannot be read: {{reason}}' },
    examples: EXAMPLES.ITEM_UNREADABLE,
  }),
  targetMissing: erratum({ id: 'errata/target-missing', description: 'The target file of an erratum does not exist.', messages: refused, examples: EXAMPLES.TARGET_MISSING }),
  targetAmbiguous: erratum({ id: 'errata/target-ambiguous', description: 'An abbreviated target path matches more than one file.', messages: refused, examples: EXAMPLES.TARGET_AMBIGUOUS }),
  targetOutsideRoot: erratum({ id: 'errata/target-outside-root', description: 'A target path is absolute, climbs out with `..`, or its real path leaves the repository.', messages: refused, examples: EXAMPLES.TARGET_OUTSIDE_ROOT }),
  targetNotGoverned: erratum({
    id: 'errata/target-not-governed',
    description: 'A target is not a governed document: under `.git/`, reached through a symlink, not a regular file, not Markdown (`.md`, `.markdown`), or not tracked by git (outside git: not matching the document globs).',
    messages: refused,
    examples: EXAMPLES.TARGET_NOT_GOVERNED,
  }),
  sectionMissing: erratum({ id: 'errata/section-missing', description: 'The target has no heading, bold label or numbered item the erratum names.', messages: refused, examples: EXAMPLES.SECTION_MISSING }),
  sectionAmbiguous: erratum({ id: 'errata/section-ambiguous', description: 'The erratum’s section name matches more than one section of the target.', messages: refused, examples: EXAMPLES.SECTION_AMBIGUOUS }),
  textAmbiguous: erratum({ id: 'errata/text-ambiguous', description: 'The old text occurs more than once in the section.', messages: refused, examples: EXAMPLES.TEXT_AMBIGUOUS }),
  textDrift: erratum({ id: 'errata/text-drift', description: 'Neither the old nor the new text is in the section: the target drifted from what the erratum quotes.', messages: refused, examples: EXAMPLES.TEXT_DRIFT }),
  markupCut: erratum({ id: 'errata/markup-cut', description: 'The old text starts or ends inside inline markup, so splicing it would break the markup.', messages: refused, examples: EXAMPLES.MARKUP_CUT }),
  editsOverlap: erratum({
    id: 'errata/edits-overlap',
    description: 'Two errata of one run edit overlapping text of the same file.',
    messages: { overlap: '{{name}} refused: its edit overlaps {{other}} in {{file}}' },
    examples: EXAMPLES.EDITS_OVERLAP,
  }),
  verifyFailed: erratum({
    id: 'errata/verify-failed',
    description: 'After splicing, the re-parsed target does not show the erratum applied.',
    messages: { notShown: '{{name}} refused: after splicing, {{file}} re-parsed does not show it applied ({{why}})' },
    examples: EXAMPLES.VERIFY_FAILED,
  }),
  lineHintOff: erratum({
    id: 'errata/line-hint-off',
    description: 'The line hint does not point at the text; the section and the quoted text decide (reported, not an error).',
    defaultSeverity: 'warning',
    messages: { off: '{{name}}: line hint :{{hint}} is off; the {{what}} is at {{file}} {{where}} (the section and the quoted text decide)' },
    examples: EXAMPLES.LINE_HINT_OFF,
  }),
} as const;

/** Every finding the errata command can report, for list output and SARIF rule metadata. */
export const ERRATA_RULES: RuleMeta[] = Object.values(ERRATA);

/**
 * Whether a finding (a baseline entry) is one of the errata rules': `errata check` judges these
 * entries of the shared baseline, `check` leaves them alone.
 */
export function isErrataFinding(f: { ruleId: string }): boolean {
  return ERRATA_RULES.some((r) => r.id === f.ruleId);
}

/** A refusal's rule: the resolver's and the judge's verdicts name one of these. */
export type ErrataRefusal = (typeof ERRATA)['targetMissing' | 'targetAmbiguous' | 'targetOutsideRoot' | 'targetNotGoverned' | 'sectionMissing' | 'sectionAmbiguous' | 'textAmbiguous' | 'textDrift' | 'markupCut'];
