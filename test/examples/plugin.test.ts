import { describe, expect, it } from 'vitest';
import { runPlugin, runRules } from '../../scripts/api/testing.js';
// The example imports `specgate/rules` by name; vitest.config.ts maps it to scripts/api/.
import type { Plugin } from '../../scripts/api/rules.js';
// @ts-expect-error -- the example is plain JavaScript, as an adopter writes it; typed by the API below.
import example from '../../examples/plugin/index.js';

const plugin = example as Plugin;

/* examples/plugin on the public harness (specgate/rules/testing), in memory. */

const rfc = (n: string, status: string) => `# RFC ${n}: Example ${n}

| Field | Value |
| --- | --- |
| RFC | ${n} |
| Title | Example ${n} |
| Status | ${status} |
| Author(s) | someone |
| Created | 2026-01-01 |
| Updated | 2026-01-02 |
| Affects | nothing |
| Compatibility | editorial |
| Supersedes | none |
| Superseded by | none |

## Summary

Text.
`;

const index = (rows: Array<[string, string]>) => `# RFCs

| RFC | Title | Status |
| --- | --- | --- |
${rows.map(([n, s]) => `| [${n}](${n}-x.md) | Example ${n} | ${s} |`).join('\n')}
`;

const family = (name: string) => plugin.families.find((f) => f.name === name)!;

describe('examples/plugin: changelog/accepted-rfc-listed', () => {
  it('passes when the changelog names every Accepted RFC, and ignores other statuses', async () => {
    const { findings } = await runRules(family('changelog'), {
      files: { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'RFCS/0002-b.md': rfc('0002', 'Draft'), 'CHANGELOG.md': '# Changelog\n\n- RFC 0001 accepted.\n' },
    });
    expect(findings).toEqual([]);
  });

  it('reports an Accepted RFC the changelog does not name, at its Status cell', async () => {
    const { findings } = await runRules(family('changelog'), {
      files: { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'RFCS/0003-c.md': rfc('0003', 'Accepted'), 'CHANGELOG.md': '# Changelog\n\n- RFC 0001 accepted.\n' },
    });
    expect(findings.map(({ ruleId, file, line, column, severity }) => ({ ruleId, file, line, column, severity }))).toEqual([
      { ruleId: 'changelog/accepted-rfc-listed', file: 'RFCS/0003-c.md', line: 7, column: 10, severity: 'error' },
    ]);
    expect(findings[0]!.message).toBe('RFC 0003 is Accepted but CHANGELOG.md has no entry naming it ("RFC 0003") (RFC 0001 §E)');
  });

  it('takes its severity from configuration, like a built-in rule', async () => {
    const files = { 'RFCS/0003-c.md': rfc('0003', 'Accepted'), 'CHANGELOG.md': '# Changelog\n' };
    expect((await runRules(family('changelog'), { files, rules: { 'changelog/accepted-rfc-listed': 'warning' } })).findings.map((f) => f.severity)).toEqual(['warning']);
    expect((await runRules(family('changelog'), { files, rules: { 'changelog/accepted-rfc-listed': 'off' } })).findings).toEqual([]);
  });
});

describe('examples/plugin: rfc-index/status-matches-header', () => {
  it('passes when the index agrees with the headers', async () => {
    const { findings } = await runRules(family('rfc-index'), {
      files: { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'RFCS/0002-b.md': rfc('0002', 'Draft'), 'RFCS/README.md': index([['0001', 'Accepted'], ['0002', 'Draft']]) },
    });
    expect(findings).toEqual([]);
  });

  it('reports a row that disagrees, with the header as a related location, and fixes it', async () => {
    const files = { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'RFCS/0002-b.md': rfc('0002', 'Draft'), 'RFCS/README.md': index([['0001', 'Active'], ['0002', 'Draft'], ['0009', 'Draft']]) };
    const { findings, output } = await runRules(family('rfc-index'), { files });
    expect(findings.map(({ ruleId, line, column, endColumn }) => ({ ruleId, line, column, endColumn }))).toEqual([
      { ruleId: 'rfc-index/status-matches-header', line: 5, column: 38, endColumn: 44 },
      { ruleId: 'rfc-index/status-matches-header', line: 7, column: 38, endColumn: 43 },
    ]);
    expect(findings[0]!.message).toMatch(/^the index says RFC 0001 is "Active", but its header says "Accepted"/);
    expect(findings[0]!.related).toEqual([expect.objectContaining({ file: 'RFCS/0001-a.md', line: 7 })]);
    expect(findings[1]!.message).toMatch(/^the index lists RFC 0009, which has no file in RFCS\//);
    expect(findings[1]!.fix).toBeUndefined();
    expect(output['RFCS/README.md']).toBe(index([['0001', 'Accepted'], ['0002', 'Draft'], ['0009', 'Draft']]));
    // Fixed, it finds nothing more to fix.
    expect((await runRules(family('rfc-index'), { files: output })).findings.filter((f) => f.fix)).toEqual([]);
  });

  it('runs every family of the plugin at once', async () => {
    const { findings } = await runPlugin(plugin, { files: { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'RFCS/README.md': index([['0001', 'Draft']]), 'CHANGELOG.md': '# Changelog\n' } });
    expect(findings.map((f) => f.ruleId)).toEqual(['changelog/accepted-rfc-listed', 'rfc-index/status-matches-header']);
  });
});
