import type { ExampleFiles } from '../../core/engine/rule.js';

/*
 * The small in-memory corpora of the invariants rules' examples (meta.examples), in the specgate
 * layout: an invariants file of a few entries, the RFCs they cite, the threat model they name.
 */

export const INVARIANTS = 'invariants/invariants.yaml';
export const THREAT_MODEL = 'invariants/threat-models/example.md';

/** One entry in the project's form: `fields` override or add lines after `- id:` (an empty value drops one). */
export function entry(id: string, fields: Readonly<Record<string, string>> = {}): string {
  const all: Record<string, string> = { tier: 'advisory', severity: 'low', threat_model: THREAT_MODEL, tests: '[]', witness: 'claims-check', rfcs: '["0211 §A"]', ...fields };
  const lines = Object.entries(all)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `    ${k}: ${v}\n`);
  return `  - id: ${id}\n${lines.join('')}`;
}

/** An RFC file with its header table, and optionally more sections (a Security section). */
export function rfc(number: string, status: string, body = '', extraRows = ''): ExampleFiles {
  const text = `# RFC ${number}: Example\n\n| Field | Value |\n| --- | --- |\n| **RFC** | ${number} |\n| **Status** | \`${status}\` |\n${extraRows}\n## §A Rule\n\nThe rule.\n${body}`;
  return { [`RFCS/${number}-example.md`]: text };
}

/** A corpus of the invariants file with these entries, the threat model they name, RFC 0211 (Accepted) and `others`. */
export function invariantsWith(entries: readonly string[], others: ExampleFiles = {}): ExampleFiles {
  return { [INVARIANTS]: `version: 1\ninvariants:\n${entries.join('')}`, [THREAT_MODEL]: '# Example threats\n', ...rfc('0211', 'Accepted'), ...others };
}
