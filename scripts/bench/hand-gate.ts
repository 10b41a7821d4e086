import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The yardstick of `npm run bench`: a gate of the kind spec repositories keep by hand (issue 24) —
 * ajv compiles the map's schema and validates, then rules 2–9 and 7a as plain loops over the parsed
 * JSON, no positions, on this project's layout. Not a specgate command; run as `node hand-gate.js ROOT`.
 */
const require = createRequire(import.meta.url);
const root = path.resolve(process.argv[2] ?? '.');
const json = (f: string) => JSON.parse(readFileSync(path.join(root, f), 'utf8'));
const errors: string[] = [];
const fail = (m: string) => errors.push(m);
const Ajv2020 = require('ajv/dist/2020.js').default;
const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false });
require('ajv-formats').default(ajv);
const map = json('spec/v2/interop-map.json');
const schema = json('spec/v2/interop-map.schema.json');
const validate = ajv.compile(schema); // rule 1
if (!validate(map)) for (const e of validate.errors) fail(`${e.instancePath} ${e.message}`);
const openapi = require('js-yaml').load(readFileSync(path.join(root, 'spec/v2/openapi.yaml'), 'utf8'));
const opIds = new Set(Object.values(openapi.paths ?? {}).flatMap((item: any) => Object.values(item).map((op: any) => op?.operationId)));
for (const row of [...map.a2a.operations, ...map.mcp.methods, ...(map.mcp.tasks?.methods ?? [])]) if (row.v2Operation && !opIds.has(row.v2Operation)) fail(`rule 2: ${row.v2Operation}`);
const codes = new Set(json('spec/v2/errors.json').errors.map((e: any) => e.code));
for (const row of map.a2a.errors) if (row.clientProjection && !codes.has(row.clientProjection)) fail(`rule 3: ${row.clientProjection}`); // rule 3
const statuses: string[] = json('schemas/v2/run-snapshot.schema.json').properties.status.enum;
if ([...schema.$defs.runStatus.enum].sort().join() !== [...statuses].sort().join()) fail('rule 4: run statuses differ');
for (const s of statuses) if (map.a2a.taskState.filter((r: any) => r.runStatus === s && !r.interruptKind).length !== 1) fail(`rule 4: default row of ${s}`);
const overrides = map.a2a.taskState.filter((r: any) => r.interruptKind).map((r: any) => `${r.runStatus}/${r.interruptKind}`);
if (new Set(overrides).size !== overrides.length) fail('rule 4: override repeated');
const stored = json('schemas/v2/a2a-task-state.schema.json').$defs.storedState.enum;
for (const r of map.a2a.taskState) if (!stored.includes(r.stored)) fail(`rule 5: ${r.stored}`);
for (const r of [...map.a2a.operations, ...map.mcp.methods]) for (const req of r.requires ?? []) {
  const [family, facet] = req.split('.');
  if (!(facet in (json(`spec/v2/facets/${family}.schema.json`).properties ?? {}))) fail(`rule 6: ${req}`);
}
const named = map.a2a.errors.filter((r: any) => !r.upstream.startsWith('('));
if (named.length !== 9) fail(`rule 7: ${named.length} named rows`);
for (const r of named) if (r.reason !== r.upstream.replace(/Error$/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()) fail(`rule 7a: ${r.upstream}`);
for (const f of map.mcp.features) for (const p of f.requiredFor ?? []) if (!/^mcp-\d{4}-\d{2}-\d{2}$/.test(p)) fail(`rule 8: ${p}`);
const proto = readFileSync(path.join(root, 'spec/v2/upstream/a2a-v1.0.1-bindings.proto'), 'utf8');
const bindings = new Map([...proto.matchAll(/rpc (\w+)\([^]*?google\.api\.http\) = \{\s*(\w+): "([^"]+)"/g)].map((m) => [m[1], `${m[2]!.toUpperCase()} ${m[3]}`]));
bindings.set('SubscribeToTask', 'POST /tasks/{id}:subscribe'); // the known A2A 1.0.1 erratum (proto GET, prose and SDKs POST)
for (const r of map.a2a.operations) if (bindings.has(r.upstream) && !String(r.http).split(/ \| | or /).some((h) => h.replace(/\{[^}]*\}/g, '{}') === bindings.get(r.upstream)!.replace(/\{[^}]*\}/g, '{}'))) fail(`rule 9: ${r.upstream}`);
process.stdout.write(errors.length ? `${errors.join('\n')}\n${errors.length} errors\n` : 'ok\n');
process.exitCode = errors.length ? 1 : 0;
