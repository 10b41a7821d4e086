import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, tempDir } from '../helpers/env.js';

/*
 * Issue 35, point 5: a working directory removed under the shell (the folder deleted while a
 * terminal stands in it) gave node's stack trace in every command. Every command now says so in
 * one line and exits 2; --help and --version need no working directory.
 */

/** Runs the built CLI from a folder that is removed just before node starts. */
function inRemovedFolder(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const dir = path.join(tempDir('specgate-cwd-'), 'gone');
  mkdirSync(dir);
  const quoted = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = spawnSync('sh', ['-c', `cd "$1" && rmdir "$1" && exec ${quoted} </dev/null`, 'sh', dir], { encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const LINE = 'specgate: the working directory no longer exists (it was removed); cd to a folder that exists and run again\n';

describe('a removed working directory', () => {
  it.each([
    [['check']],
    [['check', 'rfcs', '--format', 'sarif']],
    [['errata', 'check']],
    [['errata', 'apply']],
    [['wire', 'capture.json']],
    [['compat', '--base', 'HEAD']],
    [['probe', '--url', 'http://127.0.0.1:9/']],
    [['lsp']],
    [['init']],
    [['install-hook']],
    [['list-rules']],
  ])('%j: one line, exit 2, nothing on stdout', (args) => {
    const r = inRemovedFolder(args);
    expect(r.stderr).toBe(LINE);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('clean control: --version and a command\'s --help need no working directory', () => {
    const v = inRemovedFolder(['--version']);
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+/);
    const h = inRemovedFolder(['check', '--help']);
    expect(h.status, h.stderr).toBe(0);
    expect(h.stdout).toMatch(/^usage: specgate check/);
  });
});
