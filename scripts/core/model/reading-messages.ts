import { formatMessage } from './message-format.js';

/*
 * The message templates of the reading rules (core/engine/reading-rules.ts declares the rules with them):
 * the findings the corpus, the parsers, the RFC folder listing and the per-file cap report
 * themselves, outside any rule's `run`. Each names a messageId and its data, as a rule's report
 * does; the text is filled here. A module with no imports but the formatter, so the parsers and
 * the corpus (below the rule model) can word their findings with it.
 */
export const READING_MESSAGES = {
  'corpus/missing-file': {
    missing: 'file not found{{needed}} in the {{source}}',
  },
  'corpus/unreadable-file': {
    // `why` is the file-access layer's account (core/io/source.ts): "is a directory, not a regular file", "is a symlink loop".
    unreadable: '{{file}} {{why}}{{needed}}; specgate reads regular files inside the root only',
  },
  'parse/syntax': {
    json: 'not valid JSON: {{detail}}',
    trailingComma: 'not valid JSON: trailing comma before "{{before}}" (JSON allows none)',
    // `detail` is the parser's own reason (jsonc-parser's error code in words, js-yaml's reason).
    yaml: 'not valid YAML: {{detail}}',
    documents: 'expected one YAML document, found {{count}}',
  },
  'parse/duplicate-key': {
    json: 'duplicate key "{{key}}" (JSON.parse keeps only the last one)',
    yaml: 'not valid YAML: {{detail}}',
  },
  'parse/bom': {
    json: 'file starts with a byte-order mark (RFC 8259 §8.1 forbids adding one)',
    yaml: 'file starts with a byte-order mark; governed YAML is plain UTF-8 without one',
  },
  'parse/invalid-utf8': {
    invalid: 'file is not valid UTF-8 (a byte sequence here cannot be decoded); governed text must be UTF-8',
  },
  'parse/empty': {
    empty: 'file is empty; expected a {{format}} document',
  },
  'parse/too-deep': {
    json: 'not valid JSON: nesting deeper than {{max}} levels',
    yaml: 'not valid YAML: {{detail}}',
  },
  'parse/too-large': {
    bytes: 'file is {{bytes}} bytes; refusing to parse more than {{max}}',
    // The file-access layer refused to read it: "file is N bytes; refusing to read more than CAP", or it grew while read.
    read: '{{why}}',
    jsonCharacters: 'JSON file is {{characters}} characters; refusing to parse more than {{max}} (the JSON cap)',
    jsonValues: 'JSON file holds more than {{max}} values; refusing to read them (the JSON value cap)',
    yamlCharacters: 'YAML file is {{characters}} characters; refusing to parse more than {{max}} (the YAML cap)',
    yamlNodes: 'YAML file holds {{nodes}} nodes; refusing to read more than {{max}} (the YAML node cap)',
  },
  'parse/binary': {
    nul: 'file contains NUL bytes; expected a text file',
  },
  'parse/markdown-too-large': {
    bytes: 'Markdown file is {{bytes}} bytes; refusing to parse more than {{max}} (the Markdown cap)',
  },
  'parse/markdown-too-complex': {
    depth: 'line {{line}} opens more than {{max}} nested lists or quotes (the Markdown nesting cap); not parsed',
    budget: "too many lists or block quotes for the document's length (the Markdown container budget, {{max}} line-weights); not parsed",
    lazy: 'more than {{max}} lines in a row continue a list item or quote without its prefix (the Markdown lazy-line cap); not parsed',
  },
  'limits/too-many-files': {
    rest: '{{dir}}/ holds {{count}} RFC files; the first {{max}} by name are checked, and this one and the {{after}} after it are not read',
  },
  'limits/too-much-rfc-text': {
    rest: 'this RFC file ({{bytes}} bytes) would bring the RFC text read this run past {{max}} bytes (the per-run RFC cap; {{read}} bytes read in {{count}} RFC files): it and the {{rest}} RFC files of {{dir}}/ not read yet{{which}} are not checked',
  },
  'limits/findings-per-file': {
    rest: '{{count}} more finding{{s}} in this file not shown (at most {{max}} per file; from {{rules}})',
    restOfRule: '{{count}} more finding{{s}} of {{rule}} in this file not shown (at most {{max}} per file)',
  },
  'parse/aliases': {
    count: '{{count}} aliases in one document (at most {{max}}); refusing to expand them',
    expanded: 'aliases here expand the document past {{nodes}} nodes or {{characters}} characters (the YAML alias cap: a "billion laughs"); refusing to expand them',
    cycle: 'alias *{{name}} refers to the node that holds it (a cycle no JSON value can hold); refusing to expand it',
    yaml: 'not valid YAML: {{detail}}',
  },
} as const satisfies Record<string, Record<string, string>>;

export type ReadingRuleId = keyof typeof READING_MESSAGES;
export type ReadingMessageId<R extends ReadingRuleId> = keyof (typeof READING_MESSAGES)[R] & string;

/** A finding's wording from a reading rule's template: its messageId and the filled text. */
export function readingMessage<R extends ReadingRuleId>(ruleId: R, messageId: ReadingMessageId<R>, data: Readonly<Record<string, string | number>> = {}): { messageId: string; message: string } {
  return { messageId, message: formatMessage({ id: ruleId, messages: READING_MESSAGES[ruleId] }, messageId, data) };
}
