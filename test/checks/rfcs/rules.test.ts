import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR, describeShared, tempDir } from '../../helpers/env.js';
import type { GateResult } from './helpers.js';
import { RFC_0208, RFC_0211, errors, gate, mutate, only, projectCopy, rangeOf, read, rename } from './helpers.js';

/** The range of `needle`'s first occurrence at or after `anchor`'s. */
function rangeAfter(text: string, anchor: string, needle: string) {
  const from = text.indexOf(anchor);
  if (from < 0) throw new Error(`${anchor} not found`);
  const i = text.indexOf(needle, from);
  const head = text.slice(0, i);
  const line = head.split('\n').length;
  const column = i - head.lastIndexOf('\n');
  return { line, column, endLine: line, endColumn: column + needle.length };
}

describe('check rfcs on this project', () => {
  it('passes the clean corpus (only sibling-repository paths are reported, as warnings)', () => {
    const { root } = projectCopy();
    const r = gate(root, 'rfcs');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(errors(r)).toEqual([]);
    for (const w of r.findings) {
      expect(w.ruleId).toBe('rfcs/affects-paths-exist');
      expect(w.message).toMatch(/sibling repository/);
    }
    const s = r.summary.families.find((f: any) => f.family === 'rfcs');
    expect(s.visited).toBeGreaterThan(0);
  });

  it('rfcs/header-table: a missing row is reported at the table', () => {
    const { root } = projectCopy();
    const row = read(root, RFC_0211).split('\n').find((l) => l.startsWith('| **Compatibility**'))!;
    const text = mutate(root, RFC_0211, `${row}\n`, '');
    const [f, ...rest] = only(gate(root, 'rfcs'), 'rfcs/header-table');
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ file: RFC_0211, severity: 'error', line: rangeOf(text, '| Field').line, column: 1 });
    expect(f!.message).toMatch(/no "Compatibility" row.*RFC 0001 §B/);
  });

  it('rfcs/number-matches: an RFC file renamed to another number', () => {
    const { root } = projectCopy();
    const renamed = RFC_0211.replace('0211-', '0212-');
    rename(root, RFC_0211, renamed);
    const text = read(root, renamed);
    const r = gate(root, 'rfcs');
    expect(r.code).toBe(1);
    const found = only(r, 'rfcs/number-matches').map((f) => [f.file, f.line, f.column, f.endColumn]);
    const rfcRow = rangeAfter(text, '| **RFC**', '0211');
    expect(found).toEqual([
      [renamed, 1, 1, text.indexOf('\n') + 1],
      [renamed, rfcRow.line, rfcRow.column, rfcRow.endColumn],
    ]);
  });

  it('rfcs/status-known: a status outside the set', () => {
    const { root } = projectCopy();
    const text = mutate(root, RFC_0211, '| **Status** | `Accepted` |', '| **Status** | `Approved` |');
    const r = gate(root, 'rfcs');
    expect(r.code).toBe(1);
    const [f, ...rest] = only(r, 'rfcs/status-known');
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ file: RFC_0211, ...rangeOf(text, '`Approved`') });
    expect(f!.message).toMatch(/"Approved" is not one of Draft, Active, Accepted, Withdrawn, Superseded, Rejected/);
  });

  it('rfcs/dates-valid: an impossible Created date, and Updated before Created', () => {
    const { root } = projectCopy();
    let text = mutate(root, RFC_0211, '| **Created** | 2026-09-23 |', '| **Created** | 2026-02-30 |');
    let found = only(gate(root, 'rfcs'), 'rfcs/dates-valid');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', ...rangeOf(text, '2026-02-30') });

    text = mutate(root, RFC_0211, '| **Created** | 2026-02-30 |', '| **Created** | 2026-10-01 |');
    found = only(gate(root, 'rfcs'), 'rfcs/dates-valid');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', ...rangeAfter(text, '| **Updated**', '2026-09-24') });
    expect(found[0]!.message).toMatch(/Updated 2026-09-24 is before Created 2026-10-01/);
  });

  it('rfcs/supersedes-reciprocal: a one-sided Supersedes', () => {
    const { root } = projectCopy();
    const rows = read(root, RFC_0211).split('\n');
    const supersedes = rows.find((l) => l.startsWith('| **Supersedes**'))!;
    const text = mutate(root, RFC_0211, supersedes, '| **Supersedes** | RFC 0208 |');
    const r = gate(root, 'rfcs');
    expect(r.code).toBe(1);
    const [f, ...rest] = only(r, 'rfcs/supersedes-reciprocal');
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ file: RFC_0211, ...rangeAfter(text, '| **Supersedes** | RFC', '0208') });
    expect(f!.message).toMatch(/RFC 0211 supersedes RFC 0208, but RFC 0208's "Superseded by" row does not name RFC 0211/);

    // Made reciprocal, the pair passes.
    const other = read(root, RFC_0208).split('\n').find((l) => l.startsWith('| **Superseded by**'))!;
    mutate(root, RFC_0208, other, '| **Superseded by** | RFC 0211 |');
    mutate(root, RFC_0208, '| **Status** | `Accepted` |', '| **Status** | `Superseded` |');
    expect(only(gate(root, 'rfcs'), 'rfcs/supersedes-reciprocal')).toEqual([]);
  });

  it('rfcs/affects-paths-exist: a path that does not exist; elided and glob paths are warnings', () => {
    const { root } = projectCopy();
    const text = mutate(root, RFC_0211, '| **Affects** | ', '| **Affects** | `spec/v2/nowhere.md` · `spec/v2/…/x.json` · `spec/**/*.md` · ');
    const found = only(gate(root, 'rfcs'), 'rfcs/affects-paths-exist').filter((f) => f.file === RFC_0211 && !/sibling/.test(f.message));
    expect(found.map((f) => [f.severity, f.line, f.column, f.endColumn])).toEqual([
      ['error', ...pick(rangeOf(text, '`spec/v2/nowhere.md`'))],
      ['warning', ...pick(rangeOf(text, '`spec/v2/…/x.json`'))],
      ['warning', ...pick(rangeOf(text, '`spec/**/*.md`'))],
    ]);
    expect(found[0]!.message).toMatch(/does not exist and the RFC is Accepted/);
    expect(found[1]!.message).toMatch(/cannot be resolved here: it is elided/);
    expect(found[2]!.message).toMatch(/cannot be resolved here: it is a glob/);
  });

  it('rfcs/acceptance-boxes: an unticked box on an Accepted RFC needs reason: or deferred:', () => {
    const { root } = projectCopy();
    const text = mutate(root, RFC_0211, '- [x] RFC 0156 §B retrospective row', '- [ ] RFC 0156 §B retrospective row');
    const r = gate(root, 'rfcs');
    expect(r.code).toBe(1);
    const [f, ...rest] = only(r, 'rfcs/acceptance-boxes');
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ file: RFC_0211, line: rangeOf(text, '- [ ] RFC 0156').line, column: 1 });

    mutate(root, RFC_0211, '- [ ] RFC 0156 §B retrospective row', '- [ ] deferred: RFC 0156 §B retrospective row');
    expect(only(gate(root, 'rfcs'), 'rfcs/acceptance-boxes')).toEqual([]);
  });

  it('fails rather than passing when the RFC folder holds no RFC', () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'RFCS'));
    writeFileSync(path.join(root, 'RFCS/README.md'), '# RFCs\n');
    const r = gate(root, 'rfcs');
    expect(r.code).toBe(1);
    expect(new Set(r.findings.map((f) => f.ruleId)).size).toBe(7);
    for (const f of r.findings) expect(f.message).toMatch(/visited nothing/);
  });
});

function pick(r: { line: number; column: number; endColumn: number }): [number, number, number] {
  return [r.line, r.column, r.endColumn];
}

describeShared('check rfcs on the upstream anchors', () => {
  let r: GateResult;
  beforeAll(() => {
    r = gate(ANCHOR, 'rfcs', ['--preset', 'openwop']);
  });
  const files = ['0001-rfc-process.md', '0152-a2a-1-0-versioned-composition.md', '0208-v2-a2a-mcp-operation-mappings.md', '0211-a2a-error-details-are-errorinfo.md'].map((f) => `RFCS/${f}`);
  const textOf = (f: string) => readFileSync(path.join(ANCHOR, f), 'utf8');
  const at = (f: { file: string; line: number; column: number; endColumn: number }) => textOf(f.file).split('\n')[f.line - 1]!.slice(f.column - 1, f.endColumn - 1);

  it('reads the four RFCs; headers, numbers, statuses and supersession hold', () => {
    expect(r.stderr).toBe('');
    const s = r.summary.families.find((x: any) => x.family === 'rfcs');
    expect(s.files).toBe(files.length);
    for (const id of ['rfcs/header-table', 'rfcs/number-matches', 'rfcs/status-known', 'rfcs/supersedes-reciprocal']) expect(only(r, id)).toEqual([]);
  });

  it("reports each of RFC 0152's unticked boxes that gives no reason", () => {
    const text = textOf(files[1]!);
    const expected = text.split('\n').flatMap((l, i) => (l.startsWith('- [ ]') && !/\b(reason|deferred):/i.test(l) ? [i + 1] : []));
    expect(expected.length).toBeGreaterThan(0);
    const found = only(r, 'rfcs/acceptance-boxes');
    expect(found.map((f) => [f.file, f.line, f.column])).toEqual(expected.map((line) => [files[1], line, 1]));
  });

  it('reports each Affects path absent from this tree at its backticks', () => {
    const found = only(r, 'rfcs/affects-paths-exist');
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      const code = at(f);
      expect(code).toMatch(/^`[^`]+`$/);
      const p = code.slice(1, -1);
      if (f.severity === 'error') expect(existsSync(path.join(ANCHOR, p))).toBe(false);
      else expect(f.message).toMatch(/cannot be resolved/);
    }
  });

  it("warns that RFC 0208's Updated row does not list its latest change first", () => {
    const found = only(r, 'rfcs/dates-valid');
    expect(found.map((f) => [f.file, f.severity])).toEqual([[files[2], 'warning']]);
    expect(at(found[0]!)).toBe('2026-09-22');
  });
});
