import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseCommandArgs } from '../core/args.js';
import { runFamilies } from '../core/engine.js';
import { UsageError } from '../core/errors.js';
import type { LayoutNeed } from '../core/layout.js';
import { otherPresetHint } from '../core/layout.js';
import { COMMON_HELP, COMMON_OPTIONS, emit, openCorpus, resolveRoot } from '../core/run-env.js';
import { FAMILIES, loadFamilies } from '../checks/registry.js';
import { defineRule } from '../core/rule.js';
import type { Finding } from '../core/findings.js';
import type { CliIo } from '../core/io.js';
import { processIo } from '../core/io.js';
import { checkFixFlags, FIX_HELP, FIX_OPTIONS, runFixFlags } from '../fix/command.js';
import { applyBaseline, BASELINE_OPTIONS, baselineWanted, runScope } from '../core/suppressions.js';

const HELP = `usage: specgate check [family…] [--map FILE] [--no-cache] [baseline options] [common options]

families: interop-map, invariants, rfcs, wire-examples (all when none is named)
      --map FILE                 check this interop map instead of the layout's
      --no-cache                 parse every RFC afresh; neither read nor write the parse cache
                                 (node_modules/.cache/specgate/parsed)
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
  ...FIX_OPTIONS,
  ...BASELINE_OPTIONS,
} as const;

/** What each family needs of the layout before it can judge anything. */
const NEEDS: Record<string, LayoutNeed[]> = { 'interop-map': ['interopMap'], invariants: ['rfcsDir'], rfcs: ['rfcsDir'], 'wire-examples': ['rfcsDir', 'interopMap'] };

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, OPTIONS, true, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (checkFixFlags(values) && values['fix-dry-run'] && (values['suppress-all'] || values['suppress-rule'] || values['prune-suppressions'])) {
    throw new UsageError('--fix-dry-run writes nothing; the suppressions file is written with --fix or without fixing');
  }
  const families = await loadFamilies(positionals);
  const map = values.map as string | undefined;
  let needs = [...new Set(families.flatMap((f) => NEEDS[f.name] ?? []))];
  // A --map stands in for the layout's map: it must exist itself.
  if (map !== undefined) {
    requireMap(map, resolveRoot(values));
    needs = needs.filter((n) => n !== 'interopMap');
  }
  const { corpus, severities } = await openCorpus(values, needs);
  if (values['no-cache']) corpus.useParseCache = false;
  const options: Record<string, unknown> = {};
  if (map) options.map = map;
  const fixed = await runFixFlags(values, { corpus, families, options, severities }, io);
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
  const others = Object.keys(FAMILIES).filter((n) => !families.some((f) => f.name === n));
  // The other families' rule ids are loaded only when there is a baseline to scope: a run without
  // one (every pre-commit run of a repository that never wrote one) loads only its own families.
  // (loadFamilies([]) is every family.)
  const notRun = ids(others.length && baselineWanted(checked, values) ? await loadFamilies(others) : []);
  const scoped = runScope(ids(families), notRun, read, (file) => existsSync(path.join(checked.root, file)));
  // errata check's entries share the file; check neither uses them up nor prunes them.
  const inScope = (file: string, ruleId: string) => !ruleId.startsWith('errata/') && scoped(file, ruleId);
  const baselined = applyBaseline(result, checked, values, { inScope, familyOf: (f) => familyOf.get(f) });
  // A run that misses its preset's documents while the tree holds another preset's says so.
  if (result.findings.some((f) => f.ruleId === 'corpus/missing-file')) {
    const hint = otherPresetHint((f) => checked.source.exists(f), checked.layout);
    if (hint) io.stderr.write(`specgate: ${hint}\n`);
  }
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
