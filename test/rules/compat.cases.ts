import { compareSources } from '../../scripts/compat/compare.js';
import { apiDoc } from '../../scripts/compat/kind-changes.js';
import { EXAMPLE_FILES } from '../../scripts/compat/rule-examples.js';
import { CHANGE_RULES } from '../../scripts/compat/rules.js';
import type { Finding } from '../../scripts/core/findings.js';
import { presetLayout } from '../../scripts/core/layout.js';
import { OverlaySource } from '../../scripts/core/overlay-source.js';
import type { FileSource } from '../../scripts/core/source.js';
import type { RuleSuite, ValidCase } from '../helpers/rule-tester.js';

/*
 * Each compat rule's own examples (a base and a head per kind of change, one reported and one not)
 * live in its metadata (scripts/compat/rule-examples.ts) and run in test/rules/examples.test.ts.
 * What is left here is no one rule's: edits that are no change at all, on which NO compat rule
 * (every one turned on, additive and editorial ones too) may report anything.
 */

const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';
const str = { type: 'string' };
const SCHEMA_FILE = EXAMPLE_FILES.schema;
const API_FILE = EXAMPLE_FILES.openapi;
const EVERY_RULE_ON = Object.fromEntries(CHANGE_RULES.map((r) => [r.id, 'on' as const]));

/** The case's `base` option holds the base's files; its `files` (laid over nothing) are the head. */
async function noChange(head: FileSource, c: ValidCase): Promise<Finding[]> {
  const base = new OverlaySource(undefined);
  for (const [file, text] of Object.entries(c.options!.base as Record<string, string>)) base.set(file, text);
  const result = await compareSources({ layout: { ...presetLayout('specgate'), openapi: API_FILE }, ref: 'base', base, head, renames: () => new Map(), severities: EVERY_RULE_ON });
  return result.findings;
}

const SCHEMA = { $id: 'https://example.org/s', type: 'object', properties: { a: str, rows: { type: 'array' } }, required: ['a'], additionalProperties: false };
const TABLE = { 'schemas/v2/table.schema.json': json({ $id: 'https://example.org/table', type: 'object' }) };
const runHeaders = (d: any) => d.paths['/runs/{runId}'].get.responses['200'].headers;
const api = (edit?: (d: any) => void) => {
  const d = apiDoc();
  edit?.(d);
  return json(d);
};
const pair = (name: string, base: Record<string, string>, head: Record<string, string>): ValidCase => ({ name, files: head, options: { base } });

const valid: ValidCase[] = [
  pair('an unchanged schema', { [SCHEMA_FILE]: json(SCHEMA) }, { [SCHEMA_FILE]: json(SCHEMA) }),
  pair('a schema with its keys reordered', { [SCHEMA_FILE]: json(SCHEMA) }, { [SCHEMA_FILE]: json(Object.fromEntries(Object.entries(SCHEMA).reverse())) }),
  pair(
    'a data table with its rows reordered',
    { ...TABLE, [EXAMPLE_FILES.data]: json({ $schema: './table.schema.json', rows: [{ id: 'a' }, { id: 'b' }] }) },
    { ...TABLE, [EXAMPLE_FILES.data]: json({ $schema: './table.schema.json', rows: [{ id: 'b' }, { id: 'a' }] }) },
  ),
  pair('an unchanged OpenAPI document', { [API_FILE]: api() }, { [API_FILE]: api() }),
  pair(
    'a response header respelled in another case, and a Content-Type header removed (ignored, as OpenAPI says)',
    { [API_FILE]: api((d) => (runHeaders(d)['Content-Type'] = { schema: str })) },
    { [API_FILE]: api((d) => ((runHeaders(d).etag = runHeaders(d).ETag), delete runHeaders(d).ETag)) },
  ),
  pair(
    'a path parameter renamed (paths compare by template, path parameters by position)',
    { [API_FILE]: api() },
    { [API_FILE]: api((d) => ((d.paths['/runs/{id}'] = d.paths['/runs/{runId}']), delete d.paths['/runs/{runId}'], (d.paths['/runs/{id}'].get.parameters[0].name = 'id'))) },
  ),
  pair('a summary added to an operation (no rule reports prose of the document)', { [API_FILE]: api() }, { [API_FILE]: api((d) => (d.paths['/runs'].get.summary = 'List runs.')) }),
  pair('a webhook renamed with its operationId and method kept (the name is not on the wire)', { [API_FILE]: api() }, { [API_FILE]: api((d) => ((d.webhooks.runChanged = d.webhooks.runUpdated), delete d.webhooks.runUpdated)) }),
];

export const SUITES: RuleSuite[] = [{ name: 'compat: edits that change nothing, on which no compat rule reports', base: {}, run: noChange, valid, invalid: [] }];
