import type { Rule } from '../../../core/rule.js';
import { builtinSchemaDoc, validateDoc } from '../../../core/schema.js';
import type { StructuredDoc } from '../../../core/tree.js';
import { loadInvariantSet } from '../invariant-set.js';

const UPSTREAM_SCHEMA = 'upstream-invariants';

export const schema: Rule = {
  id: 'invariants/schema',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'SECURITY/invariants.yaml' },
  description: "The invariants file validates against its closed schema (the layout's, or the built-in one for the upstream form).",
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
