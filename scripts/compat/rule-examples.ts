import type { ExampleFiles, RuleExamples } from '../core/engine/rule.js';
import type { KindChange } from './kind-changes.js';
import { API_CHANGES, NEAR_MISSES, SCHEMA_CHANGES } from './kind-changes.js';

/*
 * The compat rules' examples (meta.examples, rendered on the rule pages, docs/rules/ and run by the rule tester
 * through compat/family.ts): per kind of change (compat/kind-changes.ts), a base and a head
 * version of one file, where the change is reported, and a valid example: the same change the
 * other way round (`-added` read backwards is `-removed`), or for a kind that reads the same both
 * ways, a near miss of its own. Then the kinds of whole files and the findings about the run.
 */

/** Where the examples' files live: paths the specgate layout compares (schemaGlobs, openapi). */
export const EXAMPLE_FILES = { schema: 'schemas/v2/example.schema.json', data: 'schemas/v2/table.json', dataSchema: 'schemas/v2/table.schema.json', openapi: 'spec/v2/openapi.json' } as const;

const TABLE_SCHEMA = { $id: 'https://example.org/table', type: 'object' };
const str = { type: 'string' };

const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';
const compact = (v: unknown) => JSON.stringify(v);

/** The example's files at one side: the one file its subject is (a data file beside the schema that governs it). */
function filesOf(c: KindChange, value: unknown): ExampleFiles {
  switch (c.subject) {
    case 'schema':
      return { [EXAMPLE_FILES.schema]: json(value) };
    case 'data':
      return { [EXAMPLE_FILES.dataSchema]: json(TABLE_SCHEMA), [EXAMPLE_FILES.data]: json({ $schema: './table.schema.json', ...(value as object) }) };
    case 'openapi':
      return { [EXAMPLE_FILES.openapi]: json(value) };
  }
}

/** The OpenAPI examples are JSON documents (a YAML one reads the same), at the layout's `openapi` for the examples. */
const OPTIONS = { openapi: { layout: { openapi: EXAMPLE_FILES.openapi } } } as const;

function named(c: KindChange, base: unknown, head: unknown): string {
  if (c.subject === 'openapi' || c.note) return c.note ?? 'the document edited';
  return `\`${compact(base)}\` → \`${compact(head)}\``;
}

function example(c: KindChange, base: unknown, head: unknown, name = named(c, base, head)) {
  return { name, base: filesOf(c, base), files: { ...filesOf(c, head), ...c.headFiles }, ...(c.subject === 'openapi' ? { options: OPTIONS.openapi } : {}) };
}

/** The changes of each kind (the kind a rule is named after, its `kinds[0]`). */
const BY_KIND = new Map<string, KindChange[]>();
for (const c of [...SCHEMA_CHANGES, ...API_CHANGES]) BY_KIND.set(c.id, [...(BY_KIND.get(c.id) ?? []), c]);

/**
 * A kind rule's examples: each change of the kind is reported at its pointer (`undeclared` for a
 * breaking kind: no RFC in the examples declares it; `changed` for the others), and the first one
 * read backwards (or the kind's near miss) is not.
 */
export function kindExamples(kind: string, cls: 'editorial' | 'additive' | 'breaking'): RuleExamples | undefined {
  const changes = BY_KIND.get(kind);
  if (!changes) return filesExamples(FILES_EXAMPLES[kind], cls);
  const messageId = cls === 'breaking' ? 'undeclared' : 'changed';
  const invalid = changes.map((c) => ({ ...example(c, c.base, c.head), errors: [{ messageId, file: c.subject === 'data' ? EXAMPLE_FILES.data : filesOfName(c), pointer: c.pointer }] }));
  const first = changes[0]!;
  const near = NEAR_MISSES.get(kind);
  const valid = near ? example(near, near.base, near.head) : example(first, first.head, first.base, first.subject === 'openapi' ? 'the same edit the other way round' : `the other way round: ${named(first, first.head, first.base)}`);
  return { valid: [valid], invalid };
}

function filesOfName(c: KindChange): string {
  return c.subject === 'schema' ? EXAMPLE_FILES.schema : EXAMPLE_FILES.openapi;
}

/*
 * The kinds of a whole file (removed, added, moved) and the findings about the run (a claim an RFC
 * of the range makes, a base that cannot be read): examples of whole files at each side.
 */

/** One example of whole files: the base's, the head's, and where the finding is (a removed file at its base path). */
interface FilesExample {
  name: string;
  base: ExampleFiles;
  head: ExampleFiles;
  file: string;
  /** Where in the file, for a finding that is not at a change's pointer (an RFC's row, the top of an unreadable file). */
  line?: number;
  options?: Readonly<Record<string, unknown>>;
}

const RUN_SCHEMA_TEXT = json({ type: 'object', properties: { id: str, status: str }, required: ['id'] });
const RUN_SCHEMA_WITH_ID = json({ $id: 'https://example.org/run', type: 'object', properties: { id: str, status: str }, required: ['id'] });
const OLD = 'schemas/v2/run.schema.json';
const NEW = 'schemas/v2/task.schema.json';
const TABLE = { [EXAMPLE_FILES.dataSchema]: json(TABLE_SCHEMA) };
const DATA = { ...TABLE, [EXAMPLE_FILES.data]: json({ $schema: './table.schema.json', rows: [{ id: 'a' }] }) };
const API_DOC = { [EXAMPLE_FILES.openapi]: json({ openapi: '3.1.0', info: { title: 'example', version: '1' }, paths: { '/runs': { get: { operationId: 'listRuns', responses: { '200': { description: 'ok' } } } } } }) };
const RFC_FILE = 'RFCS/0300-an-example-change.md';

/** An RFC of the compared range, with its Compatibility claim and the file its Affects row names. */
function rfcText(compatibility: string, affects: string): string {
  const rows = [['RFC', '0300'], ['Title', 'An example change'], ['Status', '`Draft`'], ['Author(s)', 'Example'], ['Created', '2026-10-01'], ['Updated', '2026-10-01 — filed'], ['Affects', `\`${affects}\``], ['Compatibility', compatibility], ['Supersedes', '—'], ['Superseded by', '—']];
  return ['# RFC 0300: An example change', '', '| Field | Value |', '| --- | --- |', ...rows.map(([k, v]) => `| **${k}** | ${v} |`), '', '## Summary', '', 'A change.', ''].join('\n');
}

const NARROWED = json({ type: 'object', properties: { id: str, status: { ...str, maxLength: 8 } }, required: ['id'] });

interface FilesExamples {
  messageId?: string;
  invalid: FilesExample[];
  valid: Omit<FilesExample, 'file'>;
}

/** Per kind of a whole file: its reported examples, then the one it does not report. */
const FILES_EXAMPLES: Record<string, FilesExamples> = {
  'schema-file-removed': {
    invalid: [{ name: 'a schema removed', base: { [OLD]: RUN_SCHEMA_TEXT }, head: {}, file: OLD }],
    valid: { name: 'a schema added', base: {}, head: { [OLD]: RUN_SCHEMA_TEXT } },
  },
  'schema-file-added': {
    invalid: [{ name: 'a schema added', base: {}, head: { [OLD]: RUN_SCHEMA_TEXT }, file: OLD }],
    valid: { name: 'a schema removed', base: { [OLD]: RUN_SCHEMA_TEXT }, head: {} },
  },
  'data-file-removed': {
    invalid: [{ name: 'a data file removed, its schema kept', base: DATA, head: TABLE, file: EXAMPLE_FILES.data }],
    valid: { name: 'a data file added', base: TABLE, head: DATA },
  },
  'data-file-added': {
    invalid: [{ name: 'a data file added beside its schema', base: TABLE, head: DATA, file: EXAMPLE_FILES.data }],
    valid: { name: 'a data file removed', base: DATA, head: TABLE },
  },
  'openapi-document-removed': {
    invalid: [{ name: 'the OpenAPI document removed', base: API_DOC, head: {}, file: EXAMPLE_FILES.openapi, options: OPTIONS.openapi }],
    valid: { name: 'an OpenAPI document added', base: {}, head: API_DOC, options: OPTIONS.openapi },
  },
  'openapi-document-added': {
    invalid: [{ name: 'an OpenAPI document added', base: {}, head: API_DOC, file: EXAMPLE_FILES.openapi, options: OPTIONS.openapi }],
    valid: { name: 'the OpenAPI document removed', base: API_DOC, head: {}, options: OPTIONS.openapi },
  },
  'file-renamed': {
    invalid: [{ name: 'a schema without `$id` moved', base: { [OLD]: RUN_SCHEMA_TEXT }, head: { [NEW]: RUN_SCHEMA_TEXT }, file: NEW }],
    valid: { name: 'a schema moved with its `$id`', base: { [OLD]: RUN_SCHEMA_WITH_ID }, head: { [NEW]: RUN_SCHEMA_WITH_ID } },
  },
  'file-moved': {
    invalid: [{ name: 'a schema moved with its `$id`', base: { [OLD]: RUN_SCHEMA_WITH_ID }, head: { [NEW]: RUN_SCHEMA_WITH_ID }, file: NEW }],
    valid: { name: 'a schema without `$id` moved', base: { [OLD]: RUN_SCHEMA_TEXT }, head: { [NEW]: RUN_SCHEMA_TEXT } },
  },
};

/** The findings about the run, by their key in rules.ts RULES. */
const RUN_FINDINGS: Record<'claim' | 'baseUnreadable', FilesExamples> = {
  claim: {
    messageId: 'contradicted',
    invalid: [{ name: 'an RFC of the range claims additive; the schema its Affects names narrowed a property', base: { [OLD]: RUN_SCHEMA_TEXT }, head: { [OLD]: NARROWED, [RFC_FILE]: rfcText('additive', OLD) }, file: RFC_FILE, line: 12 }],
    valid: { name: 'the same change, the RFC claiming breaking', base: { [OLD]: RUN_SCHEMA_TEXT }, head: { [OLD]: NARROWED, [RFC_FILE]: rfcText('breaking', OLD) } },
  },
  baseUnreadable: {
    messageId: 'unreadable',
    invalid: [{ name: 'the schema is not JSON at the base', base: { [OLD]: '{ "type": \n' }, head: { [OLD]: RUN_SCHEMA_TEXT }, file: OLD, line: 1 }],
    valid: { name: 'the schema reads at both sides', base: { [OLD]: RUN_SCHEMA_TEXT }, head: { [OLD]: NARROWED } },
  },
};

/** The examples of a rule about the run (rules.ts RULES), by its key there. */
export function runExamples(key: keyof typeof RUN_FINDINGS): RuleExamples {
  return filesExamples(RUN_FINDINGS[key], 'breaking')!;
}

/** A rule's examples of whole files (`messageId` as the kind rules report, unless the rule says its own). */
function filesExamples(e: FilesExamples | undefined, cls: 'editorial' | 'additive' | 'breaking'): RuleExamples | undefined {
  if (!e) return undefined;
  const messageId = e.messageId ?? (cls === 'breaking' ? 'undeclared' : 'changed');
  const corpus = (x: Omit<FilesExample, 'file'>) => ({ name: x.name, base: x.base, files: x.head, ...(x.options ? { options: x.options } : {}) });
  return {
    valid: [corpus(e.valid)],
    invalid: e.invalid.map((x) => ({ ...corpus(x), errors: [{ messageId, file: x.file, ...(x.line !== undefined ? { line: x.line } : { pointer: '' }) }] })),
  };
}
