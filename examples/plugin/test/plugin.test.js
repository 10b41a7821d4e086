import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runPlugin, runRules } from 'specgate/rules/testing';
import plugin from '../index.js';

/* The plugin's rules on specgate's public harness, over files held in memory (`npm test` here). */

const rfc = (n, status) =>
  [`# RFC ${n}: Example`, '', '| Field | Value |', '| --- | --- |', `| RFC | ${n} |`, '| Title | Example |', `| Status | ${status} |`, '| Author(s) | someone |', '| Created | 2026-01-01 |', '| Updated | 2026-01-02 |', '| Affects | nothing |', '| Compatibility | editorial |', '| Supersedes | none |', '| Superseded by | none |', '', '## Summary', '', 'Text.', ''].join('\n');
const index = (rows) => ['# RFCs', '', '| RFC | Title | Status |', '| --- | --- | --- |', ...rows.map(([n, s]) => `| ${n} | Example | ${s} |`), ''].join('\n');
const family = (name) => plugin.families.find((f) => f.name === name);

describe('changelog/accepted-rfc-listed', () => {
  it('passes when CHANGELOG.md names every Accepted RFC', async () => {
    const { findings } = await runRules(family('changelog'), { files: { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'CHANGELOG.md': '- RFC 0001 accepted\n' } });
    assert.deepEqual(findings, []);
  });

  it('reports an Accepted RFC missing from CHANGELOG.md, at its Status row', async () => {
    const { findings } = await runRules(family('changelog'), { files: { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'CHANGELOG.md': '# Changelog\n' } });
    assert.deepEqual(
      findings.map((f) => [f.ruleId, f.file, f.line]),
      [['changelog/accepted-rfc-listed', 'RFCS/0001-a.md', 7]],
    );
  });
});

describe('rfc-index/status-matches-header', () => {
  it("reports a README row that disagrees with the RFC's header, and its fix copies the header's status", async () => {
    const files = { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'RFCS/README.md': index([['0001', 'Draft']]) };
    const { findings, output } = await runRules(family('rfc-index'), { files });
    assert.deepEqual(
      findings.map((f) => [f.ruleId, f.file, f.line]),
      [['rfc-index/status-matches-header', 'RFCS/README.md', 5]],
    );
    assert.equal(output['RFCS/README.md'], index([['0001', 'Accepted']]));
  });

  it('passes the whole plugin on an agreeing repository', async () => {
    const { findings } = await runPlugin(plugin, { files: { 'RFCS/0001-a.md': rfc('0001', 'Accepted'), 'RFCS/README.md': index([['0001', 'Accepted']]), 'CHANGELOG.md': 'RFC 0001\n' } });
    assert.deepEqual(findings, []);
  });
});
