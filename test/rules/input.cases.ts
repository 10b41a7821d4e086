import { PROJECT } from '../helpers/env.js';
import type { RuleSuite } from '../helpers/rule-tester.js';
import { checkSuite, positionOf } from '../helpers/rule-tester.js';

/* The rules of unreadable input (parse/*, corpus/*), reported by whichever family reads the file. */

const MAP = 'spec/v2/interop-map.json';
const INVARIANTS = 'invariants/invariants.yaml';
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

export const SUITES: RuleSuite[] = [
  checkSuite(
    'input rules: the interop map',
    { base: PROJECT, families: ['interop-map'] },
    {
      valid: [{ name: 'the map as it is' }],
      invalid: [
        { name: 'a map that is not JSON', files: { [MAP]: '{\n  "a2a": \n' }, errors: [{ ruleId: 'parse/syntax', file: MAP, line: 3, rfc: 'RFC 8259', message: /^not valid JSON: .* \(RFC 8259\)$/ }] },
        { name: 'a key twice', files: { [MAP]: (t) => t.replace('{', '{\n  "a2a": {},') }, errors: [{ ruleId: 'parse/duplicate-key', file: MAP, rfc: 'RFC 8259 §4', message: 'duplicate key "a2a" (JSON.parse keeps only the last one) (RFC 8259 §4)' }] },
        { name: 'a byte-order mark', files: { [MAP]: (t) => `\ufeff${t}` }, errors: [{ ruleId: 'parse/bom', file: MAP, line: 1, column: 1, rfc: 'RFC 8259 §8.1', message: /^file starts with a byte-order mark \(RFC 8259 §8\.1 forbids adding one\)$/ }] },
        { name: 'an empty map', files: { [MAP]: '' }, errors: [{ ruleId: 'parse/empty', file: MAP, line: 1, column: 1, rfc: 'RFC 8259 §2', message: /^file is empty; expected a JSON document \(RFC 8259 §2\)$/ }] },
        { name: 'NUL bytes', files: { [MAP]: 'a\u0000b' }, errors: [{ ruleId: 'parse/binary', file: MAP, line: 1, column: 1 }] },
        { name: 'nesting deeper than the parser accepts', files: { [MAP]: `{"a2a": ${nested(400)}}` }, errors: [{ ruleId: 'parse/too-deep', file: MAP, rfc: 'RFC 8259 §9', message: / \(RFC 8259 §9\)$/ }] },
        { name: 'a missing map', files: { [MAP]: null }, errors: [{ ruleId: 'corpus/missing-file', file: MAP, line: 1, column: 1 }] },
        {
          // Each padded row is an unknown A2A name (errors-complete) with a reason the schema's pattern refuses:
          // past 1,000 findings on the map, one finding counts the rest.
          name: 'more findings on one file than the per-file cap',
          files: { [MAP]: (t) => t.replace('"errors": [', `"errors": [${Array.from({ length: 1100 }, (_, i) => `{"upstream": "Padding${i}Error", "jsonrpc": -32001, "grpc": "NOT_FOUND", "http": 404, "serverWhen": "never", "clientProjection": "not_found", "reason": "padding_${i}"},`).join('\n')}`) },
          // Each rule past the cap counts its own rest; then the map's findings of all rules are capped once more
          // (rule 7a's count of named rows is a guard, not said while errors-complete names the rows).
          errors: [
            { ruleId: 'limits/findings-per-file', file: MAP, line: 1, column: 1, message: '100 more findings of interop-map/schema in this file not shown (at most 1000 per file)' },
            { ruleId: 'limits/findings-per-file', file: MAP, line: 1, column: 1, message: '100 more findings of interop-map/errors-complete in this file' },
            { ruleId: 'limits/findings-per-file', file: MAP, line: 1, column: 1, message: '1000 more findings in this file not shown (at most 1000 per file; from interop-map/errors-complete, interop-map/schema)' },
          ],
        },
      ],
    },
  ),
  checkSuite(
    'input rules: an RFC',
    { base: PROJECT, families: ['rfcs'] },
    {
      valid: [],
      invalid: [
        {
          name: 'an RFC larger than the Markdown cap',
          files: { 'RFCS/0211-a2a-error-details-are-errorinfo.md': (t) => t + '\n- item\n'.repeat(20_000) },
          errors: [{ ruleId: 'parse/markdown-too-large', file: 'RFCS/0211-a2a-error-details-are-errorinfo.md', line: 1, column: 1, message: 'refusing to parse more than 131072 (the Markdown cap)' }],
        },
      ],
    },
  ),
  checkSuite(
    'input rules: the invariants file',
    { base: PROJECT, families: ['invariants'] },
    {
      valid: [],
      invalid: [
        {
          name: 'a duplicate key',
          files: { [INVARIANTS]: (t) => t.replace('version: 1\n', 'version: 1\nversion: 1\n') },
          errors: [{ ruleId: 'parse/duplicate-key', file: INVARIANTS, rfc: 'YAML 1.2', message: /[^)] \(YAML 1\.2\)$/, where: (t) => ({ line: positionOf(t(INVARIANTS), 'version', 2).line }) }],
        },
        { name: 'an empty file', files: { [INVARIANTS]: '' }, errors: [{ ruleId: 'parse/empty', file: INVARIANTS, rfc: 'YAML 1.2', message: 'file is empty; expected a YAML document (YAML 1.2)' }] },
        {
          name: 'a tab in the indentation',
          files: { [INVARIANTS]: (t) => t.replace('\n    tier: protocol', '\n\ttier: protocol') },
          errors: [{ ruleId: 'parse/syntax', file: INVARIANTS, rfc: 'YAML 1.2', message: /[^)] \(YAML 1\.2\)$/, where: (t) => ({ line: positionOf(t(INVARIANTS), '\ttier').line }) }],
        },
        {
          name: 'a 10,000-alias expansion bomb',
          files: { [INVARIANTS]: (t) => `${t}bomb: &a [x, y, z]\n${Array.from({ length: 10_000 }, (_, i) => `b${i}: *a`).join('\n')}\n` },
          errors: [{ ruleId: 'parse/aliases', file: INVARIANTS, rfc: 'YAML 1.2', message: / \(YAML 1\.2\)$/, where: (t) => ({ line: positionOf(t(INVARIANTS), 'b0: *a').line }) }],
        },
      ],
    },
  ),
  checkSuite(
    'wire-examples rules: the judge cannot be built',
    { base: PROJECT, families: ['wire-examples'] },
    {
      valid: [{ name: 'the map and RFC 0211 as they are' }],
      invalid: [
        {
          // The wire checker's own finding is re-reported under the family's rule, located at the map.
          name: 'a map without a2a.errors',
          files: { [MAP]: '[]\n' },
          errors: [{ ruleId: 'wire-examples/positive-passes', file: MAP, line: 1, column: 1, message: 'the interop map has no a2a.errors array' }],
        },
      ],
    },
  ),
];
