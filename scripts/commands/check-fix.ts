import type { Corpus } from '../core/parse/corpus.js';
import type { Session } from '../core/session.js';
import { UsageError } from '../core/base/errors.js';
import type { Finding } from '../core/model/findings.js';
import type { CliIo } from '../core/io/process-io.js';
import type { Family } from '../core/engine/rule.js';
import { defineRule } from '../core/engine/rule.js';
import { FsSource } from '../core/io/source.js';
import { checkFixFlags, list } from './check-fix-flags.js';


export interface FixContext {
  /** The run's session: its severities, and the exceptions, ignores and overrides the fixer settles by (see FixOptions.dropAccepted). */
  session: Session;
  corpus: Corpus;
  families: Family[];
  options: Record<string, unknown>;
  /** The files named on the command line: only their findings are fixed. */
  files?: (file: string) => boolean;
}

/**
 * `check --fix` / `--fix-dry-run`: undefined when neither is given; `'dry-run'` once the diff is
 * printed; after `--fix`, a fresh corpus over the written files for the check that reports what remains.
 */
export async function runFixFlags(values: Record<string, unknown>, ctx: FixContext, io: CliIo): Promise<Corpus | 'dry-run' | undefined> {
  if (!checkFixFlags(values)) return undefined;
  const dryRun = values['fix-dry-run'] === true;
  const types = list(values['fix-type']);
  const rules = list(values['fix-rule']);
  const metas = ctx.families.flatMap((f) => f.rules.map(defineRule));
  for (const r of rules) {
    const meta = metas.find((m) => m.id === r);
    if (!meta) throw new UsageError(`--fix-rule ${r}: no rule of the families checked has this id`);
    if (!meta.fixable) throw new UsageError(`--fix-rule ${r}: this rule has no fixes`);
  }
  // --quiet reports errors only, so it fixes errors only (as ESLint's --fix --quiet): what it does not show, it does not change.
  const quiet = values.quiet === true;
  const wanted = (f: Finding) => (!quiet || f.severity === 'error') && (!types.length || types.includes(f.severity)) && (!rules.length || rules.includes(f.ruleId)) && (!ctx.files || ctx.files(f.file));
  const { corpus } = ctx;
  // The fix machinery (passes, plans, the overlay source) is loaded only when a run fixes.
  const { computeFixes } = await import('../core/engine/fixer.js');
  const { session, families } = ctx;
  const run = await computeFixes({ source: corpus.source, layout: corpus.layout, families, options: ctx.options, severities: await session.resolveSeverities(), wanted, useParseCache: corpus.useParseCache, dropAccepted: (found, fixing) => session.dropAccepted(found, fixing, families) });
  // File names and file text reach the terminal: escaped (the diff keeps tabs and CRLF ends, so `git apply` still reads it).
  const { printable } = await import('../core/base/printable.js');
  for (const file of run.refused) io.stderr.write(`specgate: ${printable(file)} is not valid UTF-8 text; its fixes were not applied\n`);
  const files = `${run.files.length} file${run.files.length === 1 ? '' : 's'}`;
  if (dryRun) {
    const { unifiedDiff } = await import('../core/reporters/unified-diff.js');
    const diff = run.files.map((f) => unifiedDiff(f.file, f.before, f.after)).join('');
    io.stdout.write(diff.split('\n').map((l) => (l.endsWith('\r') ? printable(l.slice(0, -1), '\t') + '\r' : printable(l, '\t'))).join('\n'));
    io.stderr.write(`specgate: ${run.applied} fix${run.applied === 1 ? '' : 'es'} in ${files} would be applied; nothing written\n`);
    return 'dry-run';
  }
  if (run.files.length) {
    const { writeFixed } = await import('../core/io/commit.js');
    for (const line of writeFixed(corpus.root, run.files)) io.stderr.write(`specgate: ${printable(line)}\n`);
  }
  io.stderr.write(`specgate: applied ${run.applied} fix${run.applied === 1 ? '' : 'es'} to ${files}\n`);
  return session.corpus(new FsSource(corpus.root), { useParseCache: corpus.useParseCache });
}


