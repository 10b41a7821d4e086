import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { UsageError } from '../core/base/errors.js';
import { BUILTIN_RULES } from '../rules-registry.js';
import { COMMON_HELP, COMMON_OPTIONS, emit, finish, writeReport } from '../core/cli/run-env.js';
import { commandSession } from '../core/session.js';
import { toPosix } from '../core/io/source.js';
import { parseVersionList } from '../wire/card.js';
import type { WireInput } from '../wire/run.js';
import { wireFamily } from '../wire/run.js';
import { familyRules } from '../core/engine/rule.js';
import { verdictTable } from '../wire/table.js';
import type { Binding } from '../wire/types.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';

const HELP = `usage: specgate wire [CAPTURE|DIR…] [--unknown CAPTURE --unreadable CAPTURE]
                     [--card FILE | --versions 1.0,0.3] [--binding jsonrpc|http+json] [--table] [common options]

Judges captured A2A exchanges against RFC 0211 (§A–§E). A DIR stands for the *.json files in it.
  --unknown/--unreadable  the answers for an unknown task and for a task the caller cannot read (§D)
  --card FILE             the agent card: its JSONRPC protocolVersions are the offered versions (§E)
  --versions LIST         the offered versions, comma-separated, instead of a card
  --binding               the interface's binding (default jsonrpc)
  --table                 print a markdown table of verdicts instead of findings (no other --format)
  --no-plugins            run no plugin the configuration names (a plugin is code)
${COMMON_HELP}`;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    ...COMMON_OPTIONS,
    unknown: { type: 'string' },
    unreadable: { type: 'string' },
    card: { type: 'string' },
    versions: { type: 'string' },
    binding: { type: 'string' },
    table: { type: 'boolean' },
    'no-plugins': { type: 'boolean' },
  }, true, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const unknown = values.unknown as string | undefined;
  const unreadable = values.unreadable as string | undefined;
  if (!!unknown !== !!unreadable) throw new UsageError('--unknown and --unreadable go together (the two answers §D compares)');
  if (!positionals.length && !unknown) throw new UsageError('name at least one capture file or folder, or --unknown and --unreadable', HELP);
  if (values.card && values.versions) throw new UsageError('give --card or --versions, not both');
  // The table is Markdown: under another format (json for jq, html for a page) it would be taken for that format's output.
  const format = values.format as string | undefined;
  if (values.table && format !== undefined && format !== 'markdown' && format !== 'stylish') throw new UsageError(`--table prints a Markdown table: it takes --format markdown or none (got "${format}"; without --table, --format ${format} reports the findings)`);
  let offeredVersions: string[] | undefined;
  if (typeof values.versions === 'string') {
    offeredVersions = parseVersionList(values.versions);
    if (!offeredVersions) throw new UsageError(`--versions wants versions like 1.0,0.3 (got "${values.versions}")`);
  }
  const binding = parseBinding(values.binding as string | undefined);
  const session = await commandSession(values, ['interopMap', 'wireSchemas'], BUILTIN_RULES, { plugins: values['no-plugins'] !== true });
  const corpus = session.corpus();
  const rel = (p: string) => toPosix(path.relative(corpus.root, path.resolve(p)));
  const input: WireInput = {
    captures: positionals.flatMap(expand).map(rel),
    ...(unknown && unreadable ? { pair: [rel(unknown), rel(unreadable)] as const } : {}),
    ...(typeof values.card === 'string' ? { card: rel(values.card) } : {}),
    ...(offeredVersions ? { offeredVersions } : {}),
    ...(binding ? { binding } : {}),
  };
  // The wire family, then the wire-like families of the plugins the configuration names, run by the session's engine.
  const family = wireFamily(input);
  const families = [family, ...session.commandFamilies('wire')];
  const { result } = await session.run({ corpus, families, reportUnused: false });
  if (values.table) {
    const text = verdictTable(family.rows);
    writeReport(values.output as string | undefined, text, io, corpus.root);
    return finish(result.findings, values, io);
  }
  return emit(result, values, corpus, families.flatMap(familyRules), io);
}

function parseBinding(b: string | undefined): Binding | undefined {
  if (b === undefined) return undefined;
  const n = b.toLowerCase();
  if (n === 'jsonrpc') return 'JSONRPC';
  if (n === 'http+json' || n === 'httpjson' || n === 'rest') return 'HTTP+JSON';
  throw new UsageError(`--binding is jsonrpc or http+json (got "${b}")`);
}

/**
 * A folder stands for its *.json files, sorted; anything else is taken as a file. A named file
 * that does not exist, or a folder without captures, is a one-line error (exit 2): a gate that
 * judged nothing must not pass.
 */
function expand(p: string): string[] {
  let isDir: boolean;
  try {
    isDir = statSync(p).isDirectory();
  } catch {
    throw new UsageError(`capture file not found: ${p}`);
  }
  if (!isDir) return [p];
  const files = readdirSync(p)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(p, f));
  if (files.length === 0) throw new UsageError(`nothing to judge: the folder ${p} holds no *.json capture`);
  return files;
}
