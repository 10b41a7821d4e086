import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANCHOR, describeShared, editJson, projectCorpusCopy, runCli, runJson, tempCopy, tempDir } from '../helpers/env.js';
import { corpusRepo, gitOk } from './git-repo.js';

const MAP = 'spec/v2/interop-map.json';

/** Writes a config file and returns its path and the 1-based line/column of `needle` in it. */
function config(text: string, needle?: string): { file: string; line: number; column: number } {
  const file = path.join(tempDir('specgate-config-'), 'specgate.config.json');
  writeFileSync(file, text);
  const i = needle ? text.indexOf(needle) : 0;
  const before = text.slice(0, i).split('\n');
  return { file, line: before.length, column: before[before.length - 1]!.length + 1 };
}

async function expectConfigError(text: string, needle: string, pattern: RegExp): Promise<void> {
  const c = config(text, needle);
  const r = await runCli(['check', 'interop-map', '--config', c.file]);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^specgate: .*specgate\\.config\\.json:${c.line}:${c.column}: `));
  expect(lines[0]).toMatch(pattern);
}

describe('specgate.config.json is validated against its schema, located', () => {
  it('an unknown top-level key is reported at the key', async () => {
    await expectConfigError('{\n  "preset": "specgate",\n  "layuot": {}\n}\n', '"layuot"', /unknown key "layuot" in the config \(see config\.schema\.json\) — did you mean "layout"\?/);
  });

  it('an unknown layout key is reported at the key', async () => {
    await expectConfigError('{\n  "layout": {\n    "interopMap": "spec/v2/interop-map.json",\n    "errorsFile": "x.json"\n  }\n}\n', '"errorsFile"', /unknown key "errorsFile" in "layout"/);
  });

  it('a bad severity is reported at the value', async () => {
    await expectConfigError('{ "rules": { "interop-map/reason-upper-snake": "warn" } }', '"warn"', /the severity of "interop-map\/reason-upper-snake" must be one of "off", "on", "notice", "warning", "error"/);
  });

  it('a severity as ESLint or Spectral spells it, or a typo, gets the word this tool uses', async () => {
    await expectConfigError('{ "rules": { "interop-map/reason-upper-snake": "warn" } }', '"warn"', /"error" — did you mean "warning"\? \("warn" is how ESLint and Spectral spell it\)$/);
    await expectConfigError('{ "rules": { "interop-map/reason-upper-snake": 2 } }', '2', /"error" — did you mean "error"\? \(2 is how ESLint spells it\)$/);
    await expectConfigError('{ "rules": { "interop-map/reason-upper-snake": "eror" } }', '"eror"', /"error" — did you mean "error"\?$/);
    await expectConfigError('{ "rules": { "interop-map/reason-upper-snake": "zzz" } }', '"zzz"', /must be one of "off", "on", "notice", "warning", "error"$/);
  });

  it('an unknown preset is reported at the value', async () => {
    await expectConfigError('{ "preset": "upstream" }', '"upstream"', /"preset" must be one of "specgate", "openwop"/);
  });

  it('a path that leaves the repository is reported at the value', async () => {
    await expectConfigError('{ "layout": { "rfcsDir": "../elsewhere/RFCS" } }', '"../elsewhere', /stays inside the root/);
  });

  it('a repeated key and text that is not JSON are reported where they are', async () => {
    await expectConfigError('{ "preset": "specgate",\n  "preset": "openwop" }', '"preset": "openwop"', /duplicate key "preset"/);
    await expectConfigError('{ "preset": "specgate" ]', ']', /not valid JSON/);
  });

  it('a missing --config file is a usage error', async () => {
    const r = await runCli(['check', '--config', path.join(tempDir(), 'nope.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: config file not found: /);
  });
});

describe('the config names where documents live and sets severities', () => {
  it('moves a document: the map found through layout.interopMap', async () => {
    const dir = projectCorpusCopy();
    mkdirSync(path.join(dir, 'elsewhere'));
    renameSync(path.join(dir, MAP), path.join(dir, 'elsewhere/map.json'));
    // Without the map where the preset expects it, the root is refused in one line (issue 15 §1).
    const moved = await runJson(['check', 'interop-map', '--root', dir]);
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain(`has no interop map ${MAP}, which the "specgate" preset expects`);
    // specgate.config.json at the root is picked up without --config.
    writeFileSync(path.join(dir, 'specgate.config.json'), JSON.stringify({ layout: { interopMap: 'elsewhere/map.json' } }));
    const found = await runJson(['check', 'interop-map', '--root', dir]);
    expect(found.findings.filter((f) => f.file === MAP)).toEqual([]);
    expect(found.code, JSON.stringify(found.findings.slice(0, 3))).toBe(0);
  });

  it('turns a rule off, or down to a warning', async () => {
    const dir = projectCorpusCopy();
    editJson(path.join(dir, MAP), (m) => {
      m.a2a.errors[0].unexpected = true;
    });
    const base = await runJson(['check', 'interop-map', '--root', dir]);
    expect(base.code).toBe(1);
    const ids = [...new Set(base.findings.map((f) => f.ruleId))];
    const rules = (v: string) => Object.fromEntries(ids.map((id) => [id, v]));
    writeFileSync(path.join(dir, 'specgate.config.json'), JSON.stringify({ rules: rules('warning') }));
    const warned = await runJson(['check', 'interop-map', '--root', dir]);
    expect(warned.code).toBe(0);
    expect(warned.findings.length).toBeGreaterThan(0);
    expect(new Set(warned.findings.map((f) => f.severity))).toEqual(new Set(['warning']));
    writeFileSync(path.join(dir, 'specgate.config.json'), JSON.stringify({ rules: rules('off') }));
    const off = await runJson(['check', 'interop-map', '--root', dir]);
    expect(off.findings.filter((f) => ids.includes(f.ruleId))).toEqual([]);
  });
});

describeShared('adopting the tool on the upstream repository', () => {
  it('a config in a temp dir points the tool at ../shared/anchors/openwop-v2', async () => {
    const c = config(JSON.stringify({ $schema: 'https://specgate.dev/schemas/config.schema.json', preset: 'openwop' }, null, 2));
    const r = await runJson(['check', 'interop-map', '--root', ANCHOR, '--config', c.file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.summary.families[0].visited).toBeGreaterThan(0);
  });

  it('"on" turns on an opt-in rule at its own severity per finding; "error" makes every finding an error', async () => {
    const run = async (setting: string) => {
      const c = config(JSON.stringify({ preset: 'openwop', rules: { 'rfcs/affects-paths-exist': setting } }));
      const r = await runJson(['check', 'rfcs', '--root', ANCHOR, '--config', c.file]);
      return r.findings.filter((f: { ruleId: string }) => f.ruleId === 'rfcs/affects-paths-exist') as Array<{ severity: string; message: string }>;
    };
    const on = await run('on');
    // Accepted RFCs' missing paths are errors; a glob the rule cannot resolve stays a warning.
    const warnings = on.filter((f) => f.severity === 'warning');
    expect(warnings.length).toBeGreaterThan(0);
    for (const f of warnings) expect(f.message).toMatch(/cannot be resolved here/);
    expect(on.filter((f) => f.severity === 'error').length).toBeGreaterThan(0);
    for (const f of on) expect(f.message).toMatch(/\(specgate's RFC 0001 §B\)$/);
    const error = await run('error');
    expect(error.map((f) => f.message)).toEqual(on.map((f) => f.message));
    expect(new Set(error.map((f) => f.severity))).toEqual(new Set(['error']));
  });

  it("SARIF rule help under openwop names upstream's RFC 0001 section", async () => {
    const r = await runCli(['check', 'rfcs', '--root', ANCHOR, '--preset', 'openwop', '-f', 'sarif']);
    const rules = JSON.parse(r.stdout).runs[0].tool.driver.rules as Array<{ id: string; fullDescription: { text: string }; properties: { rfc: string } }>;
    const status = rules.find((x) => x.id === 'rfcs/status-known')!;
    expect(status.properties.rfc).toBe('RFC 0001 §3');
    expect(status.fullDescription.text).toMatch(/Enforces RFC 0001 §3\.$/);
  });

  it('a config at the root of a copy is found by a plain `check` run there', async () => {
    const dir = tempCopy(ANCHOR);
    writeFileSync(path.join(dir, 'specgate.config.json'), JSON.stringify({ preset: 'openwop' }));
    const r = await runJson(['check', 'interop-map'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    // The same copy without the config is read with this project's layout, and fails.
    writeFileSync(path.join(dir, 'specgate.config.json'), JSON.stringify({ preset: 'specgate' }));
    const wrong = await runJson(['check', 'interop-map'], { cwd: dir });
    expect(wrong.code).toBe(1);
    expect(readFileSync(path.join(dir, 'specgate.config.json'), 'utf8')).toContain('specgate');
  });
});

describe('--staged reads a configuration found above the root from the git index', () => {
  /** A repository whose corpus is in `sub` (pkg/) and whose configuration is at the top, above the root. */
  function repoWithConfigAbove(sub = 'pkg'): { top: string; root: string } {
    const top = tempDir('specgate-staged-config-');
    const root = path.join(top, sub);
    mkdirSync(path.dirname(root), { recursive: true });
    renameSync(projectCorpusCopy(), root);
    // The map breaks reason-upper-snake (an error by default).
    editJson(path.join(root, MAP), (m: any) => void (m.a2a.errors[0].reason = 'taskNotFound'));
    for (const args of [['init', '-q'], ['add', '-A']]) gitOk(top, args);
    return { top, root };
  }
  const reasonRule = 'interop-map/reason-upper-snake';
  const configTurning = (severity: string) => JSON.stringify({ rules: { [reasonRule]: severity } }) + '\n';

  it('the staged copy governs, not the working tree copy', async () => {
    const { top, root } = repoWithConfigAbove();
    writeFileSync(path.join(top, 'specgate.config.json'), configTurning('off'));
    gitOk(top, ['add', 'specgate.config.json']);
    writeFileSync(path.join(top, 'specgate.config.json'), configTurning('error'));
    const staged = await runJson(['check', 'interop-map', '--staged', '--root', root]);
    expect(staged.findings.filter((f) => f.ruleId === reasonRule)).toEqual([]);
    // control: the working tree run reads the working tree copy
    const tree = await runJson(['check', 'interop-map', '--root', root]);
    expect(tree.findings.filter((f) => f.ruleId === reasonRule)).toHaveLength(1);
  });

  it('one that is not staged governs nothing the commit holds', async () => {
    const { top, root } = repoWithConfigAbove();
    writeFileSync(path.join(top, 'specgate.config.json'), configTurning('off'));
    const staged = await runJson(['check', 'interop-map', '--staged', '--root', root]);
    expect(staged.findings.filter((f) => f.ruleId === reasonRule)).toHaveLength(1);
    const tree = await runJson(['check', 'interop-map', '--root', root]);
    expect(tree.findings.filter((f) => f.ruleId === reasonRule)).toEqual([]);
  });

  it('one staged but deleted from the working tree governs: the index holds it', async () => {
    const { top, root } = repoWithConfigAbove();
    writeFileSync(path.join(top, 'specgate.config.json'), configTurning('off'));
    gitOk(top, ['add', 'specgate.config.json']);
    rmSync(path.join(top, 'specgate.config.json'));
    const staged = await runJson(['check', 'interop-map', '--staged', '--root', root]);
    expect(staged.findings.filter((f) => f.ruleId === reasonRule)).toEqual([]);
    // control: the working tree holds no config, so the default (error) governs there
    const tree = await runJson(['check', 'interop-map', '--root', root]);
    expect(tree.findings.filter((f) => f.ruleId === reasonRule).map((f) => f.severity)).toEqual(['error']);
  });

  it('one deleted from the index but still on disk governs nothing, nor hides a staged one further up', async () => {
    const { top, root } = repoWithConfigAbove('group/pkg');
    writeFileSync(path.join(top, 'specgate.config.json'), configTurning('off'));
    writeFileSync(path.join(top, 'group/specgate.config.json'), configTurning('warning'));
    gitOk(top, ['add', 'specgate.config.json', 'group/specgate.config.json']);
    gitOk(top, ['rm', '-q', '--cached', 'group/specgate.config.json']);
    const staged = await runJson(['check', 'interop-map', '--staged', '--root', root]);
    expect(staged.findings.filter((f) => f.ruleId === reasonRule)).toEqual([]);
    // control: in the working tree the nearer one governs
    const tree = await runJson(['check', 'interop-map', '--root', root]);
    expect(tree.findings.filter((f) => f.ruleId === reasonRule).map((f) => f.severity)).toEqual(['warning']);
  });
});

describe('compat --staged governs by the configuration in the git index, as check --staged does', () => {
  it('the staged config turns the rule off; the working tree copy does not govern the index', async () => {
    const { root } = corpusRepo();
    const rule = 'compat/property-removed';
    const config = path.join(root, 'specgate.config.json');
    editJson(path.join(root, 'schemas/v2/run-snapshot.schema.json'), (s: any) => void delete s.properties.runId);
    writeFileSync(config, JSON.stringify({ rules: { [rule]: 'off' } }) + '\n');
    gitOk(root, ['add', '-A']);
    writeFileSync(config, JSON.stringify({ rules: { [rule]: 'error' } }) + '\n');
    const removed = (r: { findings: { ruleId: string }[] }) => r.findings.filter((f) => f.ruleId === rule);
    expect(removed(await runJson(['compat', '--base', 'HEAD', '--staged', '--root', root]))).toEqual([]);
    // control: without --staged the working tree copy governs, and the removal is reported
    expect(removed(await runJson(['compat', '--base', 'HEAD', '--root', root]))).toHaveLength(1);
  });
});
