import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../scripts/bench/synthetic.js';
import { PROJECT, projectCorpusCopy, runCli, tempDir } from '../helpers/env.js';

/** The V8 code cache the CLI keeps for its bundle (scripts/core/compile-cache.ts). */
describe('the compile cache', () => {
  const versionDir = (dir: string) => path.join(dir, `v8-${process.version}-${process.arch}`);
  const entries = (dir: string) => readdirSync(versionDir(dir)).filter((f) => f.endsWith('.v8')).sort();

  it('is written by the first run, read by the next, and gives the same answer', () => {
    const dir = tempDir();
    const env = { SPECGATE_COMPILE_CACHE_DIR: dir };
    const first = runCli(['check', 'interop-map', '--format', 'json'], { env });
    expect(first.code, first.stderr).toBe(0);
    const written = entries(dir);
    // The chunks this run loaded, and js-yaml's file is not among them (no YAML in this gate).
    expect(written.some((f) => /^core-.*\.cjs\.v8$/.test(f))).toBe(true);
    expect(written.some((f) => /^interop-map-.*\.cjs\.v8$/.test(f))).toBe(true);
    const stamps = written.map((f) => statSync(path.join(versionDir(dir), f)).mtimeMs);
    const second = runCli(['check', 'interop-map', '--format', 'json'], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.replace(/"ms": [\d.]+/g, '')).toBe(first.stdout.replace(/"ms": [\d.]+/g, ''));
    // Accepted caches are not written again.
    expect(entries(dir)).toEqual(written);
    expect(written.map((f) => statSync(path.join(versionDir(dir), f)).mtimeMs)).toEqual(stamps);
  });

  it('a cache V8 rejects is ignored and rewritten; an unwritable folder changes nothing', () => {
    const dir = tempDir();
    const env = { SPECGATE_COMPILE_CACHE_DIR: dir };
    const clean = runCli(['check', 'interop-map', '--format', 'json'], { env });
    const core = entries(dir).find((f) => f.startsWith('core-'))!;
    writeFileSync(path.join(versionDir(dir), core), 'not a code cache');
    const again = runCli(['check', 'interop-map', '--format', 'json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    expect(readFileSync(path.join(versionDir(dir), core), 'utf8')).not.toBe('not a code cache');

    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder\n');
    const blocked = runCli(['check', 'interop-map', '--format', 'json'], { env: { SPECGATE_COMPILE_CACHE_DIR: file } });
    expect(blocked.code, blocked.stderr).toBe(0);
    expect(blocked.stderr).toBe('');
    expect(blocked.stdout.replace(/"ms": [\d.]+/g, '')).toBe(clean.stdout.replace(/"ms": [\d.]+/g, ''));
  });

  it("a run that writes removes caches of chunks no longer in the bundle and older versions of a file's cache", () => {
    const dir = tempDir();
    mkdirSync(versionDir(dir), { recursive: true });
    const stale = ['core-AAAAAAAA.cjs.v8'];
    for (const f of stale) writeFileSync(path.join(versionDir(dir), f), 'old');
    const kept = 'notes.txt';
    writeFileSync(path.join(versionDir(dir), kept), 'not a cache');
    const root = projectCorpusCopy();
    const r = runCli(['check', 'invariants', '--root', root, '--format', 'json'], { env: { SPECGATE_COMPILE_CACHE_DIR: dir } });
    expect(r.code, r.stderr).toBeLessThan(2);
    const now = readdirSync(versionDir(dir));
    for (const f of stale) expect(now).not.toContain(f);
    expect(now).toContain(kept);
    expect(now.some((f) => /^core-.*\.cjs\.v8$/.test(f))).toBe(true);
  });

  it('the build primes it with a full check of this repository, leaving the parse cache empty', () => {
    const dir = tempDir();
    const parsed = path.join(dir, 'parsed');
    const r = spawnSync(process.execPath, [path.join(PROJECT, 'dist/scripts/build/prime-compile-cache.js')], { encoding: 'utf8', env: { ...process.env, SPECGATE_COMPILE_CACHE_DIR: dir, SPECGATE_CACHE_DIR: parsed } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const written = entries(dir);
    // Every family's chunk.
    for (const chunk of ['core-', 'interop-map-', 'invariants-', 'rfcs-', 'wire-examples-']) expect(written.some((f) => f.startsWith(chunk)), chunk).toBe(true);
    expect(existsSync(parsed)).toBe(false);
  });

  it('the bundle calls no import(): its chunks run through vm.Script, where import() is missing', () => {
    const dir = path.join(PROJECT, 'dist/bundle');
    const files = [path.join(dir, 'cli.cjs'), ...readdirSync(path.join(dir, 'chunks')).map((f) => path.join(dir, 'chunks', f))];
    const calls = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((line) => /(?<![\w.$])import\(/.test(line) && !/^\s*(\*|\/\/)/.test(line))
        .map((line) => `${path.basename(f)}: ${line.trim()}`),
    );
    expect(calls).toEqual([]);
  });
});
