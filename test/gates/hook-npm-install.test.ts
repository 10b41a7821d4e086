import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT, tempDir } from '../helpers/env.js';
import { gitOk } from './git-repo.js';

/**
 * The packages the installer's modules import: in a clone they are installed before `prepare`
 * runs; here each is copied into the probe and declared as a `file:` dependency, so nothing is
 * fetched and npm never touches this project's node_modules.
 */
const INSTALLER_DEPENDENCIES = ['leven'];

/**
 * A package whose `prepare` is this project's hook installer, built from this project's dist.
 * `npm install` in it (offline, nothing fetched) runs `prepare` as it would in a clone.
 */
function probePackage(dir: string): string {
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(PROJECT, 'dist/scripts'), path.join(dir, 'dist/scripts'), { recursive: true });
  // The presets are config files the package ships beside its code (package.json `files`).
  cpSync(path.join(PROJECT, 'scripts/presets'), path.join(dir, 'scripts/presets'), { recursive: true });
  copyInstallerDependencies(path.join(dir, 'vendor'));
  const dependencies = Object.fromEntries(INSTALLER_DEPENDENCIES.map((name) => [name, `file:./vendor/${name}`]));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'specgate-hook-probe', version: '0.0.0', private: true, type: 'module', dependencies, scripts: { prepare: 'node dist/scripts/hooks/install.js' } }, null, 2),
  );
  return dir;
}

/** Each installer dependency's published files (a folder dependency's devDependencies would be fetched). */
function copyInstallerDependencies(into: string): void {
  for (const name of INSTALLER_DEPENDENCIES) {
    const from = path.join(PROJECT, 'node_modules', name);
    const to = path.join(into, name);
    const manifest = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8')) as Record<string, unknown> & { files?: string[] };
    for (const file of manifest.files ?? []) cpSync(path.join(from, file), path.join(to, file), { recursive: true });
    const { devDependencies: _dev, scripts: _scripts, ...published } = manifest;
    writeFileSync(path.join(to, 'package.json'), JSON.stringify(published));
  }
}

function npmInstall(cwd: string) {
  const env: Record<string, string | undefined> = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  delete env.CI; // the installer stands down under CI; this simulates a developer's clone
  delete env.INIT_CWD;
  const r = spawnSync('npm', ['install', '--offline', '--no-package-lock', '--foreground-scripts'], { cwd, encoding: 'utf8', env });
  return { code: r.status ?? -1, output: `${r.stdout}\n${r.stderr}` };
}

/**
 * What `npm install` runs as `prepare` once the dependencies are in place, run directly: the
 * installer's own exit code and output, in a package whose dependencies are already installed,
 * with the INIT_CWD npm sets. The first test goes through the real `npm install`.
 */
function prepare(dir: string) {
  if (!existsSync(path.join(dir, 'node_modules'))) copyInstallerDependencies(path.join(dir, 'node_modules'));
  const env: Record<string, string | undefined> = { ...process.env, INIT_CWD: dir };
  delete env.CI; // as npmInstall: a developer's clone
  const r = spawnSync(process.execPath, ['dist/scripts/hooks/install.js'], { cwd: dir, encoding: 'utf8', env });
  return { code: r.status ?? -1, output: `${r.stdout}\n${r.stderr}` };
}

describe('`npm install` installs the pre-commit hook', () => {
  it('in a git work tree: installs it, says so, and exits 0', () => {
    const dir = probePackage(tempDir('specgate-clone-'));
    gitOk(dir, ['init', '-q']);
    const r = npmInstall(dir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/specgate: pre-commit hook installed: \.git\/hooks\/pre-commit/);
    expect(readFileSync(path.join(dir, '.git/hooks/pre-commit'), 'utf8')).toMatch(/^#!\/bin\/sh\n# specgate-managed-hook/);
    const again = prepare(dir);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/pre-commit hook up to date/);
  });

  it('outside a git work tree: no hook, exit 0', () => {
    const dir = probePackage(tempDir('specgate-tarball-'));
    const r = prepare(dir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/specgate: not a git work tree/);
    expect(existsSync(path.join(dir, '.git'))).toBe(false);
  });

  it('never fails the install, even when the hook cannot be written', () => {
    const dir = probePackage(tempDir('specgate-clone-'));
    gitOk(dir, ['init', '-q']);
    gitOk(dir, ['config', 'core.hooksPath', 'hooks-are-a-file']);
    writeFileSync(path.join(dir, 'hooks-are-a-file'), 'not a folder\n');
    const r = prepare(dir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/specgate: pre-commit hook not installed: /);
  });

  it('as a dependency (under node_modules): no hook', () => {
    const consumer = tempDir('specgate-consumer-');
    gitOk(consumer, ['init', '-q']);
    const pkg = probePackage(path.join(consumer, 'node_modules', 'specgate'));
    copyInstallerDependencies(path.join(consumer, 'node_modules'));
    const r = spawnSync(process.execPath, [path.join(pkg, 'dist/scripts/hooks/install.js')], { cwd: pkg, encoding: 'utf8', env: { ...process.env, CI: '', INIT_CWD: consumer } });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/installed as a dependency/);
    expect(existsSync(path.join(consumer, '.git/hooks/pre-commit'))).toBe(false);
  });
});
