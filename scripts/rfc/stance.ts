/**
 * Whether an open question's own words take a position: a proposal, a recommendation, the current
 * or default behaviour, a decision, a deferral, a yes/no/likely answer, or a chosen option. A small
 * vocabulary, read from prose with inline code already left out (read.ts), and matched as whole
 * words only: `currentState`, `host-extensions-territory` or `non-default` are identifiers and
 * compounds, not stances. Measured on upstream's RFCs (docs/configuration.md, "Measured on
 * upstream's own RFCs"): every question of theirs past Draft that records a position uses one of
 * these words; the ones that do not ("Cleaner suite teardown, but raises the implementation bar.",
 * "§D.5 covers it but doesn't address split-brain scenarios.") weigh or describe without choosing.
 */

/** Words a position is stated in, by kind. Each is a whole word (see `WHOLE`). */
const STANCE_WORDS = [
  // proposed or recommended
  'propose', 'proposed', 'proposes', 'proposal', 'suggest', 'suggests', 'suggested', 'recommend', 'recommends', 'recommended', 'recommendation', 'tentative', 'tentatively', 'drafted', 'prefer', 'preferred',
  // the current or default behaviour, chosen on purpose
  'current', 'currently', 'today', 'default', 'intentional', 'intentionally', 'deliberate', 'deliberately', 'sufficient',
  // decided, or an option chosen (a rationale is given for one)
  'decided', 'decision', 'rationale', 'resolved', 'settled', 'rejected', 'chosen', 'keep', 'kept', 'leave', 'left', 'stay', 'stays', 'start',
  // deferred: to later, a future RFC, a phase or version, an operator or adopter; carried or tracked as later work
  'defer', 'defers', 'deferred', 'deferring', 'later', 'revisit', 'revisited', 'follow-up', 'future', 'eventual', 'eventually', 'until', 'sub-RFC', 'carried', 'tracked',
  // answered
  'yes', 'no', 'likely', 'unlikely', 'probably',
];

/** Not part of an identifier, a path, a dotted name or a hyphenated compound. */
const WHOLE = (alternatives: string) => `(?<![\\w.\\-/])(?:${alternatives})(?![\\w-]|\\.\\w)`;

const STANCE_WORD = new RegExp(WHOLE(STANCE_WORDS.join('|')), 'i');
/** Phrases of the same kinds that no single word carries. */
const STANCE_PHRASE = new RegExp(
  [
    `\\bout\\s+of\\s+scope\\b`,
    `\\b(?:not|neither|nor|never)\\s+block(?:s|ing)?\\b`,
    `\\bseparate\\s+RFC\\b`,
    // "Not now: …", "It is a narrowing, so: v3.", "needs a major": a decision not to do it in this version.
    `\\bnot\\s+now\\b`,
    `(?:\\bso|\\b(?:in|until|before|for|to))\\s*:?\\s+v\\d+(?:\\.\\d+)*\\b`,
    `\\bneeds?\\s+a\\s+major\\b`,
    // "add it when an adopter pulls", "expand if real demand surfaces"
    `\\b(?:when|if|once)\\s+[^.;?]{0,40}?\\b(?:pulls?|pulled|demand|adopts?|wanted|needed)\\b`,
  ].join('|'),
  'i',
);
/** An RFC 2119 keyword (capitals only, as RFC 8174 has it): the item states the rule it keeps. */
const NORMATIVE = new RegExp(WHOLE('MUST|SHOULD|MAY|SHALL|REQUIRED|RECOMMENDED|OPTIONAL'));

/** The word or phrase by which `text` takes a position, or undefined when it takes none. */
export function stanceIn(text: string): string | undefined {
  return (STANCE_WORD.exec(text) ?? STANCE_PHRASE.exec(text) ?? NORMATIVE.exec(text))?.[0];
}

/**
 * A question closed by where it now lives: a position recorded as "not here" ("Not required
 * here", "belongs to the A2A mapping registry … not here"), a register row that carries it
 * ("Register G1", "recorded as G1"), another RFC ("filed as its own RFC", "owned by RFC 0174"), or
 * a later phase ("in Phase 3"). A steward reads these as answered: the question is not open here.
 */
const DEFERRAL_WITH_PLACE = new RegExp(
  [
    String.raw`\bnot\s+(?:required|needed|decided|answered|in\s+scope)\s+here\b`,
    String.raw`\bnot\s+here\b`,
    String.raw`\bbelongs?\s+(?:to|in|with)\b`,
    String.raw`\b(?:register(?:ed)?|recorded|tracked|carried)\s+(?:as\s+|in\s+|under\s+)?(?:(?:the\s+)?(?:register|gap|risk)\s+)?(?:row\s+)?[A-Z]{1,3}\d+\b`,
    String.raw`\bfiled\s+as\b`,
    String.raw`\b(?:its|their)\s+own\s+RFC\b`,
    String.raw`\b(?:owned|handled|covered|addressed|settled|decided|answered)\s+(?:by|in|with)\s+(?:RFC\s+\d{4}|the\s+\w+\s+RFC|C\.\d+)`,
    String.raw`\b(?:in|at|to|with|during)\s+Phase\s+\d\b`,
  ].join('|'),
  'i',
);

/** The words by which `text` places the question elsewhere (a register row, another RFC, a later phase, "not here"), if it does. */
export function deferralIn(text: string): string | undefined {
  return DEFERRAL_WITH_PLACE.exec(text)?.[0];
}
