import { countBySeverity } from '../findings.js';
import type { Finding } from '../findings.js';
import { LineIndex } from '../position.js';
import { printable } from './printable.js';
import type { Reporter, ReportEnv } from './types.js';

/** ESLint-style: findings grouped by file, each with a code frame, then a summary. */
export const stylish: Reporter = (result, env) => {
  const out: string[] = [];
  const byFile = new Map<string, Finding[]>();
  for (const f of result.findings) {
    const list = byFile.get(f.file) ?? [];
    list.push(f);
    byFile.set(f.file, list);
  }
  for (const [file, findings] of byFile) {
    out.push(paint(env, '4', printable(file)));
    const text = env.sourceOf(file);
    const lines = text === undefined ? undefined : new LineIndex(text);
    for (const f of findings) {
      const sev = f.severity === 'error' ? paint(env, '31', 'error') : f.severity === 'warning' ? paint(env, '33', 'warning') : paint(env, '36', 'notice');
      out.push(`  ${f.line}:${f.column}  ${sev}  ${printable(f.message)}  ${paint(env, '2', printable(f.ruleId))}`);
      if (f.pointer !== undefined && f.pointer !== '') out.push(`    ${paint(env, '2', `at ${printable(f.pointer)}`)}`);
      if (lines && f.line <= lines.lineCount) for (const l of codeFrame(lines, f)) out.push(l);
      for (const r of f.related ?? []) out.push(`    ${paint(env, '2', printable(`${r.file}:${r.line}:${r.column}: ${r.message}`))}`);
    }
    out.push('');
  }
  const { errors, warnings, notices } = countBySeverity(result.findings);
  const total = errors + warnings;
  const noted = notices ? `, ${notices} notice${notices === 1 ? '' : 's'}` : '';
  if (total > 0) {
    out.push(paint(env, errors ? '31' : '33', `✖ ${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${noted})`));
  } else {
    out.push(paint(env, '32', `✔ no problems${notices ? ` (${noted.slice(2)})` : ''}`));
  }
  for (const s of result.families) {
    out.push(`  ${printable(s.family).padEnd(14)} ${String(s.files).padStart(4)} files  ${String(s.visited).padStart(6)} visited  ${String(s.errors).padStart(4)} errors  ${String(s.warnings).padStart(4)} warnings  ${s.ms.toFixed(1).padStart(7)} ms`);
    const extras = Object.entries(s.extras ?? {}).map(([k, v]) => printable(`${k} ${Array.isArray(v) ? v.length : v}`));
    if (extras.length) out.push(`  ${' '.repeat(14)} ${extras.join(' · ')}`);
  }
  return out.join('\n') + '\n';
};

const FRAME_WIDTH = 120;

/** Two lines of context around the finding; long lines are shown as a window around the column. */
function codeFrame(lines: LineIndex, f: Finding): string[] {
  const first = Math.max(1, f.line - 1);
  const last = Math.min(lines.lineCount, f.line + 1);
  const width = String(last).length;
  const col = Math.max(1, f.column);
  // One horizontal window for every line of the frame, so the caret stays under its text.
  const from = Math.max(0, col - 1 - Math.floor(FRAME_WIDTH / 3));
  const frame: string[] = [];
  for (let n = first; n <= last; n++) {
    const raw = lines.lineText(n).replace(/\t/g, ' ');
    const shown = (from > 0 ? '…' : '') + printable(raw.slice(from, from + FRAME_WIDTH)) + (raw.length > from + FRAME_WIDTH ? '…' : '');
    frame.push(`    ${n === f.line ? '>' : ' '} ${String(n).padStart(width)} | ${shown}`);
    if (n === f.line) {
      const endCol = f.endLine === f.line ? Math.max(col + 1, f.endColumn) : raw.length + 1;
      // An escaped control character takes several columns: the caret moves with the escapes before it.
      const lead = ' '.repeat(printable(raw.slice(from, Math.max(from, col - 1))).length + (from > 0 ? 1 : 0));
      const span = Math.max(1, Math.min(endCol - col, FRAME_WIDTH - (col - 1 - from)));
      frame.push(`    ${' '.repeat(2 + width)} | ${lead}${'^'.repeat(span)}`);
    }
  }
  return frame;
}

function paint(env: ReportEnv, code: string, s: string): string {
  return env.color ? `\u001b[${code}m${s}\u001b[0m` : s;
}
