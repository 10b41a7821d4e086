import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runJson } from '../helpers/env.js';
import { TempRepo } from './git-repo.js';
import { INTEROP_SCHEMA } from './minimal-corpus.js';

/*
 * compat's findings are settled by the configuration as check's are (the one session and engine):
 * an exception with a reason accepts one, `overrides` change its severity for some files, `ignores`
 * drop a file's findings, and an exception without a reason accepts nothing and is a finding.
 */

const config = (repo: TempRepo, c: Record<string, unknown>) => writeFileSync(path.join(repo.dir, 'specgate.config.json'), JSON.stringify(c, null, 2) + '\n');

function breakingEdit(): TempRepo {
  const repo = TempRepo.init();
  repo.editJson(INTEROP_SCHEMA, (s) => s.$defs.errorRow.required.push('reason'));
  return repo;
}

const EXCEPTION = { file: INTEROP_SCHEMA, pointer: '/$defs/errorRow/required', rule: 'compat/required-added' };

describe('compat findings and the configuration\'s exceptions, overrides and ignores', () => {
  it('without any, the breaking change is an error (exit 1)', async () => {
    const r = await runJson(['compat', '--base', 'HEAD'], { cwd: breakingEdit().dir });
    expect(r.findings.map((f) => [f.ruleId, f.severity])).toEqual([['compat/required-added', 'error']]);
    expect(r.code).toBe(1);
  });

  it('an exception with a reason accepts it: nothing is reported, exit 0, and the change is still in the table', async () => {
    const repo = breakingEdit();
    config(repo, { exceptions: [{ ...EXCEPTION, reason: 'the only reader is ours and ships with it' }] });
    const r = await runJson(['compat', '--base', 'HEAD'], { cwd: repo.dir });
    expect(r.findings).toEqual([]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).changes.map((c: { kind: string }) => c.kind)).toEqual(['required-added']);
  });

  it('an exception without a reason accepts nothing and is itself a finding', async () => {
    const repo = breakingEdit();
    config(repo, { exceptions: [{ ...EXCEPTION, reason: '' }] });
    const r = await runJson(['compat', '--base', 'HEAD'], { cwd: repo.dir });
    expect(r.findings.map((f) => f.ruleId).sort()).toEqual(['compat/required-added', 'exceptions/reason-required']);
  });

  it('overrides make it a warning for that file; ignores drop it', async () => {
    const repo = breakingEdit();
    config(repo, { overrides: [{ files: ['spec/**'], rules: { 'compat/required-added': 'warning' } }] });
    const warned = await runJson(['compat', '--base', 'HEAD'], { cwd: repo.dir });
    expect(warned.findings.map((f) => [f.ruleId, f.severity])).toEqual([['compat/required-added', 'warning']]);
    expect(warned.code).toBe(0);
    config(repo, { ignores: ['spec/v2/**'] });
    expect((await runJson(['compat', '--base', 'HEAD'], { cwd: repo.dir })).findings).toEqual([]);
  });
});
