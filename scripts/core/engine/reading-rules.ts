import { defineRule } from './rule.js';
import type { RuleMeta } from './rule.js';
import type { ReadingRuleId } from '../model/reading-messages.js';
import { READING_EXAMPLES } from './reading-examples.js';
import { READING_MESSAGES } from '../model/reading-messages.js';
import { MARKDOWN_TOO_COMPLEX } from '../parse/markdown-bounds.js';

/*
 * Findings the corpus reports itself, for every command: a file that cannot be read or parsed.
 * They are rules like any other (configurable, listed), though a check cannot judge what it
 * cannot read, so they default to errors.
 */
const readingRule = (id: ReadingRuleId, description: string, rfc: string, rfcByPreset?: RuleMeta['rfcByPreset']): RuleMeta =>
  defineRule({ id, rfc, description, messages: READING_MESSAGES[id], ...examplesOf(id), ...(rfcByPreset ? { rfcByPreset } : {}) });

/**
 * A parse rule for JSON and YAML files alike: a finding cites the standard of its file's format
 * (engine.ts applySeverities, rule.ts rfcFor and dataFormatOf), the section of RFC 8259 where one states the constraint; the rule's `rfc`
 * names both.
 */
const parseRule = (id: ReadingRuleId, description: string, json: string, yaml = 'YAML 1.2'): RuleMeta =>
  defineRule({ id, rfc: `${json} (JSON), ${yaml}`, description, rfcByFormat: { json, yaml }, messages: READING_MESSAGES[id], ...examplesOf(id) });

function examplesOf(id: ReadingRuleId): Pick<RuleMeta, 'examples'> {
  const examples = READING_EXAMPLES[id];
  return examples ? { examples } : {};
}

// Upstream's RFC 0001 §1 lists what RFCS/ holds, not the other documents the checks need: this project's §A is cited by name.
export const MISSING_FILE = readingRule('corpus/missing-file', 'A document the checks need is missing from the working tree (or the index).', 'RFC 0001 §A', { openwop: "specgate's RFC 0001 §A" });
const SYNTAX = parseRule('parse/syntax', 'A governed JSON or YAML file is not well-formed.', 'RFC 8259');
// §4: the names within an object SHOULD be unique.
const DUPLICATE_KEY = parseRule('parse/duplicate-key', 'A JSON object or YAML mapping has the same key twice (JSON.parse keeps only the last one).', 'RFC 8259 §4');
const UNREADABLE_FILE = readingRule('corpus/unreadable-file', 'A path the checks read is not a regular file inside the root (a directory, FIFO, device, socket, symlink loop, a symlink leading out of the root or into `.git/`) or cannot be read (I/O error).', 'specgate input limits');
const BOM = readingRule('parse/bom', 'A JSON or YAML file starts with a byte-order mark (RFC 8259 §8.1 forbids adding one; specgate holds YAML to the same).', 'RFC 8259 §8.1');
const INVALID_UTF8 = readingRule('parse/invalid-utf8', 'A governed text file holds a byte sequence that is not UTF-8 (decoding would silently replace it).', 'RFC 8259 §8.1');
// §2: a JSON text is one value.
const EMPTY = parseRule('parse/empty', 'A governed JSON or YAML file is empty.', 'RFC 8259 §2');
// §9: a parser may limit the depth of nesting.
const TOO_DEEP = parseRule('parse/too-deep', 'A governed document nests deeper than the parser accepts.', 'RFC 8259 §9');
const TOO_LARGE = readingRule('parse/too-large', 'A governed file is larger than the size cap, so it is not parsed.', 'specgate input limits');
const BINARY = readingRule('parse/binary', 'A governed file holds NUL bytes: it is binary rather than text.', 'specgate input limits');
const MARKDOWN_TOO_LARGE = readingRule('parse/markdown-too-large', 'A Markdown file (an RFC or an errata target) is larger than the Markdown cap, so it is not parsed.', 'specgate input limits');
const MARKDOWN_COMPLEX = defineRule(MARKDOWN_TOO_COMPLEX);
export const TOO_MANY_FILES = readingRule('limits/too-many-files', 'The RFC folder holds more files than a run reads: the first ones by name are checked, and this one counts the rest.', 'specgate input limits');
export const TOO_MUCH_RFC_TEXT = readingRule('limits/too-much-rfc-text', 'The RFC text a run reads passed the per-run cap: the file that passed it and every RFC file not read yet are not checked, and this one finding names them.', 'specgate input limits');
const FINDINGS_PER_FILE = readingRule('limits/findings-per-file', 'A file has more findings than the per-file cap: the first ones are shown and this one counts the rest.', 'specgate input limits');
const ALIASES = readingRule('parse/aliases', 'A YAML document has more aliases than the parser expands, aliases that expand it past the YAML node or character cap, or an alias inside the node it names (an expansion bomb).', 'YAML 1.2');

export const READING_RULES: RuleMeta[] = [MISSING_FILE, SYNTAX, DUPLICATE_KEY, UNREADABLE_FILE, BOM, INVALID_UTF8, EMPTY, TOO_DEEP, TOO_LARGE, BINARY, MARKDOWN_TOO_LARGE, MARKDOWN_COMPLEX, TOO_MANY_FILES, TOO_MUCH_RFC_TEXT, FINDINGS_PER_FILE, ALIASES];

/**
 * The parse rules whose finding means the file's content was not read, so no other rule judged it
 * (the baseline neither uses up nor prunes its entries). A duplicate key or a byte-order mark is
 * reported, but the file is still read and judged.
 */
export const UNPARSED_RULES: readonly RuleMeta[] = [SYNTAX, INVALID_UTF8, EMPTY, TOO_DEEP, TOO_LARGE, BINARY, MARKDOWN_TOO_LARGE, MARKDOWN_COMPLEX, ALIASES];

