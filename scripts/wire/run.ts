import path from 'node:path';
import type { FindingDraft } from '../core/engine/collector.js';
import { runFamilies } from '../core/engine/engine.js';
import type { Corpus, CorpusReader } from '../core/parse/corpus.js';
import { UsageError } from '../core/base/errors.js';
import type { ConfiguredSeverity, Finding } from '../core/model/findings.js';
import { pushAll } from '../core/model/findings.js';
import type { Family, Report } from '../core/engine/rule.js';
import type { StructuredDoc } from '../core/model/tree.js';
import { CAPTURE_RULE, CapturePlacer, exchangeFromCapture } from './capture.js';
import { cardVersions } from './card.js';
import { compareUnreadable } from './compare.js';
import { loadWireContext } from './context.js';
import { judgeExchange } from './judge.js';
import { WIRE_COMMAND_RULES } from './rules.js';
import type { TableRow } from './table.js';
import type { Binding, Exchange, WireContext } from './types.js';

/** What `specgate wire` judges: capture files of the corpus (repository-relative), as its flags name them. */
export interface WireInput {
  captures: readonly string[];
  /** The §D pair: the answers for an unknown task and for a task the caller cannot read. */
  pair?: readonly [unknown: string, unreadable: string];
  /** The agent card whose JSONRPC protocolVersions are the offered versions (§E). */
  card?: string;
  offeredVersions?: readonly string[];
  binding?: Binding;
}

export interface WireRun {
  /** Settled once, under the preset: `wire` cites as `check wire-examples` does. */
  findings: Finding[];
  /** A verdict per judged capture (and the §D pair), for `--table`. */
  rows: TableRow[];
}

/** What a plugin's rules in a wire-like family are given (`ctx.given`): the capture files `wire` judges, as its flags named them. */
export type WireGiven = WireInput;

/**
 * The wire family of one run: its captures (`given`), the wire rules its judge reports against,
 * and the judge: each capture with the corpus's interop map and §A/§B schemas. The engine runs it
 * (the session for `specgate wire`, runWire for the rules' examples); its verdict rows are kept for
 * `--table`. A plugin's wire-like family, run after it, is given the same captures.
 */
export function wireFamily(input: WireInput): Family & { readonly rows: TableRow[] } {
  const rows: TableRow[] = [];
  return {
    name: 'wire',
    description: 'captured A2A exchanges, judged against RFC 0211 (§A–§E)',
    rules: [],
    judged: WIRE_COMMAND_RULES,
    given: input,
    rows,
    primaryFile: () => input.captures[0] ?? input.pair?.[0] ?? 'specgate.config.json',
    async run(ctx) {
      const corpus = ctx.corpus;
      let offeredVersions = input.offeredVersions;
      if (input.card !== undefined) {
        const cardDoc = corpus.json(input.card, '--card');
        if (cardDoc) {
          offeredVersions = cardVersions(cardDoc.value);
          if (!offeredVersions.length) throw new UsageError(`the card ${input.card} lists no JSONRPC protocolVersion`);
        }
      }
      const findings: FindingDraft[] = [];
      const captureProblems: Report[] = [];
      const loaded = await loadWireContext(corpus, { ...(input.binding ? { binding: input.binding } : {}), ...(offeredVersions ? { offeredVersions } : {}) });
      pushAll(findings, loaded.findings);
      if (loaded.ctx) pushAll(rows, judgeCaptures(corpus, loaded.ctx, input, findings, captureProblems));
      // The inputs' read problems are the judge's to report (the corpus is the run's own).
      pushAll(findings, corpus.problems);
      ctx.add(findings);
      for (const r of captureProblems) ctx.report(CAPTURE_RULE, r);
      ctx.visit(rows.length);
      return { given: input };
    },
  };
}

/** Judges the captures through the engine: the wire family alone, its findings settled at `severities`. */
export async function runWire(corpus: Corpus, input: WireInput, collecting: { severities?: Readonly<Record<string, ConfiguredSeverity>> } = {}): Promise<WireRun> {
  const family = wireFamily(input);
  const { findings } = await runFamilies({ corpus, families: [family], ...(collecting.severities ? { severities: collecting.severities } : {}) });
  return { findings, rows: family.rows };
}

/** Judges each capture, then the §D pair of answers if given; adds their findings, returns a table row for each judged. */
function judgeCaptures(corpus: CorpusReader, ctx: WireContext, input: WireInput, findings: FindingDraft[], problems: Report[]): TableRow[] {
  const rows: TableRow[] = [];
  for (const file of input.captures) {
    const c = readCapture(corpus, file, problems);
    if (!c) continue;
    const j = judgeExchange(c.exchange, ctx);
    rows.push({ case: c.name, judgement: j });
    for (const r of j.results) findings.push(c.placer.finding(r));
  }
  if (input.pair) {
    const a = readCapture(corpus, input.pair[0], problems);
    const b = readCapture(corpus, input.pair[1], problems);
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

interface LoadedCapture {
  name: string;
  exchange: Exchange;
  placer: CapturePlacer;
  doc: StructuredDoc;
}

function readCapture(corpus: CorpusReader, file: string, reports: Report[]): LoadedCapture | undefined {
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
