import type { ReadingRuleId } from '../model/reading-messages.js';
import type { RuleExamples } from './rule.js';

/*
 * The reading rules' examples (docs/rules.md shows them; test/core/engine/input-rules.test.ts runs them).
 * A reading rule has no `run` of its own: the corpus reports it when a rule asks for a file. So an
 * example's files are each asked for as a rule would, by extension (`.json` as JSON, `.yaml` as
 * YAML, `.md` as Markdown), and `options.read` names paths asked for that the case does not hold.
 * What cannot be held in memory (bytes that are not UTF-8, files past the size caps, symlinks,
 * devices) is tested end to end (test/hostile/); what a page cannot show (a byte-order mark, NUL
 * bytes, files past a cap, Markdown too deep for the page itself to be read) is tested in memory beside these (test/core/engine/input-rules.test.ts).
 */
export const READING_EXAMPLES: Partial<Record<ReadingRuleId, RuleExamples>> = {
  'corpus/missing-file': {
    valid: [{ name: 'the file asked for is there', files: { 'spec/map.json': '{}\n' }, options: { read: ['spec/map.json'] } }],
    invalid: [{ name: 'a file the checks need is missing', files: {}, options: { read: ['spec/map.json'] }, errors: [{ messageId: 'missing', file: 'spec/map.json', line: 1, column: 1, data: { needed: '', source: 'working tree' } }] }],
  },
  'parse/syntax': {
    valid: [{ name: 'well-formed JSON and YAML', files: { 'spec/map.json': '{ "a2a": { "errors": [] } }\n', 'spec/list.yaml': 'items:\n  - one\n' } }],
    invalid: [
      { name: 'JSON that ends too soon', files: { 'spec/map.json': '{\n  "a2a": \n' }, errors: [{ messageId: 'json', line: 3, column: 1 }] },
      { name: 'a trailing comma in JSON', files: { 'spec/map.json': '{\n  "a": 1,\n}\n' }, errors: [{ messageId: 'trailingComma', line: 2, column: 9, data: { before: '}' } }] },
      { name: 'a tab in YAML indentation', files: { 'spec/list.yaml': 'items:\n\t- one\n' }, errors: [{ messageId: 'yaml', line: 2, column: 1 }] },
      { name: 'two YAML documents in one file', files: { 'spec/list.yaml': 'a: 1\n---\nb: 2\n' }, errors: [{ messageId: 'documents', line: 1, column: 1, data: { count: 2 } }] },
    ],
  },
  'parse/duplicate-key': {
    valid: [{ name: 'each key once', files: { 'spec/map.json': '{ "a": 1, "b": 2 }\n' } }],
    invalid: [
      { name: 'a JSON key twice', files: { 'spec/map.json': '{\n  "a": 1,\n  "a": 2\n}\n' }, errors: [{ messageId: 'json', line: 3, column: 3, data: { key: 'a' } }] },
      { name: 'a YAML key twice', files: { 'spec/list.yaml': 'version: 1\nversion: 2\n' }, errors: [{ messageId: 'yaml', line: 2, column: 1 }] },
    ],
  },
  'parse/empty': {
    valid: [{ name: 'a document', files: { 'spec/map.json': '{}\n' } }],
    invalid: [
      { name: 'an empty JSON file', files: { 'spec/map.json': '' }, errors: [{ messageId: 'empty', line: 1, column: 1, data: { format: 'JSON' } }] },
      { name: 'a YAML file of blanks', files: { 'spec/list.yaml': '\n\n' }, errors: [{ messageId: 'empty', line: 1, column: 1, data: { format: 'YAML' } }] },
    ],
  },
  'parse/too-deep': {
    valid: [{ name: '99 levels of YAML', files: { 'spec/deep.yaml': `${'['.repeat(99)}${']'.repeat(99)}\n` } }],
    invalid: [{ name: 'YAML nested a hundred levels deep', files: { 'spec/deep.yaml': `${'['.repeat(100)}${']'.repeat(100)}\n` }, errors: [{ messageId: 'yaml', line: 1, column: 100, data: { detail: 'nesting exceeded maxDepth (100)' } }] }],
  },
};
