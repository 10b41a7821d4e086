import type { Corpus } from '../core/corpus.js';
import type { FindingDraft } from '../core/engine.js';
import type { RelatedLocation } from '../core/findings.js';
import { affectedFiles, claimedClass, headerRows } from './rfc-header.js';
import { RULES } from './rules.js';
import type { Change } from './types.js';

/*
 * Which RFCs answer for the compared range: those added or changed in it. An RFC accepted long ago
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
  /** Breaking changes in those files (or in schemas they `$ref`), when the claim is `additive`. */
  breaking: number;
  /** For an `additive` claim over at least one compared file: whether it holds. */
  holds?: boolean;
  findings: FindingDraft[];
}

export interface ClaimInput {
  corpus: Corpus;
  rfcs: readonly string[];
  changes: readonly Change[];
  /** Every compared file, by its head path and (when different or gone) its base path. */
  files: readonly string[];
  ref: string;
  /** Compared schemas a file references through `$ref` (direct ones). */
  dependsOn(file: string): string[];
}

export function checkClaims(input: ClaimInput): ClaimResult[] {
  const results: ClaimResult[] = [];
  for (const rfc of input.rfcs) {
    const text = input.corpus.text(rfc);
    if (text === undefined) continue;
    const rows = headerRows(text);
    const compat = rows.get('Compatibility');
    const claim = claimedClass(compat);
    const affected = affectedFiles(rows.get('Affects'), input.files);
    const result: ClaimResult = { rfc, ...(claim ? { claim } : {}), affects: [...affected.keys()], breaking: 0, findings: [] };
    results.push(result);
    if (claim !== 'additive' || !compat) continue;
    const number = /^#\s*RFC\s+(\d{4})/m.exec(text)?.[1] ?? rfc;
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
        message: `RFC ${number} claims "additive", but \`${named}\` has a breaking change since ${input.ref}:${through} ${first.reason} at ${first.pointer || '(root)'}${more} (${RULES.claim.rfc})`,
        rfc: RULES.claim.rfc,
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
