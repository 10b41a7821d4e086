import { parseCommandArgs } from '../core/cli/args.js';
import { didYouMeanHint } from '../core/base/did-you-mean.js';
import { UsageError } from '../core/base/errors.js';
import { loadReporter } from '../core/reporters/index.js';
import { BUILTIN_RULES } from '../rules-registry.js';
import { COMMON_HELP, COMMON_OPTIONS, emit } from '../core/cli/run-env.js';
import { commandSession } from '../core/session.js';
import { familyRules } from '../core/engine/rule.js';
import type { ReportSection } from '../core/reporters/types.js';
import type { CommonValues } from '../core/cli/run-env.js';
import type { CliIo } from '../core/io/process-io.js';
import type { ErrataRun } from '../errata/run.js';
import { processIo } from '../core/io/process-io.js';
import type { CheckResult } from '../core/model/findings.js';
import { BASELINE_OPTIONS } from '../core/config/suppressions.js';
import type { BaselineOptions } from '../core/config/suppressions.js';

const HELP = `usage: specgate errata apply [--rfc NNNN [--item N]...] [--dry-run] [common options]
       specgate errata check [--rfc NNNN] [baseline options] [common options]

apply      splice each erratum of the selected RFCs into its target (all files or none);
           --dry-run prints the patch of every item that applies (git apply reads it), marks the
           refused ones, and writes nothing
check      exit 1 with a finding for each erratum of an Accepted RFC that is not applied
--rfc      one RFC, whatever its status (default: every Accepted RFC with a ## Errata section)
--item N   only item N of that RFC's ## Errata (repeat for more); the others are left for later
--no-plugins  run no plugin the configuration names (a plugin is code)
stdout holds only the chosen format (and, with the stylish format, the dry run's patch);
the per-item status lines and the word view of long changed lines go to stderr.
baseline options of errata check (the same file as check's; its errata/* entries, and those of
the plugin families beside errata):
      --suppress-all, --suppress-rule ID, --prune-suppressions, --suppressions-location F
${COMMON_HELP}`;

interface ErrataArgs {
  sub: 'apply' | 'check';
  common: CommonValues;
  rfc: string | undefined;
  items: number[];
  dryRun: boolean;
  noPlugins: boolean;
}

/** The subcommand and its options, or undefined for --help; a combination that cannot work is a usage error. */
function errataArgs(argv: string[]): ErrataArgs | undefined {
  const sub = argv[0]?.startsWith('-') ? undefined : argv[0];
  const rest = sub === undefined ? argv : argv.slice(1);
  const { values } = parseCommandArgs(rest, { ...COMMON_OPTIONS, ...BASELINE_OPTIONS, rfc: { type: 'string' }, item: { type: 'string', multiple: true }, 'dry-run': { type: 'boolean' }, 'no-plugins': { type: 'boolean' } }, false, HELP);
  if (values.help) return undefined;
  if (sub !== 'apply' && sub !== 'check') throw new UsageError(`errata expects "apply" or "check"${sub ? `, got "${sub}"${didYouMeanHint(sub, ['apply', 'check'])}` : ''}`, HELP);
  if (sub === 'check' && values['dry-run']) throw new UsageError('--dry-run belongs to "errata apply"; "errata check" never writes');
  if (sub === 'check' && values.item) throw new UsageError('--item belongs to "errata apply"; "errata check" judges every item');
  const baselineFlag = Object.keys(BASELINE_OPTIONS).find((k) => values[k] !== undefined);
  if (sub === 'apply' && baselineFlag) throw new UsageError(`--${baselineFlag} belongs to "errata check" (and check); "errata apply" applies every selected item`);
  if (sub === 'apply' && values.staged) throw new UsageError('--staged reads the git index and cannot be written to; use it with "errata check"');
  const items = ((values.item as string[] | undefined) ?? []).map((n) => {
    if (!/^\d+$/.test(n)) throw new UsageError(`--item expects an item number such as 2, got "${n}"`);
    return Number(n);
  });
  return { sub, common: values as CommonValues, rfc: values.rfc as string | undefined, items, dryRun: values['dry-run'] === true, noPlugins: values['no-plugins'] === true };
}

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const args = errataArgs(argv);
  if (!args) {
    io.stdout.write(HELP);
    return 0;
  }
  const { sub, common, items, dryRun } = args;
  const session = await commandSession(common, ['rfcsDir'], BUILTIN_RULES, { plugins: args.noPlugins !== true });
  const corpus = session.corpus();
  const { errataFamily } = await import('../errata/run.js');
  const { isErrataFinding } = await import('../errata/rules.js');
  // An unknown format is refused before anything is read or written.
  await loadReporter(common.format ?? 'stylish');
  // Recovery of a killed run first; an apply holds the lock from before reading to its last rename.
  const { openCommit } = await import('../core/io/commit.js');
  const pending = openCommit(corpus.root, { write: sub === 'apply' && !dryRun });
  // The journal's file names are input (the journal sits in the tree): escaped like every line shown.
  const { printable } = await import('../core/base/printable.js');
  for (const line of pending.recovered) io.stderr.write(`specgate: ${printable(line)}\n`);
  let diff = '';
  const words: string[] = [];
  let result;
  let ran;
  // The errata family, then the errata-like families of the plugins the configuration names, run by the session's engine.
  const family = errataFamily({ mode: sub, dryRun, rfc: args.rfc, items, hintFlags: hintFlags(common) });
  const families = [family, ...session.commandFamilies('errata')];
  try {
    ran = await session.run({ corpus, families, reportUnused: false });
    result = family.result!;
    if (sub === 'apply' && dryRun && result.preview.length > 0) {
      const { unifiedDiff } = await import('../core/reporters/unified-diff.js');
      const { wordView } = await import('../errata/diff.js');
      // Each file as it will be written: its checked real path and why it may be edited.
      diff = result.preview.map((c) => `# ${c.file}: writes ${c.real} (${c.governed})\n${unifiedDiff(c.file, c.before, c.after)}`).join('');
      for (const c of result.preview) words.push(...wordView(c.file, c.before, c.after));
    } else if (sub === 'apply' && result.changes.length > 0) {
      pending.write(result.changes);
    }
  } finally {
    pending.close();
  }
  let findings = ran.result.findings;
  // errata check applies the committed baseline like check does, judging only its own rules'
  // entries (and, with --rfc, only that RFC's): an erratum recorded as known debt passes the gate.
  let baseline: CheckResult['baseline'];
  if (sub === 'check') {
    const judged = new Set(result.rfcs.map((r) => r.file));
    // The rules of the plugins' errata-like families are errata check's to settle too.
    const beside = new Set(families.slice(1).flatMap((f) => f.rules.map((r) => r.id)));
    const inScope = (file: string, ruleId: string) => (isErrataFinding({ ruleId }) || beside.has(ruleId)) && (!args.rfc || judged.has(file));
    const baselined = await session.baseline({ findings, families: [] }, { corpus, values: common as BaselineOptions, inScope });
    findings = baselined.findings;
    baseline = baselined.baseline;
  }
  const written = sub === 'apply' && !dryRun ? result.changes.map((c) => c.file) : [];
  const status = statusLines(result, args, words, written.length);
  io.stderr.write(status.map((l) => printable(l)).join('\n') + '\n');
  // RFC text and file names reach the terminal: escaped, line by line (the JSON report keeps them exact).
  // Tabs, and a CR ending a line of a CRLF file, stay as they are, so the diff still applies with `git apply`.
  const shownDiff = diff.split('\n').map((l) => (l.endsWith('\r') ? printable(l.slice(0, -1), '\t') + '\r' : printable(l, '\t'))).join('\n');
  // The outcomes of the items, and the patch: part of the human format and of json; machine formats stay pure.
  const section: ReportSection = { json: { errata: result.outcomes, written, ...(dryRun ? { diff, wordView: words } : {}) }, ...(shownDiff ? { human: shownDiff + '\n', elsewhere: shownDiff } : {}) };
  // A pending item's fix is what `errata apply` writes (its message names the command): not offered as `--fix`.
  const shown = findings.map(({ fix: _applyWrites, ...f }) => f);
  return emit({ findings: shown, families: [], ...(baseline ? { baseline } : {}) }, common, corpus, families.flatMap(familyRules), io, { sections: [section] });
}

/** `--root`, `--preset` and `--config` as given, for a hint to repeat. */
function hintFlags(values: CommonValues): string {
  const q = (s: string) => (/^[\w./:@=-]+$/.test(s) ? s : JSON.stringify(s));
  return [values.root !== undefined ? ` --root ${q(values.root)}` : '', values.preset !== undefined ? ` --preset ${q(values.preset)}` : '', values.config !== undefined ? ` --config ${q(values.config)}` : ''].join('');
}

/** Status for a person: each item once (an item with a finding is named, its reason is the finding's), then what was left and written. */
function statusLines(result: ErrataRun, args: ErrataArgs, words: readonly string[], written: number): string[] {
  const status: string[] = result.outcomes.filter((o) => o.status !== 'left').map((o) =>
    o.status === 'refused' || o.status === 'unreadable' || o.status === 'not-applied' ? `${o.at}  ${o.target}  ${statusWord(o.status)} (see its finding)` : `${o.at}  ${o.target}  ${statusWord(o.status)}: ${o.detail}`,
  );
  if (result.rfcs.length === 0) status.push(args.rfc ? `RFC ${args.rfc} was not found` : 'no Accepted RFC has a ## Errata section');
  else if (result.outcomes.length === 0) status.push(result.rfcs.map((r) => `RFC ${r.rfc} ${r.hasErrata ? 'lists no errata' : 'has no ## Errata section'}`).join('; '));
  if (words.length) status.push('', 'changed words in long lines ([-removed-]{+added+}):', ...words.map((w) => `  ${w}`));
  const left = result.outcomes.filter((o) => o.status === 'left');
  if (left.length) status.push(`left for later (not selected with --item): item${left.length > 1 ? 's' : ''} ${left.map((o) => o.index).join(', ')} of RFC ${left[0]!.rfc}`);
  const blocked = result.outcomes.some((o) => o.status === 'refused' || o.status === 'unreadable');
  if (args.sub === 'apply') status.push(summaryLine(result.preview.length, written, args.dryRun, blocked));
  return status;
}

function statusWord(status: string): string {
  return status.replace('-', ' ');
}

function summaryLine(changed: number, written: number, dryRun: boolean, blocked: boolean): string {
  if (dryRun && blocked) {
    return changed
      ? `dry run: the items that apply would change ${changed} file(s), but a refused item stops the run: nothing will be written unless every selected item applies (fix it, or select items with --item)`
      : 'dry run: nothing applies; a refused item stops the run: nothing will be written unless every selected item applies';
  }
  if (blocked) return 'nothing written: a refused item stops the whole run (all or nothing); select the others with --item, or fix it';
  if (dryRun) return changed ? `dry run: ${changed} file(s) would change; nothing written (nothing will be written unless every item applies)` : 'dry run: nothing to change';
  return written ? `wrote ${written} file(s)` : 'nothing to change';
}
