import { parseCommandArgs } from '../core/args.js';
import { UsageError } from '../core/errors.js';
import { loadReporter } from '../core/reporters/index.js';
import { COMMON_HELP, COMMON_OPTIONS, TOOL_NAME, TOOL_VERSION, colorFor, exitCode, openCorpus, shownFindings, writeAtomic } from '../core/run-env.js';
import type { CommonValues } from '../core/run-env.js';

const HELP = `usage: specgate errata apply [--rfc NNNN] [--dry-run] [common options]
       specgate errata check [--rfc NNNN] [common options]

apply   splice each erratum of the selected RFCs into its target (all files or none);
        --dry-run prints the unified diff and writes nothing
check   exit 1 with a finding for each erratum of an Accepted RFC that is not applied
--rfc   one RFC, whatever its status (default: every Accepted RFC with a ## Errata section)
${COMMON_HELP}`;

export async function run(argv: string[]): Promise<number> {
  const sub = argv[0]?.startsWith('-') ? undefined : argv[0];
  const rest = sub === undefined ? argv : argv.slice(1);
  const { values } = parseCommandArgs(rest, { ...COMMON_OPTIONS, rfc: { type: 'string' }, 'dry-run': { type: 'boolean' } }, false, HELP);
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (sub !== 'apply' && sub !== 'check') throw new UsageError(`errata expects "apply" or "check"${sub ? `, got "${sub}"` : ''}`, HELP);
  if (sub === 'check' && values['dry-run']) throw new UsageError('--dry-run belongs to "errata apply"; "errata check" never writes');
  if (sub === 'apply' && values.staged) throw new UsageError('--staged reads the git index and cannot be written to; use it with "errata check"');

  const common = values as CommonValues;
  const { corpus, severities } = await openCorpus(common, ['rfcsDir']);
  const { planErrata } = await import('../errata/run.js');
  const { ERRATA_RULES } = await import('../errata/rules.js');
  const result = await planErrata(corpus, { mode: sub, rfc: values.rfc as string | undefined });
  const dryRun = values['dry-run'] === true;

  let diff = '';
  if (sub === 'apply' && result.changes.length > 0) {
    if (dryRun) {
      const { unifiedDiff } = await import('../errata/diff.js');
      diff = result.changes.map((c) => unifiedDiff(c.file, c.before, c.after)).join('');
    } else {
      const { writeAll } = await import('../errata/write.js');
      writeAll(result.changes);
    }
  }
  const { applySeverities } = await import('../core/engine.js');
  const findings = applySeverities([...corpus.problems, ...result.findings], ERRATA_RULES, severities);
  const format = common.format ?? 'stylish';
  const reporter = await loadReporter(format);
  const report = reporter(
    { findings: shownFindings(findings, common), families: [] },
    {
      sourceOf: (file) => corpus.cachedText(file) ?? corpus.text(file),
      root: corpus.root,
      toolName: TOOL_NAME,
      toolVersion: TOOL_VERSION,
      rules: ERRATA_RULES,
      color: colorFor(common, format),
    },
  );
  const written = sub === 'apply' && !dryRun ? result.changes.map((c) => c.file) : [];
  for (const o of result.outcomes) {
    if (o.status === 'applicable') o.status = written.length ? 'applied' : dryRun && result.changes.length ? 'would-apply' : 'not-written';
  }
  if (format === 'json') {
    const doc = JSON.parse(report) as Record<string, unknown>;
    doc.errata = result.outcomes;
    doc.written = written;
    if (dryRun) doc.diff = diff;
    output(common, JSON.stringify(doc, null, 2) + '\n');
  } else {
    const lines = result.outcomes.map((o) => `${o.at}  ${o.target}  ${statusWord(o.status)}: ${o.detail}`);
    if (result.rfcs.length === 0) lines.push(values.rfc ? `RFC ${values.rfc} was not found` : 'no Accepted RFC has a ## Errata section');
    else if (result.outcomes.length === 0) lines.push(result.rfcs.map((r) => `RFC ${r.rfc} ${r.hasErrata ? 'lists no errata' : 'has no ## Errata section'}`).join('; '));
    if (sub === 'apply') lines.push(summaryLine(result.changes.length, written.length, dryRun, findings.some((f) => f.severity === 'error')));
    process.stdout.write(lines.join('\n') + '\n' + diff + (diff ? '\n' : ''));
    output(common, report);
  }
  return exitCode(findings, common);
}

function statusWord(status: string): string {
  return status.replace('-', ' ');
}

function summaryLine(changed: number, written: number, dryRun: boolean, refused: boolean): string {
  if (refused) return 'nothing written: a refused erratum stops the whole run (all or nothing)';
  if (dryRun) return changed ? `dry run: ${changed} file(s) would change; nothing written` : 'dry run: nothing to change';
  return written ? `wrote ${written} file(s)` : 'nothing to change';
}

function output(values: CommonValues, text: string): void {
  if (values.output) writeAtomic(values.output, text);
  else process.stdout.write(text);
}
