import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { userOutputFolder } from '../core/io/user-output.js';
import { UsageError } from '../core/base/errors.js';
import { BUILTIN_RULES } from '../rules-registry.js';
import { checkCommonValues, COMMON_HELP, COMMON_OPTIONS, configuredSeverities, emit, requireRootLayout, resolveRoot, writeReport } from '../core/cli/run-env.js';
import { FAMILIES, FAMILY_DECLARATIONS, loadFamilies } from '../checks/registry.js';
import { familyInputs, familyNeeds } from '../core/engine/family.js';
import type { Builtins } from '../core/session.js';
import { Session } from '../core/session.js';
import type { Finding } from '../core/model/findings.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';
import { checkFixFlags, FIX_HELP, FIX_OPTIONS } from './check-fix-flags.js';
import { BASELINE_OPTIONS } from '../core/config/suppressions.js';
import { parseRuleFlags, RULE_HELP, RULE_OPTIONS } from '../core/cli/rule-flags.js';
import type { FileTargets } from '../core/cli/targets.js';
import { fileTargets, looksLikePath } from '../core/cli/targets.js';
import { MAX_FILE_BYTES, toPosix } from '../core/io/source.js';
import { EXCEPTION_HELP, EXCEPTION_OPTIONS } from '../core/config/exceptions.js';
import { setCacheLocation } from '../core/cache/cache.js';
import { discoverConfig, loadConfig } from '../core/config/config.js';
import { checkPresetName } from '../core/preset/layout.js';
import { cacheableRun, pathKind } from '../core/replay/observed-reads.js';

/** What check hands the session from above core/: the built-in rules and families. */
const BUILTINS: Builtins = {
  catalog: BUILTIN_RULES,
  declarations: FAMILY_DECLARATIONS,
  loadFamilies,
  // errata check's entries share the baseline file; check neither uses them up nor prunes them.
  notJudged: async () => {
    const { isErrataFinding } = await import('../errata/rules.js');
    return (ruleId) => isErrataFinding({ ruleId });
  },
};

const HELP = `usage: specgate check [family…] [path or glob…] [options] [baseline options] [common options]

families (all when none is named; a plugin's families too, see docs/plugins.md):
${FAMILY_DECLARATIONS.map((f) => `  ${f.name.padEnd(15)} ${f.description}`).join('\n')}
paths and globs (relative to the working directory; a folder is everything under it): report only
the findings in these files; the families still read everything they need
      --changed                  what the commit changes (implies --staged; the pre-commit hook runs
                                 it): only the families whose inputs are staged, and only the findings
                                 in staged files, but every error (one the change causes elsewhere too)
      --map FILE                 check this interop map instead of the layout's
${RULE_HELP}      --stdin                    check the text on standard input as the file --stdin-filename names
      --stdin-filename PATH      the repository file standard input stands for (its findings only)
      --print-config             print the effective configuration (preset, layout, every rule's
                                 severity, and where each came from) as JSON; check nothing
${EXCEPTION_HELP}      --debug                    after the report, each family's and rule's time on stderr
      --no-cache                 neither read nor write specgate's cache folder
                                 (node_modules/.cache/specgate: parses, validators, results)
      --cache-location DIR       the cache folder for this run (as SPECGATE_CACHE_DIR)
      --no-plugins               run no plugin the configuration names (a plugin is code)
${FIX_HELP}baseline options (ESLint-style bulk suppressions, per file and rule id, a count):
      --suppress-all             record every error found now in the suppressions file; exit 0
      --suppress-rule ID         record the errors of this rule only (repeatable)
      --prune-suppressions       drop recorded counts that no longer occur
      --suppressions-location F  the suppressions file (default: specgate-suppressions.json at the root)
${COMMON_HELP}`;

export const OPTIONS = {
  ...COMMON_OPTIONS,
  map: { type: 'string' },
  changed: { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  'no-plugins': { type: 'boolean' },
  'cache-location': { type: 'string' },
  ...RULE_OPTIONS,
  stdin: { type: 'boolean' },
  'stdin-filename': { type: 'string' },
  'print-config': { type: 'boolean' },
  debug: { type: 'boolean' },
  ...EXCEPTION_OPTIONS,
  ...FIX_OPTIONS,
  ...BASELINE_OPTIONS,
} as const;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await checkRun(argv, io);
  } finally {
    // --cache-location holds for this run only (an in-process caller may run other commands next).
    setCacheLocation(undefined);
  }
}

async function checkRun(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, OPTIONS, true, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const cliRules = parseRuleFlags(values);
  if (checkFixFlags(values) && values['fix-dry-run'] && (values['suppress-all'] || values['suppress-rule'] || values['prune-suppressions'])) {
    throw new UsageError('--fix-dry-run writes nothing; the suppressions file is written with --fix or without fixing');
  }
  checkStdinFlags(values);
  if (values['cache-location'] !== undefined && values['no-cache']) throw new UsageError('give --cache-location or --no-cache, not both');
  if (values['report-unused-exceptions'] && values['no-report-unused-exceptions']) throw new UsageError('give --report-unused-exceptions or --no-report-unused-exceptions, not both');
  if (values['cache-location'] === '') throw new UsageError('--cache-location needs a folder');
  // A folder the user names for writing: never reached through a link the tree placed (core/io/user-output.ts).
  if (values['cache-location'] !== undefined) userOutputFolder(values['cache-location'] as string, resolveRoot(values), { check: true, refusal: '--cache-location names a folder' });
  setCacheLocation(values['cache-location'] as string | undefined);
  if (values['print-config']) {
    // The configuration only: it prints in a folder without the preset's layout too (to see why).
    const root = checkCommonValues(values);
    await checkPresetName(values.preset as string | undefined);
    const config = loadConfig(root, values);
    await configuredSeverities(config, BUILTIN_RULES);
    await configuredSeverities({ severities: cliRules, ruleAt: () => '--rule' }, BUILTIN_RULES);
    const { printConfig } = await import('../core/cli/print-config.js');
    writeReport(values.output as string | undefined, await printConfig(config, cliRules, BUILTIN_RULES), io, root);
    return 0;
  }
  // A run that writes nothing but its report (stdout or --output), reads no standard input and prints no
  // timings may be replayed by the result cache (scripts/result-replay.ts) while its inputs hold.
  if (replayable(values)) cacheableRun();
  // --changed reads the commit: the git index.
  if (values.changed) values.staged = true;
  // A file named from above its governed folder (a monorepo's top) is checked under that folder's
  // config, as ESLint and markdownlint-cli2 find the config from the file.
  if (values.root === undefined && values.config === undefined) {
    const found = rootOfPaths(positionals.filter((p) => FAMILIES[p] === undefined && looksLikePath(p)));
    if (found !== undefined) values.root = found;
  }
  // The config comes first: its plugins may add families, which the run may name.
  // With --staged, the index's blobs of the files the named built-in families read (all of them
  // when none or another is named) come in one git process.
  const builtins = positionals.filter((p) => FAMILIES[p] !== undefined);
  const reading = builtins.length > 0 && builtins.length === positionals.length ? FAMILY_DECLARATIONS.filter((d) => builtins.includes(d.name)) : FAMILY_DECLARATIONS;
  // The config comes first: its plugins may add families, which the run may name.
  const session = await Session.open(values, {
    builtins: BUILTINS,
    plugins: values['no-plugins'] !== true,
    ruleOverrides: cliRules,
    reads: (layout) => [...new Set(Object.values(familyInputs(reading, layout)).flat())],
  });
  // A family's name, else a path or glob (ESLint's and markdownlint-cli2's file arguments); a word
  // that is neither is taken for a mistyped family (did you mean).
  const pluginFamilies = new Set(session.plugins.families.map((d) => d.name));
  const names = positionals.filter((p) => FAMILIES[p] !== undefined || pluginFamilies.has(p) || !looksLikePath(p));
  const paths = positionals.filter((p) => !names.includes(p));
  let staged: Awaited<ReturnType<typeof changedFamilies>> | undefined;
  if (values.changed) {
    // The families in force (those named, else those the config has not turned off) whose inputs are staged.
    const inForce = await session.familiesInForce(names);
    staged = await changedFamilies(session.root, session.layout, inForce, session.plugins.families);
    if (staged.families.length === 0) return 0;
    if (!values.quiet) io.stderr.write(`specgate: checking the staged ${staged.families.join(' ')}\n`);
  }
  const families = await session.families(staged ? staged.families : names);
  const map = values.map as string | undefined;
  let needs = familyNeeds(families);
  // A --map stands in for the layout's map: it must exist itself.
  if (map !== undefined) {
    requireMap(map, resolveRoot(values));
    needs = needs.filter((n) => n !== 'interopMap');
  }
  await requireRootLayout(values, session, needs);
  // --rule ID:SEVERITY wins over the config, for this run only (checked like the config's ids).
  await session.resolveSeverities();
  let corpus = session.corpus(session.source, { useParseCache: values['no-cache'] !== true });
  let targets: FileTargets | undefined = paths.length ? fileTargets(paths, corpus.root) : undefined;
  if (values.stdin) {
    // The unsaved text laid over the tree, as the editor's buffers are (the LSP's overlay).
    const rel = stdinFile(values['stdin-filename'] as string, corpus.root);
    if (!io.readStdin) throw new UsageError('--stdin: this runner has no standard input');
    const text = await io.readStdin(MAX_FILE_BYTES);
    corpus = await session.overlaid(corpus, rel, text);
    targets = fileTargets([rel], corpus.root, corpus.root);
  }
  const options: Record<string, unknown> = {};
  if (map) options.map = map;
  // The fixer loads only when the run fixes; it settles through the session (a finding an exception accepts is not fixed either).
  const fixed = checkFixFlags(values) ? await (await import('./check-fix.js')).runFixFlags(values, { session, corpus, families, options, ...(targets ? { files: targets.matches } : {}) }, io) : undefined;
  if (fixed === 'dry-run') return 0;
  const checked = fixed ?? corpus;
  // What the run read, and which family found what: the baseline judges only what the run could see.
  const timings: { family: string; rule: string; ms: number }[] = [];
  const onRuleTimed = values.debug ? (family: string, rule: string, ms: number) => void timings.push({ family, rule, ms }) : undefined;
  const ran = await session.run({ corpus: checked, families, options, reportUnused: values['no-report-unused-exceptions'] !== true, ...(onRuleTimed ? { onRuleTimed } : {}) });
  if (targets) {
    const missing = targets.unmatched(ran.read);
    // --debug lists what the checks read, which is what a pattern is matched against.
    if (missing.length && values.debug) io.stderr.write(`specgate: debug: files read (${ran.read.size}): ${[...ran.read].sort().join(', ')}\n`);
    if (missing.length) throw new UsageError(`no files matching the pattern "${missing[0]}" among the files the ${families.length === 1 ? `${families[0]!.name} family reads` : 'checks read'} (run "specgate check --debug" to list them)`);
  }
  // Only the files named, and a commit's own findings and every error (a warning elsewhere is not
  // this commit's news); then the baseline, over what the run could see (the session's last steps).
  const baselined = await session.finish(ran, {
    corpus: checked,
    families,
    baseline: values,
    ...(targets ? { files: targets.matches } : {}),
    ...(staged ? { keep: (f: Finding) => staged.files.has(f.file) || f.severity === 'error' } : {}),
  });
  const code = await emit(baselined, values, checked, families.flatMap((f) => f.rules), io);
  if (values.debug) {
    const { debugLines } = await import('../core/cli/debug.js');
    for (const line of debugLines(baselined, timings, ran.read, checked)) io.stderr.write(`specgate: debug: ${line}\n`);
  }
  return code;
}

/** Flags that write a file other than the report, read standard input or print what differs from run to run: such a run is never replayed. */
const NOT_REPLAYED = ['fix', 'fix-dry-run', 'staged', 'changed', 'stdin', 'debug', 'suppress-all', 'suppress-rule', 'prune-suppressions', 'no-cache'] as const;

function replayable(values: Record<string, unknown>): boolean {
  return NOT_REPLAYED.every((flag) => values[flag] === undefined || values[flag] === false);
}

/**
 * The governed folder of the files named: the folder of the config found upward from them, when
 * they agree on one that is not the working directory's own (undefined otherwise: the usual root).
 */
function rootOfPaths(paths: readonly string[]): string | undefined {
  const cwd = process.cwd();
  const folders = new Set<string>();
  for (const given of paths) {
    const body = given.startsWith('!') ? given.slice(1) : given;
    // A glob's folder is the part before its first wildcard.
    const literal = body.split('/').filter((_, i, parts) => !parts.slice(0, i + 1).some((part) => /[*?[\]{}]/.test(part))).join('/');
    const abs = path.resolve(cwd, literal || '.');
    const config = discoverConfig(pathKind(abs) === 'dir' ? abs : path.dirname(abs));
    if (!config) return undefined;
    folders.add(path.dirname(config));
  }
  if (folders.size !== 1) return undefined;
  const [folder] = [...folders];
  const own = discoverConfig(cwd);
  if (own && path.dirname(own) === folder) return undefined;
  return toPosix(path.relative(cwd, folder!)) || '.';
}

/** --changed: the families the staged changes start (hooks/staged-changes.ts) among those in force, and the staged files. */
async function changedFamilies(root: string, layout: import('../core/preset/layout.js').Layout, inForce: readonly string[], pluginFamilies: readonly import('../core/engine/family.js').FamilyFacts[]): Promise<{ families: string[]; files: Set<string> }> {
  const { familiesForChanges, stagedChanges } = await import('../hooks/staged-changes.js');
  const changes = stagedChanges(root);
  const declared = [...FAMILY_DECLARATIONS, ...pluginFamilies].filter((d) => inForce.includes(d.name));
  return { families: familiesForChanges(declared, layout, changes), files: new Set(changes.paths) };
}

/** --stdin and --stdin-filename go together, and read no index and fix no file. */
function checkStdinFlags(values: Record<string, unknown>): void {
  const name = values['stdin-filename'];
  if (!values.stdin) {
    if (name !== undefined) throw new UsageError('--stdin-filename names the file --stdin stands for; give --stdin too');
    return;
  }
  if (name === undefined || name === '') throw new UsageError('--stdin needs --stdin-filename PATH: the repository file the text stands for (it decides how the text is read)');
  if (values.staged) throw new UsageError('--stdin checks text laid over the working tree; it cannot be combined with --staged');
  if (values.fix) throw new UsageError('--stdin has no file to write fixes to; --fix-dry-run prints the diff');
}

/** The repository-relative file --stdin-filename names: relative to the working directory, else to the root. */
function stdinFile(name: string, root: string): string {
  const fromCwd = path.resolve(name);
  const abs = isInsideRoot(fromCwd, root) ? fromCwd : path.resolve(root, name);
  if (!isInsideRoot(abs, root)) throw new UsageError(`--stdin-filename ${name} is outside the root ${toPosix(root)}`);
  const rel = toPosix(path.relative(root, abs));
  if (rel === '') throw new UsageError(`--stdin-filename ${name} names the root folder, not a file`);
  return rel;
}

function isInsideRoot(abs: string, root: string): boolean {
  const rel = path.relative(root, abs);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** --map FILE, relative to the root or else to the working directory (as the interop-map family reads it). */
function requireMap(map: string, root: string): void {
  if (map === '') throw new UsageError('--map needs a file name');
  const candidates = path.isAbsolute(map) ? [map] : [path.resolve(root, map), path.resolve(map)];
  for (const c of candidates) {
    const kind = pathKind(c);
    if (kind === 'file') return;
    if (kind !== 'absent') throw new UsageError(`--map is a folder, not a file: ${map}`);
  }
  throw new UsageError(`map not found: ${map}`);
}
