import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runRuleOn, testRule } from 'specgate/rules/testing';
import { acceptedRfcListed } from '../rules/accepted-rfc-listed.js';
import { index, rfc } from '../rules/example-files.js';
import { statusMatchesHeader } from '../rules/status-matches-header.js';
import { noServerBanner } from '../rules/no-server-banner.js';
import { breakingChangeNoted } from '../rules/breaking-change-noted.js';
import { erratumLineHint } from '../rules/erratum-line-hint.js';

/*
 * The plugin's rules on specgate's public harness (`npm test` here): each rule's own examples, then
 * what they leave out. Every run holds its files in memory and runs only the rule under test.
 */

testRule(acceptedRfcListed, { describe, it });
testRule(statusMatchesHeader, { describe, it });
// Rules beside another command: `family` names it, and each example's files are that command's inputs.
testRule(noServerBanner, { describe, it }, { family: 'wire' });
testRule(breakingChangeNoted, { describe, it }, { family: 'compat' });
testRule(erratumLineHint, { describe, it }, { family: 'errata' });

describe('beyond the examples', () => {
  it('a severity set in configuration applies to the rule, as to a built-in one', async () => {
    const files = { 'RFCS/0001-first.md': rfc('0001', 'Accepted'), 'CHANGELOG.md': '# Changelog\n' };
    const warned = await runRuleOn(acceptedRfcListed, files, { severities: { 'changelog/accepted-rfc-listed': 'warning' } });
    assert.deepEqual(warned.findings.map((f) => [f.severity, f.message]), [['warning', 'RFC 0001 is Accepted but CHANGELOG.md has no entry naming it ("RFC 0001") (RFC 0001 §E)']]);
    assert.deepEqual((await runRuleOn(acceptedRfcListed, files, { severities: { 'changelog/accepted-rfc-listed': 'off' } })).findings, []);
  });

  it("a differing row points at the RFC's Status row too, and once fixed there is nothing left to fix", async () => {
    const files = { 'RFCS/0001-first.md': rfc('0001', 'Accepted'), 'RFCS/README.md': index([['0001', 'Draft']]) };
    const { findings, output } = await runRuleOn(statusMatchesHeader, files);
    assert.deepEqual(findings[0].related.map((r) => [r.file, r.line, r.message]), [['RFCS/0001-first.md', 5, "RFC 0001's Status row"]]);
    const again = await runRuleOn(statusMatchesHeader, { ...files, ...output });
    assert.deepEqual(again.findings, []);
  });

  it('follows the layout of a repository whose RFC folder is rfcs/', async () => {
    const files = { 'rfcs/0001-first.md': rfc('0001', 'Accepted'), 'rfcs/README.md': index([['0001', 'Accepted'], ['0009', 'Draft']]) };
    const { findings } = await runRuleOn(statusMatchesHeader, files, { layout: { rfcsDir: 'rfcs' } });
    assert.deepEqual(findings.map((f) => [f.messageId, f.file, f.line, f.message]), [['unknown', 'rfcs/README.md', 6, 'the index lists RFC 0009, which has no file in rfcs/ (RFC 0001 §A)']]);
  });
});
