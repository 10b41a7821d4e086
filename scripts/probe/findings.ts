import path from 'node:path';
import { parseJson } from '../core/parse/json-tree.js';
import { toPosix } from '../core/io/source.js';
import type { FindingDraft } from '../core/engine/collector.js';
import type { ConfiguredSeverity, Finding } from '../core/model/findings.js';
import type { Family, RuleMeta } from '../core/engine/rule.js';
import type { Corpus } from '../core/parse/corpus.js';
import { defineRule } from '../core/engine/rule.js';
import { CapturePlacer } from '../wire/capture.js';
import { WIRE_RULE_LIST } from '../wire/rules.js';
import { captureFileName } from './capture.js';
import { LEG_RULES } from './rules.js';
import { NOTHING_EXECUTED as NOTHING_EXECUTED_EXAMPLES } from './rule-examples.js';
import type { ProbeRun } from './run.js';

/** The run that witnessed nothing. */
const NOTHING_EXECUTED = defineRule({
  id: 'probe/nothing-executed',
  rfc: 'RFC 0211 §Conformance',
  description: 'at least one leg ran against the host (an all-inapplicable run is not a pass)',
  messages: { nothing: 'no conformance leg could run against the host, so nothing was witnessed: {{why}}' },
  examples: NOTHING_EXECUTED_EXAMPLES,
});

/** The probe's own rules: one per conformance leg, and the run that witnessed nothing. */
export const PROBE_OWN_RULES: RuleMeta[] = [...Object.values(LEG_RULES).map(({ leg: _leg, ...meta }) => meta), NOTHING_EXECUTED];

/** Every rule the probe command reports: the wire checker judges each answer. */
export const PROBE_RULES: RuleMeta[] = [...WIRE_RULE_LIST, ...PROBE_OWN_RULES];

/**
 * One finding per problem the wire checker (or a leg's expectation) found in an answer. With
 * --record it sits in the recorded file, on the characters of the body it is about; otherwise
 * at the interface URL, the exchange's name as fragment and the pointer into the exchange.
 * Settled through the engine (the probe family alone), as `specgate probe` settles them.
 */
export async function probeFindings(run: ProbeRun, recorded: { dir: string; texts: string[] } | undefined, collecting: { severities?: Readonly<Record<string, ConfiguredSeverity>>; corpus: Corpus }): Promise<Finding[]> {
  const { runFamilies } = await import('../core/engine/engine.js');
  return (await runFamilies({ corpus: collecting.corpus, families: [probeFamily(run, recorded)], ...(collecting.severities ? { severities: collecting.severities } : {}) })).findings;
}

/**
 * The probe family of one run: the host's answers (`given`: the run's legs and exchanges, and
 * where they were recorded), the wire and probe rules its judge reports against, and the judge:
 * each problem the wire checker found in an answer, and a run that witnessed nothing. `redact`
 * takes every secret out of what it reports (a host may echo a credential).
 */
export function probeFamily(run: ProbeRun, recorded?: { dir: string; texts: string[] }, redact: <T>(value: T) => T = (v) => v): Family {
  return {
    name: 'probe',
    description: "RFC 0211's conformance legs against a live A2A host",
    rules: [],
    judged: PROBE_RULES,
    given: { run, recorded },
    primaryFile: () => run.cardUrl,
    run(ctx) {
      ctx.add(redact(answerDrafts(run, recorded)));
      if (!run.legs.some((l) => l.verdict !== 'inapplicable')) {
        ctx.report(NOTHING_EXECUTED, redact({ at: { file: run.cardUrl }, messageId: 'nothing', data: { why: run.notProbed ?? 'every leg was inapplicable' } }));
      }
      ctx.visit(run.legs.length);
    },
  };
}

function answerDrafts(run: ProbeRun, recorded?: { dir: string; texts: string[] }): FindingDraft[] {
  const findings: FindingDraft[] = [];
  const placers = new Map<number, CapturePlacer>();
  const nameOf = (i: number) => captureFileName(i, run.captures[i]!.case);
  const placer = (i: number) => {
    let p = placers.get(i);
    if (!p) {
      const file = toPosix(path.relative(process.cwd(), path.join(recorded!.dir, nameOf(i))));
      p = new CapturePlacer(parseJson(file, recorded!.texts[i]!));
      placers.set(i, p);
    }
    return p;
  };
  for (const leg of run.legs) {
    for (const step of leg.steps) {
      for (const p of step.problems) {
        const prefix = `${leg.id}: ${step.name}: `;
        if (recorded) {
          const f = placer(p.capture).finding({ ...p.result, ...(p.related ? { related: p.related } : {}) }, p.related ? placer(p.related.capture) : undefined);
          findings.push({ ...f, message: prefix + f.message });
        } else {
          const r = p.result;
          const file = `${run.iface ?? run.url}#${nameOf(p.capture).replace(/\.json$/, '')}`;
          const where = r.bodyPointer !== undefined ? `body ${r.bodyPointer || '/'}: ` : '';
          findings.push({ ruleId: r.ruleId, severity: r.severity, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: r.target, message: prefix + where + r.message, messageId: r.messageId, rfc: r.rfc });
        }
      }
    }
  }
  return findings;
}
