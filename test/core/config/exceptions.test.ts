import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editJson, projectCorpusCopy, runJson } from '../../helpers/env.js';

/** Issue 27 §3: exceptions with a reason, ignores and per-file overrides (core/config/exceptions.ts), through check in-process. */

const RFC = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const MAP = 'spec/v2/interop-map.json';

/** A copy whose RFC 0211 has warnings on its Affects row (line 11) and whose map has one CamelCase reason. */
function copy(): { dir: string; rfc(edit: (lines: string[]) => void): void; config(value: unknown): void } {
  const dir = projectCorpusCopy();
  editJson(path.join(dir, MAP), (m) => (m.a2a.errors[0].reason = 'TaskNotFound'));
  return {
    dir,
    rfc(edit) {
      const file = path.join(dir, RFC);
      const lines = readFileSync(file, 'utf8').split('\n');
      edit(lines);
      writeFileSync(file, lines.join('\n'));
    },
    config(value) {
      writeFileSync(path.join(dir, 'specgate.config.json'), JSON.stringify(value, null, 2) + '\n');
    },
  };
}

const affectsRow = (lines: string[]) => lines.findIndex((l) => l.startsWith('| **Affects**'));
const of = <T extends { file: string; ruleId: string }>(findings: T[], file: string, rule: string): T[] => findings.filter((f) => f.file === file && f.ruleId === rule);

describe('Markdown: specgate-disable / specgate-enable with a reason', () => {
  it('a disable/enable pair around the header table accepts its findings of that rule; a reasonless one accepts nothing and is a finding', async () => {
    const c = copy();
    const before = await runJson(['check', 'rfcs', '--root', c.dir]);
    expect(of(before.findings, RFC, 'rfcs/affects-paths-exist').length).toBeGreaterThan(0);
    c.rfc((lines) => {
      const row = affectsRow(lines);
      // an HTML comment may not sit between table rows: the pair goes around the table
      const start = lines.findIndex((l) => l.startsWith('| Field'));
      let end = row;
      while (lines[end + 1]?.startsWith('|')) end++;
      lines.splice(end + 1, 0, '', '<!-- specgate-enable rfcs/affects-paths-exist -->');
      lines.splice(start, 0, '<!-- specgate-disable rfcs/affects-paths-exist -- the conformance suite lives in a sibling repository -->', '');
    });
    const after = await runJson(['check', 'rfcs', '--root', c.dir]);
    expect(of(after.findings, RFC, 'rfcs/affects-paths-exist')).toEqual([]);
    expect(of(after.findings, RFC, 'exceptions/unused')).toEqual([]);
    // the other RFCs keep theirs
    expect(after.findings.some((f) => f.ruleId === 'rfcs/affects-paths-exist')).toBe(true);

    c.rfc((lines) => {
      const i = lines.findIndex((l) => l.includes('specgate-disable rfcs/affects-paths-exist'));
      lines[i] = '<!-- specgate-disable rfcs/affects-paths-exist -->';
    });
    const reasonless = await runJson(['check', 'rfcs', '--root', c.dir]);
    expect(of(reasonless.findings, RFC, 'rfcs/affects-paths-exist').length).toBeGreaterThan(0);
    const [missing] = of(reasonless.findings, RFC, 'exceptions/reason-required');
    expect(missing).toMatchObject({ severity: 'error', messageId: 'comment', line: 3, column: 1 });
    expect(missing!.message).toMatch(/^the exception for rfcs\/affects-paths-exist gives no reason; write one after "--"/);
    // a reason nobody can read is no reason: a zero-width space, an escape and a bidi override, dashes
    for (const invisible of ['\u200b', '\u001b\u202e', '- -', '\u00a0\u2060']) {
      c.rfc((lines) => {
        const i = lines.findIndex((l) => l.includes('specgate-disable rfcs/affects-paths-exist'));
        lines[i] = `<!-- specgate-disable rfcs/affects-paths-exist -- ${invisible} -->`;
      });
      const hidden = await runJson(['check', 'rfcs', '--root', c.dir]);
      expect(of(hidden.findings, RFC, 'rfcs/affects-paths-exist').length, JSON.stringify(invisible)).toBeGreaterThan(0);
      expect(of(hidden.findings, RFC, 'exceptions/reason-required')).toHaveLength(1);
    }
  });

  it('disable-next-line covers the next line only; one that accepts nothing is reported (unless --no-report-unused-exceptions)', async () => {
    const c = copy();
    c.rfc((lines) => lines.splice(0, 0, '<!-- specgate-disable-next-line rfcs/status-known -- nothing to accept here -->'));
    const r = await runJson(['check', 'rfcs', '--root', c.dir]);
    const [unused] = of(r.findings, RFC, 'exceptions/unused');
    expect(unused).toMatchObject({ severity: 'warning', messageId: 'unused', line: 1, column: 1 });
    expect(unused!.message).toMatch(/^the exception for rfcs\/status-known accepts no finding; remove it/);
    const quiet = await runJson(['check', 'rfcs', '--root', c.dir, '--no-report-unused-exceptions']);
    expect(of(quiet.findings, RFC, 'exceptions/unused')).toEqual([]);
    // a run of another family cannot judge it
    const other = await runJson(['check', 'interop-map', '--root', c.dir]);
    expect(other.findings.filter((f) => f.ruleId.startsWith('exceptions/'))).toEqual([]);
  });

  it('an example inside a code block is no directive; an unknown rule id is a finding', async () => {
    const c = copy();
    c.rfc((lines) => lines.push('', '```md', '<!-- specgate-disable-next-line rfcs/status-known -->', '```', '', '<!-- specgate-disable rfcs/status-knwn -- typo -->', ''));
    const r = await runJson(['check', 'rfcs', '--root', c.dir]);
    expect(of(r.findings, RFC, 'exceptions/reason-required')).toEqual([]);
    expect(of(r.findings, RFC, 'exceptions/unknown-rule').map((f) => [f.messageId, f.message])).toEqual([['unknown', expect.stringMatching(/names "rfcs\/status-knwn", which no rule has/)]]);
  });
});

describe('config: exceptions for JSON and YAML, ignores, overrides', () => {
  it('an exception at a pointer accepts that finding; without a reason, or matching nothing, it is a finding at its entry', async () => {
    const c = copy();
    c.config({
      exceptions: [
        { file: MAP, pointer: '/a2a/errors/0/reason', rule: 'interop-map/reason-upper-snake', reason: 'upstream spells it so until its next release' },
        { file: MAP, pointer: '/a2a/errors/1', rule: 'interop-map/reason-upper-snake', reason: 'no longer needed' },
        { file: MAP, pointer: '/a2a/errors/2', rule: 'interop-map/reason-upper-snake' },
        { file: MAP, pointer: '/a2a/errors/3', rule: 'interop-map/reason-upper-snake', reason: '\u200b\u202e' },
      ],
    });
    const r = await runJson(['check', 'interop-map', '--root', c.dir]);
    expect(of(r.findings, MAP, 'interop-map/reason-upper-snake')).toEqual([]);
    const own = r.findings.filter((f) => f.file === 'specgate.config.json').map((f) => `${f.line}:${f.column} ${f.ruleId}`);
    expect(own).toEqual(['9:5 exceptions/unused', '15:5 exceptions/reason-required', '20:5 exceptions/reason-required']);
    expect(r.code).toBe(1);
  });

  it('ignores drop the findings of the files they match; overrides set severities per file', async () => {
    const c = copy();
    c.config({ ignores: ['RFCS/0152-*.md'], overrides: [{ files: ['spec/**/*.json'], rules: { 'interop-map/reason-upper-snake': 'warning' } }, { files: ['RFCS/0208-*.md'], rules: { 'rfcs/affects-paths-exist': 'off' } }] });
    const r = await runJson(['check', 'interop-map', 'rfcs', '--root', c.dir]);
    expect(r.findings.filter((f) => f.file.startsWith('RFCS/0152-') || f.file.startsWith('RFCS/0208-'))).toEqual([]);
    expect(of(r.findings, MAP, 'interop-map/reason-upper-snake').map((f) => f.severity)).toEqual(['warning']);
    expect(r.summary.families.find((s: { family: string }) => s.family === 'interop-map')).toMatchObject({ errors: 0, warnings: 1 });
  });
});
