import { WIRE_INPUT_RULES } from './rules.js';
import type { CorpusReader } from '../core/corpus.js';
import type { FindingDraft } from '../core/engine.js';
import { locate } from '../core/rule.js';
import { compileSchema } from '../core/schema.js';
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
    findings.push({ ruleId: WIRE_INPUT_RULES.errorTable.id, ...locate({ doc: mapDoc, pointer: p.pointer }), message: `${p.message} (RFC 0211 §A)`, rfc: 'RFC 0211 §A' });
  }
  if (!table.rows.some((r) => r.reason)) return { findings };
  const validators: Partial<WireContext['validators']> = {};
  for (const [key, doc] of [['jsonrpcError', rpcDoc], ['googleRpcStatus', statusDoc]] as const) {
    try {
      validators[key] = compileSchema(doc.value, doc.text, 'linear', corpus.cache);
    } catch (e) {
      findings.push({ ruleId: WIRE_INPUT_RULES.errorTable.id, file: doc.file, line: 1, column: 1, endLine: 1, endColumn: 1, message: `schema does not compile: ${(e as Error).message.split('\n')[0]} (RFC 0211 §A)` });
    }
  }
  if (!validators.jsonrpcError || !validators.googleRpcStatus) return { findings };
  const ctx: WireContext = { errors: table, validators: validators as WireContext['validators'] };
  if (opts.binding) ctx.binding = opts.binding;
  if (opts.offeredVersions) ctx.offeredVersions = opts.offeredVersions;
  return { ctx, findings };
}
