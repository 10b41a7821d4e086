// action.yml: validated with action-validator, and its step run as the runner runs it: the inputs
// turned into INPUT_* variables, GITHUB_* variables and files set, the step's bash script run in a
// repository where specgate is installed (node_modules/specgate).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PROJECT, projectCorpusCopy, tempDir } from '../helpers/env.js';
import { gitOk } from '../gates/git-repo.js';

const require = createRequire(import.meta.url);
const { validateAction } = require('@action-validator/core') as { validateAction(src: string): { errors: Array<{ path?: string }> } };
const SOURCE = readFileSync(path.join(PROJECT, 'action.yml'), 'utf8');
const action = yaml.load(SOURCE) as any;

function validate(src: string) {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return validateAction(src).errors;
  } finally {
    console.warn = warn;
  }
}

/** Runs the composite step as the runner does: `${{ inputs.x }}` replaced, env set, bash in the working directory. */
function runStep(repo: string, inputs: Record<string, string>, env: Record<string, string> = {}, index = 0) {
  const step = action.runs.steps[index];
  const value = (name: string) => inputs[name] ?? String(action.inputs[name].default ?? '');
  const expand = (s: string) => s.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, n: string) => value(n));
  const stepEnv = Object.fromEntries(Object.entries(step.env as Record<string, string>).map(([k, v]) => [k, expand(v)]));
  const files = tempDir('specgate-runner-');
  const summary = path.join(files, 'summary.md');
  const output = path.join(files, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const r = spawnSync('bash', ['-e', '-c', expand(step.run)], {
    cwd: path.join(repo, expand(step['working-directory'])),
    encoding: 'utf8',
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_REPOSITORY: 'acme/spec', GITHUB_SHA: 'abc123', GITHUB_SERVER_URL: 'https://github.com', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, ...stepEnv, ...env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, summary: readFileSync(summary, 'utf8'), outputs: Object.fromEntries(readFileSync(output, 'utf8').trim().split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2))) };
}

/** A governed repository with specgate installed (this build, linked where npm puts it) and one commit. */
function adopter(): string {
  const root = projectCorpusCopy();
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(PROJECT, path.join(root, 'node_modules/specgate'));
  // The folder the accepted RFCs name in their Affects rows (specgate's code, absent from a corpus copy).
  mkdirSync(path.join(root, 'scripts/checks/interop-map'), { recursive: true });
  writeFileSync(path.join(root, 'scripts/checks/interop-map/README.md'), 'the interop-map checks\n');
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n*.sarif\n');
  gitOk(root, ['init', '-q', '-b', 'main']);
  gitOk(root, ['add', '-A']);
  gitOk(root, ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base']);
  return root;
}

describe('action.yml', () => {
  it('is a valid action for action-validator, which is a real judge', () => {
    expect(validate(SOURCE)).toEqual([]);
    expect(validate(SOURCE.replace('using: composite', 'using: compositeX')).length).toBeGreaterThan(0);
  });

  it('report-html: the report step writes the page, and the next step uploads that path as the job artifact', () => {
    const root = adopter();
    const r = runStep(root, { 'report-html': 'status.html' }, {}, 1);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(path.join(root, 'status.html'), 'utf8')).toMatch(/^<!doctype html>[\s\S]*id="citation-graph"/);
    const upload = action.runs.steps[2];
    expect(upload.uses).toMatch(/^actions\/upload-artifact@/);
    expect(upload.with.path).toBe('${{ inputs.working-directory }}/${{ inputs.report-html }}');
    expect([action.runs.steps[1].if, upload.if]).toEqual(["${{ always() && inputs.report-html != '' }}", "${{ always() && inputs.report-html != '' }}"]);
  });

  it('has the inputs the workflow needs, and the outputs of the step', () => {
    expect(Object.keys(action.inputs)).toEqual(['families', 'preset', 'config', 'compat-base', 'errata', 'plugins', 'sarif', 'fail-on', 'report-html', 'working-directory', 'root']);
    expect(Object.keys(action.outputs)).toEqual(['sarif', 'errors', 'warnings', 'failed', 'exit-code']);
  });

  it('a clean repository: annotations none, SARIF written, summary and outputs, compat against the base, exit 0', () => {
    const root = adopter();
    const r = runStep(root, { 'compat-base': 'HEAD', errata: 'false' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const sarif = JSON.parse(readFileSync(path.join(root, 'specgate.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(r.outputs).toMatchObject({ sarif: 'specgate.sarif', errors: '0', 'exit-code': '0' });
    expect(r.summary).toMatch(/^## specgate\n\n\*\*Passed\*\*\n/);
    expect(r.summary).toMatch(/\| interop-map \| \d+ \| \d+ \| 0 \| 0 \|/);
    expect(r.summary).toMatch(/^\| compat --base HEAD \| passed \| 0 \| 0 \|$/m);
  }, 120_000);

  it('findings: annotations on the line, the summary counts per rule with links, exit 1; fail-on none passes', () => {
    const root = adopter();
    const map = path.join(root, 'spec/v2/interop-map.json');
    writeFileSync(map, readFileSync(map, 'utf8').replace('"TASK_NOT_FOUND"', '"TaskNotFound"'));
    const r = runStep(root, { families: 'interop-map', errata: 'false', 'compat-base': 'none' });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^::error file=spec\/v2\/interop-map\.json,line=\d+,/m);
    expect(r.summary).toMatch(/\*\*Failed\*\* \(level: error\): check/);
    expect(r.summary).toMatch(/\| `interop-map\/reason-upper-snake` \| 1 \| 0 \|/);
    expect(r.summary).toMatch(/\(https:\/\/github\.com\/acme\/spec\/blob\/abc123\/spec\/v2\/interop-map\.json#L\d+\)/);
    expect(r.summary).toMatch(/\| compat \| not run/);
    expect(existsSync(path.join(root, 'specgate.sarif'))).toBe(true);
    expect(runStep(root, { families: 'interop-map', errata: 'false', 'compat-base': 'none', 'fail-on': 'none' }).code).toBe(0);
  }, 120_000);

  it('a broken setup is exit 2, apart from findings: an unknown preset, or specgate not installed', () => {
    const root = adopter();
    const r = runStep(root, { preset: 'openwopp', errata: 'false', 'compat-base': 'none' });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^::error title=specgate setup::check: specgate: unknown preset "openwopp"/m);
    expect(r.summary).toMatch(/\*\*Setup broken \(exit 2\):\*\*/);
    // plugins: false runs none of the plugins the config names (here one that is not there).
    writeFileSync(path.join(root, 'specgate.config.json'), '{ "plugins": ["./no-such-plugin.js"] }\n');
    const withPlugins = runStep(root, { families: 'interop-map', errata: 'false', 'compat-base': 'none' });
    expect(withPlugins.code).toBe(2);
    expect(withPlugins.stdout).toMatch(/^::error title=specgate setup::check: specgate: .*no-such-plugin/m);
    const withoutPlugins = runStep(root, { families: 'interop-map', errata: 'false', 'compat-base': 'none', plugins: 'false' });
    expect(withoutPlugins.code, withoutPlugins.stdout + withoutPlugins.stderr).toBe(0);
    const bare = tempDir();
    const none = runStep(bare, {});
    expect(none.code).toBe(2);
    expect(none.stdout).toMatch(/^::error title=specgate setup::node_modules\/specgate\/dist\/scripts\/action\/main\.js is missing: add specgate to devDependencies and run npm ci before this step$/m);
  }, 120_000);
});

describe('the Action reports what failed (issue 34 §5) and takes the governed folder (§2)', () => {
  const commitAll = (root: string, m: string) => {
    gitOk(root, ['add', '-A']);
    gitOk(root, ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', m]);
  };

  it('a breaking schema change: compat is the command named as failed, its error is in the outputs, the summary and the SARIF', () => {
    const root = adopter();
    gitOk(root, ['branch', 'base']);
    const schema = path.join(root, 'schemas/v2/run-snapshot.schema.json');
    const s = JSON.parse(readFileSync(schema, 'utf8'));
    s.required.push('tags');
    writeFileSync(schema, `${JSON.stringify(s, null, 2)}\n`);
    commitAll(root, 'tags required');
    const r = runStep(root, { 'compat-base': 'base', errata: 'true' });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.outputs).toMatchObject({ errors: '1', failed: 'compat --base base', 'exit-code': '1', sarif: 'specgate.sarif' });
    expect(r.summary).toMatch(/^\*\*Failed\*\* \(level: error\): compat --base base$/m);
    expect(r.summary).toMatch(/^\| check \| passed \| 0 \| \d+ \|$/m);
    expect(r.summary).toMatch(/^\| errata check \| passed \| 0 \| 0 \|$/m);
    expect(r.summary).toMatch(/^\| compat --base base \| findings \| 1 \| 0 \|$/m);
    expect(r.stdout).toMatch(/^::error file=schemas\/v2\/run-snapshot\.schema\.json,line=\d+,.*title=compat\/required-added::/m);
    const sarif = JSON.parse(readFileSync(path.join(root, 'specgate.sarif'), 'utf8'));
    expect(sarif.runs).toHaveLength(1);
    const results = sarif.runs[0].results as Array<{ ruleId: string; ruleIndex: number; properties: { command: string } }>;
    const errors = results.filter((x) => (x as { level?: string }).level === 'error');
    expect(errors.map((x) => [x.ruleId, x.properties.command])).toEqual([['compat/required-added', 'compat --base base']]);
    expect(sarif.runs[0].tool.driver.rules[errors[0]!.ruleIndex].id).toBe('compat/required-added');
    // The warnings of check are there too, said to be check's.
    expect(new Set(results.map((x) => x.properties.command))).toEqual(new Set(['check', 'compat --base base']));
  }, 180_000);

  it('annotates the lines the pull request changed first', () => {
    const root = adopter();
    const map = path.join(root, 'spec/v2/interop-map.json');
    // A finding the base already has, early in the file…
    const text = readFileSync(map, 'utf8');
    writeFileSync(map, text.replace('"TASK_NOT_FOUND"', '"TaskNotFound"'));
    commitAll(root, 'old defect');
    gitOk(root, ['branch', 'base']);
    // …and the pull request's own, later in it.
    const now = readFileSync(map, 'utf8');
    const lastReason = now.lastIndexOf('"reason": "');
    const end = now.indexOf('"', lastReason + '"reason": "'.length);
    writeFileSync(map, `${now.slice(0, lastReason)}"reason": "NotUpperSnake${now.slice(end)}`);
    commitAll(root, 'new defect');
    const r = runStep(root, { families: 'interop-map', 'compat-base': 'base', errata: 'false' });
    const annotated = r.stdout.split('\n').filter((l) => l.startsWith('::error file=spec/v2/interop-map.json'));
    expect(annotated.length).toBeGreaterThanOrEqual(2);
    const lineOf = (l: string) => Number(/,line=(\d+),/.exec(l)![1]);
    const changed = now.slice(0, lastReason).split('\n').length;
    expect(lineOf(annotated[0]!)).toBe(changed);
    expect(lineOf(annotated[1]!)).toBeLessThan(changed);
    expect(r.summary).toMatch(/### First findings \(the lines this pull request changed first\)\n\n- error \[spec\/v2\/interop-map\.json:\d+:\d+\].*on a changed line\)/);
  }, 180_000);

  it('a monorepo: root names the package, specgate is found hoisted at the top, paths are the repository\'s', () => {
    const top = tempDir('specgate-action-mono-');
    const spec = path.join(top, 'packages/spec');
    mkdirSync(path.dirname(spec), { recursive: true });
    const corpus = adopter();
    cpSync(corpus, spec, { recursive: true, filter: (p) => !p.includes(`${path.sep}.git`) && !p.endsWith(`${path.sep}node_modules`) });
    mkdirSync(path.join(top, 'node_modules'));
    symlinkSync(PROJECT, path.join(top, 'node_modules/specgate'));
    writeFileSync(path.join(top, '.gitignore'), 'node_modules/\n*.sarif\n');
    gitOk(top, ['init', '-q', '-b', 'main']);
    commitAll(top, 'base');
    const map = path.join(spec, 'spec/v2/interop-map.json');
    writeFileSync(map, readFileSync(map, 'utf8').replace('"TASK_NOT_FOUND"', '"TaskNotFound"'));
    const r = runStep(top, { root: 'packages/spec', families: 'interop-map', errata: 'false', 'compat-base': 'none' });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^::error file=packages\/spec\/spec\/v2\/interop-map\.json,line=\d+,/m);
    expect(r.summary).toMatch(/\(https:\/\/github\.com\/acme\/spec\/blob\/abc123\/packages\/spec\/spec\/v2\/interop-map\.json#L\d+\)/);
    const sarif = JSON.parse(readFileSync(path.join(top, 'specgate.sarif'), 'utf8'));
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('packages/spec/spec/v2/interop-map.json');
  }, 180_000);
});
