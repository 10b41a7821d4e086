import { formatMessage } from '../core/engine/rule.js';
import type { Corpus } from '../core/parse/corpus.js';
import type { FindingDraft } from '../core/engine/engine.js';
import type { RelatedLocation } from '../core/model/findings.js';
import type { HeaderRow } from '../rfc/document.js';
import { headerField, rfcNumber } from '../rfc/document.js';
import { loadRfcSet } from '../rfc/set.js';
import { RULES } from './rules.js';
import type { Change } from './types.js';

/*
 * Which RFCs answer for the compared range: those added or changed in it. An RFC whose
 * Compatibility row says `breaking` declares the breaking changes of the files (or folders) its
 * Affects row names: they are reported as notices, not errors. One that says `additive` or
 * `safety-fix` promises there are none: a breaking change in such a file (or in a schema it
 * reaches through `$ref`) is an error at the RFC's Compatibility row. An RFC accepted long ago
 * made its claim about its own change; a later breaking change to a schema it once touched is not
 * its doing, so holding every RFC that ever named the schema to it would raise false alarms. The
 * RFC that comes with the change (or is edited alongside it) is the one whose claim must hold.
 */

export interface ClaimResult {
  rfc: string;
  /** The first word of the Compatibility row, lower-cased (`additive`, `breaking`, …). */
  claim?: string;
  /** Compared files the Affects row names. */
  affects: string[];
  /** Breaking changes in those files (or in schemas they `$ref`), when the claim is `additive` or `safety-fix`. */
  breaking: number;
  /** For an `additive` or `safety-fix` claim over at least one compared file: whether it holds. */
  holds?: boolean;
  /** For a `breaking` claim: how many breaking changes of the range it declares. */
  declares?: number;
  findings: FindingDraft[];
}

export interface ClaimInput {
  corpus: Corpus;
  rfcs: readonly string[];
  /** The changes of the range; a breaking one a `breaking` RFC declares gets its `declaredBy`. */
  changes: Change[];
  /** Every compared file, by its head path and (when different or gone) its base path. */
  files: readonly string[];
  ref: string;
  /** Compared schemas a file references through `$ref` (direct ones). */
  dependsOn(file: string): string[];
}

/** Claims that promise no breaking change. */
const NON_BREAKING = new Set(['additive', 'safety-fix', 'editorial']);
/** An RFC in these states decides nothing. */
const NOT_IN_FORCE = /^(withdrawn|rejected)\b/i;

export async function checkClaims(input: ClaimInput): Promise<ClaimResult[]> {
  const results: ClaimResult[] = [];
  const set = await loadRfcSet(input.corpus);
  for (const rfc of input.rfcs) {
    const doc = await set.read(rfc);
    if (!doc) continue;
    const compat = headerField(doc, 'Compatibility');
    const claim = claimedClass(compat);
    const affected = affectedFiles(headerField(doc, 'Affects'), input.files);
    const result: ClaimResult = { rfc, ...(claim ? { claim } : {}), affects: [...affected.keys()], breaking: 0, findings: [] };
    results.push(result);
    const number = doc.title?.number ?? rfcNumber(doc) ?? rfc;
    const status = headerField(doc, 'Status')?.value.replace(/`/g, '').trim() ?? '';
    if (claim === 'breaking' && compat && !NOT_IN_FORCE.test(status)) {
      result.declares = 0;
      for (const c of input.changes) {
        if (c.class !== 'breaking' || c.declaredBy) continue;
        if (!affected.has(c.file) && !(c.baseFile !== undefined && affected.has(c.baseFile))) continue;
        c.declaredBy = { rfc, number, ...compat.range };
        result.declares++;
      }
      continue;
    }
    if (!claim || !NON_BREAKING.has(claim) || !compat) continue;
    for (const [file, named] of affected) {
      const broken = breakingIn(file, input);
      if (broken.length === 0) continue;
      result.breaking += broken.length;
      const first = broken[0]!;
      const more = broken.length > 1 ? ` (and ${broken.length - 1} more)` : '';
      const through = first.file !== file && first.baseFile !== file ? ` in ${first.file}, which it references through $ref,` : '';
      result.findings.push({
        ruleId: RULES.claim.id,
        file: rfc,
        ...compat.range,
        messageId: 'contradicted',
        message: formatMessage(RULES.claim, 'contradicted', { number, claim, file: named, ref: input.ref, through, reason: first.reason, pointer: first.pointer || '(root)', more }),
        related: broken.map(
          (c): RelatedLocation => ({ file: c.file, line: c.line, column: c.column, endLine: c.endLine, endColumn: c.endColumn, message: `breaking: ${c.reason}` }),
        ),
      });
    }
    if (affected.size > 0) result.holds = result.breaking === 0;
  }
  return results;
}

/** Breaking changes of a file and of the compared schemas it reaches through `$ref`. */
function breakingIn(file: string, input: ClaimInput): Change[] {
  const reach = new Set<string>([file]);
  const queue = [file];
  while (queue.length) {
    for (const dep of input.dependsOn(queue.shift()!)) {
      if (!reach.has(dep)) {
        reach.add(dep);
        queue.push(dep);
      }
    }
  }
  return input.changes.filter((c) => c.class === 'breaking' && (reach.has(c.file) || (c.baseFile !== undefined && reach.has(c.baseFile))));
}

/** The compatibility class an RFC claims: the first word of its Compatibility row, lower-cased. */
export function claimedClass(row: HeaderRow | undefined): string | undefined {
  const m = row ? /^[A-Za-z][\w-]*/.exec(row.value) : null;
  return m ? m[0].toLowerCase() : undefined;
}

/**
 * The repository paths an Affects row names (inline code, RFC 0001 §B) that cover one of `files`:
 * a file named exactly, or a folder (`spec/v2/`) that contains it. `<repo>:<path>` names a sibling
 * repository and covers nothing here.
 */
export function affectedFiles(row: HeaderRow | undefined, files: Iterable<string>): Map<string, string> {
  const covered = new Map<string, string>();
  if (!row) return covered;
  const named = row.codes.map((c) => c.value.trim()).filter((c) => !/^[\w.-]+:/.test(c)).map((c) => c.replace(/^\.\//, ''));
  for (const file of files) {
    const hit = named.find((n) => n === file || file.startsWith(n.endsWith('/') ? n : `${n}/`));
    if (hit !== undefined) covered.set(file, hit);
  }
  return covered;
}
