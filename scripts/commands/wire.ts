import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseCommandArgs } from '../core/args.js';
import { UsageError } from '../core/errors.js';
import type { FindingDraft } from '../core/collector.js';
import { Collector } from '../core/collector.js';
import { pushAll } from '../core/findings.js';
import { locate } from '../core/rule.js';
import { BUILTIN_RULES } from '../rules-registry.js';
import { COMMON_HELP, COMMON_OPTIONS, emit, finish, openCorpus, writeReport } from '../core/run-env.js';
import { toPosix } from '../core/source.js';
import type { Corpus } from '../core/corpus.js';
import type { StructuredDoc } from '../core/tree.js';
import type { Report } from '../core/rule.js';
import { CAPTURE_RULE, CapturePlacer, exchangeFromCapture } from '../wire/capture.js';
import { cardVersions, parseVersionList } from '../wire/card.js';
import { compareUnreadable } from '../wire/compare.js';
import { loadWireContext } from '../wire/context.js';
import { judgeExchange } from '../wire/judge.js';
import { WIRE_COMMAND_RULES } from '../wire/rules.js';
import type { TableRow } from '../wire/table.js';
import { verdictTable } from '../wire/table.js';
import type { Binding, Exchange, WireContext } from '../wire/types.js';
import type { CliIo } from '../core/io.js';
import { processIo } from '../core/io.js';

const HELP = `usage: specgate wire [CAPTURE|DIR…] [--unknown CAPTURE --unreadable CAPTURE]
                     [--card FILE | --versions 1.0,0.3] [--binding jsonrpc|http+json] [--table] [common options]

Judges captured A2A exchanges against RFC 0211 (§A–§E). A DIR stands for the *.json files in it.
  --unknown/--unreadable  the answers for an unknown task and for a task the caller cannot read (§D)
  --card FILE             the agent card: its JSONRPC protocolVersions are the offered versions (§E)
  --versions LIST         the offered versions, comma-separated, instead of a card
  --binding               the interface's binding (default jsonrpc)
  --table                 print a markdown table of verdicts instead of findings
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
  let offeredVersions: string[] | undefined;
  if (typeof values.versions === 'string') {
    offeredVersions = parseVersionList(values.versions);
    if (!offeredVersions) throw new UsageError(`--versions wants versions like 1.0,0.3 (got "${values.versions}")`);
  }
  const binding = parseBinding(values.binding as string | undefined);
  const started = performance.now();
  const { corpus, severities } = await openCorpus(values, ['interopMap', 'wireSchemas'], BUILTIN_RULES);
  const captures = positionals.flatMap(expand);
  const rel = (p: string) => toPosix(path.relative(corpus.root, path.resolve(p)));
  if (typeof values.card === 'string') {
    const cardDoc = corpus.json(rel(values.card), '--card');
    if (cardDoc) {
      offeredVersions = cardVersions(cardDoc.value);
      if (!offeredVersions.length) throw new UsageError(`the card ${values.card} lists no JSONRPC protocolVersion`);
    }
  }
  const findings: FindingDraft[] = [];
  const captureProblems: Report[] = [];
  const loaded = await loadWireContext(corpus, { ...(binding ? { binding } : {}), ...(offeredVersions ? { offeredVersions } : {}) });
  pushAll(findings, loaded.findings);
  const pair = unknown && unreadable ? ([rel(unknown), rel(unreadable)] as const) : undefined;
  const rows = loaded.ctx ? judgeCaptures(corpus, loaded.ctx, captures.map(rel), pair, findings, captureProblems) : [];
  pushAll(findings, corpus.problems);
  // Settled once, under the preset: `wire` cites as `check wire-examples` does.
  const collector = new Collector(WIRE_COMMAND_RULES, { severities, preset: corpus.layout.preset });
  collector.add(findings);
  for (const r of captureProblems) collector.report(CAPTURE_RULE, r);
  const final = collector.settle();
  if (values.table) {
    const text = verdictTable(rows);
    writeReport(values.output as string | undefined, text, io);
    return finish(final, values, io);
  }
  const errors = final.filter((f) => f.severity === 'error').length;
  const result = {
    findings: final,
    families: [{ family: 'wire', files: corpus.filesRead.length, visited: rows.length, errors, warnings: final.length - errors, ms: Math.round((performance.now() - started) * 10) / 10 }],
  };
  return emit(result, values, corpus, WIRE_COMMAND_RULES, io);
}

/** Judges each capture, then the §D pair of answers if given; adds their findings, returns a table row for each judged. */
function judgeCaptures(corpus: Corpus, ctx: WireContext, files: readonly string[], pair: readonly [string, string] | undefined, findings: FindingDraft[], problems: Report[]): TableRow[] {
  const rows: TableRow[] = [];
  for (const file of files) {
    const c = readCapture(corpus, file, problems);
    if (!c) continue;
    const j = judgeExchange(c.exchange, ctx);
    rows.push({ case: c.name, judgement: j });
    for (const r of j.results) findings.push(c.placer.finding(r));
  }
  if (pair) {
    const a = readCapture(corpus, pair[0], problems);
    const b = readCapture(corpus, pair[1], problems);
    if (a && b) {
      const judgement = compareUnreadable(a.exchange, b.exchange, ctx);
      rows.push({ case: `§D ${a.name} ↔ ${b.name}`, judgement });
      for (const r of judgement.results) {
        const [own, other] = r.side === 'unknown' ? [a, b] : [b, a];
        findings.push(own.placer.finding(r, other.placer));
      }
    }
  }
  return rows;
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

interface LoadedCapture {
  name: string;
  exchange: Exchange;
  placer: CapturePlacer;
  doc: StructuredDoc;
}

function readCapture(corpus: Corpus, file: string, reports: Report[]): LoadedCapture | undefined {
  const doc = corpus.json(file, 'a wire capture');
  if (!doc) return undefined;
  const { exchange, problems } = exchangeFromCapture(doc);
  for (const p of problems) {
    reports.push({ at: { doc, pointer: p.pointer }, messageId: 'notAnExchange', data: { problem: p.message } });
  }
  if (!exchange) return undefined;
  const v = doc.value as { case?: unknown };
  const name = typeof v.case === 'string' ? v.case : path.basename(file, '.json');
  return { name, exchange, placer: new CapturePlacer(doc), doc };
}
