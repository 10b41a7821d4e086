import { lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { userOutputFolder, userOutputTarget, writeUserOutput } from '../../scripts/core/io/user-output.js';
import { tempDir } from '../helpers/env.js';

/* core/io/user-output.ts's walk, path by path (the CLI's refusals: user-output.test.ts). */

describe('the walk: links the tree placed are refused, the user\'s own are followed', () => {
  function tree() {
    const root = tempDir('specgate-tree-');
    const user = tempDir('specgate-user-');
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(user, 'real.txt'), 'old');
    return { root, user };
  }

  it('a link outside the tree, named by the user, is followed to a regular file; it stays a link', () => {
    const { root, user } = tree();
    symlinkSync('real.txt', path.join(user, 'link.txt'));
    writeUserOutput(path.join(user, 'link.txt'), 'new', root);
    expect(readFileSync(path.join(user, 'real.txt'), 'utf8')).toBe('new');
    expect(lstatSync(path.join(user, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readdirSync(user).sort()).toEqual(['link.txt', 'real.txt']);
  });

  it('a user\'s link into the tree still meets the tree\'s own links', () => {
    const { root, user } = tree();
    symlinkSync(user, path.join(root, 'docs/out')); // planted in the tree
    symlinkSync(path.join(root, 'docs'), path.join(user, 'to-docs')); // the user's own link into it
    expect(() => writeUserOutput(path.join(user, 'to-docs/out/real.txt'), 'new', root)).toThrow(/docs\/out is a symlink inside the repository/);
    expect(readFileSync(path.join(user, 'real.txt'), 'utf8')).toBe('old');
    // clean control: through the user's link to a plain folder of the tree
    writeUserOutput(path.join(user, 'to-docs/report.txt'), 'r', root);
    expect(readFileSync(path.join(root, 'docs/report.txt'), 'utf8')).toBe('r');
  });

  it('a relative link of the tree that climbs out, .git/, a dangling link, a device and a folder are refused', () => {
    const { root, user } = tree();
    symlinkSync(`../${path.basename(user)}/real.txt`, path.join(root, 'up.txt'));
    mkdirSync(path.join(root, '.git'));
    symlinkSync(path.join(user, 'nothing-here'), path.join(user, 'dangling'));
    const cases: Array<[string, RegExp]> = [
      [path.join(root, 'up.txt'), /up\.txt is a symlink inside the repository/],
      [path.join(root, '.git/hooks/pre-commit'), /\.git is inside \.git\/ \(never written\)/],
      [path.join(user, 'dangling'), /it is a symlink to nothing/],
      ['/dev/null', /^cannot write \/dev\/null: it is a character device; --output writes regular files only/],
      [path.join(root, 'docs'), /it is a directory/],
    ];
    for (const [file, why] of cases) expect(() => writeUserOutput(file, 'x', root, { cwd: '/' }), file).toThrow(why);
    expect(readFileSync(path.join(user, 'real.txt'), 'utf8')).toBe('old');
    expect(readdirSync(user).sort()).toEqual(['dangling', 'real.txt']);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(readdirSync(path.join(root, '.git'))).toEqual([]);
  });

  it('a refused path makes no folder; a new path makes its folders as real folders', () => {
    const { root, user } = tree();
    symlinkSync(user, path.join(root, 'linked'));
    expect(() => userOutputTarget(path.join(root, 'linked/a/b/c.txt'), root)).toThrow(/linked is a symlink inside the repository/);
    expect(readdirSync(user)).toEqual(['real.txt']);
    const at = userOutputFolder(path.join(root, 'new/records'), root);
    expect(lstatSync(at).isDirectory()).toBe(true);
    expect(lstatSync(path.join(root, 'new')).isDirectory()).toBe(true);
  });
});
