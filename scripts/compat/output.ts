import { countBySeverity } from '../core/model/findings.js';
import type { CheckResult } from '../core/model/findings.js';
import { printable } from '../core/base/printable.js';
import type { ReportEnv, ReportSection } from '../core/reporters/types.js';
import type { CompatResult } from './compare.js';
import { ruleFor } from './rules.js';
import type { Change, ChangeClass } from './types.js';

/*
 * The classification table is a section of the result (core/cli/run-env.ts emit): in stylish output it
 * is printed before the findings, in json output it is a top-level `changes` array (plus a `compat`
 * object) beside the report's `findings` and `summary`, which keep their shape. The other formats
 * carry the findings only.
 */

export function checkResult(r: CompatResult, ms: number): CheckResult {
  const { errors, warnings } = countBySeverity(r.findings);
  return {
    findings: r.findings,
    families: [{ family: 'compat', files: r.schemaFiles + r.dataFiles + r.openapiFiles + r.rfcsInRange.length, visited: r.changes.length, errors, warnings, ms: Math.round(ms * 10) / 10 }],
  };
}

/** compat's section of the result: the change table before the findings (not with --quiet: a change is not an error), `changes` and `compat` in json. */
export function compatSection(r: CompatResult, opts: { color: boolean; quiet: boolean }): ReportSection {
  return { json: { changes: r.changes.map(jsonChange), compat: jsonMeta(r) }, ...(opts.quiet ? {} : { human: table(r, { color: opts.color }) + '\n' }) };
}

function jsonChange(c: Change) {
  return {
    file: c.file,
    baseFile: c.baseFile ?? null,
    subject: c.subject,
    pointer: c.pointer,
    class: c.class,
    kind: c.kind,
    rule: ruleFor(c).id,
    reason: c.reason,
    declaredBy: c.declaredBy ? c.declaredBy.rfc : null,
    line: c.line,
    column: c.column,
    endLine: c.endLine,
    endColumn: c.endColumn,
  };
}

function jsonMeta(r: CompatResult) {
  const counts: Record<ChangeClass, number> = { breaking: 0, additive: 0, editorial: 0 };
  for (const c of r.changes) counts[c.class]++;
  return {
    base: { ref: r.ref, commit: r.commit },
    head: r.head,
    files: { schemas: r.schemaFiles, data: r.dataFiles, openapi: r.openapiFiles },
    counts,
    rfcsInRange: r.rfcsInRange,
    claims: r.claims.map(({ findings: _f, ...c }) => c),
  };
}

const CLASS_COLOR: Record<ChangeClass, string> = { breaking: '31', additive: '32', editorial: '2' };

/** Every name, pointer, reason and claim comes from the compared files or the RFCs: shown through printable(). */
export function table(r: CompatResult, env: Pick<ReportEnv, 'color'>): string {
  const paint = (code: string, s: string) => (env.color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const out: string[] = [];
  const counts: Record<ChangeClass, number> = { breaking: 0, additive: 0, editorial: 0 };
  for (const c of r.changes) counts[c.class]++;
  out.push(
    `compat: ${printable(r.ref)} (${printable(r.commit.slice(0, 12))}) → ${printable(r.head)}: ${r.schemaFiles} schema file${r.schemaFiles === 1 ? '' : 's'}, ${r.dataFiles} data file${r.dataFiles === 1 ? '' : 's'}` +
      (r.openapiFiles ? `, ${r.openapiFiles} OpenAPI document${r.openapiFiles === 1 ? '' : 's'}` : '') +
      '; ' +
      `${counts.breaking} breaking, ${counts.additive} additive, ${counts.editorial} editorial`,
  );
  const byFile = new Map<string, Change[]>();
  for (const c of r.changes) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  const ptrWidth = Math.min(48, Math.max(7, ...r.changes.map((c) => printable(c.pointer || '(root)').length)));
  for (const [file, list] of byFile) {
    out.push('');
    const from = list.find((c) => c.baseFile)?.baseFile;
    out.push(paint('4', printable(file)) + (from ? ` (from ${printable(from)})` : ''));
    for (const c of list) {
      const where = `${c.line}:${c.column}`.padEnd(8);
      const ptr = printable(c.pointer || '(root)').padEnd(ptrWidth);
      const declared = c.declaredBy ? ` (declared by RFC ${printable(c.declaredBy.number)})` : '';
      out.push(`  ${where} ${paint(CLASS_COLOR[c.class], c.class.padEnd(9))}  ${ptr}  ${printable(c.reason)}${declared}`);
    }
  }
  if (r.rfcsInRange.length) {
    out.push('', 'RFCs added or changed since the base:');
    for (const c of r.claims) {
      const claim = c.claim === undefined ? '(no Compatibility row)' : printable(c.claim);
      const affects = c.affects.length ? printable(c.affects.join(', ')) : 'no compared file (nothing to hold it to)';
      const verdict =
        c.declares !== undefined
          ? ` — declares ${c.declares} breaking change${c.declares === 1 ? '' : 's'}`
          : c.holds === undefined
            ? ''
            : c.holds
              ? paint('32', ' — holds')
              : paint('31', ` — contradicted by ${c.breaking} breaking change${c.breaking === 1 ? '' : 's'}`);
      out.push(`  ${printable(c.rfc)}: claims ${claim}; affects ${affects}${verdict}`);
    }
  } else {
    out.push('', 'RFCs added or changed since the base: none');
  }
  return out.join('\n') + '\n';
}
