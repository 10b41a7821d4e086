import { didYouMean } from '../../../core/did-you-mean.js';
import type { RelatedLocation } from '../../../core/findings.js';
import { LineIndex } from '../../../core/position.js';
import type { Rule } from '../../../core/rule.js';
import { parseHttpRow, samePath, splitNames } from '../http-row.js';
import { loadMap, rowsAt } from '../map-doc.js';
import type { ProtoBinding } from '../proto-bindings.js';
import { parseProtoBindings } from '../proto-bindings.js';

/**
 * Rows that may differ from the proto, each naming the upstream conflict it records.
 * SubscribeToTask: A2A 1.0.1's proto binds GET, its prose and both official SDK REST clients send POST.
 */
const HTTP_EXCEPTIONS: Readonly<Record<string, { row: string; proto: string; why: string }>> = {
  SubscribeToTask: { row: 'POST', proto: 'GET', why: 'the A2A 1.0.1 proto binds GET; the prose and both SDK REST clients send POST' },
};

/** Rule 9: each `a2a.operations[].http` equals the proto binding of its rpc, and every bound rpc is covered. */
export const httpBindingMatchesProto: Rule = {
  id: 'interop-map/http-binding-matches-proto',
  rfc: 'RFC 0208 §B, rule 9',
  description: 'Every a2a.operations[].http verb and path equals the primary google.api.http binding of the same rpc in the pinned a2a.proto (compound rows expanded, path parameters by position), and every bound rpc is covered by a row.',
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const protoFile = ctx.layout.a2aProto;
    const text = ctx.corpus.text(protoFile, 'interop-map rule 9 (HTTP bindings)');
    if (text === undefined) return;
    const lines = new LineIndex(text);
    const bindings = new Map<string, ProtoBinding>();
    for (const b of parseProtoBindings(text)) if (!bindings.has(b.rpc)) bindings.set(b.rpc, b);
    if (bindings.size === 0) {
      ctx.report({ at: { file: protoFile }, message: `${protoFile}: found no rpc with a google.api.http binding, so the rows cannot be compared` });
      return;
    }
    const at = (b: ProtoBinding, message: string): RelatedLocation => ({ file: protoFile, ...lines.range(b.start, b.end), message });
    const covered = new Set<string>();
    for (const { row, pointer } of rowsAt(loaded, '/a2a/operations')) {
      ctx.visit();
      if (typeof row.upstream !== 'string') continue;
      if (typeof row.http !== 'string') {
        // A misspelt key ("htttp") is the schema rule's finding, with its "did you mean".
        if (Object.keys(row).some((k) => k !== 'http' && didYouMean(k, ['http']) === 'http')) continue;
        ctx.report({ at: { doc: loaded.doc, pointer }, message: `a2a.operations ${row.upstream}: no http value to compare with ${protoFile}` });
        continue;
      }
      const httpAt = { doc: loaded.doc, pointer: `${pointer}/http` };
      const parsed = parseHttpRow(row.http);
      if (!parsed) {
        ctx.report({ at: httpAt, message: `a2a.operations ${row.upstream}: http "${row.http}" is not "VERB /path" (compound: "VERB | VERB /path[/optional]")` });
        continue;
      }
      const names = splitNames(row.upstream);
      if (parsed.verbs.length !== names.length) {
        ctx.report({ at: httpAt, message: `a2a.operations ${row.upstream}: ${names.length} operation(s) but ${parsed.verbs.length} verb(s) in "${row.http}"` });
        continue;
      }
      names.forEach((name, i) => {
        const b = bindings.get(name);
        if (!b) {
          ctx.report({ at: { doc: loaded.doc, pointer: `${pointer}/upstream` }, message: `a2a.operations ${name}: ${protoFile} has no google.api.http binding for this rpc` });
          return;
        }
        covered.add(name);
        const verb = parsed.verbs[i]!;
        const ex = Object.hasOwn(HTTP_EXCEPTIONS, name) ? HTTP_EXCEPTIONS[name] : undefined;
        const excepted = ex !== undefined && verb === ex.row && b.verb === ex.proto;
        if (verb !== b.verb && !excepted) {
          ctx.report({
            at: httpAt,
            message: `a2a.operations ${name}: verb ${verb} differs from the proto's ${b.verb} ${b.path}${ex ? ` (the documented exception allows only ${ex.row} for ${ex.proto})` : ''}`,
            related: [at(b, `${name} is bound here`)],
          });
        }
        if (!parsed.paths.some((p) => samePath(p, b.path))) {
          ctx.report({ at: httpAt, message: `a2a.operations ${name}: path ${parsed.rawPath} differs from the proto's ${b.path}`, related: [at(b, `${name} is bound here`)] });
        }
      });
    }
    for (const [name, b] of bindings) {
      if (covered.has(name)) continue;
      ctx.report({ at: { doc: loaded.doc, pointer: '/a2a/operations' }, message: `a2a.operations: no row covers rpc ${name}, which ${protoFile} binds to ${b.verb} ${b.path}`, related: [at(b, `${name} is bound here`)] });
    }
    for (const name of Object.keys(HTTP_EXCEPTIONS)) {
      if (!bindings.has(name)) ctx.report({ at: { file: protoFile }, message: `the documented HTTP exception for ${name} is stale: ${protoFile} does not bind that rpc` });
    }
  },
};
