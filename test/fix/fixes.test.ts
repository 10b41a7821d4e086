import { describe, expect, it } from 'vitest';
import { loadFamilies } from '../../scripts/checks/registry.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { OverlaySource as MemoryOverlay } from '../../scripts/core/io/overlay-source.js';
import type { FileSource } from '../../scripts/core/io/source.js';
import { computeFixes } from '../../scripts/core/engine/fixer.js';
import { PROJECT } from '../helpers/env.js';
import type { Files } from '../helpers/overlay.js';
import { OverlaySource } from '../helpers/overlay.js';

/*
 * Each fixable rule, in-process over this project's corpus read in place with a sabotage laid
 * over it in memory: the fixed text must be exactly the expected bytes (for a sabotage that is
 * the file as it was: indentation, key order, line endings, final newline untouched), and a
 * second run over the fixed texts must find nothing left to fix.
 */

const MAP = 'spec/v2/interop-map.json';
const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const RFC_0152 = 'RFCS/0152-a2a-1-0-versioned-composition.md';
const RFC_0001 = 'RFCS/0001-rfc-process.md';

const base = new OverlaySource(PROJECT);
const original = (file: string) => base.text(file)!;

async function fix(source: FileSource, families: string[], rule?: string, layout = presetLayout('specgate')) {
  return computeFixes({
    source,
    layout,
    families: await loadFamilies(families),
    options: {},
    severities: {},
    wanted: (f) => rule === undefined || f.ruleId === rule,
  });
}

/** Fixes the sabotaged corpus; returns the fixed texts, after checking that fixing them again changes nothing. */
async function fixed(files: Files, families: string[], rule: string): Promise<Record<string, string>> {
  const source = new OverlaySource(PROJECT, files);
  const run = await fix(source, families, rule);
  expect(run.applied, 'fixes applied').toBeGreaterThan(0);
  const out = Object.fromEntries(run.files.map((f) => [f.file, f.after]));
  // Idempotent: over the fixed texts, no fix of the rule is left.
  const again = new MemoryOverlay(source);
  for (const [file, text] of Object.entries(out)) again.set(file, text);
  const second = await fix(again, families, rule);
  expect(second.files).toEqual([]);
  expect(second.applied).toBe(0);
  return out;
}

const sub = (from: string, to: string) => (text: string) => {
  if (!text.includes(from)) throw new Error(`sabotage: ${JSON.stringify(from)} not found`);
  return text.replace(from, to);
};

describe('interop-map/reason-upper-snake fixes', () => {
  it('a CamelCase reason becomes the derived UPPER_SNAKE, nothing else changes', async () => {
    const out = await fixed({ [MAP]: sub('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"') }, ['interop-map'], 'interop-map/reason-upper-snake');
    expect(out).toEqual({ [MAP]: original(MAP) });
  });

  it('a missing reason is added after the row\'s last key, indented and separated as its keys are', async () => {
    const out = await fixed({ [MAP]: sub(',\n        "reason": "TASK_NOT_CANCELABLE"', '') }, ['interop-map'], 'interop-map/reason-upper-snake');
    expect(out).toEqual({ [MAP]: original(MAP) });
  });

  it('a reason on a parenthesized row is removed with its comma', async () => {
    const row = /("upstream": "\([^"]*\)"[^}]*?)(\n {6}\})/.exec(original(MAP))!;
    const withReason = (t: string) => t.replace(row[0], `${row[1]},\n        "reason": "INVALID_PARAMETERS"${row[2]}`);
    const out = await fixed({ [MAP]: withReason }, ['interop-map'], 'interop-map/reason-upper-snake');
    expect(out).toEqual({ [MAP]: original(MAP) });
  });

  it('CRLF line endings and a missing final newline are kept', async () => {
    const crlf = original(MAP).replace(/\n/g, '\r\n').replace(/\r\n$/, '');
    const sabotaged = crlf.replace(',\r\n        "reason": "TASK_NOT_CANCELABLE"', '').replace('"TASK_NOT_FOUND"', '"TaskNotFound"');
    const out = await fixed({ [MAP]: sabotaged }, ['interop-map'], 'interop-map/reason-upper-snake');
    expect(out).toEqual({ [MAP]: crlf });
  });

  it('every row whose reason is its last key, all at once (the values written by hand today)', async () => {
    // Rows whose reason is followed by another key keep it: an added key goes last.
    const noReasons = (t: string) => t.replace(/,\n {8}"reason": "[A-Z_]+"(?=\n {6}\})/g, '');
    expect(noReasons(original(MAP)).match(/"reason"/g)).toHaveLength(2);
    const out = await fixed({ [MAP]: noReasons }, ['interop-map'], 'interop-map/reason-upper-snake');
    expect(out).toEqual({ [MAP]: original(MAP) });
  });
});

describe('rfcs/supersedes-reciprocal fixes', () => {
  it("a one-sided Supersedes gets the other RFC's Superseded by row", async () => {
    const out = await fixed({ [RFC_0211]: sub('| **Supersedes** | — |', '| **Supersedes** | RFC 0152 |') }, ['rfcs'], 'rfcs/supersedes-reciprocal');
    expect(out).toEqual({ [RFC_0152]: original(RFC_0152).replace('| **Superseded by** | — |', '| **Superseded by** | RFC 0211 |') });
  });

  it("a one-sided Superseded by gets the other RFC's Supersedes row; an aligned table keeps its width", async () => {
    const padded = (t: string) => t.replace('| **Supersedes** | — |', '| **Supersedes** | —             |');
    const out = await fixed({ [RFC_0211]: sub('| **Superseded by** | — |', '| **Superseded by** | RFC 0001 |'), [RFC_0001]: padded }, ['rfcs'], 'rfcs/supersedes-reciprocal');
    expect(out).toEqual({ [RFC_0001]: padded(original(RFC_0001)).replace('| **Supersedes** | —             |', '| **Supersedes** | RFC 0211      |') });
  });

  it('a row with commentary is left to the author (no fix)', async () => {
    const source = new OverlaySource(PROJECT, {
      [RFC_0211]: sub('| **Supersedes** | — |', '| **Supersedes** | RFC 0152 |'),
      [RFC_0152]: sub('| **Superseded by** | — |', '| **Superseded by** | — (see the amendment) |'),
    });
    const run = await fix(source, ['rfcs'], 'rfcs/supersedes-reciprocal');
    expect(run.files).toEqual([]);
  });
});

describe('rfcs/number-matches fixes', () => {
  it('an RFC row that disagrees with both the file name and the title line takes their number', async () => {
    const out = await fixed({ [RFC_0211]: sub('| **RFC** | 0211 |', '| **RFC** | 0212 |') }, ['rfcs'], 'rfcs/number-matches');
    expect(out).toEqual({ [RFC_0211]: original(RFC_0211) });
  });

  it('no fix when the title line disagrees too (which of the three is wrong is a guess)', async () => {
    const files = { [RFC_0211]: (t: string) => sub('| **RFC** | 0211 |', '| **RFC** | 0212 |')(t).replace('# RFC 0211:', '# RFC 0213:') };
    const run = await fix(new OverlaySource(PROJECT, files), ['rfcs'], 'rfcs/number-matches');
    expect(run.files).toEqual([]);
  });
});

describe('rfcs/dates-valid and rfcs/updated-newest-first fixes', () => {
  const updated = (value: string) => sub(/\| \*\*Updated\*\* \| [^\n]*\|/.exec(original(RFC_0211))![0], `| **Updated** | ${value} |`);

  it('Updated entries out of order are put latest first', async () => {
    const out = await fixed({ [RFC_0211]: updated('2026-09-23 — filed · 2026-09-25 — amended · 2026-09-24 — accepted') }, ['rfcs'], 'rfcs/updated-newest-first');
    expect(out[RFC_0211]).toBe(updated('2026-09-25 — amended · 2026-09-24 — accepted · 2026-09-23 — filed')(original(RFC_0211)));
  });

  it('a year-first date written loosely is rewritten YYYY-MM-DD', async () => {
    const out = await fixed({ [RFC_0211]: sub('| **Created** | 2026-09-23 |', '| **Created** | 2026/9/23 |') }, ['rfcs'], 'rfcs/dates-valid');
    expect(out).toEqual({ [RFC_0211]: original(RFC_0211) });
  });

  it('ambiguous lists and dates get no fix: an "Earlier:" tail, a repeated date, a day-or-month-first date', async () => {
    for (const files of [
      { [RFC_0211]: updated('2026-09-23 — filed. Earlier: 2026-09-24 — drafted') },
      { [RFC_0211]: updated('2026-09-23 — filed · 2026-09-24 — a · 2026-09-24 — b') },
      { [RFC_0211]: sub('| **Created** | 2026-09-23 |', '| **Created** | 09/03/2026 |') },
    ]) {
      const run = await fix(new OverlaySource(PROJECT, files), ['rfcs']);
      expect(run.files).toEqual([]);
    }
  });
});

describe('rfcs/status-document-current fixes', () => {
  const STATUS = 'docs/STATUS.md';
  const layout = { ...presetLayout('specgate'), statusDocument: { file: STATUS } };

  it('a stale status document is regenerated, and a second pass finds it current', async () => {
    const source = new OverlaySource(PROJECT, { [STATUS]: '# Protocol status\n\nstale\n' });
    const run = await fix(source, ['rfcs'], 'rfcs/status-document-current', layout);
    expect(run.applied).toBe(1);
    expect(run.files.map((f) => f.file)).toEqual([STATUS]);
    const after = run.files[0]!.after;
    expect(after).not.toContain('stale');
    // The document lists this corpus's RFCs (read from the corpus, not written here).
    for (const rfc of [RFC_0001, RFC_0152, RFC_0211]) expect(after).toContain(rfc.slice('RFCS/'.length, 'RFCS/'.length + 4));
    const again = new MemoryOverlay(source);
    again.set(STATUS, after);
    expect((await fix(again, ['rfcs'], 'rfcs/status-document-current', layout)).files).toEqual([]);
  });
});

describe('fix coverage', () => {
  it('every fixable rule has fix tests in this file', async () => {
    const { allRules } = await import('../../scripts/rules-registry.js');
    const fixable = (await allRules()).filter((r) => r.fixable).map((r) => r.id).sort();
    // errata/not-applied: its fix is the splice `errata apply` writes (test/errata: the fixture cases byte for byte, and refusals.test.ts).
    expect(fixable).toEqual(['errata/not-applied', 'interop-map/reason-upper-snake', 'rfcs/dates-valid', 'rfcs/number-matches', 'rfcs/status-document-current', 'rfcs/supersedes-reciprocal', 'rfcs/updated-newest-first']);
  });
});
