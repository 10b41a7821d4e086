import type { Rule } from '../../../core/engine/rule.js';
import { builtinSchemaDoc, SCHEMA_MESSAGES, validateDoc } from '../../../core/engine/schema.js';
import type { StructuredDoc } from '../../../core/model/tree.js';
import { loadInvariantSet } from '../invariant-set.js';
import { entry, invariantsWith } from '../example-files.js';

/** A closed schema of entries with the fields `entry` writes. */
const exampleSchema = JSON.stringify({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    version: { const: 1 },
    invariants: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'tier', 'severity', 'threat_model', 'witness'],
        properties: Object.fromEntries(['id', 'tier', 'severity', 'threat_model', 'witness', 'note'].map((k) => [k, { type: 'string' }]).concat([['tests', { type: 'array' }], ['rfcs', { type: 'array' }]])),
      },
    },
  },
}, null, 2);
const checked = (...entries: string[]) => invariantsWith(entries, { 'invariants/invariants.schema.json': exampleSchema });

const UPSTREAM_SCHEMA = 'upstream-invariants';

export const schema: Rule = {
  id: 'invariants/schema',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'SECURITY/invariants.yaml' },
  description: "The invariants file validates against its closed schema (the layout's, or the built-in one for the upstream form).",
  messages: SCHEMA_MESSAGES,
  examples: {
    valid: [{ name: 'an entry the schema allows', files: checked(entry('example')) }],
    invalid: [
      {
        name: 'an unexpected key (at the key) and a missing one (at its entry)',
        files: checked(entry('example', { colour: 'red', witness: '' })),
        errors: [
          { messageId: 'invalid', line: 3, column: 5 },
          { messageId: 'unexpected', line: 9, column: 5 },
        ],
      },
    ],
  },
  async run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return; // the parse finding is already recorded
    const schemaFile = ctx.layout.invariantsSchema;
    let schemaDoc: StructuredDoc | undefined;
    if (schemaFile) schemaDoc = ctx.corpus.json(schemaFile, 'the invariants schema');
    else schemaDoc = builtinSchemaDoc(UPSTREAM_SCHEMA);
    if (!schemaDoc) return;
    ctx.visit(Math.max(1, set.entries.length));
    await validateDoc(set.doc, schemaDoc, ctx.report, ctx.corpus.cache);
  },
};
