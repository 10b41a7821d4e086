import path from 'node:path';
import type { Corpus } from '../parse/corpus.js';
import { FatalError, UsageError } from '../base/errors.js';
import { parseConcurrency, setConcurrency } from '../base/concurrency.js';
import { CONFIG_FILE, discoverConfig, loadConfig } from '../config/config.js';
import type { LoadedConfig } from '../config/config.js';
import type { CheckResult, ConfiguredSeverity, Finding } from '../model/findings.js';
import { countBySeverity } from '../model/findings.js';
import type { Layout, LayoutNeed } from '../preset/layout.js';
import { checkPresetName, otherPresetHint, presetLayout, requireLayout } from '../preset/layout.js';
import type { FileSource } from '../io/source.js';
import { FsSource, toPosix } from '../io/source.js';
import { noteReportFile, pathKind } from '../replay/observed-reads.js';
import { userOutputTarget, writeUserOutput } from '../io/user-output.js';
import { packageVersion } from '../base/package-root.js';
import { BASELINE_IN_REPORT, FORMATS, formatName, loadReporter } from '../reporters/index.js';
import type { ReportEnv, ReportSection, RuleInfo } from '../reporters/types.js';
import { ruleUnderPreset } from '../engine/rule.js';
import type { RuleCatalog } from '../engine/rule-catalog.js';
import { resolveConfiguredRules } from '../engine/rule-catalog.js';
import type { CliIo } from '../io/process-io.js';
import { processIo } from '../io/process-io.js';
import { MISSING_FILE } from '../engine/reading-rules.js';

export const TOOL_NAME = 'specgate';
export const TOOL_VERSION = packageVersion();

/** Options every command that reads a corpus shares. */
export const COMMON_OPTIONS = {
  root: { type: 'string' },
  preset: { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  staged: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  'max-warnings': { type: 'string' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  concurrency: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Help text after an option's name, wrapped at 100 columns under its first line (the list of formats grows). */
function helpLines(text: string): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    if (lines.length && (lines.at(-1)! + ' ' + word).length <= 100 - 27) lines[lines.length - 1] += ' ' + word;
    else lines.push(word);
  }
  return lines.join('\n' + ' '.repeat(27));
}

/** The help text of COMMON_OPTIONS; every command's usage ends with it. */
export const COMMON_HELP = `common options:
  -h, --help               print this help and exit 0
      --root DIR           the repository to check (default: the folder of the
                           specgate.config.json found upward from the working directory, else
                           the working directory)
      --preset NAME        where the governed files live: specgate, openwop or eip
      --config FILE        the configuration (default: specgate.config.json, searched upward from
                           --root, else from the working directory, up to the git work-tree
                           top; outside git, that folder only)
  -f, --format NAME        ${helpLines(`${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)} (default stylish)`)}
  -o, --output FILE        write the report to FILE instead of stdout
      --staged             read the git index instead of the working tree
  -q, --quiet              report errors only
      --max-warnings N     exit 1 when there are more than N warnings (-1: no limit)
      --color, --no-color  force colours on or off (default: on for a terminal; NO_COLOR, FORCE_COLOR)
      --concurrency N      worker processes that parse uncached RFCs: a number (at most 4), off, or
                           auto (default: one per 512 uncached, from 2 to 4 and at most the
                           cores; none for fewer than 1024)
exit codes: 0 clean, 1 error findings (or more warnings than --max-warnings), 2 usage, configuration or internal error
`;

export interface CommonValues {
  root?: string;
  preset?: string;
  config?: string;
  format?: string;
  output?: string;
  staged?: boolean;
  quiet?: boolean;
  'max-warnings'?: string;
  color?: boolean;
  'no-color'?: boolean;
  /** Worker threads that parse uncached RFCs (core/base/concurrency.ts). */
  concurrency?: string;
  /** Neither read nor write the cache folder (check's `--no-cache`). */
  'no-cache'?: boolean;
}

/** What each command needs of the layout by default: the RFC folder and the interop map. */
const DEFAULT_NEEDS: readonly LayoutNeed[] = ['rfcsDir', 'interopMap'];

/**
 * The checks every command makes before it reads anything: option values that cannot work, an
 * output path that is a folder, a root that is not a folder. One line, exit 2.
 */
export function checkCommonValues(values: CommonValues): string {
  if (values.color && values['no-color']) throw new UsageError('give --color or --no-color, not both');
  setConcurrency(values.concurrency === undefined ? 'auto' : parseConcurrency(values.concurrency));
  maxWarnings(values);
  if (values.output !== undefined) {
    if (values.output === '') throw new UsageError('--output needs a file name');
    if (pathKind(values.output, false) === 'dir') throw new UsageError(`--output is a folder, not a file: ${values.output}`);
  }
  const root = resolveRoot(values);
  const shown = shownRoot(values, root);
  const kind = pathKind(root);
  if (kind === 'absent') throw new FatalError(`root not found: ${shown}`);
  if (kind !== 'dir') throw new FatalError(`root is a file, not a folder: ${shown}`);
  // Judged before the run writes anything (errata, a baseline): refused, nothing is written at all.
  if (values.output !== undefined) userOutputTarget(values.output, root, { check: true });
  return root;
}

/**
 * The root of a run (the convention of ESLint and of TypeScript's -p): --root; else, when no --config names the
 * configuration, the folder of the specgate.config.json found upward from the working directory
 * (so `cd RFCS && specgate check` checks the whole repository); else the working directory.
 */
export function resolveRoot(values: Pick<CommonValues, 'root' | 'config'>, cwd: string = process.cwd()): string {
  if (values.root !== undefined) return path.resolve(cwd, values.root);
  const found = values.config === undefined ? discoverConfig(cwd) : undefined;
  return found ? path.dirname(found) : cwd;
}

/** The root as the user would name it: as given, else relative to the working directory. */
function shownRoot(values: Pick<CommonValues, 'root'>, root: string): string {
  // A root that defaulted to the working directory is named by its path: "." says nothing.
  return values.root || toPosix(path.relative(process.cwd(), root)) || `the working directory ${toPosix(root)}`;
}

/**
 * Resolves root, configuration and source (the working tree, or the git index with --staged),
 * and refuses a root without the layout the preset expects (`needs`), whatever the command.
 */
export async function openRoot(values: CommonValues, needs: readonly LayoutNeed[] = DEFAULT_NEEDS, reads?: (layout: Layout) => readonly string[]): Promise<{ root: string; source: FileSource; config: LoadedConfig }> {
  const root = checkCommonValues(values);
  await checkPresetName(values.preset);
  let source: FileSource;
  let layout: Layout | undefined;
  if (values.staged) {
    const { GitIndexSource } = await import('../io/git-source.js');
    const index = await GitIndexSource.open(root);
    // What the run will read (`reads`, by the layout: the preset's until the configuration is
    // read), fetched from the index in one git process at the first read, the configuration's with it.
    if (reads) index.want(() => [CONFIG_FILE, ...reads(layout ?? presetLayout(values.preset ?? 'specgate'))]);
    // A blob kept by its object id in the cache folder is never asked of git (core/cache/blob-cache.ts).
    if (values['no-cache'] !== true) {
      const [{ openCache }, { blobStore }] = await Promise.all([import('../cache/cache.js'), import('../cache/blob-cache.js')]);
      const store = openCache(root);
      if (store) index.keepBlobs(blobStore(store));
    }
    source = index;
  } else source = new FsSource(root);
  // With --staged, the repository's own config file is read from the index like everything else.
  const config = loadConfig(root, values, values.staged ? source : undefined);
  layout = config.layout;
  await requireLayout(source, config.layout, needs, shownRoot(values, root));
  return { root, source, config };
}

/** Refuses a root opened with openRoot(values, []) that lacks what the run's families need (for a command that learns them from the config's plugins). */
export async function requireRootLayout(values: CommonValues, opened: { root: string; source: FileSource; config: LoadedConfig }, needs: readonly LayoutNeed[]): Promise<void> {
  await requireLayout(opened.source, opened.config.layout, needs, shownRoot(values, opened.root));
}

/**
 * The config's rule severities, checked against the catalogue's rules (loaded only when the config
 * names any): the ids of "rules" and of every override's "rules" in one pass, all unknown ones at once.
 */
export async function configuredSeverities(config: Pick<LoadedConfig, 'severities' | 'ruleAt' | 'plugins' | 'raw' | 'keyAt'>, catalog: RuleCatalog): Promise<Record<string, ConfiguredSeverity>> {
  const overrides = (config.raw?.overrides as { rules: Record<string, ConfiguredSeverity> }[] | undefined) ?? [];
  if (Object.keys(config.severities).length === 0 && overrides.length === 0) return {};
  const unloadedPlugins = (config.plugins?.length ?? 0) > 0 && !catalog.pluginsIncluded;
  const checked: RuleCatalog = { ...catalog, unloadedPlugins };
  const problems: string[] = [];
  let out: Record<string, ConfiguredSeverity> = {};
  try {
    out = await resolveConfiguredRules(config.severities, config.ruleAt, checked);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    problems.push(e.message);
  }
  for (const [i, o] of overrides.entries()) {
    await resolveConfiguredRules(o.rules, (id) => config.keyAt?.(`/overrides/${i}/rules/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`) ?? config.ruleAt(id), checked).catch((e: unknown) => {
      if (!(e instanceof UsageError)) throw e;
      problems.push(e.message);
    });
  }
  if (problems.length) throw new UsageError(problems.join('\n'));
  return out;
}

/**
 * Whether to colour the output: --color/--no-color, else NO_COLOR (any value) turns it off and
 * FORCE_COLOR (other than 0/false) on, else colour when stdout is a terminal and no --output.
 * Only the human formats (stylish, compact) are ever coloured.
 */
export function colorFor(values: CommonValues, format: string, isTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (format !== 'stylish' && format !== 'compact') return false;
  if (values['no-color']) return false;
  if (values.color) return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return !['0', 'false'].includes(env.FORCE_COLOR);
  return isTTY && !values.output;
}

/** --max-warnings as a number, or undefined (unset, or -1: no limit, as ESLint's default); anything else but a whole number is a usage error. */
export function maxWarnings(values: CommonValues): number | undefined {
  const raw = values['max-warnings'];
  if (raw === undefined || raw === '-1') return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--max-warnings takes a whole number of warnings, 0 or more, or -1 for no limit (got "${raw}")`);
  return Number(raw);
}

/** The findings a report shows: with --quiet, errors only. */
export function shownFindings<T extends Pick<Finding, 'severity'>>(findings: readonly T[], values: CommonValues): T[] {
  return values.quiet ? findings.filter((f) => f.severity === 'error') : [...findings];
}

/** The result a report shows: with --quiet, errors only, and how many warnings that hid. */
export function shownResult(result: CheckResult, values: CommonValues): CheckResult {
  const findings = shownFindings(result.findings, values);
  const hiddenWarnings = values.quiet ? countBySeverity(result.findings).warnings : 0;
  // As ESLint's --quiet zeroes each result's warning count, the family rows count no warnings either.
  const families = values.quiet ? result.families.map((f) => ({ ...f, warnings: 0 })) : result.families;
  return { ...result, findings, families, ...(hiddenWarnings ? { hiddenWarnings } : {}) };
}

/** 0 clean; 1 an error, or more warnings than --max-warnings (counted before --quiet hides them). */
export function exitCode(findings: readonly Finding[], values: CommonValues): 0 | 1 {
  const { errors } = countBySeverity(findings);
  if (errors > 0) return 1;
  return tooManyWarnings(findings, values) === undefined ? 0 : 1;
}

/** The --max-warnings limit when the findings exceed it (warnings counted before --quiet hides them). */
function tooManyWarnings(findings: readonly Finding[], values: CommonValues): number | undefined {
  const max = maxWarnings(values);
  return max !== undefined && countBySeverity(findings).warnings > max ? max : undefined;
}

/**
 * A command's last step once its report is written: the exit code, and ESLint's line when there are
 * more warnings than --max-warnings (also with --quiet, which hides the warnings themselves). The
 * line follows a stylish or compact report on stdout; with a machine format or --output it goes to
 * stderr, so stdout stays exactly the chosen format.
 */
export function finish(findings: readonly Finding[], values: CommonValues, io: CliIo = processIo): 0 | 1 {
  const max = tooManyWarnings(findings, values);
  if (max !== undefined) {
    const format = formatName(values.format ?? 'stylish');
    const human = (format === 'stylish' || format === 'compact') && !values.output;
    (human ? io.stdout : io.stderr).write(`${TOOL_NAME} found too many warnings (maximum: ${max}).
`);
  }
  return exitCode(findings, values);
}

/** What a command adds to the one emitter beside its result (compat, probe, errata). */
export interface EmitExtras {
  /** Sections of the result every format renders (reporters/types.ts ReportSection). */
  sections?: readonly ReportSection[];
  /** Source text for code frames, when not the corpus's (compat's head side). */
  sourceOf?: (file: string) => string | undefined;
  /** The SARIF base and the root files are relative to, when there is no corpus. */
  root?: string;
  /** Applied to the whole report before it is written (probe: no credential is ever printed). */
  redact?: (text: string) => string;
  /** The preset whose process the rules' sections cite, when there is no corpus. */
  preset?: string;
  /** The repository `--output` may not leave through a link it placed (core/io/user-output.ts), when not `root`. */
  writeRoot?: string;
  /**
   * The result has no findings part, only its sections (`report`: the corpus's state): the formats of
   * STATE_FORMATS render the sections alone; the others, which carry findings, render none (an empty
   * SARIF run, JUnit suite, …) and the section's `elsewhere` text goes to stderr, as any section's does.
   * `command` names the command.
   */
  state?: { command: string };
}

/**
 * The one emitter of every command: formats a result (errors only with --quiet) in the format
 * asked for, out of the one list (reporters/index.ts FORMATS), with the sections the command adds,
 * writes it to stdout or `--output` (atomically, through the writer), puts the baseline's summary
 * on stderr where the format has no place for it, and returns the exit code, which counts every
 * finding the run kept.
 */
export async function emit(result: CheckResult, values: CommonValues, corpus: Corpus | undefined, rules: RuleInfo[], io: CliIo = processIo, extras: EmitExtras = {}): Promise<0 | 1> {
  const format = formatName(values.format ?? 'stylish');
  const reporter = await loadReporter(format);
  const env: ReportEnv = {
    sourceOf: extras.sourceOf ?? ((file) => corpus?.cachedText(file) ?? corpus?.text(file)),
    root: extras.root ?? corpus?.root ?? process.cwd(),
    toolName: TOOL_NAME,
    toolVersion: TOOL_VERSION,
    // SARIF's rule help names the section of the process the preset follows, as the messages do.
    rules: rules.map((r) => ruleUnderPreset(r, corpus?.layout.preset ?? extras.preset, corpus?.layout.process.citations)),
    color: colorFor(values, format, io.stdout.isTTY === true),
    ...(extras.sections ? { sections: extras.sections } : {}),
    ...(extras.state ? { state: true } : {}),
  };
  const sections = extras.sections ?? [];
  const shown = shownResult(result, values);
  let text: string;
  if (format === 'json' && (sections.some((s) => s.json) || extras.state)) {
    // The sections' keys beside the report's own (a state's alone), serialised once.
    const { jsonDoc } = await import('../reporters/json.js');
    const { jsonText } = await import('../reporters/json-text.js');
    const keys = (before: boolean) => Object.assign({}, ...sections.filter((s) => s.json && (s.before === true) === before).map((s) => s.json));
    text = jsonText({ ...keys(true), ...(extras.state ? {} : jsonDoc(shown, env)), ...keys(false) }) + '\n';
  } else {
    text = format === 'stylish' && extras.state ? '' : reporter(shown, env);
    if (format === 'stylish') text = sections.map((s) => s.human ?? '').join('') + text;
    if (format === 'github') text = sections.flatMap((s) => s.github ?? []).map((l) => l + '\n').join('') + text;
  }
  // (markdown and html carry a section's terminal text when it has nothing of their own: its patch is there.)
  const carried = (s: ReportSection) => format === 'stylish' || (format === 'json' && s.json) || ((format === 'markdown' || format === 'html') && s.human);
  for (const s of sections) if (s.elsewhere && !carried(s)) io.stderr.write(extras.redact ? extras.redact(s.elsewhere) : s.elsewhere);
  writeReport(values.output, extras.redact ? extras.redact(text) : text, io, extras.writeRoot ?? extras.root ?? corpus?.root ?? resolveRoot(values));
  // Files missing where this preset looks, present where another keeps them: say so once.
  if (corpus && result.findings.some((f) => f.ruleId === MISSING_FILE.id)) {
    const hint = otherPresetHint(corpus.layout, (rel) => corpus.source.exists(rel));
    if (hint) io.stderr.write(`specgate: ${hint}\n`);
  }
  // A format without a place for the baseline's summary (BASELINE_IN_REPORT) stays pure: the summary goes to stderr.
  if (result.baseline && !BASELINE_IN_REPORT.has(format)) {
    const { baselineLines } = await import('../reporters/baseline.js');
    for (const line of baselineLines(result.baseline)) io.stderr.write(`specgate: ${line}\n`);
  }
  return finish(result.findings, values, io);
}

/**
 * A command's report: to `--output` (a regular file or a new path, written atomically by the one
 * writer, never through a link the tree placed: core/io/user-output.ts; anything else is a one-line
 * error), else to stdout. `root`: the run's governed root (default: the one the working directory gives).
 */
export function writeReport(file: string | undefined, text: string, io: CliIo = processIo, root?: string): void {
  if (file !== undefined) {
    writeUserOutput(file, text, root ?? resolveRoot({}));
    noteReportFile(path.resolve(file), text);
  } else io.stdout.write(text);
}
