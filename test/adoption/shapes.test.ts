// Issue 34: specgate adopted from the packed tarball in repositories not shaped like upstream's, in
// fresh git repositories, as a user runs it: an npm-workspaces monorepo with the spec in a package
// (the install hoisted to the top), and a repository with only RFCs (no interop map, no invariants).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { packedProject } from '../helpers/packed.js';
import { PROJECT, tempDir } from '../helpers/env.js';
import { git, gitOk, recordingNode } from '../gates/git-repo.js';

let tarball = '';
const NPM_ENV = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', CI: '' };

function npmInstall(cwd: string, ...args: string[]) {
  const r = spawnSync('npm', ['install', '--offline', '--ignore-scripts', '--no-package-lock', ...args], { cwd, encoding: 'utf8', env: NPM_ENV });
  expect(r.status, r.stderr).toBe(0);
}

/** The installed CLI, run as `npx specgate` would run it (node on the bin), in `cwd`. */
function specgate(cli: string, cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** This project's governed documents (RFCs, map, invariants, schemas), as a spec folder holds them. */
function copyCorpus(dest: string): void {
  for (const dir of ['RFCS', 'spec', 'schemas', 'invariants']) cpSync(path.join(PROJECT, dir), path.join(dest, dir), { recursive: true });
  // The folder the accepted RFCs name in their Affects rows (specgate's code, absent from a corpus copy).
  mkdirSync(path.join(dest, 'scripts/checks/interop-map'), { recursive: true });
  writeFileSync(path.join(dest, 'scripts/checks/interop-map/README.md'), 'the interop-map checks\n');
}

beforeAll(async () => {
  tarball = await packedProject(tempDir('specgate-shapes-pack-'));
}, 300_000);

describe('an npm-workspaces monorepo with the spec in packages/spec (specgate hoisted to the top)', () => {
  let top = '';
  let spec = '';
  let cli = '';
  const node = recordingNode();
  const commit = (m: string) => git(top, ['commit', '-q', '-m', m], { SPECGATE_NODE: node.bin });
  const starts = () => (existsSync(node.log) ? readFileSync(node.log, 'utf8').trim().split('\n') : []);

  beforeAll(() => {
    top = tempDir('specgate-monorepo-');
    spec = path.join(top, 'packages/spec');
    mkdirSync(spec, { recursive: true });
    gitOk(top, ['init', '-q', '-b', 'main']);
    writeFileSync(path.join(top, 'package.json'), JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }, null, 2));
    writeFileSync(path.join(spec, 'package.json'), JSON.stringify({ name: 'spec', private: true, version: '1.0.0' }, null, 2));
    writeFileSync(path.join(top, '.gitignore'), 'node_modules/\n');
    copyCorpus(spec);
    npmInstall(top, '-D', tarball);
    cli = path.join(top, 'node_modules/specgate/dist/scripts/cli.js');
    expect(existsSync(cli)).toBe(true);
    expect(existsSync(path.join(spec, 'node_modules/specgate'))).toBe(false);
  }, 300_000);

  it('init run in the package: the config beside the spec, the workflow and the hook at the top, paths prefixed', () => {
    const r = specgate(cli, spec, 'init', '--ci', 'github', '--hook');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^this tree is laid out like the "specgate" preset/m);
    expect(r.stdout).toMatch(/^wrote packages\/spec\/specgate\.config\.json$/m);
    expect(r.stdout).toMatch(/^wrote \.github\/workflows\/spec-gate\.yml$/m);
    expect(existsSync(path.join(spec, 'specgate.config.json'))).toBe(true);
    expect(existsSync(path.join(top, 'specgate.config.json'))).toBe(false);
    expect(existsSync(path.join(spec, '.github'))).toBe(false);
    const wf = yaml.load(readFileSync(path.join(top, '.github/workflows/spec-gate.yml'), 'utf8')) as any;
    expect(wf.on.pull_request.paths).toEqual(expect.arrayContaining(['packages/spec/RFCS/**', 'packages/spec/spec/v2/interop-map.json', 'packages/spec/specgate.config.json', 'package-lock.json']));
    expect(wf.on.pull_request.paths.filter((p: string) => p.startsWith('RFCS'))).toEqual([]);
    expect(wf.jobs.gate.steps[3].with).toEqual({ root: 'packages/spec' });
    const hook = readFileSync(path.join(top, '.git/hooks/pre-commit'), 'utf8');
    expect(hook).toContain("root='packages/spec'");
    // Run again at the repository's top: the workspace package holding the spec is the governed folder.
    const fromTop = specgate(cli, top, 'init', '--ci', 'github');
    expect(fromTop.code, fromTop.stdout + fromTop.stderr).toBe(0);
    expect(fromTop.stdout).toMatch(/^packages\/spec\/specgate\.config\.json is up to date$/m);
    expect(fromTop.stdout).toMatch(/^\.github\/workflows\/spec-gate\.yml is up to date$/m);
    expect(existsSync(path.join(top, 'specgate.config.json'))).toBe(false);
    // The tools' files: lefthook and pre-commit at the top too.
    expect(specgate(cli, spec, 'install-hook', '--lefthook').code).toBe(0);
    const lefthook = yaml.load(readFileSync(path.join(top, 'lefthook.yml'), 'utf8')) as any;
    expect(lefthook['pre-commit'].commands.specgate.run).toBe("node node_modules/specgate/dist/scripts/cli.js check --changed --root 'packages/spec'");
    expect(lefthook['pre-commit'].commands.specgate.glob).toMatch(/^\{packages\/spec\/spec\/v2\/interop-map\.json,/);
    expect(specgate(cli, spec, 'install-hook', '--pre-commit').code).toBe(0);
    const pc = yaml.load(readFileSync(path.join(top, '.pre-commit-config.yaml'), 'utf8')) as any;
    expect(pc.repos[0].hooks[0]).toEqual({ id: 'specgate', files: '^packages/spec/', args: ['--root', 'packages/spec'] });
    rmSync(path.join(top, 'lefthook.yml'));
    rmSync(path.join(top, '.pre-commit-config.yaml'));
  });

  it('the hook finds the hoisted copy, gates only the package\'s files, and refuses a broken map', () => {
    // The corpus names paths of specgate's code: the known findings, recorded.
    expect(specgate(cli, spec, 'check', '--suppress-all').code).toBe(0);
    gitOk(top, ['add', '-A']);
    expect(commit('adopt specgate').code).toBe(0);
    const before = starts().length;
    // A file outside the governed folder, and its deletion: node never starts.
    writeFileSync(path.join(top, 'README.md'), 'mono\n');
    gitOk(top, ['add', 'README.md']);
    expect(commit('readme').code).toBe(0);
    gitOk(top, ['rm', '-q', 'README.md']);
    expect(commit('no readme').code).toBe(0);
    expect(starts()).toHaveLength(before);
    const map = path.join(spec, 'spec/v2/interop-map.json');
    const good = readFileSync(map, 'utf8');
    writeFileSync(map, good.replace('"TASK_NOT_FOUND"', '"TaskNotFound"'));
    gitOk(top, ['add', '-A']);
    const r = commit('broken map');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^specgate: checking the staged interop-map wire-examples$/m);
    expect(r.stdout + r.stderr).toMatch(/interop-map\/reason-upper-snake/);
    expect(starts().at(-1)).toMatch(/node_modules\/specgate\/dist\/scripts\/cli\.js check --changed --root packages\/spec$/);
    writeFileSync(map, good);
    gitOk(top, ['add', '-A']);
  }, 120_000);

  it('a path argument from the repository top finds the package\'s config (as ESLint finds it from the file)', () => {
    const r = specgate(cli, top, 'check', 'packages/spec/spec/v2/interop-map.json', '-f', 'compact');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('a repository with only RFCs (no interop map, no invariants)', () => {
  let repo = '';
  let cli = '';
  const node = recordingNode();
  const commit = (m: string) => git(repo, ['commit', '-q', '-m', m], { SPECGATE_NODE: node.bin });

  beforeAll(() => {
    repo = tempDir('specgate-rfcs-only-');
    gitOk(repo, ['init', '-q', '-b', 'main']);
    writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'rfcs', private: true }, null, 2));
    writeFileSync(path.join(repo, '.gitignore'), 'node_modules/\n');
    mkdirSync(path.join(repo, 'RFCS'));
    cpSync(path.join(PROJECT, 'RFCS/0001-rfc-process.md'), path.join(repo, 'RFCS/0001-rfc-process.md'));
    npmInstall(repo, '-D', tarball);
    cli = path.join(repo, 'node_modules/specgate/dist/scripts/cli.js');
  }, 300_000);

  it('init turns the families without inputs off in the config; check runs rfcs alone, never a setup error', () => {
    const r = specgate(cli, repo, 'init', '--hook');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/it turns off the interop-map family \(no interop map spec\/v2\/interop-map\.json\), the invariants family \(no invariants file invariants\/invariants\.yaml\), the wire-examples family/);
    const config = JSON.parse(readFileSync(path.join(repo, 'specgate.config.json'), 'utf8'));
    expect(config.families).toEqual({ 'interop-map': 'off', invariants: 'off', 'wire-examples': 'off' });
    expect(config.rules).toBeUndefined();
    const check = specgate(cli, repo, 'check', '-f', 'json');
    expect(check.code, check.stderr).not.toBe(2);
    expect(JSON.parse(check.stdout).summary.families.map((f: { family: string }) => f.family)).toEqual(['rfcs']);
    const hook = readFileSync(path.join(repo, '.git/hooks/pre-commit'), 'utf8');
    expect(hook).not.toMatch(/spec\/v2\/interop-map\.json/);
  });

  it('init --ci github follows the config in force: its RFC folder and the families it has on', () => {
    const cfg = path.join(repo, 'specgate.config.json');
    const text = readFileSync(cfg, 'utf8');
    writeFileSync(cfg, JSON.stringify({ ...JSON.parse(text), layout: { rfcsDir: 'EIPS' } }, null, 2));
    const r = specgate(cli, repo, 'init', '--ci', 'github');
    expect(r.stdout).toMatch(/^specgate\.config\.json exists and differs/m);
    const wf = yaml.load(readFileSync(path.join(repo, '.github/workflows/spec-gate.yml'), 'utf8')) as any;
    expect(wf.on.pull_request.paths).toContain('EIPS/**');
    expect(wf.on.pull_request.paths).not.toContain('RFCS/**');
    expect(wf.on.pull_request.paths).not.toContain('spec/v2/interop-map.json');
    writeFileSync(cfg, text);
    rmSync(path.join(repo, '.github'), { recursive: true });
  });

  it('a staged RFC runs rfcs only (the hook adds no family the config turns off)', () => {
    expect(specgate(cli, repo, 'check', '--suppress-all').code).toBe(0);
    gitOk(repo, ['add', '-A']);
    const r = commit('rfcs');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^specgate: checking the staged rfcs$/m);
  });

  it('the documented "prepare" recipe: a collaborator\'s npm install installs the hook; under CI it writes none', () => {
    const pkg = path.join(repo, 'package.json');
    const manifest = JSON.parse(readFileSync(pkg, 'utf8'));
    manifest.scripts = { prepare: 'specgate install-hook || true' };
    writeFileSync(pkg, JSON.stringify(manifest, null, 2));
    for (const h of ['pre-commit', 'pre-merge-commit']) rmSync(path.join(repo, '.git/hooks', h), { force: true });
    const inCi = spawnSync('npm', ['install', '--offline', '--no-package-lock', '--foreground-scripts'], { cwd: repo, encoding: 'utf8', env: { ...NPM_ENV, CI: 'true' } });
    expect(inCi.status, inCi.stderr).toBe(0);
    expect(inCi.stdout).toMatch(/^CI: no pre-commit hook/m);
    expect(existsSync(path.join(repo, '.git/hooks/pre-commit'))).toBe(false);
    const clone = spawnSync('npm', ['install', '--offline', '--no-package-lock', '--foreground-scripts'], { cwd: repo, encoding: 'utf8', env: NPM_ENV });
    expect(clone.status, clone.stderr).toBe(0);
    expect(clone.stdout).toMatch(/^pre-commit hook installed: \.git\/hooks\/pre-commit$/m);
    expect(readFileSync(path.join(repo, '.git/hooks/pre-commit'), 'utf8')).toContain('check --changed');
  }, 300_000);

  it('a CommonJS plugin (module.exports, require(\'specgate/rules\')) runs, and the hook runs its family when its inputs are staged', () => {
    mkdirSync(path.join(repo, 'plugins'), { recursive: true });
    writeFileSync(path.join(repo, 'plugins/cjs.cjs'), `const { readRfcs, rfcStatus } = require('specgate/rules');
module.exports = {
  name: 'cjs-example',
  families: [{
    name: 'cjs',
    description: 'A CommonJS plugin family.',
    inputs: (layout) => [\`\${layout.rfcsDir}/**\`],
    rules: [{
      id: 'cjs/status-known', rfc: 'RFC 0001 §A', description: 'every RFC has a status',
      async run(ctx) {
        for (const doc of await readRfcs(ctx)) {
          ctx.visit();
          if (!rfcStatus(doc)) ctx.report({ at: { file: doc.file, range: { line: 1, column: 1, endLine: 1, endColumn: 2 } }, message: 'no status row' });
        }
      },
    }],
  }],
};
`);
    const cfg = path.join(repo, 'specgate.config.json');
    const before = readFileSync(cfg, 'utf8');
    writeFileSync(cfg, JSON.stringify({ ...JSON.parse(before), plugins: ['./plugins/cjs.cjs'] }, null, 2));
    expect(specgate(cli, repo, 'install-hook', '--force').code).toBe(0);
    gitOk(repo, ['add', '-A']);
    const ok = commit('cjs plugin');
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    writeFileSync(path.join(repo, 'RFCS/0002-no-header.md'), '# RFC 0002: no header\n');
    gitOk(repo, ['add', 'RFCS/0002-no-header.md']);
    const r = commit('an RFC without a header');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^specgate: checking the staged rfcs cjs$/m);
    expect(r.stderr).toMatch(/no status row/);
    gitOk(repo, ['rm', '-q', '--cached', 'RFCS/0002-no-header.md']);
    rmSync(path.join(repo, 'RFCS/0002-no-header.md'));
  }, 120_000);

  it('a family the config turns off that does not exist is a one-line usage error', () => {
    const cfg = path.join(repo, 'specgate.config.json');
    const text = readFileSync(cfg, 'utf8');
    writeFileSync(cfg, JSON.stringify({ families: { 'interop-mapp': 'off' } }));
    const r = specgate(cli, repo, 'check');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: specgate\.config\.json: "families" turns off "interop-mapp", which is no check family; did you mean "interop-map"\?/);
    writeFileSync(cfg, text);
  });
});
