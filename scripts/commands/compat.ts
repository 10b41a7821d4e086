import { parseCommandArgs } from '../core/cli/args.js';
import { UsageError } from '../core/base/errors.js';
import { loadReporter } from '../core/reporters/index.js';
import { BUILTIN_RULES } from '../rules-registry.js';
import { COMMON_HELP, COMMON_OPTIONS, colorFor, emit } from '../core/cli/run-env.js';
import { commandSession } from '../core/session.js';
import { familyRules } from '../core/engine/rule.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';

const HELP = `usage: specgate compat --base REF [--staged] [common options]

Classifies every change between the git revision REF and the working tree (or, with --staged, the
index) to the JSON Schemas (layout.schemaGlobs), the data files they govern and the OpenAPI document
(layout.openapi and spec/**/openapi.y{a,}ml): editorial, additive or breaking, each at a JSON
Pointer into the new file. Each kind of change is its own rule (compat/property-removed,
compat/openapi-operation-removed, …; see "specgate list-rules"): breaking ones are errors by
default, additive and editorial ones off. A breaking change is a notice instead when an RFC added
or changed since REF says "Compatibility: breaking" and names the file (or its folder) in Affects.
An RFC that claims "additive" or "safety-fix" over a breaking change is an error at its row.
      --base REF    the git revision to compare with
      --no-plugins  run no plugin the configuration names (a plugin is code)
${COMMON_HELP}`;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const started = performance.now();
  const { values } = parseCommandArgs(argv, { ...COMMON_OPTIONS, base: { type: 'string' }, 'no-plugins': { type: 'boolean' } }, false, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (typeof values.base !== 'string') throw new UsageError('compat needs --base REF (the git revision to compare with)', HELP);
  const format = typeof values.format === 'string' ? values.format : 'stylish';
  // An unknown format is refused before the comparison runs.
  await loadReporter(format);
  // The head side and the config as every command opens them: with --staged, both from the index.
  const session = await commandSession(values, [], BUILTIN_RULES, { plugins: values['no-plugins'] !== true });
  const { root, source: head, layout } = session;
  const { baseSides, compatFamily } = await import('../compat/compare.js');
  const { checkResult, compatSection } = await import('../compat/output.js');
  const { sides, commit } = await baseSides({ root, layout, ref: values.base, staged: values.staged === true, head });
  // The compat family, then the compat-like families of the plugins the configuration names, run by the session's engine.
  const family = compatFamily(sides);
  const families = [family, ...session.commandFamilies('compat')];
  const corpus = session.corpus(head);
  const { result: settled } = await session.run({ corpus, families, reportUnused: false });
  const r = { ...family.result!, commit, findings: settled.findings };
  // compat's own row counts the files it compared (both sides) and the changes it classified.
  const { files, ms } = checkResult(r, performance.now() - started).families[0]!;
  const result = { ...settled, families: settled.families.map((row, i) => (i === 0 ? { ...row, files, ms } : row)) };
  const section = compatSection(r, { color: colorFor(values, format, io.stdout.isTTY === true), quiet: values.quiet === true });
  return emit(result, values, undefined, families.flatMap(familyRules), io, { sections: [section], sourceOf: (file) => (r.headCorpus.exists(file) ? r.headCorpus.text(file) : undefined), root, preset: layout.preset });
}
