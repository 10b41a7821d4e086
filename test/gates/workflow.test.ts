import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PROJECT } from '../helpers/env.js';

const require = createRequire(import.meta.url);
// The workflow validator from the npm registry (its JSON schemas of GitHub workflows, run as wasm).
const { validateWorkflow } = require('@action-validator/core') as { validateWorkflow(src: string): { errors: Array<{ code: string; path?: string; title: string; detail?: string }> } };

const FILE = path.join(PROJECT, '.github/workflows/spec-gate.yml');
const source = readFileSync(FILE, 'utf8');

function validate(src: string) {
  // The validator warns on stderr that it cannot check path globs; keep test output quiet.
  const warn = console.warn;
  const error = console.error;
  console.warn = console.error = () => {};
  try {
    return validateWorkflow(src).errors;
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

describe('.github/workflows/spec-gate.yml', () => {
  it('is a valid workflow for @action-validator/core', () => {
    expect(validate(source)).toEqual([]);
  });

  it('the validator is a real judge: a misspelt runs-on and a bad permission are errors', () => {
    expect(validate(source.replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest')).map((e) => e.path)).toContain('/jobs/gate');
    expect(validate(source.replace('security-events: write', 'security-events: admin')).length).toBeGreaterThan(0);
  });

  const wf = yaml.load(source) as any;
  const steps: any[] = wf.jobs.gate.steps;
  const runs = steps.map((s) => s.run).filter(Boolean).join('\n');

  it('runs on pull requests touching the governed folders and the tool', () => {
    expect(wf.on.pull_request.paths).toEqual(expect.arrayContaining(['spec/**', 'schemas/**', 'invariants/**', 'RFCS/**', 'scripts/**']));
    expect(Object.keys(wf.on)).toEqual(['pull_request']);
  });

  it('checks out full history, uses node 20 and a clean install', () => {
    expect(steps[0]).toMatchObject({ uses: expect.stringMatching(/^actions\/checkout@/), with: { 'fetch-depth': 0 } });
    expect(steps.find((s) => String(s.uses).startsWith('actions/setup-node@'))?.with['node-version']).toBe(20);
    expect(runs).toMatch(/^npm ci$/m);
  });

  it('annotates with --format github, uploads SARIF with security-events: write, and runs errata and compat', () => {
    expect(runs).toMatch(/npm run check -- --format github/);
    const sarifStep = steps.find((s) => /--format sarif --output (\S+)/.test(s.run ?? ''));
    const sarifFile = /--output (\S+)/.exec(sarifStep.run)![1];
    const upload = steps.find((s) => String(s.uses).startsWith('github/codeql-action/upload-sarif@'));
    expect(upload.with.sarif_file).toBe(sarifFile);
    expect(wf.jobs.gate.permissions['security-events']).toBe('write');
    expect(runs).toMatch(/npm run errata:check/);
    expect(runs).toMatch(/npm run compat -- --base "?origin\/\$\{\{ github\.base_ref \}\}"?/);
    // Each later gate still runs (and reports) when an earlier one found problems.
    for (const s of [sarifStep, upload, ...steps.filter((x) => /errata:check|compat/.test(x.run ?? ''))]) expect(s.if).toMatch(/!cancelled\(\)/);
  });

  it('persists the parse cache after the clean install, keyed by the lockfile and the governed RFCs', () => {
    const install = steps.findIndex((s) => s.run === 'npm ci');
    const cache = steps.findIndex((s) => String(s.uses).startsWith('actions/cache@'));
    const firstCheck = steps.findIndex((s) => /npm run check/.test(s.run ?? ''));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(cache).toBeGreaterThan(install); // npm ci empties node_modules, where the cache lives
    expect(cache).toBeLessThan(firstCheck);
    const { path: cachePath, key, 'restore-keys': restoreKeys } = steps[cache].with;
    // the entries, and the secret they are authenticated with (without it every entry is a miss)
    expect(String(cachePath).trim().split('\n')).toEqual(['node_modules/.cache/specgate', '~/.cache/specgate/cache-key']);
    expect(key).toContain("hashFiles('package-lock.json')");
    expect(key).toContain("hashFiles('RFCS/**/*.md')");
    expect(String(restoreKeys).trim().split('\n').every((k: string) => key.startsWith(k.trim()))).toBe(true);
  });

  it('every npm script it runs exists', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')).scripts);
    for (const m of runs.matchAll(/npm run ([\w:-]+)/g)) expect(scripts).toContain(m[1]);
  });
});
