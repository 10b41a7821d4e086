import { didYouMean } from '../../../core/base/did-you-mean.js';
import type { RelatedLocation } from '../../../core/model/findings.js';
import { LineIndex } from '../../../core/model/position.js';
import type { Rule } from '../../../core/engine/rule.js';
import { parseHttpRow, samePath, splitNames } from '../http-row.js';
import { loadMap, rowsAt } from '../map-doc.js';
import type { ProtoBinding } from '../proto-bindings.js';
import { parseProtoBindings } from '../proto-bindings.js';
import { mapWith } from '../example-files.js';

const PROTO = 'spec/v2/upstream/a2a-v1.0.1-bindings.proto';
/** A proto binding these rpcs (SubscribeToTask as A2A 1.0.1 does, so its documented exception is not stale). */
const protoOf = (...rpcs: Array<[name: string, verb: string, path: string]>) =>
  `service A2AService {\n${rpcs.map(([name, verb, path]) => `  rpc ${name}(${name}Request) returns (Task) {\n    option (google.api.http) = {\n      ${verb}: "${path}"\n    };\n  }\n`).join('')}}\n`;
const exampleProto = protoOf(['GetTask', 'get', '/tasks/{id}'], ['SubscribeToTask', 'get', '/tasks/{id}:subscribe']);
const subscribe = { upstream: 'SubscribeToTask', http: 'POST /tasks/{id}:subscribe' };
const operations = (...rows: object[]) => mapWith({ a2a: { operations: [...rows, subscribe] } }, { [PROTO]: exampleProto });

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
  messages: {
    noBindings: '{{proto}}: found no rpc with a google.api.http binding, so the rows cannot be compared',
    noHttp: 'a2a.operations {{name}}: no http value to compare with {{proto}}',
    notARoute: 'a2a.operations {{name}}: http "{{http}}" is not "VERB /path" (compound: "VERB | VERB /path[/optional]")',
    verbCount: 'a2a.operations {{name}}: {{names}} operation(s) but {{verbs}} verb(s) in "{{http}}"',
    unbound: 'a2a.operations {{name}}: {{proto}} has no google.api.http binding for this rpc',
    verb: "a2a.operations {{name}}: verb {{verb}} differs from the proto's {{protoVerb}} {{protoPath}}{{exception}}",
    path: "a2a.operations {{name}}: path {{path}} differs from the proto's {{protoPath}}",
    uncovered: 'a2a.operations: no row covers rpc {{name}}, which {{proto}} binds to {{protoVerb}} {{protoPath}}',
    staleException: 'the documented HTTP exception for {{name}} is stale: {{proto}} does not bind that rpc',
  },
  examples: {
    valid: [{ name: "rows that equal the proto's bindings (SubscribeToTask's POST is the documented exception)", files: operations({ upstream: 'GetTask', http: 'GET /tasks/{task_id}' }) }],
    invalid: [
      {
        name: 'a verb the proto does not bind',
        files: operations({ upstream: 'GetTask', http: 'POST /tasks/{id}' }),
        errors: [{ messageId: 'verb', line: 6, column: 17, data: { name: 'GetTask', verb: 'POST', protoVerb: 'GET', protoPath: '/tasks/{id}', exception: '' } }],
      },
      {
        name: 'a path that differs from the binding',
        files: operations({ upstream: 'GetTask', http: 'GET /task/{id}' }),
        errors: [{ messageId: 'path', line: 6, column: 17, data: { name: 'GetTask', path: '/task/{id}', protoPath: '/tasks/{id}' } }],
      },
      {
        name: 'a bound rpc no row covers (reported at the operations array)',
        files: operations(),
        errors: [{ messageId: 'uncovered', line: 3, column: 19, data: { name: 'GetTask', proto: PROTO, protoVerb: 'GET', protoPath: '/tasks/{id}' } }],
      },
    ],
  },
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
      ctx.report({ at: { file: protoFile }, messageId: 'noBindings', data: { proto: protoFile } });
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
        ctx.report({ at: { doc: loaded.doc, pointer }, messageId: 'noHttp', data: { name: row.upstream, proto: protoFile } });
        continue;
      }
      const httpAt = { doc: loaded.doc, pointer: `${pointer}/http` };
      const parsed = parseHttpRow(row.http);
      if (!parsed) {
        ctx.report({ at: httpAt, messageId: 'notARoute', data: { name: row.upstream, http: row.http } });
        continue;
      }
      const names = splitNames(row.upstream);
      if (parsed.verbs.length !== names.length) {
        ctx.report({ at: httpAt, messageId: 'verbCount', data: { name: row.upstream, names: names.length, verbs: parsed.verbs.length, http: row.http } });
        continue;
      }
      names.forEach((name, i) => {
        const b = bindings.get(name);
        if (!b) {
          ctx.report({ at: { doc: loaded.doc, pointer: `${pointer}/upstream` }, messageId: 'unbound', data: { name, proto: protoFile } });
          return;
        }
        covered.add(name);
        const verb = parsed.verbs[i]!;
        const ex = Object.hasOwn(HTTP_EXCEPTIONS, name) ? HTTP_EXCEPTIONS[name] : undefined;
        const excepted = ex !== undefined && verb === ex.row && b.verb === ex.proto;
        if (verb !== b.verb && !excepted) {
          ctx.report({
            at: httpAt,
            messageId: 'verb',
            data: { name, verb, protoVerb: b.verb, protoPath: b.path, exception: ex ? ` (the documented exception allows only ${ex.row} for ${ex.proto})` : '' },
            related: [at(b, `${name} is bound here`)],
          });
        }
        if (!parsed.paths.some((p) => samePath(p, b.path))) {
          ctx.report({ at: httpAt, messageId: 'path', data: { name, path: parsed.rawPath, protoPath: b.path }, related: [at(b, `${name} is bound here`)] });
        }
      });
    }
    for (const [name, b] of bindings) {
      if (covered.has(name)) continue;
      ctx.report({
        at: { doc: loaded.doc, pointer: '/a2a/operations' },
        messageId: 'uncovered',
        data: { name, proto: protoFile, protoVerb: b.verb, protoPath: b.path },
        related: [at(b, `${name} is bound here`)],
      });
    }
    for (const name of Object.keys(HTTP_EXCEPTIONS)) {
      if (!bindings.has(name)) ctx.report({ at: { file: protoFile }, messageId: 'staleException', data: { name, proto: protoFile } });
    }
  },
};
