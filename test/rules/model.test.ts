import { describe, expect, it } from 'vitest';
import { applySeverities } from '../../scripts/core/engine/engine.js';
import type { FindingDraft } from '../../scripts/core/engine/engine.js';
import { defineRule, rfcFor } from '../../scripts/core/engine/rule.js';
import { allRules, didYouMean, resolveConfiguredRules } from '../../scripts/rules-registry.js';
import { runCli, tempDir } from '../helpers/env.js';
import { writeFileSync } from 'node:fs';
import { table } from '../../scripts/commands/list-rules.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT } from '../helpers/env.js';

const rule = defineRule({ id: 'demo/thing', rfc: 'RFC 0001 §A', description: 'A demo.' });
const quiet = defineRule({ id: 'demo/quiet', rfc: 'RFC 0001 §A', description: 'Off unless configured.', defaultSeverity: 'off' });
const draft = (ruleId: string, more: Partial<FindingDraft> = {}): FindingDraft => ({ ruleId, file: 'a.md', line: 1, column: 1, endLine: 1, endColumn: 2, message: 'x', ...more });

describe('the rule model', () => {
  it('metadata gets its defaults: error, not fixable, documented in docs/rules.md', async () => {
    expect(rule).toEqual({ id: 'demo/thing', rfc: 'RFC 0001 §A', description: 'A demo.', defaultSeverity: 'error', docs: 'https://github.com/specgate/specgate/blob/main/docs/rules.md#demo-thing', fixable: false });
  });

  it('severity: configuration, else what the report chose, else the default; off drops the finding', async () => {
    const rules = [rule, quiet];
    expect(applySeverities([draft('demo/thing')], rules).map((f) => f.severity)).toEqual(['error']);
    expect(applySeverities([draft('demo/thing', { severity: 'warning' })], rules).map((f) => f.severity)).toEqual(['warning']);
    expect(applySeverities([draft('demo/thing', { severity: 'warning' })], rules, { 'demo/thing': 'error' }).map((f) => f.severity)).toEqual(['error']);
    expect(applySeverities([draft('demo/thing')], rules, { 'demo/thing': 'off' })).toEqual([]);
    expect(applySeverities([draft('demo/quiet')], rules)).toEqual([]);
    expect(applySeverities([draft('demo/quiet')], rules, { 'demo/quiet': 'warning' })).toEqual([expect.objectContaining({ severity: 'warning', rfc: 'RFC 0001 §A' })]);
  });

  it('"on" keeps each finding\'s own severity (and turns on an opt-in rule); a fixed severity replaces it', async () => {
    // An id the openwop preset's `rules` turn off (scripts/presets/openwop.json).
    const optIn = defineRule({ id: 'rfcs/title-row-matches', rfc: 'RFC 0001 §B', description: 'Only under specgate.', rfcProcess: 'specgate' });
    const rules = [rule, quiet, optIn];
    const mixed = [draft(optIn.id, { severity: 'warning' }), draft(optIn.id, { line: 2 })];
    expect(applySeverities(mixed, rules, {}, 'openwop')).toEqual([]);
    expect(applySeverities(mixed, rules, {}, 'specgate').map((f) => f.severity)).toEqual(['warning', 'error']);
    expect(applySeverities(mixed, rules, { [optIn.id]: 'on' }, 'openwop').map((f) => f.severity)).toEqual(['warning', 'error']);
    expect(applySeverities(mixed, rules, { [optIn.id]: 'error' }, 'openwop').map((f) => f.severity)).toEqual(['error', 'error']);
    expect(applySeverities([draft('demo/thing', { severity: 'notice' })], rules, { 'demo/thing': 'on' }).map((f) => f.severity)).toEqual(['notice']);
    // A rule that is off by default has no severity of its own: on reports it as a warning.
    expect(applySeverities([draft('demo/quiet')], rules, { 'demo/quiet': 'on' }).map((f) => f.severity)).toEqual(['warning']);
  });

  it("the RFC section follows the preset: its own citation, else the rule's, named as specgate's when the preset does not state the rule", () => {
    const cited = defineRule({ id: 'demo/cited', rfc: 'RFC 0001 §C', rfcByPreset: { openwop: 'RFC 0001 §3' }, description: 'Cited per preset.' });
    const optIn = defineRule({ id: 'demo/opt-in', rfc: 'RFC 0001 §B', description: 'Only under specgate.', rfcProcess: 'specgate' });
    expect([rfcFor(cited, 'specgate'), rfcFor(cited, 'openwop'), rfcFor(cited, undefined)]).toEqual(['RFC 0001 §C', 'RFC 0001 §3', 'RFC 0001 §C']);
    expect([rfcFor(optIn, 'specgate'), rfcFor(optIn, 'openwop')]).toEqual(['RFC 0001 §B', "specgate's RFC 0001 §B"]);
    expect(applySeverities([draft('demo/cited')], [cited], {}, 'openwop')).toEqual([expect.objectContaining({ rfc: 'RFC 0001 §3' })]);
  });

  it("a parse finding names its file's format: RFC 8259 (with the section) for JSON, YAML 1.2 for YAML; the rule's rfc names both", async () => {
    const dup = (await allRules()).find((r) => r.id === 'parse/duplicate-key')!;
    expect([rfcFor(dup, undefined, 'json'), rfcFor(dup, 'openwop', 'yaml'), rfcFor(dup, undefined)]).toEqual(['RFC 8259 §4', 'YAML 1.2', 'RFC 8259 §4 (JSON), YAML 1.2']);
    const byFormat = (await allRules()).filter((r) => r.rfcByFormat);
    expect(byFormat.map((r) => r.id)).toEqual(['parse/syntax', 'parse/duplicate-key', 'parse/empty', 'parse/too-deep']);
    // list-rules and docs/rules.md show `rfc`: it names every citation a finding of the rule may carry.
    for (const r of byFormat) for (const rfc of Object.values(r.rfcByFormat!)) expect(r.rfc, r.id).toContain(rfc);
  });

  it("applySeverities cites a parse finding by its file's extension (the one place a finding is cited); other rules keep their own", async () => {
    const rules = await allRules();
    const drafts = [
      draft('parse/syntax', { file: 'spec/v2/interop-map.json' }),
      draft('parse/duplicate-key', { file: 'invariants/invariants.yaml' }),
      draft('parse/empty', { file: 'a.YML' }),
      draft('parse/too-deep', { file: 'capture.txt' }),
      draft('corpus/missing-file', { file: 'invariants/invariants.yaml' }),
    ];
    expect(applySeverities(drafts, rules).map((f) => [f.file, f.rfc, f.message])).toEqual([
      ['a.YML', 'YAML 1.2', 'x (YAML 1.2)'],
      ['capture.txt', 'RFC 8259 §9', 'x (RFC 8259 §9)'],
      ['invariants/invariants.yaml', 'RFC 0001 §A', 'x (RFC 0001 §A)'],
      ['invariants/invariants.yaml', 'YAML 1.2', 'x (YAML 1.2)'],
      ['spec/v2/interop-map.json', 'RFC 8259', 'x (RFC 8259)'],
    ]);
  });

  it('under openwop no rule cites a lettered section of RFC 0001 as if upstream\'s (its sections are numbered 1–8): each is mapped or named specgate\'s', async () => {
    const bare = (await allRules()).map((r) => [r.id, rfcFor(r, 'openwop')]).filter(([, rfc]) => /^RFC 0001 §[A-Z]/.test(rfc!));
    expect(bare).toEqual([]);
  });

  it('a finding from a rule the command did not declare is an internal error', async () => {
    expect(() => applySeverities([draft('demo/undeclared')], [rule])).toThrow(/no registered rule/);
  });

  it('rule ids are unique across every command', async () => {
    const ids = (await allRules()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an unknown configured id is an error with a suggestion; a retired id expands to its replacements', async () => {
    await expect(resolveConfiguredRules({ 'rfcs/status-know': 'off' }, () => 'cfg:1:2')).rejects.toThrow('cfg:1:2: unknown rule "rfcs/status-know"; did you mean "rfcs/status-known"?');
    await expect(resolveConfiguredRules({ 'nothing/like-it-at-all': 'off' }, () => 'cfg')).rejects.toThrow(/unknown rule "nothing\/like-it-at-all" \(run/);
    const out = await resolveConfiguredRules({ 'compat/breaking-change': 'error', 'compat/property-removed': 'off' }, () => 'cfg');
    expect(out['compat/required-added']).toBe('error');
    expect(out['compat/property-removed']).toBe('off');
    expect(out['compat/property-added']).toBeUndefined();
    expect(didYouMean('errata/txt-drift', ['errata/text-drift', 'wire/binding-shape'])).toBe('errata/text-drift');
  });
});

describe('specgate list-rules (end to end)', () => {
  it('--format json lists every command’s rules with their metadata; --format markdown is docs/rules.md', async () => {
    const json = await runCli(['list-rules', '--format', 'json']);
    expect(json.code).toBe(0);
    const rules = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(rules.find((r) => r.id === 'compat/property-removed')).toMatchObject({ command: 'compat', class: 'breaking', defaultSeverity: 'error', rfc: 'RFC 0001 §B', fixable: false });
    for (const prefix of ['parse/', 'interop-map/', 'rfcs/', 'invariants/', 'wire-examples/', 'wire/', 'probe/', 'errata/', 'compat/']) expect(rules.some((r) => String(r.id).startsWith(prefix)), prefix).toBe(true);
    const md = await runCli(['list-rules', '--format', 'markdown']);
    expect(md.stdout).toBe(readFileSync(path.join(PROJECT, 'docs/rules.md'), 'utf8'));
  });
});

describe('specgate list-rules text', () => {
  const columns = (line: string) => line.split(/ {2,}/);

  it('has a header row, and every row splits into four columns two spaces apart', async () => {
    const r = await runCli(['list-rules']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const lines = r.stdout.trimEnd().split('\n');
    expect(columns(lines[0]!)).toEqual(['RULE', 'DEFAULT (specgate)', 'RFC', 'DESCRIPTION']);
    const syntax = lines.find((l) => l.startsWith('parse/syntax '))!;
    expect(columns(syntax).slice(0, 3)).toEqual(['parse/syntax', 'error', 'RFC 8259 (JSON), YAML 1.2']);
    const descriptionAt = lines[0]!.indexOf('DESCRIPTION');
    for (const line of lines.slice(1)) expect(line.slice(descriptionAt - 2, descriptionAt), line).toBe('  ');
  });

  it('an RFC cell too long for its column ends in …, clear of the description', () => {
    const long = defineRule({ id: 'demo/long', rfc: 'RFC 9999 §Z, and a very long note about it', description: 'Long.' });
    const row = table([rule, long], 'specgate').split('\n')[2]!;
    expect(columns(row)).toEqual(['demo/long', 'error', 'RFC 9999 §Z, and a very l…', 'Long.']);
  });

  it('takes the preset from the configuration --root names (or the one found from the working directory); --preset wins', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'specgate.config.json'), '{ "preset": "openwop" }\n');
    const row = (out: string) => columns(out.split('\n').find((l) => l.startsWith('rfcs/title-row-matches '))!);
    for (const r of [await runCli(['list-rules', '--root', root]), await runCli(['list-rules'], { cwd: root })]) {
      expect(r.code).toBe(0);
      expect(columns(r.stdout.split('\n')[0]!)[1]).toBe('DEFAULT (openwop)');
      expect(row(r.stdout)[1]).toBe('off (opt-in)');
    }
    const chosen = await runCli(['list-rules', '--root', root, '--preset', 'specgate']);
    expect(row(chosen.stdout)[1]).toBe('error');
    const json = JSON.parse((await runCli(['list-rules', '--root', root, '-f', 'json'])).stdout) as Array<Record<string, unknown>>;
    expect(json.find((r) => r.id === 'rfcs/title-row-matches')).toMatchObject({ preset: 'openwop', severityUnderPreset: 'off', defaultSeverity: 'error' });
  });

  it("--preset openwop names upstream's RFC 0001 sections, never this project's lettered ones", async () => {
    const r = await runCli(['list-rules', '--preset', 'openwop']);
    expect(r.code).toBe(0);
    const row = (id: string) => columns(r.stdout.split('\n').find((l) => l.startsWith(`${id} `))!).slice(0, 3);
    expect(row('rfcs/status-known')).toEqual(['rfcs/status-known', 'error', 'RFC 0001 §3']);
    expect(row('rfcs/header-table')).toEqual(['rfcs/header-table', 'error', 'RFC 0001 §6, template']);
    expect(row('invariants/cited-rfc-status')).toEqual(['invariants/cited-rfc-status', 'error', 'RFC 0001 §3']);
    expect(row('rfcs/title-row-matches')).toEqual(['rfcs/title-row-matches', 'off (opt-in)', "specgate's RFC 0001 §B"]);
    // Every rfcs or invariants rule that is on under openwop cites upstream's process, not RFC 0001 §A–§G.
    for (const line of r.stdout.split('\n').filter((l) => /^(rfcs|invariants)\//.test(l))) {
      const [id, severity, rfc] = columns(line);
      if (severity !== 'off (opt-in)') expect(rfc, id).not.toMatch(/^RFC 0001 §[A-G]\b/);
    }
    const json = JSON.parse((await runCli(['list-rules', '--preset', 'openwop', '-f', 'json'])).stdout) as Array<Record<string, unknown>>;
    expect(json.find((x) => x.id === 'rfcs/status-known')).toMatchObject({ rfc: 'RFC 0001 §3', rfcByPreset: { openwop: 'RFC 0001 §3' } });
    const specgate = JSON.parse((await runCli(['list-rules', '--preset', 'specgate', '-f', 'json'])).stdout) as Array<Record<string, unknown>>;
    expect(specgate.find((x) => x.id === 'rfcs/status-known')).toMatchObject({ rfc: 'RFC 0001 §C' });
  });

  it('a --root that does not exist is one line, exit 2', async () => {
    const r = await runCli(['list-rules', '--root', path.join(tempDir(), 'nope')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: root not found: .*nope\n$/);
  });
});
