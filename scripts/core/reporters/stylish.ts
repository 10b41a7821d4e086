import { countBySeverity } from '../model/findings.js';
import type { FamilySummary, Finding } from '../model/findings.js';
import { LineIndex } from '../model/position.js';
import { baselineLines } from './baseline.js';
import { plural, problemsLine } from './compact.js';
import { paint } from './paint.js';
import { printable } from '../base/printable.js';
import type { Reporter } from './types.js';

/** ESLint-style: findings grouped by file, each with a code frame, then a summary in words. */
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
  if (errors + warnings > 0) out.push(paint(env, errors ? '31' : '33', `✖ ${problemsLine(errors, warnings, notices)}`));
  // ESLint's closing hint: how many of the problems shown a fixable rule can repair.
  const fixable = result.findings.filter((f) => f.fix?.edits.length && f.severity !== 'notice').length;
  if (fixable > 0) out.push(paint(env, errors ? '31' : '33', `  ${fixable} ${plural(fixable, 'problem')} can be fixed with --fix`));
  // "No problems" only when there were none: never after the ✖ line, nor past warnings --quiet hid
  // (it would be false, and sit above --max-warnings' line).
  else if (errors + warnings === 0 && !result.hiddenWarnings) out.push(paint(env, '32', `✔ no problems${notices ? ` (${notices} ${plural(notices, 'notice')})` : ''}`));
  if (result.baseline) out.push(...baselineLines(result.baseline));
  const width = Math.max(0, ...result.families.map((s) => s.family.length)) + 2;
  for (const s of result.families) {
    out.push(`  ${`${printable(s.family)}:`.padEnd(width)} ${familyLine(s)}`);
    const extras = extrasInWords(s.extras ?? {});
    if (extras) out.push(`  ${' '.repeat(width)} ${extras}`);
  }
  return out.length ? out.join('\n') + '\n' : '';
};

/** "5 files read, 1205 items checked, 681 errors, no warnings (2.3 s)"; errors the baseline covered are counted apart: "no errors (642 suppressed)". */
export function familyLine(s: FamilySummary): string {
  const count = (n: number, word: string) => (n === 0 ? `no ${word}s` : `${n} ${plural(n, word)}`);
  const time = s.ms >= 1000 ? `${(s.ms / 1000).toFixed(1)} s` : `${Math.round(s.ms)} ms`;
  return `${count(s.files, 'file')} read, ${count(s.visited, 'item')} checked, ${count(s.errors, 'error')}${s.suppressed ? ` (${s.suppressed} suppressed)` : ''}, ${count(s.warnings, 'warning')} (${time})`;
}

/** What a family's extra figures mean, in words; an unknown key is split at its capitals. */
const EXTRA_WORDS: Record<string, string> = {
  entries: 'entry|entries',
  entriesCitingNoRfc: 'entry citing no RFC|entries citing no RFC',
  citations: 'citation|citations',
  structuredCitations: 'structured citation|structured citations',
  proseCitations: 'citation in prose|citations in prose',
  citedRfcs: 'RFC cited|RFCs cited',
  rfcsInFolder: 'RFC in the folder|RFCs in the folder',
  absentRfcCount: 'cited RFC absent|cited RFCs absent',
  siblingTestPointers: 'test pointer to a sibling file|test pointers to sibling files',
  absentRfcs: 'absent',
};

/** "191 entries, 43 entries citing no RFC, …, absent: 0012, 0013, …"; zero counts are left out. */
export function extrasInWords(extras: NonNullable<FamilySummary['extras']>): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(extras)) {
    if (Array.isArray(v)) {
      if (v.length) parts.push(`${wordsFor(key, 2)}: ${v.slice(0, 8).join(', ')}${v.length > 8 ? ', …' : ''}`);
    } else if (typeof v === 'number') {
      if (v !== 0) parts.push(`${v} ${wordsFor(key, v)}`);
    } else parts.push(`${wordsFor(key, 2)}: ${v}`);
  }
  return printable(parts.join(', '));
}

function wordsFor(key: string, n: number): string {
  const known = Object.hasOwn(EXTRA_WORDS, key) ? EXTRA_WORDS[key] : undefined;
  if (known) {
    const [one, many] = known.includes('|') ? known.split('|') : [known, known];
    return n === 1 ? one! : many!;
  }
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().replace(/\brfcs?\b/g, (w) => w.toUpperCase().replace('S', 's'));
}

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
