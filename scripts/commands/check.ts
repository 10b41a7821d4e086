import { parseCommandArgs } from '../core/args.js';
import { runFamilies } from '../core/engine.js';
import { exitCodeFor } from '../core/findings.js';
import { COMMON_OPTIONS, emit, openCorpus } from '../core/run-env.js';
import { loadFamilies } from '../checks/registry.js';
import type { CliIo } from '../core/io.js';
import { processIo } from '../core/io.js';

const HELP = `usage: specgate check [family…] [--map FILE] [--no-cache] [common options]
families: interop-map, invariants, rfcs, wire-examples (all when none is named)
--no-cache: parse every RFC afresh; neither read nor write the parse cache (node_modules/.cache/specgate/parsed)
`;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { ...COMMON_OPTIONS, map: { type: 'string' }, 'no-cache': { type: 'boolean' } });
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const families = await loadFamilies(positionals);
  const { corpus, severities } = await openCorpus(values);
  if (values['no-cache']) corpus.useParseCache = false;
  const options: Record<string, unknown> = {};
  if (values.map) options.map = values.map;
  const result = await runFamilies({ corpus, families, options, severities });
  await emit(result, values, corpus, families.flatMap((f) => f.rules), io);
  return exitCodeFor(result.findings);
}
