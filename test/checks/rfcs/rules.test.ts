import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR, describeShared, tempDir } from '../../helpers/env.js';
import type { GateResult } from './helpers.js';
import { family } from '../../../scripts/checks/rfcs/index.js';
import { runRuleOn } from '../../../scripts/core/engine/rule-tester.js';
import { readTree } from '../../helpers/real-data.js';
import { RFC_0211, errors, gate, only, projectCopy, rangeAfter, read, rename } from './helpers.js';

describe('check rfcs on this project', () => {
  it('passes the clean corpus (only sibling-repository paths are reported, as warnings)', async () => {
    const { root } = projectCopy();
    const r = await gate(root, 'rfcs');
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

  it('rfcs/number-matches: an RFC file renamed to another number', async () => {
    const { root } = projectCopy();
    const renamed = RFC_0211.replace('0211-', '0212-');
    rename(root, RFC_0211, renamed);
    const text = read(root, renamed);
    const r = await gate(root, 'rfcs');
    expect(r.code).toBe(1);
    const found = only(r, 'rfcs/number-matches').map((f) => [f.file, f.line, f.column, f.endColumn]);
    const rfcRow = rangeAfter(text, '| **RFC**', '0211');
    expect(found).toEqual([
      [renamed, 1, 1, text.indexOf('\n') + 1],
      [renamed, rfcRow.line, rfcRow.column, rfcRow.endColumn],
    ]);
  });

  it('fails rather than passing when the RFC folder holds no RFC', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'RFCS'));
    writeFileSync(path.join(root, 'RFCS/README.md'), '# RFCs\n');
    const r = await gate(root, 'rfcs');
    expect(r.code).toBe(1);
    expect(new Set(r.findings.map((f) => f.ruleId)).size).toBe(13);
    for (const f of r.findings) expect(f.message).toMatch(/visited nothing/);
  });
});

describeShared('check rfcs on the upstream anchors', () => {
  let r: GateResult;
  beforeAll(async () => {
    r = await gate(ANCHOR, 'rfcs', ['--preset', 'openwop']);
  });
  const files = ['0001-rfc-process.md', '0152-a2a-1-0-versioned-composition.md', '0208-v2-a2a-mcp-operation-mappings.md', '0211-a2a-error-details-are-errorinfo.md'].map((f) => `RFCS/${f}`);
  const textOf = (f: string) => readFileSync(path.join(ANCHOR, f), 'utf8');
  const at = (f: { file: string; line: number; column: number; endColumn: number }) => textOf(f.file).split('\n')[f.line - 1]!.slice(f.column - 1, f.endColumn - 1);

  it('reads the four RFCs; headers, numbers, statuses and supersession hold', async () => {
    expect(r.stderr).toBe('');
    const s = r.summary.families.find((x: any) => x.family === 'rfcs');
    expect(s.files).toBe(files.length);
    for (const id of ['rfcs/header-table', 'rfcs/number-matches', 'rfcs/status-known', 'rfcs/supersedes-reciprocal']) expect(only(r, id)).toEqual([]);
  });

  it("upstream's process has no Affects-paths, Title-row or newest-first rule (off); RFC 0152's unticked boxes each say what was carried", () => {
    for (const id of ['rfcs/acceptance-boxes', 'rfcs/affects-paths-exist', 'rfcs/title-row-matches', 'rfcs/updated-newest-first']) expect(only(r, id), id).toEqual([]);
  });

  it("RFC 0152's unticked boxes are settled by their \"Carried:\" notes; without one a box is reported, as an error when configured so; RFC 0208's Updated order is reported when opted in", async () => {
    const carried = 'Carried: nothing on this item';
    const text = textOf(files[1]!);
    expect(text).toContain(carried);
    // Each rule alone (scripts/core/engine/rule-tester.ts) over the anchors read into memory, with the edit and the configured severities.
    const anchors = readTree(ANCHOR);
    anchors[files[1]!] = anchors[files[1]!]!.replace(carried, 'Nothing on this item');
    const severities = { 'rfcs/acceptance-boxes': 'error', 'rfcs/updated-newest-first': 'warning' } as const;
    const runOne = async (id: string) => (await runRuleOn(family.rules.find((x) => x.id === id)!, anchors, { preset: 'openwop', severities })).findings;
    const boxes = await runOne('rfcs/acceptance-boxes');
    const line = text.slice(0, text.indexOf(carried)).split('\n').length;
    expect(boxes.map((f) => [f.file, f.line, f.column, f.severity])).toEqual([[files[1], line, 1, 'error']]);
    const order = await runOne('rfcs/updated-newest-first');
    expect(order.map((f) => [f.file, f.severity])).toEqual([[files[2], 'warning']]);
    expect(at(order[0]!)).toBe('2026-09-22');
  });
});
