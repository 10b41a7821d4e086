import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { FsSource } from '../../scripts/core/io/source.js';
import type { ErrataOptions, ErrataRun } from '../../scripts/errata/run.js';
import { planErrata } from '../../scripts/errata/run.js';
import { openCommit } from '../../scripts/core/io/commit.js';
import { PROJECT, tempDir } from '../helpers/env.js';

export const CASES = path.join(PROJECT, 'test/fixtures/errata/cases');

export interface CaseMeta {
  target?: string;
  status?: string[];
  findings?: { ruleId: string; line: number; includes: string }[];
}

/** An RFC whose `## Errata` is the given list; its items start on line 9. */
export function rfcWithErrata(errata: string, status = 'Accepted', title = 'Errata case'): string {
  return `# RFC 0999: ${title}\n\n| Field | Value |\n| --- | --- |\n| **Status** | \`${status}\` |\n\n## Errata\n\n${errata}`;
}

export function caseNames(): string[] {
  return readdirSync(CASES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function caseMeta(name: string): CaseMeta {
  const file = path.join(CASES, name, 'case.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CaseMeta) : {};
}

/** A temp repository holding the case's target (bytes as committed) and an RFC carrying its errata. */
export function caseRoot(name: string): { root: string; target: string } {
  const root = tempDir('specgate-errata-');
  const target = caseMeta(name).target ?? 'doc.md';
  mkdirSync(path.join(root, 'RFCS'), { recursive: true });
  mkdirSync(path.dirname(path.join(root, target)), { recursive: true });
  cpSync(path.join(CASES, name, 'input.md'), path.join(root, target));
  writeFileSync(path.join(root, 'RFCS/0999-errata-case.md'), rfcWithErrata(readFileSync(path.join(CASES, name, 'errata.md'), 'utf8')));
  return { root, target };
}

function corpusAt(root: string, preset = 'specgate'): Corpus {
  return new Corpus(new FsSource(root), presetLayout(preset));
}

export async function plan(root: string, options: ErrataOptions = { mode: 'apply' }, preset = 'specgate'): Promise<ErrataRun> {
  return planErrata(corpusAt(root, preset), options);
}

/** Plans and, when nothing is refused, writes: what `errata apply` does. */
export async function apply(root: string, options: Partial<ErrataOptions> = {}, preset = 'specgate'): Promise<ErrataRun> {
  const guard = openCommit(root, { write: true });
  try {
    const run = await plan(root, { mode: 'apply', ...options }, preset);
    guard.write(run.changes);
    return run;
  } finally {
    guard.close();
  }
}

export function bytes(file: string): Buffer {
  return readFileSync(file);
}
