import { describe, expect, it } from 'vitest';
import { compareExample } from '../../scripts/compat/family.js';
import { apiDoc } from '../../scripts/compat/kind-changes.js';
import { EXAMPLE_FILES } from '../../scripts/compat/rule-examples.js';
import { CHANGE_RULES } from '../../scripts/compat/rules.js';
import type { ExampleFiles } from '../../scripts/core/engine/rule.js';

/*
 * Each compat rule's own examples (a base and a head per kind of change, one reported and one not)
 * live in its metadata (scripts/compat/rule-examples.ts) and run one rule at a time in
 * test/rules/examples.test.ts. These pairs are no one rule's: edits that are no change at all, on
 * which NO compat rule (every one turned on, additive and editorial ones too) may report anything.
 * Base and head are held in memory and compared as the examples are (compareExample).
 */

const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';
const str = { type: 'string' };
const SCHEMA_FILE = EXAMPLE_FILES.schema;
const API_FILE = EXAMPLE_FILES.openapi;
const EVERY_RULE_ON = Object.fromEntries(CHANGE_RULES.map((r) => [r.id, 'on' as const]));

const SCHEMA = { $id: 'https://example.org/s', type: 'object', properties: { a: str, rows: { type: 'array' } }, required: ['a'], additionalProperties: false };
const TABLE = { 'schemas/v2/table.schema.json': json({ $id: 'https://example.org/table', type: 'object' }) };
const runHeaders = (d: any) => d.paths['/runs/{runId}'].get.responses['200'].headers;
const api = (edit?: (d: any) => void) => {
  const d = apiDoc();
  edit?.(d);
  return json(d);
};

const PAIRS: Array<[name: string, base: ExampleFiles, head: ExampleFiles]> = [
  ['an unchanged schema', { [SCHEMA_FILE]: json(SCHEMA) }, { [SCHEMA_FILE]: json(SCHEMA) }],
  ['a schema with its keys reordered', { [SCHEMA_FILE]: json(SCHEMA) }, { [SCHEMA_FILE]: json(Object.fromEntries(Object.entries(SCHEMA).reverse())) }],
  [
    'a data table with its rows reordered',
    { ...TABLE, [EXAMPLE_FILES.data]: json({ $schema: './table.schema.json', rows: [{ id: 'a' }, { id: 'b' }] }) },
    { ...TABLE, [EXAMPLE_FILES.data]: json({ $schema: './table.schema.json', rows: [{ id: 'b' }, { id: 'a' }] }) },
  ],
  ['an unchanged OpenAPI document', { [API_FILE]: api() }, { [API_FILE]: api() }],
  [
    'a response header respelled in another case, and a Content-Type header removed (ignored, as OpenAPI says)',
    { [API_FILE]: api((d) => (runHeaders(d)['Content-Type'] = { schema: str })) },
    { [API_FILE]: api((d) => ((runHeaders(d).etag = runHeaders(d).ETag), delete runHeaders(d).ETag)) },
  ],
  [
    'a path parameter renamed (paths compare by template, path parameters by position)',
    { [API_FILE]: api() },
    { [API_FILE]: api((d) => ((d.paths['/runs/{id}'] = d.paths['/runs/{runId}']), delete d.paths['/runs/{runId}'], (d.paths['/runs/{id}'].get.parameters[0].name = 'id'))) },
  ],
  ['a summary added to an operation (no rule reports prose of the document)', { [API_FILE]: api() }, { [API_FILE]: api((d) => (d.paths['/runs'].get.summary = 'List runs.')) }],
  ['a webhook renamed with its operationId and method kept (the name is not on the wire)', { [API_FILE]: api() }, { [API_FILE]: api((d) => ((d.webhooks.runChanged = d.webhooks.runUpdated), delete d.webhooks.runUpdated)) }],
];

describe('compat: edits that change nothing, on which no compat rule reports', () => {
  for (const [name, base, files] of PAIRS) {
    it(name, async () => {
      const { findings } = await compareExample({ base, files, options: { layout: { openapi: API_FILE } } }, EVERY_RULE_ON);
      expect(findings.map((f) => `${f.ruleId} ${f.file}:${f.line}:${f.column} ${f.message}`)).toEqual([]);
    });
  }
});
