import { printable } from '../core/base/printable.js';
import type { ReportSection } from '../core/reporters/types.js';
import { captureFileName } from './capture.js';
import type { Verdict } from './legs.js';
import type { ProbeRun } from './run.js';

const STEP_MARK: Record<Verdict, string> = { 'executed-pass': 'pass', 'executed-fail': 'FAIL', inapplicable: 'n/a ' };

export interface RenderInput {
  run: ProbeRun;
  recordDir?: string;
  /** --color/--no-color, NO_COLOR, FORCE_COLOR, the terminal (run-env colorFor). */
  color?: boolean;
}

/**
 * probe's section of the result (core/cli/run-env.ts emit renders it in every format): the table of
 * legs before the findings in stylish, `probe` and `legs` ahead of the findings in json, a notice
 * per leg before github's annotations.
 */
export function probeSection(input: RenderInput): ReportSection {
  const { run } = input;
  const notices = run.legs.map((l) => `::notice title=${l.id}::${l.verdict} (${l.rfc})${l.verdict === 'executed-pass' ? '' : ` — ${stepText(l.steps.filter((s) => s.verdict === l.verdict).map((s) => s.detail).join('; ')).replace(/%/g, '%25')}`}`);
  return { json: { probe: runSummary(input), legs: legRows(run) }, before: true, human: table(input), github: notices };
}

function runSummary(input: RenderInput) {
  const { run } = input;
  return {
    url: run.url,
    card: run.cardUrl,
    interface: run.iface ?? null,
    cardVersions: run.facts.cardVersions,
    interfaceVersions: run.facts.interfaceVersions,
    declaresSecurity: run.facts.declaresSecurity,
    notProbed: run.notProbed ?? null,
    requests: run.requests,
    record: input.recordDir ?? null,
    counts: counts(run),
  };
}

function legRows(run: ProbeRun) {
  return run.legs.map((l) => ({
    leg: l.id,
    rfc: l.rfc,
    verdict: l.verdict,
    failedSections: [...new Set(l.steps.flatMap((s) => s.problems.filter((p) => p.result.severity === 'error').map((p) => p.result.rfc)))],
    steps: l.steps.map((s) => ({ step: s.name, verdict: s.verdict, detail: s.detail, exchanges: s.captures.map((i) => captureFileName(i, run.captures[i]!.case)) })),
  }));
}

function counts(run: ProbeRun): Record<Verdict, number> {
  const c: Record<Verdict, number> = { 'executed-pass': 0, 'executed-fail': 0, inapplicable: 0 };
  for (const l of run.legs) c[l.verdict]++;
  return c;
}

function table(input: RenderInput): string {
  const { run } = input;
  const out: string[] = [`probe ${printable(run.url)}`, `  card       ${printable(run.cardUrl)}`];
  if (run.iface) {
    out.push(printable(`  interface  ${run.iface} (JSONRPC 1.0; versions at this URL: ${run.facts.interfaceVersions.join(', ')}; security declared: ${run.facts.declaresSecurity ? 'yes' : 'no'})`));
  } else out.push(`  interface  none probed: ${printable(String(run.notProbed))}`);
  out.push('');
  for (const leg of run.legs) {
    const sections = leg.verdict === 'executed-fail' ? [...new Set(leg.steps.flatMap((s) => s.problems.filter((p) => p.result.severity === 'error').map((p) => p.result.rfc)))].join(', ') : leg.rfc;
    out.push(`${leg.verdict.padEnd(14)} ${leg.id.padEnd(32)} ${sections}`);
    for (const s of leg.steps) {
      const where = s.captures.length ? `  [${s.captures.map((i) => String(i + 1).padStart(2, '0')).join(',')}]` : '';
      out.push(`    ${STEP_MARK[s.verdict]}  ${s.name}: ${stepText(s.detail)}${where}`);
    }
  }
  const c = counts(run);
  out.push('');
  out.push(`${run.legs.length} legs: ${c['executed-pass']} executed-pass, ${c['executed-fail']} executed-fail, ${c.inapplicable} inapplicable · ${run.requests} requests${input.recordDir ? ` · exchanges recorded in ${input.recordDir}` : ''}`);
  out.push('');
  return out.join('\n') + '\n';
}

/** A step's detail quotes the host (its error.message, headers): shown escaped, and cut. */
function stepText(s: string): string {
  return printable(s.length > 240 ? s.slice(0, 240) + '…' : s);
}
