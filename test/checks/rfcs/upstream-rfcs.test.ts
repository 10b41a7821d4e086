import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { family } from '../../../scripts/checks/rfcs/index.js';
import { ANCHOR, SHARED } from '../../helpers/env.js';
import { positionOf } from '../../helpers/positions.js';
import { realDataTests } from '../../helpers/real-data.js';

/*
 * rfcs rules on real upstream text: RFCs of ../shared/anchors/openwop-rfcs and upstream's RFC 0001
 * (openwop-v2), read in place into memory when a case runs, under --preset openwop; each suite
 * runs ONE rule (scripts/core/engine/rule-tester.ts), so the other rules' findings on real RFCs are not
 * in the way. The rules' own cases on small RFCs are their meta.examples.
 */

const rule = (id: string) => family.rules.find((r) => r.id === id)!;

/** An upstream RFC's text, read in place. */
function upstreamText(file: string): string {
  const more = path.join(SHARED, 'anchors/openwop-rfcs/RFCS', file);
  return readFileSync(existsSync(more) ? more : path.join(ANCHOR, 'RFCS', file), 'utf8');
}

/** A case's corpus: the named upstream RFCs as they are (`'0037-….md'`) or edited (`['0059-….md', edit]`), each under RFCS/, read when the case runs. */
function real(...files: Array<string | [string, (text: string) => string]>): () => Record<string, string> {
  return () => Object.fromEntries(files.map((f) => {
    const [name, edit] = typeof f === 'string' ? [f, (t: string) => t] : f;
    return [`RFCS/${name}`, edit(upstreamText(name))];
  }));
}

const R0027 = '0027-prompt-templates.md';
const R0001 = '0001-rfc-process.md';
const R0049 = '0049-rbac-scopes-and-authorization-decisions.md';
const R0050 = '0050-saml-scim-enterprise-identity-profiles.md';
const R0056 = '0056-run-feedback-and-annotation-event.md';
const R0059 = '0059-agent-workspace.md';
const R0011 = '0011-auth-scoped-discovery.md';
const R0036 = '0036-multi-region-and-cross-engine-guarantees.md';
const R0152 = '0152-a2a-1-0-versioned-composition.md';

/** RFC 0059's resolution section with its numbers taken away: bullets keep only the bold titles, and no line says all are resolved. */
function answersByTitle(text: string): string {
  const start = text.indexOf('## Phase-0 resolution');
  const end = text.indexOf('\n## ', start + 1);
  const section = text
    .slice(start, end)
    .replace(/^\d+\. /gm, '- ')
    .replace(/Unresolved questions resolved/, 'Rulings');
  return text.slice(0, start) + section + text.slice(end);
}
/** Line and column where `needle` starts (a citation's finding starts where it names the RFC, or at its `§`). */
const at = (file: string, needle: string, nth = 1) => (t: (f: string) => string) => {
  const { line, column } = positionOf(t(`RFCS/${file}`), needle, nth);
  return { line, column };
};

realDataTests('rfcs/cited-section-exists on real upstream RFCs', rule('rfcs/cited-section-exists'), 'openwop', {
  valid: [
    { name: 'RFC 0039 cites RFC 0037 §"Open spec gaps": the name of the lists RFC 0037 introduces with "Open spec gaps:"', files: real('0039-multi-agent-confidence-and-memory-lifecycle.md', '0037-multi-agent-execution-model.md') },
    { name: "RFC 0030: its own §2.2 and §D, COMPATIBILITY.md §2.1 and \"§10 of the originating handoff\" (other documents' sections)", files: real('0030-envelope-reasoning-and-tier-one-subset.md') },
    { name: 'RFC 0211: A2A §9.5, upstream §6.4 and "the §22 invoke seam" are sections of other documents (the RFC numbers only §1–§4)', files: real('0211-a2a-error-details-are-errorinfo.md') },
    { name: 'RFC 0005 cites RFC 0002 §A8 (a `#### §A8` heading) and its own §F', files: real('0005-conversation.md', '0002-agent-identity-and-reasoning-events.md') },
    { name: 'RFC 0056: "the §D-vs-fork contradiction" cites its own §D in a compound word', files: real('0056-run-feedback-and-annotation-event.md') },
  ],
  invalid: [
    {
      name: 'RFC 0027 cites RFC 0001 §"Promotion to Accepted" twice; upstream RFC 0001 numbers its sections 1–8',
      files: real(R0027, R0001),
      errors: [
        { messageId: 'other', file: `RFCS/${R0027}`, severity: 'error', message: /^RFC 0001 §"Promotion to Accepted" cites a section of RFC 0001, but RFCS\/0001-rfc-process.md has no such section \(it has §1, §2, .*§8\) \(RFC 0001 §6, template\)$/, where: at(R0027, 'RFC 0001 §"Promotion to Accepted"') },
        { messageId: 'other', file: `RFCS/${R0027}`, where: at(R0027, 'RFC 0001 §"Promotion to Accepted"', 2) },
      ],
    },
    {
      name: 'RFC 0037 cites "RFCs/0001 §\"Promotion to Accepted.\"" by its folder and number',
      files: real('0037-multi-agent-execution-model.md', R0001),
      errors: [{ messageId: 'other', message: /^RFC 0001 §"Promotion to Accepted" cites/, where: at('0037-multi-agent-execution-model.md', 'RFCs/0001 §"Promotion to Accepted."') }],
    },
    {
      name: 'a citation split by a line break is read whole',
      files: real([R0027, (t) => t.replace('(third-party validation gate per RFC 0001 §"Promotion to Accepted")', '(third-party validation gate per RFC\n  0001 §"Promotion\n  to Accepted")')], R0001),
      errors: [
        { messageId: 'other', message: /^RFC 0001 §"Promotion to Accepted" cites/, where: at(R0027, 'RFC\n  0001') },
        { messageId: 'other', where: at(R0027, 'RFC 0001 §"Promotion to Accepted"') },
      ],
    },
    {
      name: 'RFC 0033 cites RFC 0021 §"Validation outcomes", a section RFC 0021 does not have',
      files: real('0033-envelope-completion-contract.md', '0021-ai-envelope-primitive.md'),
      errors: [{ messageId: 'other', message: /^RFC 0021 §"Validation outcomes" cites a section of RFC 0021, but .* \(it has §A, §B, §C, §D, §E, §F\)/, where: at('0033-envelope-completion-contract.md', 'RFC 0021 §"Validation outcomes"') }],
    },
    {
      name: "RFC 0036's own §D.4-5 (twice, one after \"per\" in a sentence naming a test file) and §D.5: §D's lists run 1–3 and 1–2; its §D.1-3 is there",
      files: real('0036-multi-region-and-cross-engine-guarantees.md'),
      errors: [
        { messageId: 'own', message: /^§D\.4-5 cites a section of this RFC/, where: at('0036-multi-region-and-cross-engine-guarantees.md', '§D.4-5') },
        { messageId: 'own', message: /^§D\.5 cites a section of this RFC, but RFCS\/0036-.* has no such section; did you mean §D\?/, where: at('0036-multi-region-and-cross-engine-guarantees.md', '§D.5') },
        { messageId: 'own', message: /^§D\.4-5 cites/, where: at('0036-multi-region-and-cross-engine-guarantees.md', '§D.4-5', 2) },
      ],
    },
    {
      name: 'a near miss gets a "did you mean" from the cited RFC\'s sections',
      files: real(['0005-conversation.md', (t) => t.replace('maps to the `shared:<groupId>` agent context per RFC 0002 §A8', 'maps to the `shared:<groupId>` agent context per RFC 0002 §A.8')], '0002-agent-identity-and-reasoning-events.md'),
      errors: [{ messageId: 'other', message: /RFC 0002 §A\.8 cites .* no such section; did you mean §A8\?/, where: at('0005-conversation.md', 'RFC 0002 §A.8') }],
    },
  ],
});

realDataTests('rfcs/unresolved-before-active on real upstream RFCs', rule('rfcs/unresolved-before-active'), 'openwop', {
  valid: [
    { name: 'RFC 0059 (Active): its questions are answered by number under the following "## Phase-0 resolution (architect ruling, …)"', files: real(R0059) },
    { name: 'RFC 0059 with the answers as bullets and no "all resolved" line: answered by their bold titles', files: real([R0059, (t) => answersByTitle(t)]) },
    { name: 'RFC 0054 (Accepted): "### Resolution (2026-05-26, at Active promotion)" answers item 3\'s "pinned … before Active"', files: real('0054-run-diff-and-execution-comparison.md') },
    { name: 'RFC 0009 (Active): the lead-in says "All four open questions resolved"', files: real('0009-production-profile-conformance.md') },
    { name: 'RFC 0058 (Accepted): the lead-in says "Resolved by the Phase-0 architect ruling"', files: real('0058-run-execution-bounds.md') },
    { name: 'RFC 0051 (Accepted): "pin the default before Active" with "**Resolved by RFC 0093 (2026-06-11):**" in the item', files: real('0051-approval-deployment-gate-primitive.md') },
    { name: 'RFC 0011 (Active): UQ1 is "Worth confirmation", but the Updated row records that "the three unresolved questions remain open and may be revisited"', files: real(R0011) },
    { name: 'RFC 0057 (Accepted): bulleted questions, each with its stance after the question ("Deferred —", "Proposed:")', files: real('0057-memory-write-attribution-event.md') },
    { name: 'RFC 0152 with a stance after UQ2 ("Carried with the real-peer criterion.")', files: real([R0152, (t) => t.replace('becomes the CI real-peer witness?', 'becomes the CI real-peer witness? Carried with the real-peer criterion.')]) },
    { name: 'RFC 0022 (Accepted): six questions, each records a recommendation, a deferral or its mechanism', files: real('0022-dispatch-input-output-mapping.md') },
    { name: 'RFC 0037 (Accepted): "Likely …; defer", "Probably yes — but …", "likely needs …. Defer to Phase 3." each take a position', files: real('0037-multi-agent-execution-model.md') },
    { name: 'RFC 0020 (Active): the question marks its option "(current proposal)", and the text after it prefers it', files: real('0020-host-mcp-server-composition.md') },
    {
      name: 'RFC 0025 with a position after UQ1 ("Current proposal: optional.") records one; so does RFC 0036 with one in UQ3 ("Deferred to a follow-up RFC.")',
      files: real(
        ['0025-test-mode-registry-namespace.md', (t) => t.replace('but raises the implementation bar.', 'but raises the implementation bar. Current proposal: optional.')],
        [R0036, (t) => t.replace("doesn't address split-brain scenarios.", "doesn't address split-brain scenarios. Deferred to a follow-up RFC.")],
      ),
    },
  ],
  invalid: [
    {
      name: 'RFC 0059 without its resolution section: two questions still say to be resolved before Active, the third waits ("Confirm with 0062")',
      files: real([R0059, (t) => t.replace(/## Phase-0 resolution[\s\S]*?(?=\n## )/, '')]),
      errors: [
        { messageId: 'blocks', severity: 'warning', message: /^RFC is Active, but unresolved question 1 still says "Resolve before Active" and records no answer/, where: (t) => ({ line: positionOf(t(`RFCS/${R0059}`), '1. **Directory semantics.**').line, column: 1 }) },
        { messageId: 'blocks', message: /unresolved question 2 still says "Decide before Active"/, where: (t) => ({ line: positionOf(t(`RFCS/${R0059}`), '2. **Version retention.**').line, column: 1 }) },
        { messageId: 'waits', message: /unresolved question 3 still waits \("Confirm"\)/, where: (t) => ({ line: positionOf(t(`RFCS/${R0059}`), '3. **Workspace').line, column: 1 }) },
      ],
    },
    {
      name: 'RFC 0049 (Accepted): "Resolve before Active"; `authorization.decided` in code and "pre-decided" in a compound word answer nothing',
      files: real([R0049, (t) => t.replace("align with RFC 0048's `owner.workspace`. Resolve before Active.", "align with RFC 0048's `owner.workspace`. Resolve before Active. It rides on `authorization.decided`; pre-decided roles stay.")]),
      errors: [{ messageId: 'blocks', message: /^RFC is Accepted, but unresolved question 2 still says "Resolve before Active"/, where: (t) => ({ line: positionOf(t(`RFCS/${R0049}`), '2. **Resource-scoped roles.**').line, column: 1 }) }],
    },
    {
      name: 'RFC 0050 (Active) with a lead-in "To decide before `Active`:": it applies to every question under it',
      files: real([R0050, (t) => t.replace('## Unresolved questions\n\n', '## Unresolved questions\n\nTo decide before `Active`:\n\n')]),
      errors: [
        { messageId: 'leadBlocks', message: /^RFC is Active, but unresolved question 1 records no answer, and the line above the questions says "decide before Active"/, where: (t) => ({ line: positionOf(t(`RFCS/${R0050}`), '1. **SCIM filtering').line, column: 1 }) },
        { messageId: 'blocks', message: /question 2 still says "Resolve before Active"/, where: (t) => ({ line: positionOf(t(`RFCS/${R0050}`), '2. **IdP-initiated').line, column: 1 }) },
        { messageId: 'blocks', message: /question 3 still says "pin before Active"/, where: (t) => ({ line: positionOf(t(`RFCS/${R0050}`), '3. **Just-in-time').line, column: 1 }) },
      ],
    },
    {
      name: 'RFC 0025 (Active): UQ1 weighs a trade-off ("Cleaner suite teardown, but raises the implementation bar.") and takes no position; `catalogResetEndpoint` in code is no answer',
      files: real('0025-test-mode-registry-namespace.md'),
      errors: [{ severity: 'warning', messageId: 'noStance', message: /^RFC is Active, but unresolved question 1 records no position: its words weigh or describe the question, but propose, decide or defer nothing/, where: (t) => ({ line: positionOf(t('RFCS/0025-test-mode-registry-namespace.md'), '1. Should `catalogResetEndpoint`').line, column: 1 }) }],
    },
    {
      name: 'RFC 0036 (Accepted): UQ3 asks nothing and states a gap ("§D.5 covers it but doesn\'t address split-brain scenarios"): no decision, no deferral',
      files: real(R0036),
      errors: [{ messageId: 'noStance', message: /^RFC is Accepted, but unresolved question 3 records no position/, where: (t) => ({ line: positionOf(t(`RFCS/${R0036}`), '3. **Cross-engine ordering + interrupt-resume').line, column: 1 }) }],
    },
    {
      name: 'RFC 0042 (Accepted): "Maintainers should confirm" and "maintainers should decide" still wait; UQ3 ("reactive is the current §B language") and UQ4 ("Single profile (the current proposal) is simpler") take a position',
      files: real('0042-experimental-capability-tier.md'),
      errors: [
        { messageId: 'waits', message: /^RFC is Accepted, but unresolved question 1 still waits \("Maintainers should confirm"\) and records no decision/ },
        { messageId: 'waits', message: /question 2 still waits \("maintainers should decide"\)/ },
      ],
    },
    {
      name: 'RFC 0043 (Active): "Need maintainer decision." is a decision still to make, not a decision (only "Decision:" records one); UQ5\'s "Today `host.*` is host-extensions-territory." states the current rule',
      files: real('0043-registry-and-extension-policy.md'),
      errors: [{ messageId: 'waits', message: /^RFC is Active, but unresolved question 1 still waits \("Need maintainer decision"\) and records no decision; record the decision, or say it stays open past Active/ }],
    },
    {
      name: 'RFC 0040 (Accepted): two questions still deferred "to comment-window discussion"',
      files: real('0040-multi-agent-cross-host-causation.md'),
      errors: [
        { messageId: 'waits', message: /question 2 still waits \("Defer to comment-window"\)/ },
        { messageId: 'waits', message: /question 3 still waits \("defer to comment-window"\)/ },
      ],
    },
    {
      name: 'RFC 0152 (Accepted): UQ2 is only asked ("Which official A2A SDK/peer becomes the CI real-peer witness?"); UQ1 records "Date resolved" ("Population still unknown (G1)" is the rest of an answer)',
      files: real(R0152),
      errors: [{ severity: 'warning', messageId: 'unanswered', message: /^RFC is Accepted, but unresolved question 2 is only asked: nothing after the question records an answer/, where: (t) => ({ line: positionOf(t(`RFCS/${R0152}`), '2. Which official A2A SDK').line, column: 1 }) }],
    },
    {
      name: 'RFC 0023 (Active): UQ4 is still "Open to feedback during the comment window", which closes before Active',
      files: real('0023-conformance-agent-event-emitters.md'),
      errors: [{ messageId: 'waits', message: /^RFC is Active, but unresolved question 4 still waits \("Open to feedback during the comment window"\)/, where: (t) => ({ line: positionOf(t('RFCS/0023-conformance-agent-event-emitters.md'), '4. Is "conformance fixture prefix').line, column: 1 }) }],
    },
    {
      name: 'RFC 0029 (Active, promoted under a steward waiver): UQ1 "flagged here for explicit reviewer attention", UQ4 "Flagged for governance review"',
      files: real('0029-prompt-override-hierarchy.md'),
      errors: [
        { messageId: 'waits', message: /question 1 still waits \("flagged here for explicit reviewer attention"\)/, where: (t) => ({ line: positionOf(t('RFCS/0029-prompt-override-hierarchy.md'), '1. **`few-shot`').line, column: 1 }) },
        { messageId: 'waits', message: /question 4 still waits \("Flagged for governance review"\)/, where: (t) => ({ line: positionOf(t('RFCS/0029-prompt-override-hierarchy.md'), '4. **Capability for replay').line, column: 1 }) },
      ],
    },
    {
      name: 'RFC 0018 (Active): UQ1\'s tentative resolution splits the RFC "before promoting any to Active", UQ2 says "Decide before Active"',
      files: real('0018-host-sql-vector-search-capability.md'),
      errors: [
        { messageId: 'blocks', message: /question 1 still says "before promoting any to Active"/, where: (t) => ({ line: positionOf(t('RFCS/0018-host-sql-vector-search-capability.md'), '1. Should `host.nosql`').line, column: 1 }) },
        { messageId: 'blocks', message: /question 2 still says "Decide before Active"/ },
      ],
    },
    {
      name: 'RFC 0012 (Active): UQ1 "should be dropped from §A in `Active` status", UQ3 "Decision deferred to `Active`"; UQ4 ("Honest open question", but RFC 0004 "is functionally sufficient" and what follows if review agrees) takes a position',
      files: real('0012-memory-compaction-profile.md'),
      errors: [
        { messageId: 'blocks', message: /question 1 still says "should be dropped from §A in Active status"/, where: (t) => ({ line: positionOf(t('RFCS/0012-memory-compaction-profile.md'), '1. **Is there a concrete').line, column: 1 }) },
        { messageId: 'blocks', message: /question 3 still says "deferred to Active"/, where: (t) => ({ line: positionOf(t('RFCS/0012-memory-compaction-profile.md'), '3. **Does this RFC need').line, column: 1 }) },
      ],
    },
    {
      name: 'RFC 0011 without the Updated row\'s word that its questions remain open: UQ1 still waits ("Worth confirmation")',
      files: real([R0011, (t) => t.replace('The three unresolved questions remain open and may be revisited as additive sub-RFCs without breaking v1 wire compatibility. ', '')]),
      errors: [{ messageId: 'waits', message: /^RFC is Active, but unresolved question 1 still waits \("Worth confirmation"\)/ }],
    },
    {
      name: 'a header table that does not render still has a Status: RFC 0056 (Active) keeps its two findings',
      files: real([R0056, (t) => t.replace('| Field | Value |\n', '| Field | Value | Notes |\n')]),
      errors: [
        { messageId: 'blocks', message: /^RFC is Active, but unresolved question 1 still says "confirm before Active"/ },
        { messageId: 'blocks', message: /question 2 still says "decide before Active"/ },
      ],
    },
  ],
});

realDataTests('rfcs/header-table on real upstream RFCs: the cause, where it is, and the fix', rule('rfcs/header-table'), 'openwop', {
  valid: [{ name: 'RFC 0056 as it is', files: real(R0056) }],
  invalid: [
    {
      name: "RFC 0039's Updated row: the unescaped `|` of \"strict|advisory\" at its line and column",
      files: real('0039-multi-agent-confidence-and-memory-lifecycle.md'),
      errors: [{ messageId: 'splitAt', severity: 'error', message: /^header row "Updated" has 3 cells where the table has 2: the `\|` at 10:\d+ is unescaped, so it splits the value, and the text after it is dropped when rendered \(write `\\\|`\)/, where: (t) => ({ ...at('0039-multi-agent-confidence-and-memory-lifecycle.md', 'strict|advisory')(t), column: at('0039-multi-agent-confidence-and-memory-lifecycle.md', 'strict|advisory')(t).column + 6 }) }],
    },
    {
      name: 'a header row with an extra `|` (RFC 0056): the table does not render; the finding names both counts, the `|` and the fix',
      files: real([R0056, (t) => t.replace('| Field | Value |\n', '| Field | Value | Notes |\n')]),
      errors: [{ messageId: 'unrenderedPipe', message: /^the header table does not render: its header row \(line 3\) has 3 cells and its delimiter row 2: the header row's `\|` at 3:17 is unescaped \(write `\\\|`\), or give the delimiter row 3 cells/, line: 3, column: 17 }],
    },
  ],
});

realDataTests('rfcs/acceptance-boxes on real upstream RFCs (a warning under openwop)', rule('rfcs/acceptance-boxes'), 'openwop', {
  valid: [
    { name: 'RFC 0152 (Accepted): each unticked box says what was carried ("Carried: …", "(Carried, and externally gated …)")', files: real('0152-a2a-1-0-versioned-composition.md') },
    { name: 'RFC 0058 (Accepted): the unticked box is "deferred to RFC 0061"', files: real('0058-run-execution-bounds.md') },
    { name: 'RFC 0042 (Accepted): the unticked box is a "Follow-up (additive, non-blocking)"', files: real('0042-experimental-capability-tier.md') },
    { name: 'RFC 0053 (Draft) ticks boxes before it is Accepted', files: real('0053-dead-letter-routing-and-failure-sinks.md') },
    {
      name: "RFC 0002 with a Status history sentence that the remaining criteria were deferred",
      files: real(['0002-agent-identity-and-reasoning-events.md', (t) => t.replace('conformance scenarios pass against SQLite reference host)', 'conformance scenarios pass against SQLite reference host; the four open acceptance criteria are deferred to v1.1)')]),
    },
  ],
  invalid: [
    {
      name: 'RFC 0002 (Accepted): four unticked boxes and no outcome recorded for them',
      files: real('0002-agent-identity-and-reasoning-events.md'),
      errors: ['At least one conformance scenario covering reasoning', 'At least one conformance scenario covering §F', 'CHANGELOG entry under `v1.0`', 'Reference host emits all five'].map((text) => ({
        messageId: 'noOutcome', severity: 'warning' as const,
        message: /^Accepted RFC has an unticked acceptance box with no recorded outcome: ".*" \(tick it, or say on the item or in the Status\/Updated history that it was waived, deferred or carried\) \(RFC 0001 §3 \(Accepted: acceptance criteria met\), template\)$/,
        where: (t: (f: string) => string) => ({ line: positionOf(t('RFCS/0002-agent-identity-and-reasoning-events.md'), text).line, column: 1 }),
      })),
    },
    {
      name: 'RFC 0036 (Accepted): "rows 17 + 33 dropped from §…" is what the box asks for, not its outcome; the box is reported with the other ten',
      files: real(R0036),
      errors: Array.from({ length: 11 }, (_, i) => ({
        messageId: 'noOutcome',
        where: (t: (f: string) => string) => ({ line: positionOf(t(`RFCS/${R0036}`), '- [ ] Spec text merged (this file).').line + i, column: 1 }),
      })),
    },
    {
      name: 'RFC 0036 with the outcome in a note after a dash: the box is settled',
      files: real([R0036, (t) => t.replace('§"Behavior tests too coarse."', '§"Behavior tests too coarse." — deferred to the next KNOWN-LIMITS pass.')]),
      errors: Array.from({ length: 10 }, (_, i) => ({ messageId: 'noOutcome', where: (t: (f: string) => string) => ({ line: positionOf(t(`RFCS/${R0036}`), '- [ ] Spec text merged (this file).').line + i, column: 1 }) })),
    },
  ],
});

realDataTests('rfcs/dates-valid on real upstream RFCs: Updated is not older than a recorded status flip', rule('rfcs/dates-valid'), 'openwop', {
  valid: [{ name: 'RFC 0030: Updated 2026-05-21 is the day of its "### Active → Accepted (2026-05-21)"', files: real('0030-envelope-reasoning-and-tier-one-subset.md') }],
  invalid: [
    {
      name: 'RFC 0030 with Updated 2026-05-20, before the flip its Status history records',
      files: real(['0030-envelope-reasoning-and-tier-one-subset.md', (t) => t.replace('| **Updated** | 2026-05-21 (Active → Accepted', '| **Updated** | 2026-05-20 (Active → Accepted')]),
      errors: [
        {
          messageId: 'olderThanFlip', message: /^Updated 2026-05-20 is older than the status flip Active → Accepted on 2026-05-21 that the RFC records \(line \d+\)/,
          where: (t) => at('0030-envelope-reasoning-and-tier-one-subset.md', '2026-05-20 (Active')(t),
        },
      ],
    },
  ],
});
