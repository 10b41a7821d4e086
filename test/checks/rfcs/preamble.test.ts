import { describe, expect, it } from 'vitest';
import { headerTable } from '../../../scripts/checks/rfcs/rules/header-table.js';
import { numberMatches } from '../../../scripts/checks/rfcs/rules/number-matches.js';
import { statusKnown } from '../../../scripts/checks/rfcs/rules/status-known.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { withProcess } from '../../../scripts/core/preset/process.js';
import { runRuleOn } from '../../../scripts/core/engine/rule-tester.js';

/*
 * A YAML preamble from a pull request is hostile input: it is read by js-yaml within the corpus's
 * YAML caps, and whatever it holds is one located finding of rfcs/header-table, never a crash or
 * a hang. The other rules read the rows it gave, or none.
 */
const FILE = 'EIPS/eip-9.md';
const eip = (preamble: string) => ({ [FILE]: `---\n${preamble}\n---\n\n## Abstract\n\nText.\n` });
const run = async (preamble: string) => (await runRuleOn(headerTable, eip(preamble), { preset: 'eip' })).findings.map((f) => [f.line, f.messageId, f.message]);

describe('a hostile or malformed preamble', () => {
  it('an alias flood is refused at its first alias', async () => {
    const flood = ['eip: 9', 'a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 300 }, (_, i) => `b${i}: *a`)].join('\n');
    const found = await run(flood);
    expect(found).toHaveLength(1);
    expect(found[0]!.slice(0, 2)).toEqual([4, 'preambleYaml']);
    expect(found[0]![2]).toMatch(/alias/);
  });

  it('a duplicate field is one finding at the second', async () => {
    const found = await run('eip: 9\ntitle: A\ntitle: B');
    expect(found.map((f) => f.slice(0, 2))).toEqual([[4, 'preambleYaml']]);
  });

  it('a preamble that is a list, not fields', async () => {
    const found = await run('- eip\n- title');
    expect(found.map((f) => f.slice(0, 2))).toEqual([[1, 'preambleYaml']]);
    expect(found[0]![2]).toMatch(/not a mapping of fields/);
  });

  it('an empty preamble lacks every required field, each named once', async () => {
    const found = await run('');
    expect(found.map((f) => f[1])).toEqual(Array(8).fill('missingField'));
  });

  it('a value written as a YAML list is its items joined; a number and a date stay as written', async () => {
    const files = eip('eip: 0009\ntitle: Sample\nstatus: "Last Call"\nrequires:\n  - 1\n  - 2');
    expect((await runRuleOn(statusKnown, files, { preset: 'eip' })).findings).toEqual([]);
    const numbers = (await runRuleOn(numberMatches, files, { preset: 'eip' })).findings;
    expect(numbers.map((f) => [f.line, f.column, f.messageId])).toEqual([[2, 6, 'numberField']]);
    expect(numbers[0]!.message).toMatch(/eip says "0009", but the file name says 9/);
  });

  it('a table process reads a leading --- as a thematic break, as before: no preamble is looked for', async () => {
    const layout = { process: withProcess(presetLayout('specgate').process, { headerRows: ['eip'] }) };
    const found = (await runRuleOn(headerTable, { 'RFCS/0009-x.md': '---\neip: 9\n---\n\n## Summary\n' }, { layout })).findings;
    expect(found.map((f) => f.messageId)).toEqual(['noTable']);
  });
});

describe('a status of several words in a table process', () => {
  it('is known written plain or in backticks; a word of it alone is not', async () => {
    const layout = { process: withProcess(presetLayout('specgate').process, { otherStatuses: ['Last Call'] }) };
    const rfc = (status: string) => ({ 'RFCS/0009-x.md': `# RFC 0009: X\n\n| Field | Value |\n| --- | --- |\n| **Status** | ${status} |\n` });
    for (const status of ['Last Call', '`Last Call`', 'Last Call (until 2026-05-01)']) expect((await runRuleOn(statusKnown, rfc(status), { layout })).findings, status).toEqual([]);
    expect((await runRuleOn(statusKnown, rfc('Last'), { layout })).findings.map((f) => f.messageId)).toEqual(['unknown']);
  });
});

describe('a date row with a format of its own', () => {
  it('is read in its own format (process.dateFormats); the others in dateFormat', async () => {
    const { datesValid } = await import('../../../scripts/checks/rfcs/rules/dates-valid.js');
    const layout = { process: withProcess(presetLayout('specgate').process, { dateRows: ['Created', 'Ratified'], dateFormats: { Ratified: 'DD.MM.YYYY' } }) };
    const rfc = (ratified: string) => ({ 'RFCS/0009-x.md': `# RFC 0009: X\n\n| Field | Value |\n| --- | --- |\n| **Created** | 2026-03-01 |\n| **Ratified** | ${ratified} |\n` });
    expect((await runRuleOn(datesValid, rfc('05.03.2026'), { layout })).findings).toEqual([]);
    const wrong = (await runRuleOn(datesValid, rfc('2026-03-05'), { layout })).findings;
    expect(wrong.map((f) => [f.line, f.messageId, f.message.replace(/ \(.*$/, '')])).toEqual([[6, 'date', 'Ratified "2026-03-05" is not a DD.MM.YYYY calendar date']]);
  });
});
