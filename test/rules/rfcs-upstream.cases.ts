import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../../scripts/core/findings.js';
import { ANCHOR, SHARED } from '../helpers/env.js';
import type { InvalidCase, RuleSuite, ValidCase } from '../helpers/rule-tester.js';
import { checkFindings, positionOf } from '../helpers/rule-tester.js';

/*
 * rfcs rules on real upstream text: RFCs of ../shared/anchors/openwop-rfcs and upstream's RFC 0001
 * (openwop-v2), read in place into an in-memory corpus, under --preset openwop. Each suite compares
 * the findings of its own rule only: real RFCs carry findings of other rules.
 */

/** An upstream RFC's text, read in place when a case runs (a clone without ../shared never reads it). */
export function upstreamText(file: string): string {
  const more = path.join(SHARED, 'anchors/openwop-rfcs/RFCS', file);
  return readFileSync(existsSync(more) ? more : path.join(ANCHOR, 'RFCS', file), 'utf8');
}

/**
 * A case's corpus: the named upstream RFCs as they are (`'0037-….md'`) or edited (`['0059-….md',
 * edit]`), each under RFCS/. Getters: the text is read when the case runs.
 */
export function real(...files: Array<string | [string, (text: string) => string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of files) {
    const [name, edit] = typeof f === 'string' ? [f, (t: string) => t] : f;
    Object.defineProperty(out, `RFCS/${name}`, { enumerable: true, get: () => edit(upstreamText(name)) });
  }
  return out;
}

/** A suite of one rule (or a few) over upstream RFCs, under --preset openwop; other rules' findings are not compared. */
export function upstreamSuite(name: string, ruleIds: string[], cases: { valid: ValidCase[]; invalid: InvalidCase[] }): RuleSuite {
  return {
    name,
    base: {},
    skip: true,
    run: async (source, c): Promise<Finding[]> => {
      const found = await checkFindings(source, { families: ['rfcs'], preset: 'openwop', options: c.options });
      return found.filter((f) => ruleIds.includes(f.ruleId));
    },
    ...cases,
  };
}

const R0027 = '0027-prompt-templates.md';
const R0001 = '0001-rfc-process.md';
/** Line and column where `needle` starts (a citation's finding starts where it names the RFC, or at its `§`). */
const at = (file: string, needle: string, nth = 1) => (t: (f: string) => string) => {
  const { line, column } = positionOf(t(`RFCS/${file}`), needle, nth);
  return { line, column };
};

export const SUITES: RuleSuite[] = [
  upstreamSuite('rfcs/cited-section-exists on real upstream RFCs', ['rfcs/cited-section-exists'], {
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
          { ruleId: 'rfcs/cited-section-exists', file: `RFCS/${R0027}`, severity: 'error', message: /^RFC 0001 §"Promotion to Accepted" cites a section of RFC 0001, but RFCS\/0001-rfc-process.md has no such section \(it has §1, §2, .*§8\) \(RFC 0001 §6, template\)$/, where: at(R0027, 'RFC 0001 §"Promotion to Accepted"') },
          { ruleId: 'rfcs/cited-section-exists', file: `RFCS/${R0027}`, where: at(R0027, 'RFC 0001 §"Promotion to Accepted"', 2) },
        ],
      },
      {
        name: 'RFC 0037 cites "RFCs/0001 §\"Promotion to Accepted.\"" by its folder and number',
        files: real('0037-multi-agent-execution-model.md', R0001),
        errors: [{ ruleId: 'rfcs/cited-section-exists', message: /^RFC 0001 §"Promotion to Accepted" cites/, where: at('0037-multi-agent-execution-model.md', 'RFCs/0001 §"Promotion to Accepted."') }],
      },
      {
        name: 'a citation split by a line break is read whole',
        files: real([R0027, (t) => t.replace('(third-party validation gate per RFC 0001 §"Promotion to Accepted")', '(third-party validation gate per RFC\n  0001 §"Promotion\n  to Accepted")')], R0001),
        errors: [
          { ruleId: 'rfcs/cited-section-exists', message: /^RFC 0001 §"Promotion to Accepted" cites/, where: at(R0027, 'RFC\n  0001') },
          { ruleId: 'rfcs/cited-section-exists', where: at(R0027, 'RFC 0001 §"Promotion to Accepted"') },
        ],
      },
      {
        name: 'RFC 0033 cites RFC 0021 §"Validation outcomes", a section RFC 0021 does not have',
        files: real('0033-envelope-completion-contract.md', '0021-ai-envelope-primitive.md'),
        errors: [{ ruleId: 'rfcs/cited-section-exists', message: /^RFC 0021 §"Validation outcomes" cites a section of RFC 0021, but .* \(it has §A, §B, §C, §D, §E, §F\)/, where: at('0033-envelope-completion-contract.md', 'RFC 0021 §"Validation outcomes"') }],
      },
      {
        name: "RFC 0036's own §D.5: §D's lists run 1–3 and 1–2",
        files: real('0036-multi-region-and-cross-engine-guarantees.md'),
        errors: [{ ruleId: 'rfcs/cited-section-exists', message: /^§D\.5 cites a section of this RFC, but RFCS\/0036-.* has no such section; did you mean §D\?/, where: at('0036-multi-region-and-cross-engine-guarantees.md', '§D.5') }],
      },
      {
        name: 'a near miss gets a "did you mean" from the cited RFC\'s sections',
        files: real(['0005-conversation.md', (t) => t.replace('maps to the `shared:<groupId>` agent context per RFC 0002 §A8', 'maps to the `shared:<groupId>` agent context per RFC 0002 §A.8')], '0002-agent-identity-and-reasoning-events.md'),
        errors: [{ ruleId: 'rfcs/cited-section-exists', message: /RFC 0002 §A\.8 cites .* no such section; did you mean §A8\?/, where: at('0005-conversation.md', 'RFC 0002 §A.8') }],
      },
    ],
  }),
];
