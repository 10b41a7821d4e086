import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_FAMILIES, invalidMismatches, runRuleOn, testRule, validMismatches } from '../../scripts/api/testing.js';
import type { InvalidRuleCase, TestApi } from '../../scripts/api/testing.js';
// The example imports `specgate/rules` by name; vitest.config.ts maps it to scripts/api/.
import type { Plugin, Rule } from '../../scripts/api/rules.js';
// @ts-expect-error -- the example is plain JavaScript, as an adopter writes it; typed by the API below.
import example from '../../examples/plugin/index.js';
import { PROJECT, runCli, tempDir } from '../helpers/env.js';

const plugin = example as Plugin;
const rule = (id: string): Rule => plugin.families.flatMap((f) => f.rules).find((r) => r.id === id)!;
const listed = rule('changelog/accepted-rfc-listed');
const index = rule('rfc-index/status-matches-header');

/* examples/plugin on the public harness (specgate/rules/testing), in memory, under vitest. */

describe('examples/plugin: its rules run their own examples on the public harness', () => {
  it('both rules declare messages, and valid and invalid examples (the fixable one with output)', () => {
    for (const r of [listed, index]) {
      expect(Object.keys(r.messages ?? {}).length).toBeGreaterThan(0);
      expect(r.examples!.valid.length).toBeGreaterThan(0);
      expect(r.examples!.invalid.length).toBeGreaterThan(0);
    }
    expect(index.fixable).toBe(true);
    expect(index.examples!.invalid.some((c) => c.output)).toBe(true);
  });

  testRule(listed, { describe, it });
  testRule(index, { describe, it });
});

/** The case with its first expected error changed: the harness must now fail it. */
const firstError = (c: InvalidRuleCase, e: Partial<InvalidRuleCase['errors'][number]>): InvalidRuleCase => ({ ...c, errors: [{ ...c.errors[0]!, ...e }, ...c.errors.slice(1)] });

describe('the public harness fails a case that does not match (it cannot pass vacuously)', () => {
  const fixing = index.examples!.invalid.find((c) => c.output)!;

  it('passes the case as written', async () => {
    expect(await invalidMismatches(index, fixing)).toEqual([]);
  });

  it('a wrong messageId, line, column or file', async () => {
    expect(await invalidMismatches(index, firstError(fixing, { messageId: 'unknown' }))).toEqual(['finding 1: messageId differs, expected unknown']);
    expect(await invalidMismatches(index, firstError(fixing, { line: 5 }))).toEqual(['finding 1: line 6, expected 5']);
    expect(await invalidMismatches(index, firstError(fixing, { column: 3 }))).toEqual(['finding 1: column 10, expected 3']);
    expect(await invalidMismatches(listed, firstError(listed.examples!.invalid[0]!, { file: 'RFCS/0001-first.md' }))).toEqual(['finding 1: file RFCS/0002-second.md, expected RFCS/0001-first.md']);
  });

  it('data that does not fill the message the rule gave', async () => {
    expect(await invalidMismatches(index, firstError(fixing, { data: { number: '0002', listed: 'Active', status: 'Accepted' } }))).toEqual([
      'finding 1: message "the index says RFC 0002 is "Active", but its header says "Draft" (RFC 0001 §A)" is not its template filled with {"number":"0002","listed":"Active","status":"Accepted"}',
    ]);
  });

  it('a wrong output, a missing one, and one finding too many or too few', async () => {
    const wrongOutput = await invalidMismatches(index, { ...fixing, output: { 'RFCS/README.md': fixing.files['RFCS/README.md']! } });
    expect(wrongOutput).toHaveLength(1);
    expect(wrongOutput[0]).toMatch(/^output of RFCS\/README\.md:\n[\s\S]*\| 0002 \| Draft \|[\s\S]*expected:\n[\s\S]*\| 0002 \| Active \|/);
    const { output: _, ...noOutput } = fixing;
    expect(await invalidMismatches(index, noOutput)).toEqual(['the run changes RFCS/README.md: give the case an output']);
    expect(await invalidMismatches(index, { ...fixing, errors: [...fixing.errors, fixing.errors[0]!] })).toEqual([
      expect.stringMatching(/^expected 2 finding\(s\), got 1: rfc-index\/status-matches-header\[differs\] RFCS\/README\.md:6:10 /),
    ]);
    expect(await validMismatches(index, fixing)).toEqual([expect.stringMatching(/^unexpected rfc-index\/status-matches-header\[differs\] RFCS\/README\.md:6:10 /)]);
  });

  it('testRule registers one test per case, and the test of a wrong case throws with what is wrong', async () => {
    const tests: Array<[string, () => Promise<void>]> = [];
    const api: TestApi = { describe: (_name, body) => body(), it: (name, body) => void tests.push([name, body]) };
    testRule(index, api, { cases: { valid: [], invalid: [firstError(fixing, { line: 7 })] } });
    expect(tests.map(([name]) => name)).toEqual([`invalid: ${fixing.name}`]);
    await expect(tests[0]![1]()).rejects.toThrow('finding 1: line 6, expected 7');
  });
});

describe('examples/plugin: rules beside wire, compat and errata, on the public harness (family by command name)', () => {
  const wireRule = rule('captures/no-server-banner');
  const compatRule = rule('release-notes/breaking-change-noted');
  const errataRule = rule('errata-notes/item-line-hint');

  it('each is in a family that names its command, and has valid and invalid examples', () => {
    expect(plugin.families.filter((f) => f.command).map((f) => [f.name, f.command])).toEqual([['captures', 'wire'], ['release-notes', 'compat'], ['errata-notes', 'errata']]);
    for (const r of [wireRule, compatRule, errataRule]) expect(r.examples!.invalid.length).toBeGreaterThan(0);
  });

  testRule(wireRule, { describe, it }, { family: 'wire' });
  testRule(compatRule, { describe, it }, { family: 'compat' });
  testRule(errataRule, { describe, it }, { family: 'errata' });

  it('a case that does not match fails on each (the rule runs after its command\'s judge, which hands it what it reads)', async () => {
    for (const r of [wireRule, compatRule, errataRule]) {
      const family = r === wireRule ? COMMAND_FAMILIES.wire : r === compatRule ? COMMAND_FAMILIES.compat : COMMAND_FAMILIES.errata;
      const c = r.examples!.invalid[0]!;
      expect(await invalidMismatches(r, c, family)).toEqual([]);
      expect(await invalidMismatches(r, firstError(c, { line: 99 }), family)).toEqual([expect.stringMatching(/^finding 1: line \d+, expected 99$/)]);
      // The invalid case's files are clean under the valid case's rule run only when fixed: the valid case reports nothing.
      expect(await validMismatches(r, r.examples!.valid[0]!, family)).toEqual([]);
    }
  });
});

describe('examples/plugin: runRuleOn for what the examples leave out', () => {
  it('reports by messageId with data, cited, at the configured severity', async () => {
    const c = listed.examples!.invalid[0]!;
    const { findings } = await runRuleOn(listed, c.files, { severities: { [listed.id]: 'warning' } });
    expect(findings.map(({ ruleId, messageId, file, line, column, severity, message }) => ({ ruleId, messageId, file, line, column, severity, message }))).toEqual([
      { ruleId: listed.id, messageId: 'missing', file: 'RFCS/0002-second.md', line: 5, column: 10, severity: 'warning', message: 'RFC 0002 is Accepted but CHANGELOG.md has no entry naming it ("RFC 0002") (RFC 0001 §E)' },
    ]);
    expect((await runRuleOn(listed, c.files, { severities: { [listed.id]: 'off' } })).findings).toEqual([]);
  });

  it('follows a layout that differs from the preset (an RFC folder named rfcs/)', async () => {
    const c = index.examples!.invalid.find((x) => !x.output)!;
    const files = Object.fromEntries(Object.entries(c.files).map(([f, t]) => [f.replace(/^RFCS\//, 'rfcs/'), t]));
    const { findings } = await runRuleOn(index, files, { layout: { rfcsDir: 'rfcs' } });
    expect(findings.map((f) => [f.file, f.line, f.message])).toEqual([['rfcs/README.md', 6, 'the index lists RFC 0009, which has no file in rfcs/ (RFC 0001 §A)']]);
    // Under the preset's layout the same files are outside the RFC folder: nothing to look at.
    expect((await runRuleOn(index, files)).findings).toEqual([]);
  });

  it("a differing row names the RFC's Status row as related; fixed, nothing is left to fix", async () => {
    const c = index.examples!.invalid.find((x) => x.output)!;
    const { findings, output } = await runRuleOn(index, c.files);
    expect(findings[0]!.related).toEqual([expect.objectContaining({ file: 'RFCS/0002-second.md', line: 5, message: "RFC 0002's Status row" })]);
    expect((await runRuleOn(index, { ...c.files, ...output })).findings).toEqual([]);
  });
});

describe('examples/plugin: list-rules --format markdown renders its rules and their examples', () => {
  it("after the built-in rules, in an adopter's repository that names the plugin (and not with --no-plugins)", async () => {
    const root = tempDir('specgate-plugin-docs-');
    cpSync(path.join(PROJECT, 'examples/plugin'), path.join(root, 'plugins/example'), { recursive: true });
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ plugins: ['./plugins/example/index.js'] }));
    const r = await runCli(['list-rules', '--root', root, '--format', 'markdown', '--output', path.join(root, 'docs/rules.md')]);
    expect(r.code, r.stderr).toBe(0);
    const index = readFileSync(path.join(root, 'docs/rules.md'), 'utf8');
    expect(index).toContain('## check rfc-index (plugin example)');
    expect(index.indexOf('changelog/accepted-rfc-listed')).toBeGreaterThan(index.indexOf('rfcs/status-known'));
    // The plugin family's examples are on the page of its name, beside the index.
    const examples = readFileSync(path.join(root, 'docs/rules/rfc-index.md'), 'utf8');
    expect(examples).toContain('- `differs` at RFCS/README.md:6:10: the index says RFC 0002 is "Active", but its header says "Draft"\n\nFixed:\n\n`RFCS/README.md`:');
    expect((await runCli(['list-rules', '--root', root, '--format', 'markdown', '--no-plugins'])).stdout).not.toContain('changelog/');
  });
});
