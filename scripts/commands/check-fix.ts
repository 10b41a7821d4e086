import { Corpus } from '../core/corpus.js';
import { UsageError } from '../core/errors.js';
import type { ConfiguredSeverity, Finding } from '../core/findings.js';
import type { CliIo } from '../core/io.js';
import type { Family } from '../core/rule.js';
import { defineRule } from '../core/rule.js';
import { FsSource } from '../core/source.js';

/** The flags of `check` that fix. */
export const FIX_OPTIONS = {
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  'fix-type': { type: 'string', multiple: true },
  rule: { type: 'string', multiple: true },
} as const;

export const FIX_HELP = `fix options (the working tree only; each repair is spliced into the file, nothing else changes):
      --fix                      apply every fix (all files or none), then check again and report what remains
      --fix-dry-run              print the unified diff --fix would write; write nothing
      --fix-type SEVERITY        fix only findings of this severity: error, warning, notice (repeatable, or comma-separated)
      --rule ID                  fix only this rule's findings (repeatable, or comma-separated)
`;

const FIX_TYPES = ['error', 'warning', 'notice'];

export interface FixContext {
  corpus: Corpus;
  families: Family[];
  options: Record<string, unknown>;
  severities: Record<string, ConfiguredSeverity>;
}

/**
 * `check --fix` / `--fix-dry-run`: undefined when neither is given; `'dry-run'` once the diff is
 * printed; after `--fix`, a fresh corpus over the written files for the check that reports what remains.
 */
export async function runFixFlags(values: Record<string, unknown>, ctx: FixContext, io: CliIo): Promise<Corpus | 'dry-run' | undefined> {
  if (!checkFixFlags(values)) return undefined;
  const dryRun = values['fix-dry-run'] === true;
  const types = list(values['fix-type']);
  const rules = list(values.rule);
  const metas = ctx.families.flatMap((f) => f.rules.map(defineRule));
  for (const r of rules) {
    const meta = metas.find((m) => m.id === r);
    if (!meta) throw new UsageError(`--rule ${r}: no rule of the families checked has this id`);
    if (!meta.fixable) throw new UsageError(`--rule ${r}: this rule has no fixes`);
  }
  // --quiet reports errors only, so it fixes errors only (as ESLint's --fix --quiet): what it does not show, it does not change.
  const quiet = values.quiet === true;
  const wanted = (f: Finding) => (!quiet || f.severity === 'error') && (!types.length || types.includes(f.severity)) && (!rules.length || rules.includes(f.ruleId));
  const { corpus } = ctx;
  // The fix machinery (passes, plans, the overlay source) is loaded only when a run fixes.
  const { computeFixes } = await import('../core/fixer.js');
  const run = await computeFixes({ source: corpus.source, layout: corpus.layout, families: ctx.families, options: ctx.options, severities: ctx.severities, wanted, useParseCache: corpus.useParseCache });
  // File names and file text reach the terminal: escaped (the diff keeps tabs and CRLF ends, so `git apply` still reads it).
  const { printable } = await import('../core/reporters/printable.js');
  for (const file of run.refused) io.stderr.write(`specgate: ${printable(file)} is not valid UTF-8 text; its fixes were not applied\n`);
  const files = `${run.files.length} file${run.files.length === 1 ? '' : 's'}`;
  if (dryRun) {
    const { unifiedDiff } = await import('../core/unified-diff.js');
    const diff = run.files.map((f) => unifiedDiff(f.file, f.before, f.after)).join('');
    io.stdout.write(diff.split('\n').map((l) => (l.endsWith('\r') ? printable(l.slice(0, -1), '\t') + '\r' : printable(l, '\t'))).join('\n'));
    io.stderr.write(`specgate: ${run.applied} fix${run.applied === 1 ? '' : 'es'} in ${files} would be applied; nothing written\n`);
    return 'dry-run';
  }
  if (run.files.length) {
    const { writeFixed } = await import('../core/commit.js');
    for (const line of writeFixed(corpus.root, run.files)) io.stderr.write(`specgate: ${printable(line)}\n`);
  }
  io.stderr.write(`specgate: applied ${run.applied} fix${run.applied === 1 ? '' : 'es'} to ${files}\n`);
  const fresh = new Corpus(new FsSource(corpus.root), corpus.layout);
  fresh.useParseCache = corpus.useParseCache;
  return fresh;
}

/** Whether the run fixes; the flags' combinations checked before anything is read (exit 2 with one line). */
export function checkFixFlags(values: Record<string, unknown>): boolean {
  const fixing = values.fix === true || values['fix-dry-run'] === true;
  const types = list(values['fix-type']);
  if (!fixing) {
    if (types.length || list(values.rule).length) throw new UsageError(`--${types.length ? 'fix-type' : 'rule'} limits --fix or --fix-dry-run; give one of them`);
    return false;
  }
  if (values.staged) throw new UsageError('--fix applies to the working tree; it cannot be combined with --staged');
  for (const t of types) if (!FIX_TYPES.includes(t)) throw new UsageError(`--fix-type ${t}: expected one of ${FIX_TYPES.join(', ')}`);
  if (values['fix-dry-run'] === true && values['max-warnings'] !== undefined) throw new UsageError('--max-warnings judges the check after --fix; --fix-dry-run only prints the diff (exit 0)');
  if (values.quiet === true && types.length && !types.includes('error')) throw new UsageError(`--quiet fixes errors only; with --fix-type ${types.join(',')} nothing would be fixed`);
  return true;
}

function list(v: unknown): string[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  return items.flatMap((s: string) => s.split(',')).map((s) => s.trim()).filter(Boolean);
}
