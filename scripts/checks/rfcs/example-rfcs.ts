/*
 * The small RFCs the rfcs rules' examples are written with (meta.examples: docs/rules/rfcs.md shows
 * them, the rule tests run them). Only the rows an example is about: the rule under test runs
 * alone, so a row another rule requires may be left out.
 */

/** An RFC's text: its title line, a Field | Value table of `rows`, then `body` (sections). */
export function rfcText(title: string, rows: ReadonlyArray<readonly [string, string]>, body = ''): string {
  const table = ['| Field | Value |', '| --- | --- |', ...rows.map(([field, value]) => `| **${field}** | ${value} |`)];
  return [`# ${title}`, '', ...table, '', ...(body ? [body.replace(/\n*$/, ''), ''] : [])].join('\n');
}

/** An EIP as EIP-1 writes one: a YAML preamble of `fields` (in the order given), then `body`. */
export function eipText(fields: ReadonlyArray<readonly [string, string]>, body = '## Abstract\n\nText.'): string {
  return ['---', ...fields.map(([k, v]) => `${k}: ${v}`), '---', '', body.replace(/\n*$/, ''), ''].join('\n');
}

/** Every field EIP-1's preamble requires, in its order, for EIP `number`; `over` replaces or (null) drops fields, and adds new ones at the end. */
export function eipFields(number: string, over: Readonly<Record<string, string | null>> = {}): Array<readonly [string, string]> {
  const fields: Array<readonly [string, string]> = [
    ['eip', number],
    ['title', 'Sample'],
    ['description', 'A sample proposal.'],
    ['author', 'A. Author (@author)'],
    ['discussions-to', 'https://example.org/t/1'],
    ['status', 'Draft'],
    ['type', 'Meta'],
    ['created', '2026-03-01'],
  ];
  const out = fields.flatMap(([f, v]) => (f in over ? (over[f] === null ? [] : [[f, over[f]!] as const]) : [[f, v] as const]));
  for (const [f, v] of Object.entries(over)) if (v !== null && !fields.some(([k]) => k === f)) out.push([f, v]);
  return out;
}

/** Every row the specgate process requires, in order, filled in for RFC `number`; `over` replaces or (null) drops rows. */
export function fullRows(number: string, title: string, over: Readonly<Record<string, string | null>> = {}): Array<readonly [string, string]> {
  const rows: Array<readonly [string, string]> = [
    ['RFC', number],
    ['Title', title],
    ['Status', '`Draft`'],
    ['Author(s)', 'A. Author'],
    ['Created', '2026-03-01'],
    ['Updated', '2026-03-02'],
    ['Affects', '—'],
    ['Compatibility', 'additive'],
    ['Supersedes', '—'],
    ['Superseded by', '—'],
  ];
  return rows.flatMap(([f, v]) => (f in over ? (over[f] === null ? [] : [[f, over[f]!] as const]) : [[f, v] as const]));
}
