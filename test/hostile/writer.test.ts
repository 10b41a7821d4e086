import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, commitFiles, recoverInterrupted, stageTemp, statePaths, writerPause } from '../../scripts/core/io/writer.js';
import { writeUserOutput } from '../../scripts/core/io/user-output.js';
import { CLI, PROJECT, tempDir } from '../helpers/env.js';

/* The one writer against planted paths, devices, a target changed mid-run and a held lock. */

describe('staging: a random temp name opened with O_EXCL', () => {
  it('refuses an existing path at the temp name (a planted symlink is never followed)', () => {
    const dir = tempDir('specgate-writer-');
    const outside = tempDir('specgate-outside-');
    writeFileSync(path.join(outside, 'victim'), 'untouched');
    const planted = path.join(dir, '.doc.md.specgate-planted.tmp');
    symlinkSync(path.join(outside, 'victim'), planted);
    expect(() => stageTemp(path.join(dir, 'doc.md'), 'new', { tmp: planted })).toThrow(/EEXIST/);
    expect(readFileSync(path.join(outside, 'victim'), 'utf8')).toBe('untouched');
    // clean control: the random name it picks by itself is fresh, hidden and beside the target
    const tmp = stageTemp(path.join(dir, 'doc.md'), 'new');
    expect(path.dirname(tmp)).toBe(dir);
    expect(path.basename(tmp)).toMatch(/^\.doc\.md\.specgate-[0-9a-f]{16}\.tmp$/);
  });
});

describe('SPECGATE_WRITER_PAUSE, the kill tests\' one knob', () => {
  it('<ms> pauses at every step, <ms>@<step> at that step only', () => {
    expect(writerPause('40')).toEqual({ ms: 40 });
    expect(writerPause('30000@renamed spec/a.md')).toEqual({ ms: 30000, at: 'renamed spec/a.md' });
  });

  it('a malformed or endless value is ignored (no pause), never an error', () => {
    for (const value of [undefined, '', 'abc', '0', '-5', '1e3', 'Infinity', ' 40', '40ms', '40@', '@done', '60001', '99999999999999999999']) {
      expect(writerPause(value), String(value)).toBeUndefined();
    }
  });
});

describe('--output: a regular file or a new path, nothing else', () => {
  it('/dev/null is refused with one line and stays a device', () => {
    expect(() => writeUserOutput('/dev/null', 'x', tempDir('specgate-writer-'))).toThrow(/^cannot write \/dev\/null: it is a character device; --output writes regular files only/);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('a path under a file is a one-line error, not ENOTDIR (end to end: exit 2, no stack)', () => {
    const dir = tempDir('specgate-writer-');
    writeFileSync(path.join(dir, 'report'), 'a file');
    const r = spawnSync(process.execPath, [CLI, 'list-rules', '--output', path.join(dir, 'report/out.txt')], { cwd: PROJECT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(`specgate: cannot write ${path.join(dir, 'report/out.txt')}: ${path.join(dir, 'report')} is a file, not a folder`);
    // clean control: a new path in a new folder is written
    const fresh = path.join(dir, 'new/out.txt');
    expect(spawnSync(process.execPath, [CLI, 'list-rules', '--output', fresh], { cwd: PROJECT }).status).toBe(0);
    expect(readFileSync(fresh, 'utf8')).toContain('corpus/unreadable-file');
  });
  // Links, folders and dangling links: user-output-walk.test.ts.
});

describe('all-or-nothing commits', () => {
  function twoFiles() {
    const dir = tempDir('specgate-commit-');
    writeFileSync(path.join(dir, 'a.md'), 'a old\n');
    writeFileSync(path.join(dir, 'b.md'), 'b old\n');
    const changes = ['a', 'b'].map((n) => ({ file: `${n}.md`, real: path.join(dir, `${n}.md`), before: `${n} old\n`, after: `${n} new\n` }));
    return { dir, changes };
  }

  it('a file edited after this run replaced it is not put back when the run is refused: the later edit is kept', () => {
    const { dir, changes } = twoFiles();
    const beforeRename = (file: string) => {
      if (file !== 'b.md') return;
      writeFileSync(path.join(dir, 'a.md'), 'a new\nthe user appended this line\n', { flag: 'w' });
      writeFileSync(path.join(dir, 'b.md'), 'b old\nedited too\n');
    };
    expect(() => commitFiles(dir, changes, { beforeRename })).toThrow(/^refused: b\.md changed since it was read .*; a\.md changed after this run replaced it and was left as it is/);
    expect(readFileSync(path.join(dir, 'a.md'), 'utf8')).toBe('a new\nthe user appended this line\n');
    expect(readFileSync(path.join(dir, 'b.md'), 'utf8')).toBe('b old\nedited too\n');
    expect(readdirSync(dir).sort()).toEqual(['a.md', 'b.md']);
  });

  it('a target changed after it was read (just before its rename) refuses the run: nothing written, no temp left', () => {
    const { dir, changes } = twoFiles();
    const beforeRename = (file: string) => {
      if (file === 'b.md') writeFileSync(path.join(dir, 'b.md'), 'b old\nthe user appended this line\n');
    };
    expect(() => commitFiles(dir, changes, { beforeRename })).toThrow(/^nothing written: b\.md changed since it was read .*; the 1 file\(s\) already replaced were put back$/);
    expect(readFileSync(path.join(dir, 'a.md'), 'utf8')).toBe('a old\n');
    expect(readFileSync(path.join(dir, 'b.md'), 'utf8')).toBe('b old\nthe user appended this line\n');
    expect(readdirSync(dir).sort()).toEqual(['a.md', 'b.md']);
    // clean control: unchanged targets are both written, and the journal is gone
    const again = twoFiles();
    commitFiles(again.dir, again.changes);
    expect(readdirSync(again.dir).sort()).toEqual(['a.md', 'b.md']);
    expect(readFileSync(path.join(again.dir, 'b.md'), 'utf8')).toBe('b new\n');
  });

  it('the lock: a live holder refuses a second run; a dead holder\'s lock is stale and taken over', () => {
    const dir = tempDir('specgate-lock-');
    const first = acquireLock(dir);
    expect(() => acquireLock(dir)).toThrow(new RegExp(`another specgate errata run holds .* \\(pid ${process.pid} on `));
    first.release();
    // A process that has exited: its pid is free (spawnSync waited for it).
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const state = statePaths(dir);
    mkdirSync(state.dir, { recursive: true, mode: 0o700 });
    writeFileSync(state.lock, JSON.stringify({ pid: Number(gone.stdout), host: hostname() }), { mode: 0o600 });
    const taken = acquireLock(dir);
    expect(JSON.parse(readFileSync(statePaths(dir).lock, 'utf8'))).toMatchObject({ pid: process.pid });
    taken.release();
    expect(readdirSync(dir)).toEqual([]);
    // the state folder (outside the tree) goes with the last lock
    expect(existsSync(state.dir)).toBe(false);
  });

  it('recovery rolls back a journal caught staging and completes one caught renaming', () => {
    const { dir, changes } = twoFiles();
    const { journal, dir: stateDir } = statePaths(dir);
    const root = realpathSync(dir);
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    // caught while staging: a temp exists, no target was touched
    const h = (s: string) => createHash('sha256').update(s).digest('hex');
    const tmpA = stageTemp(changes[0]!.real, changes[0]!.after);
    writeFileSync(journal, JSON.stringify({ pid: 1, root, phase: 'staging', files: [{ file: 'a.md', real: changes[0]!.real, tmp: tmpA, before: h('x'), after: h('y') }] }), { mode: 0o600 });
    expect(recoverInterrupted(dir)).toEqual(['rolled back an interrupted errata run (no file had been replaced)']);
    expect(readdirSync(dir).sort()).toEqual(['a.md', 'b.md']);
    // caught renaming: a.md was renamed, b.md's fsynced temp waits
    writeFileSync(changes[0]!.real, 'a new\n');
    const tmpB = stageTemp(changes[1]!.real, changes[1]!.after);
    const files = changes.map((c, i) => ({ file: c.file, real: c.real, tmp: i === 0 ? path.join(dir, '.a.md.specgate-0123456789abcdef.tmp') : tmpB, before: h(c.before), after: h(c.after) }));
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    writeFileSync(journal, JSON.stringify({ pid: 1, root, phase: 'renaming', files }), { mode: 0o600 });
    expect(recoverInterrupted(dir)).toEqual(['completed the interrupted write of b.md']);
    expect(readFileSync(changes[1]!.real, 'utf8')).toBe('b new\n');
    expect(readdirSync(dir).sort()).toEqual(['a.md', 'b.md']);
    expect(existsSync(stateDir)).toBe(false);
  });
});
