import { WIRE_INPUT_RULES } from './rules.js';
import type { CorpusReader } from '../core/parse/corpus.js';
import type { FindingDraft } from '../core/engine/engine.js';
import type { Finding } from '../core/model/findings.js';
import { cite, formatMessage, locate } from '../core/engine/rule.js';
import { compileSchema } from '../core/engine/schema.js';
import { errorTableFromMap } from './error-table.js';
import type { Binding, WireContext } from './types.js';

/**
 * Builds the judge's context from a corpus: the interop map's a2a.errors rows and the compiled
 * §A/§B schemas at the layout's paths. Missing or broken inputs come back as findings (the
 * corpus records read problems in `corpus.problems`); the context is undefined then.
 */
export async function loadWireContext(corpus: CorpusReader, opts: { binding?: Binding; offeredVersions?: readonly string[] } = {}): Promise<{ ctx?: WireContext; findings: FindingDraft[] }> {
  const findings: FindingDraft[] = [];
  const { layout } = corpus;
  const mapDoc = corpus.json(layout.interopMap, 'the wire checks (codes and reasons)');
  const rpcDoc = corpus.json(layout.wireSchemas.jsonrpcError, 'RFC 0211 §A');
  const statusDoc = corpus.json(layout.wireSchemas.googleRpcStatus, 'RFC 0211 §B');
  if (!mapDoc || !rpcDoc || !statusDoc) return { findings };
  const { table, problems } = errorTableFromMap(mapDoc.value);
  for (const p of problems) {
    findings.push(tableFinding(locate({ doc: mapDoc, pointer: p.pointer }), 'unusableRow', p.message));
  }
  if (!table.rows.some((r) => r.reason)) return { findings };
  const validators: Partial<WireContext['validators']> = {};
  for (const [key, doc] of [['jsonrpcError', rpcDoc], ['googleRpcStatus', statusDoc]] as const) {
    try {
      validators[key] = compileSchema(doc.value, doc.text, 'linear', corpus.cache);
    } catch (e) {
      findings.push(tableFinding(locate({ file: doc.file }), 'schemaBroken', (e as Error).message.split('\n')[0]!));
    }
  }
  if (!validators.jsonrpcError || !validators.googleRpcStatus) return { findings };
  const ctx: WireContext = { errors: table, validators: validators as WireContext['validators'] };
  if (opts.binding) ctx.binding = opts.binding;
  if (opts.offeredVersions) ctx.offeredVersions = opts.offeredVersions;
  return { ctx, findings };
}

/** A finding of the error-table rule, worded from its messages (the judge's inputs are read before any collector opens). */
function tableFinding(at: Pick<Finding, 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'pointer'>, messageId: 'unusableRow' | 'schemaBroken', problem: string): FindingDraft {
  const rule = WIRE_INPUT_RULES.errorTable;
  return { ruleId: rule.id, ...at, ...cite({ message: formatMessage(rule, messageId, { problem }) }, rule.rfc), messageId };
}
