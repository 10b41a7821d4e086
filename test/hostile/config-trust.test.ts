import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableReason } from '../../scripts/core/config/exceptions.js';
import { globMatcher } from '../../scripts/core/io/source.js';
import { projectCorpusCopy, runCli, tempDir } from '../helpers/env.js';

/*
 * Issue 35, point 5 (configuration trust): what a pull request can put in specgate.config.json
 * must not hide a finding it has no right to hide, nor read what lies outside the repository.
 */

const MAP = 'spec/v2/interop-map.json';

/** A git repository holding this project's corpus, its map broken the schema's way (one finding at /unexpectedKey). */
function brokenCorpus(config?: unknown): string {
  const root = projectCorpusCopy();
  mkdirSync(path.join(root, 'scripts/checks/interop-map'), { recursive: true });
  const map = JSON.parse(readFileSync(path.join(root, MAP), 'utf8'));
  map.unexpectedKey = true;
  writeFileSync(path.join(root, MAP), `${JSON.stringify(map, null, 2)}\n`);
  execFileSync('git', ['init', '-q', root]);
  if (config !== undefined) writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify(config, null, 2));
  return root;
}

const check = (root: string, args: string[] = []) => runCli(['check', 'interop-map', '--no-cache', ...args], { cwd: root });

describe('hostile: an exception reason that shows nothing is no reason', () => {
  const invisible = {
    'Hangul fillers (letters to Unicode)': '\u3164\u3164\u3164',
    'halfwidth Hangul filler': '\uFFA0',
    'Hangul choseong and jungseong fillers': '\u115F\u1160',
    'zero-width characters': '\u200B\u200C\u200D\u2060\uFEFF',
    'bidi controls': '\u202E\u2066\u2069\u200F',
    'tag letters': '\u{E0072}\u{E0065}\u{E0061}\u{E0073}\u{E006F}\u{E006E}',
    'a combining mark alone': '\u0301\u0301',
    'spaces of every kind': '\u00A0\u2003\u3000\u2028',
    'Mongolian and Khmer invisible marks': '\u180B\u180E\u17B4\u17B5',
  };

  it.each(Object.entries(invisible))('%s: refused like an empty reason', (_name, reason) => {
    expect(readableReason(reason)).toBe('');
    // around a visible word, the reason stands
    expect(readableReason(`${reason}vendor bug${reason}`)).not.toBe('');
  });

  it('a config exception with Hangul fillers for a reason accepts nothing: the finding stays, and the exception is reported', async () => {
    const root = brokenCorpus({ exceptions: [{ file: MAP, pointer: '/unexpectedKey', rule: 'interop-map/schema', reason: '\u3164\u3164' }] });
    const r = await check(root);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/unexpectedKey/);
    expect(r.stdout).toMatch(/exceptions\/reason-required/);
    // control: a real reason accepts it
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ exceptions: [{ file: MAP, pointer: '/unexpectedKey', rule: 'interop-map/schema', reason: 'kept for a vendor' }] }));
    expect((await check(root)).code).toBe(0);
  });
});

describe('hostile: `ignores` and `overrides` globs take no regular expression', () => {
  it('a bare `|` is a character: `x|spec/v2/interop-map.json` ignores nothing', async () => {
    const r = await check(brokenCorpus({ ignores: ['x|spec/v2/interop-map.json'] }));
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/unexpectedKey/);
  });

  it('a group is characters: `spec/(v2|x)/*.json` ignores nothing, and an override through one changes no severity', async () => {
    const ignored = await check(brokenCorpus({ ignores: ['spec/(v2|x)/*.json'] }));
    expect(ignored.code, ignored.stdout + ignored.stderr).toBe(1);
    const overridden = await check(brokenCorpus({ overrides: [{ files: ['spec/(x|v2)/interop-map.json'], rules: { 'interop-map/schema': 'off' } }] }));
    expect(overridden.code, overridden.stdout + overridden.stderr).toBe(1);
    expect(overridden.stdout).toMatch(/unexpectedKey/);
  });

  it('control: the same file by its name, by `{a,b}`, and a name with parentheses by itself, are matched', async () => {
    expect((await check(brokenCorpus({ ignores: ['spec/{v2,x}/interop-map.json'] }))).code).toBe(0);
    expect((await check(brokenCorpus({ overrides: [{ files: ['spec/v2/*.json'], rules: { 'interop-map/schema': 'off' } }] }))).code).toBe(0);
    const names = globMatcher(['RFCS/0002 (draft).md', 'a|b.md', 'c\\(d\\).md']);
    expect(['RFCS/0002 (draft).md', 'a|b.md', 'c(d).md', 'a', 'b.md'].map(names)).toEqual([true, true, true, false, false]);
  });
});

describe('hostile: `extends` reads no JSON outside the repository through a symlink', () => {
  /** A JSON config outside the repository that would silence the map's finding. */
  function outsideConfig(): string {
    const dir = tempDir('specgate-outside-');
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'team-config', main: 'config.json' }));
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ rules: { 'interop-map/schema': 'off' } }));
    return dir;
  }

  const oneLine = (r: { code: number; stdout: string; stderr: string }) => {
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/extends "team-config", which resolves .*outside the (repository|root)/);
  };

  it('a committed node_modules symlink to a folder outside: exit 2, one line', async () => {
    const root = brokenCorpus({ extends: 'team-config' });
    const nm = tempDir('specgate-nm-');
    symlinkSync(outsideConfig(), path.join(nm, 'team-config'));
    symlinkSync(nm, path.join(root, 'node_modules'));
    oneLine(await check(root));
  });

  it('a package folder in node_modules that links outside: exit 2, one line', async () => {
    const root = brokenCorpus({ extends: 'team-config' });
    mkdirSync(path.join(root, 'node_modules'));
    symlinkSync(outsideConfig(), path.join(root, 'node_modules', 'team-config'));
    oneLine(await check(root));
  });

  it('a link from the root to a folder of the repository outside the root: exit 2, one line', async () => {
    const top = brokenCorpus();
    const root = path.join(top, 'gov');
    mkdirSync(root);
    execFileSync('cp', ['-R', path.join(top, 'spec'), path.join(top, 'schemas'), path.join(top, 'scripts'), root]);
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ extends: 'team-config' }));
    mkdirSync(path.join(root, 'node_modules'));
    const vendored = path.join(top, 'vendor', 'team-config');
    mkdirSync(path.dirname(vendored));
    execFileSync('cp', ['-R', outsideConfig(), vendored]);
    symlinkSync(vendored, path.join(root, 'node_modules', 'team-config'));
    oneLine(await check(root, ['--root', root]));
  });

  it('control: a package installed in the root, linked inside the root (pnpm), or hoisted to the top of a monorepo, is read', async () => {
    const installed = brokenCorpus({ extends: 'team-config' });
    mkdirSync(path.join(installed, 'node_modules'));
    execFileSync('cp', ['-R', outsideConfig(), path.join(installed, 'node_modules', 'team-config')]);
    expect((await check(installed)).code).toBe(0);

    const pnpm = brokenCorpus({ extends: 'team-config' });
    const store = path.join(pnpm, 'node_modules', '.pnpm', 'team-config@1.0.0', 'node_modules');
    mkdirSync(store, { recursive: true });
    execFileSync('cp', ['-R', outsideConfig(), path.join(store, 'team-config')]);
    symlinkSync(path.join('.pnpm', 'team-config@1.0.0', 'node_modules', 'team-config'), path.join(pnpm, 'node_modules', 'team-config'));
    expect((await check(pnpm)).code).toBe(0);

    const top = brokenCorpus();
    const root = path.join(top, 'gov');
    mkdirSync(root);
    execFileSync('cp', ['-R', path.join(top, 'spec'), path.join(top, 'schemas'), path.join(top, 'scripts'), root]);
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ extends: 'team-config' }));
    mkdirSync(path.join(top, 'node_modules'));
    execFileSync('cp', ['-R', outsideConfig(), path.join(top, 'node_modules', 'team-config')]);
    expect((await check(root, ['--root', root])).code).toBe(0);
  });
});
