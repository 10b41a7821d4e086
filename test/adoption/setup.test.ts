// `specgate init` and `specgate install-hook` in an adopting repository, in-process on temp git
// repositories: the layout found, the workflow's paths from the preset's globs, idempotence, never
// overwriting without --force, the hook forms, and the hooks folder with a global core.hooksPath.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { governedGlobs, INSTALLED_CLI } from '../../scripts/hooks/install-hook.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { ANCHOR, CLI, PROJECT, describeShared, projectCorpusCopy, runCli, tempCopy, tempDir } from '../helpers/env.js';
import { git, gitOk, recordingNode } from '../gates/git-repo.js';

const require = createRequire(import.meta.url);
const { validateWorkflow } = require('@action-validator/core') as { validateWorkflow(src: string): { errors: unknown[] } };

function quietly<T>(f: () => T): T {
  const warn = console.warn;
  const error = console.error;
  console.warn = console.error = () => {};
  try {
    return f();
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

function repo(dir: string): string {
  gitOk(dir, ['init', '-q', '-b', 'main']);
  return dir;
}

describeShared('specgate init on a copy of the upstream layout', () => {
  it('proposes the openwop preset, writes config, workflow and hook; a second run changes nothing', async () => {
    const root = repo(tempCopy(ANCHOR));
    const r = await runCli(['init', '--ci', 'github', '--hook', '--root', root]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^this tree is laid out like the "openwop" preset/);
    expect(r.stdout).toMatch(/^wrote specgate\.config\.json; the RFC 0211 wire schemas .* are missing, so it turns off wire-examples\/positive-passes/m);
    expect(r.stdout).toMatch(/^wrote \.github\/workflows\/spec-gate\.yml$/m);
    expect(r.stdout).toMatch(/^pre-commit hook installed: \.git\/hooks\/pre-commit$/m);
    expect(existsSync(path.join(root, '.git/hooks/pre-merge-commit'))).toBe(true);
    const config = JSON.parse(readFileSync(path.join(root, 'specgate.config.json'), 'utf8'));
    expect(config.preset).toBe('openwop');
    const workflow = readFileSync(path.join(root, '.github/workflows/spec-gate.yml'), 'utf8');
    expect(quietly(() => validateWorkflow(workflow).errors)).toEqual([]);
    const wf = yaml.load(workflow) as any;
    // The preset's own globs: upstream keeps invariants, the OpenAPI document and the proto outside spec/.
    expect(wf.on.pull_request.paths).toEqual(expect.arrayContaining(['SECURITY/**', 'api/v2/openapi.yaml', 'conformance/fixtures/upstream/a2a-v1.0.1/a2a.proto', 'RFCS/**', 'specgate.config.json', 'specgate-suppressions.json']));
    expect(wf.on.pull_request.paths).not.toContain('invariants/**');
    const steps = wf.jobs.gate.steps as any[];
    expect(steps.map((s) => s.uses ?? s.run)).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'npm ci', 'specgate/specgate@v1', 'github/codeql-action/upload-sarif@v3']);
    // The config written beside it says the preset: the workflow passes no preset over it.
    expect(steps[3].with).toBeUndefined();
    const hook = readFileSync(path.join(root, '.git/hooks/pre-commit'), 'utf8');
    // The installed copy, found as Node finds it (node_modules here or above: hoisted installs).
    expect(hook).toContain(`if [ -f "$dir/${INSTALLED_CLI}" ]`);
    expect(hook).not.toMatch(/npx/);
    const before = readdirSync(root).sort();
    const again = await runCli(['init', '--ci', 'github', '--hook', '--root', root]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/specgate\.config\.json is up to date\n\.github\/workflows\/spec-gate\.yml is up to date\npre-commit hook up to date/);
    expect(readdirSync(root).sort()).toEqual(before);
  });

  it('never overwrites a file that differs without --force', async () => {
    const root = repo(tempCopy(ANCHOR));
    writeFileSync(path.join(root, 'specgate.config.json'), '{ "preset": "specgate" }\n');
    const r = await runCli(['init', '--root', root]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/specgate\.config\.json exists and differs, so it was left alone \(--force overwrites it\)/);
    expect(readFileSync(path.join(root, 'specgate.config.json'), 'utf8')).toBe('{ "preset": "specgate" }\n');
    expect((await runCli(['init', '--root', root, '--force'])).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(root, 'specgate.config.json'), 'utf8')).preset).toBe('openwop');
  });

  it('a check that misses its preset\'s files says which preset the tree is laid out for', async () => {
    const root = tempCopy(ANCHOR);
    const r = await runCli(['check', '--root', root, 'interop-map', '-f', 'compact']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^specgate: .* are here, where the "openwop" preset keeps them, but not .*: this looks like the "openwop" layout \(run `specgate init`, which writes specgate\.config\.json, or pass --preset openwop\)\n/);
    expect((await runCli(['check', '--root', root, '--preset', 'openwop', 'interop-map', '-f', 'compact'])).stderr).toBe('');
  });
});

describe('specgate init and install-hook on this layout', () => {
  it('finds the specgate preset, and each hook form is written once', async () => {
    const root = repo(projectCorpusCopy());
    const r = await runCli(['init', '--root', root]);
    expect(r.stdout).toMatch(/laid out like the "specgate" preset/);
    expect(JSON.parse(readFileSync(path.join(root, 'specgate.config.json'), 'utf8'))).toEqual({ $schema: './node_modules/specgate/scripts/schemas/config.schema.json', preset: 'specgate' });
    const husky = await runCli(['install-hook', '--husky', '--root', root]);
    expect(husky.stdout).toBe('pre-commit hook installed: .husky/pre-commit\n');
    expect(readFileSync(path.join(root, '.husky/pre-commit'), 'utf8')).toContain(INSTALLED_CLI);
    const lefthook = await runCli(['install-hook', '--lefthook', '--root', root]);
    expect(lefthook.stdout).toBe('wrote lefthook.yml\n');
    const lh = yaml.load(readFileSync(path.join(root, 'lefthook.yml'), 'utf8')) as any;
    expect(lh['pre-commit'].commands.specgate.run).toBe(`node ${INSTALLED_CLI} check --changed --root '.'`);
    expect(lh['pre-commit'].commands.specgate.glob).toContain('RFCS/**');
    const pc = await runCli(['install-hook', '--pre-commit', '--root', root]);
    expect(pc.stdout).toBe('wrote .pre-commit-config.yaml; then run `pre-commit install`\n');
    expect((yaml.load(readFileSync(path.join(root, '.pre-commit-config.yaml'), 'utf8')) as any).repos[0].hooks).toEqual([{ id: 'specgate' }]);
    expect((await runCli(['install-hook', '--pre-commit', '--root', root])).stdout).toBe('.pre-commit-config.yaml up to date\n');
    writeFileSync(path.join(root, 'lefthook.yml'), 'pre-commit: {}\n');
    const kept = await runCli(['install-hook', '--lefthook', '--root', root]);
    expect(kept.code).toBe(2);
    expect(kept.stdout).toMatch(/^lefthook\.yml exists, so it was left alone \(--force replaces it\); add this to it:\n/);
    expect(readFileSync(path.join(root, 'lefthook.yml'), 'utf8')).toBe('pre-commit: {}\n');
  });

  it('with a global core.hooksPath, writes only into this repository\'s own hooks folder and says where', async () => {
    const root = repo(projectCorpusCopy());
    const shared = tempDir('specgate-shared-hooks-');
    const globalConfig = path.join(tempDir('specgate-home-'), 'gitconfig');
    writeFileSync(globalConfig, `[core]\n\thooksPath = ${shared}\n`);
    const r = await runCli(['install-hook', '--root', root], { env: { GIT_CONFIG_GLOBAL: globalConfig, GIT_CONFIG_NOSYSTEM: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(shared)).toEqual([]);
    expect(existsSync(path.join(root, '.git/hooks/pre-commit'))).toBe(true);
    expect(r.stdout).toMatch(/^pre-commit hook installed: \.git\/hooks\/pre-commit; core\.hooksPath \(global: .*\) points outside this repository, so nothing was written there and git runs hooks from there, not from \.git\/hooks; to use this one, run: git config core\.hooksPath \.git\/hooks\n$/);
    // A hooks folder this repository's own configuration sets, inside it, is used.
    gitOk(root, ['config', 'core.hooksPath', '.githooks']);
    const local = await runCli(['install-hook', '--root', root], { env: { GIT_CONFIG_GLOBAL: globalConfig, GIT_CONFIG_NOSYSTEM: '1' } });
    expect(local.stdout).toBe('pre-commit hook installed: .githooks/pre-commit\n');
    expect(readdirSync(shared)).toEqual([]);
  });

  it('a committed symlink leads no hook, husky folder or workflow out of the repository, and a link to /dev/zero is never read', async () => {
    const root = repo(projectCorpusCopy());
    const outside = tempDir('specgate-outside-');
    // core.hooksPath .husky (set by husky), .husky a link out: the git form, and --husky
    symlinkSync(outside, path.join(root, '.husky'));
    gitOk(root, ['config', 'core.hooksPath', '.husky']);
    const viaHooksPath = await runCli(['install-hook', '--root', root]);
    expect(viaHooksPath.stdout).toMatch(/^pre-commit hook installed: \.git\/hooks\/pre-commit; core\.hooksPath \(local: \.husky\) points outside this repository/);
    const husky = await runCli(['install-hook', '--husky', '--root', root]);
    expect({ code: husky.code, stderr: husky.stderr }).toEqual({ code: 2, stderr: expect.stringMatching(/^specgate: nothing written: \.husky leads out of the repository/) });
    // .github a link out: init --ci github
    symlinkSync(outside, path.join(root, '.github'));
    const init = await runCli(['init', '--ci', 'github', '--force', '--root', root]);
    expect(init.code).toBe(2);
    expect(init.stderr).toMatch(/nothing written: \.github\/workflows leads out of the repository/);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(root, 'specgate.config.json'))).toBe(false);
    // specgate.config.json and lefthook.yml links to /dev/zero: never read (it grew past 1.6 GB), never written through
    for (const [name, args] of [['specgate.config.json', ['init']], ['lefthook.yml', ['install-hook', '--lefthook']]] as const) {
      symlinkSync('/dev/zero', path.join(root, name));
      const r = spawnSync(process.execPath, [CLI, ...args, '--root', root], { encoding: 'utf8', timeout: 20_000 });
      expect({ name, status: r.status, signal: r.signal }).toEqual({ name, status: 2, signal: null });
      expect(lstatSync(path.join(root, name)).isSymbolicLink()).toBe(true);
    }
  }, 60_000);

  it('the adopter hook starts no node on an ungoverned commit, and runs the installed copy on a governed one', async () => {
    const root = repo(projectCorpusCopy());
    // The installed copy: this project's build, linked where npm installs it (the registry tier installs it for real).
    mkdirSync(path.join(root, 'node_modules'), { recursive: true });
    symlinkSync(PROJECT, path.join(root, 'node_modules/specgate'));
    writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
    gitOk(root, ['add', '-A']);
    gitOk(root, ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'corpus']);
    expect((await runCli(['install-hook', '--root', root])).code).toBe(0);
    const node = recordingNode();
    const commit = (m: string) => git(root, ['commit', '-q', '-m', m], { SPECGATE_NODE: node.bin });
    const starts = () => (existsSync(node.log) ? readFileSync(node.log, 'utf8').trim().split('\n') : []);
    const first = starts().length;
    writeFileSync(path.join(root, 'NOTES.txt'), 'not governed\n');
    gitOk(root, ['add', 'NOTES.txt']);
    expect(commit('notes').code).toBe(0);
    expect(starts()).toHaveLength(first);
    const map = path.join(root, 'spec/v2/interop-map.json');
    writeFileSync(map, readFileSync(map, 'utf8').replace(/^\{/, '{ broken'));
    gitOk(root, ['add', 'spec/v2/interop-map.json']);
    const refused = commit('broken map');
    expect(refused.code).not.toBe(0);
    expect(starts().at(-1)).toMatch(new RegExp(`${INSTALLED_CLI.replace(/\//g, '\\/')} check --changed --root \\.$`));
  }, 120_000);
});

describe('.pre-commit-hooks.yaml', () => {
  const hooks = yaml.load(readFileSync(path.join(PROJECT, '.pre-commit-hooks.yaml'), 'utf8')) as any[];
  it('one node hook on the staged content, names not passed, files: every governed path of both presets', () => {
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ id: 'specgate', language: 'node', pass_filenames: false, entry: 'specgate check --changed' });
    const files = new RegExp(hooks[0].files);
    for (const preset of ['specgate', 'openwop']) {
      for (const glob of governedGlobs(presetLayout(preset))) {
        const sample = glob.replace(/\*\*\/\*/g, 'a/b').replace(/\*\*/g, 'x/y.json').replace(/\*/g, 'z');
        expect(files.test(sample), `${preset}: ${sample}`).toBe(true);
      }
    }
    expect(files.test('README.md')).toBe(false);
    expect(files.test('src/app.ts')).toBe(false);
  });
});
