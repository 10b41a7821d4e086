import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from '../../scripts/core/session.js';
import { BUILTIN_RULES } from '../../scripts/rules-registry.js';
import { FAMILY_DECLARATIONS, loadFamilies } from '../../scripts/checks/registry.js';
import type { Finding } from '../../scripts/core/model/findings.js';
import { PROJECT, projectCorpusCopy, runJson } from '../helpers/env.js';

/*
 * Issue 32 point 1: "a command parses its flags and picks an output, nothing more". The baseline
 * step (and the narrowing to the files named) is the session's last step, so every face settles
 * the same way: the result a face gets from the session alone is what `check` prints.
 */

const BUILTINS = { catalog: BUILTIN_RULES, declarations: FAMILY_DECLARATIONS, loadFamilies };
const key = (f: Pick<Finding, 'ruleId' | 'file' | 'line' | 'column'> & { severity: string }) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.ruleId}`;

/** A copy of the corpus whose rfcs/affects-paths-exist errors (the copy lacks the tool's scripts/) are recorded as known debt. */
async function baselined(): Promise<string> {
  const root = projectCorpusCopy();
  const wrote = await runJson(['check', '--root', root, '--suppress-rule', 'rfcs/affects-paths-exist']);
  expect(wrote.code).toBe(0);
  return root;
}

async function sessionRun(root: string) {
  const session = await Session.open({ root }, { builtins: BUILTINS });
  const families = await session.families([]);
  await session.resolveSeverities();
  const corpus = session.corpus();
  const ran = await session.run({ corpus, families });
  return { session, families, corpus, ran };
}

describe('the session settles by the baseline for every face', () => {
  it('Session.finish gives what check prints: the same findings, the same suppressed count, per family', async () => {
    const root = await baselined();
    const cli = await runJson(['check', '--root', root]);
    const { session, families, corpus, ran } = await sessionRun(root);
    expect(ran.result.findings.filter((f) => f.ruleId === 'rfcs/affects-paths-exist' && f.severity === 'error').length).toBeGreaterThan(0);
    const result = await session.finish(ran, { corpus, families, baseline: {} });
    expect(result.findings.map(key)).toEqual(cli.findings.map(key));
    expect(result.baseline?.suppressed).toBe(cli.summary.suppressions.suppressed);
    expect(result.baseline?.suppressed).toBeGreaterThan(0);
    expect(result.families.map((f) => [f.family, f.errors, f.suppressed ?? 0])).toEqual(cli.summary.families.map((f: { family: string; errors: number; suppressed?: number }) => [f.family, f.errors, f.suppressed ?? 0]));
  });

  it('narrowed to the files named, as `check PATH` is', async () => {
    const root = await baselined();
    const file = 'RFCS/0208-v2-a2a-mcp-operation-mappings.md';
    const cli = await runJson(['check', '--root', root, path.join(root, file)]);
    const { session, families, corpus, ran } = await sessionRun(root);
    const result = await session.finish(ran, { corpus, families, baseline: {}, files: (f) => f === file });
    expect(result.findings.map(key)).toEqual(cli.findings.map(key));
    expect(result.baseline?.suppressed).toBe(cli.summary.suppressions.suppressed);
  });

  it('the editor hides a file\'s recorded errors through the session, as check does', async () => {
    const root = await baselined();
    const cli = await runJson(['check', '--root', root]);
    const { session, ran } = await sessionRun(root);
    const file = 'RFCS/0208-v2-a2a-mcp-operation-mappings.md';
    const own = ran.result.findings.filter((f) => f.file === file);
    expect(own.some((f) => f.ruleId === 'rfcs/affects-paths-exist' && f.severity === 'error')).toBe(true);
    expect(session.hideRecorded(file, own, new Set()).map(key)).toEqual(cli.findings.filter((f) => f.file === file).map(key));
  });

  it('lays unsaved text over the source (check --stdin) through the session, keeping the parse cache setting', async () => {
    const root = projectCorpusCopy();
    const { session, corpus } = await sessionRun(root);
    corpus.useParseCache = false;
    const over = await session.overlaid(corpus, 'spec/v2/interop-map.json', '{}\n');
    expect(over.text('spec/v2/interop-map.json')).toBe('{}\n');
    expect(over.useParseCache).toBe(false);
    expect(corpus.text('spec/v2/interop-map.json')).not.toBe('{}\n');
  });

  it('no face outside core/ applies the baseline itself (commands, the editor, the hook, the Action)', () => {
    const own = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? own(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
    const scripts = path.join(PROJECT, 'scripts');
    const faces = own(scripts).filter((f) => !f.startsWith(path.join(scripts, 'core') + path.sep));
    const steps = /\b(applyBaseline|applySuppressions|runScope|baselineWanted|parseSuppressions)\b/;
    expect(faces.filter((f) => steps.test(readFileSync(f, 'utf8'))).map((f) => path.relative(scripts, f))).toEqual([]);
  });
});
