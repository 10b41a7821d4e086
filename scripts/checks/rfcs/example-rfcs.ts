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
