import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseCommandArgs } from '../core/args.js';
import { runFamilies } from '../core/engine.js';
import { UsageError } from '../core/errors.js';
import { BUILTIN_RULES } from '../rules-registry.js';
import { COMMON_HELP, COMMON_OPTIONS, configuredSeverities, emit, openRoot, requireRootLayout, resolveRoot } from '../core/run-env.js';
import { Corpus } from '../core/corpus.js';
import { loadPlugins } from '../core/plugins.js';
import { withPluginRules } from '../core/rule-catalog.js';
import { FAMILIES, FAMILY_DECLARATIONS, loadFamilies } from '../checks/registry.js';
import { familyNeeds } from '../core/family.js';
import { defineRule } from '../core/rule.js';
import type { Finding } from '../core/findings.js';
import type { CliIo } from '../core/io.js';
import { processIo } from '../core/io.js';
import { checkFixFlags, FIX_HELP, FIX_OPTIONS } from '../fix/flags.js';
import { applyBaseline, BASELINE_OPTIONS, baselineWanted, runScope } from '../core/suppressions.js';

const HELP = `usage: specgate check [family…] [--map FILE] [--no-cache] [baseline options] [common options]

families (all when none is named; a plugin's families too, see docs/plugins.md):
${FAMILY_DECLARATIONS.map((f) => `  ${f.name.padEnd(15)} ${f.description}`).join('\n')}
      --map FILE                 check this interop map instead of the layout's
      --no-cache                 neither read nor write specgate's cache folder
                                 (node_modules/.cache/specgate: parses, validators)
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
  'no-cache': { type: 'boolean' },
  'no-plugins': { type: 'boolean' },
  ...FIX_OPTIONS,
  ...BASELINE_OPTIONS,
} as const;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, OPTIONS, true, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (checkFixFlags(values) && values['fix-dry-run'] && (values['suppress-all'] || values['suppress-rule'] || values['prune-suppressions'])) {
    throw new UsageError('--fix-dry-run writes nothing; the suppressions file is written with --fix or without fixing');
  }
  // The config comes first: its plugins may add families, which the run may name.
  const opened = await openRoot(values, []);
  const plugins = await loadPlugins(opened.root, values['no-plugins'] ? [] : opened.config.plugins, FAMILY_DECLARATIONS.map((d) => d.name));
  const families = await loadFamilies(positionals, plugins.families);
  const map = values.map as string | undefined;
  let needs = familyNeeds(families);
  // A --map stands in for the layout's map: it must exist itself.
  if (map !== undefined) {
    requireMap(map, resolveRoot(values));
    needs = needs.filter((n) => n !== 'interopMap');
  }
  await requireRootLayout(values, opened, needs);
  const corpus = new Corpus(opened.source, opened.config.layout);
  const severities = await configuredSeverities(opened.config, values['no-plugins'] ? BUILTIN_RULES : withPluginRules(BUILTIN_RULES, plugins.rules));
  if (values['no-cache']) corpus.useParseCache = false;
  const options: Record<string, unknown> = {};
  if (map) options.map = map;
  // The fixer loads only when the run fixes.
  const fixed = checkFixFlags(values) ? await (await import('../fix/command.js')).runFixFlags(values, { corpus, families, options, severities }, io) : undefined;
  if (fixed === 'dry-run') return 0;
  const checked = fixed ?? corpus;
  // What the run read, and which family found what: the baseline judges only what the run could see.
  const read = new Set<string>();
  const familyOf = new Map<Finding, string>();
  const onFamilyDone = (family: string, files: ReadonlySet<string>, found: readonly Finding[]) => {
    for (const f of files) read.add(f);
    for (const f of found) {
      read.add(f.file);
      familyOf.set(f, family);
    }
  };
  const result = await runFamilies({ corpus: checked, families, options, severities, onFamilyDone });
  const ids = (list: typeof families) => new Set(list.flatMap((f) => f.rules.map((r) => defineRule(r).id)));
  const others = [...Object.keys(FAMILIES), ...plugins.families.map((d) => d.name)].filter((n) => !families.some((f) => f.name === n));
  // The other families' rule ids are loaded only when there is a baseline to scope: a run without
  // one (every pre-commit run of a repository that never wrote one) loads only its own families.
  // (loadFamilies([]) is every family.)
  const notRun = ids(others.length && baselineWanted(checked, values) ? await loadFamilies(others, plugins.families) : []);
  const inScope = runScope(ids(families), notRun, read, (file) => existsSync(path.join(checked.root, file)));
  const baselined = applyBaseline(result, checked, values, { inScope, familyOf: (f) => familyOf.get(f) });
  return emit(baselined, values, checked, families.flatMap((f) => f.rules), io);
}

/** --map FILE, relative to the root or else to the working directory (as the interop-map family reads it). */
function requireMap(map: string, root: string): void {
  if (map === '') throw new UsageError('--map needs a file name');
  const candidates = path.isAbsolute(map) ? [map] : [path.resolve(root, map), path.resolve(map)];
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) return;
      throw new UsageError(`--map is a folder, not a file: ${map}`);
    } catch (e) {
      if (e instanceof UsageError) throw e;
    }
  }
  throw new UsageError(`map not found: ${map}`);
}
