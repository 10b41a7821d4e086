import { describe, expect, it } from 'vitest';
import { applySeverities } from '../../scripts/core/engine.js';
import type { FindingDraft } from '../../scripts/core/engine.js';
import { defineRule } from '../../scripts/core/rule.js';
import { allRules, didYouMean, resolveConfiguredRules } from '../../scripts/rules-registry.js';
import { runCli } from '../helpers/env.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT } from '../helpers/env.js';

const rule = defineRule({ id: 'demo/thing', rfc: 'RFC 0001 §A', description: 'A demo.' });
const quiet = defineRule({ id: 'demo/quiet', rfc: 'RFC 0001 §A', description: 'Off unless configured.', defaultSeverity: 'off' });
const draft = (ruleId: string, more: Partial<FindingDraft> = {}): FindingDraft => ({ ruleId, file: 'a.md', line: 1, column: 1, endLine: 1, endColumn: 2, message: 'x', ...more });

describe('the rule model', () => {
  it('metadata gets its defaults: error, not fixable, documented in docs/rules.md', async () => {
    expect(rule).toEqual({ id: 'demo/thing', rfc: 'RFC 0001 §A', description: 'A demo.', defaultSeverity: 'error', docs: 'docs/rules.md#demo-thing', fixable: false });
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
