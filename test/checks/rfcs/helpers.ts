import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { globbySync } from 'globby';
import { load } from 'js-yaml';
import { PROJECT, projectCorpusCopy, runJson } from '../../helpers/env.js';
import type { CliResult, JsonFinding } from '../../helpers/env.js';

export const INVARIANTS = 'invariants/invariants.yaml';
export const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
export const RFC_0152 = 'RFCS/0152-a2a-1-0-versioned-composition.md';

export type GateResult = CliResult & { findings: JsonFinding[]; summary: any };

export function gate(root: string, family: 'rfcs' | 'invariants', extra: string[] = []): Promise<GateResult> {
  return runJson(['check', family, '--root', root, ...extra]);
}

/**
 * A temp copy of this project's corpus, plus what its RFCs' Affects rows name outside the corpus
 * folders (scripts/checks). Protocol-tier test globs that match nothing yet — the witness tests
 * belong to other areas and may not be written — get a stand-in file each, so the rfcs and
 * invariants families are judged here on their own rules; `standIns` lists them.
 */
export function projectCopy(): { root: string; standIns: string[] } {
  const root = projectCorpusCopy();
  cpSync(path.join(PROJECT, 'scripts/checks'), path.join(root, 'scripts/checks'), { recursive: true });
  const standIns: string[] = [];
  const doc = load(readFileSync(path.join(root, INVARIANTS), 'utf8')) as { invariants: Array<{ tier: string; tests: string[] }> };
  for (const e of doc.invariants) {
    if (e.tier !== 'protocol') continue;
    const local = e.tests.filter((t) => !/^[\w.-]+:/.test(t));
    if (local.some((t) => globbySync(t, { cwd: root }).length > 0)) continue;
    const file = local[0]!.replace(/\*\*\//g, '').replace(/\*/g, 'stand-in');
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '// stand-in for a witness test owned by another area\n');
    standIns.push(file);
  }
  return { root, standIns };
}

export function read(root: string, rel: string): string {
  return readFileSync(path.join(root, rel), 'utf8');
}

/** Replaces the one occurrence of `from` (it must occur exactly once) and returns the new text. */
export function mutate(root: string, rel: string, from: string, to: string): string {
  const text = read(root, rel);
  const n = text.split(from).length - 1;
  if (n !== 1) throw new Error(`expected one ${JSON.stringify(from)} in ${rel}, found ${n}`);
  const next = text.replace(from, () => to);
  writeFileSync(path.join(root, rel), next);
  return next;
}

export function append(root: string, rel: string, tail: string): string {
  const next = read(root, rel).replace(/\n*$/, '\n') + tail;
  writeFileSync(path.join(root, rel), next);
  return next;
}

export function rename(root: string, from: string, to: string): void {
  if (!existsSync(path.join(root, from))) throw new Error(`${from} missing`);
  renameSync(path.join(root, from), path.join(root, to));
}

/** The 1-based range of the n-th occurrence of `needle` (end exclusive), as findings carry it. */
export function rangeOf(text: string, needle: string, nth = 1): { line: number; column: number; endLine: number; endColumn: number } {
  let i = -1;
  for (let k = 0; k < nth; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`occurrence ${nth} of ${JSON.stringify(needle)} not found`);
  }
  const at = (o: number) => {
    const before = text.slice(0, o);
    return { line: before.split('\n').length, column: o - before.lastIndexOf('\n') };
  };
  const a = at(i);
  const b = at(i + needle.length);
  return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

/** The range of `needle`'s first occurrence at or after `anchor`'s. */
export function rangeAfter(text: string, anchor: string, needle: string): ReturnType<typeof rangeOf> {
  const from = text.indexOf(anchor);
  if (from < 0) throw new Error(`${anchor} not found`);
  // Everything before the anchor blanked (lines kept), so the first occurrence left is the one after it.
  return rangeOf(text.slice(0, from).replace(/[^\n]/g, ' ') + text.slice(from), needle);
}

export function only(result: GateResult, ruleId: string): JsonFinding[] {
  return result.findings.filter((f) => f.ruleId === ruleId);
}

export function errors(result: GateResult): JsonFinding[] {
  return result.findings.filter((f) => f.severity === 'error');
}

/** A small RFC using every part readRfc reads (test/rfc/read.test.ts pins what it extracts). */
export const SAMPLE = [
  '# RFC 0042: A sample',
  '',
  '| Field | Value |',
  '| --- | --- |',
  '| **RFC** | 0042 |',
  '| **Status** | `Draft` |',
  '| **Affects** | `spec/a.md` · `other:b.md` |',
  '| **Supersedes** | — (amends RFC 0007) |',
  '| **Superseded by** | [RFC 0050](./0050-x.md) and RFC 0051 |',
  '',
  '## Proposal',
  '',
  '### §A — First',
  '',
  '**A.2 A labelled point.** Text.',
  '',
  '### 3. Numbered',
  '',
  '```json',
  '{ "a": 1 }',
  '```',
  '',
  '## Errata',
  '',
  '- **RFC 0007 UQ1** (`RFCS/0007-x.md:9`), appended: *"Note."*',
  '- **`spec/a.md` §A** (`:3`) — replace "old" with "new".',
  '',
  '## Security',
  '',
  'New invariant `sample-invariant` (protocol, high) — §A. New invariant other-one (advisory, low).',
  '',
  '## Unresolved questions',
  '',
  '1. First?',
  '2. Second?',
  '',
  '## Acceptance criteria',
  '',
  '- [x] Done.',
  '- [ ] Open. — deferred: later.',
  '',
].join('\n');
