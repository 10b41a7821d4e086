import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { loadConfig } from '../../scripts/core/config/config.js';
import { GitIndexSource } from '../../scripts/core/io/git-source.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { FsSource, MAX_FILE_BYTES, readRegularFile } from '../../scripts/core/io/source.js';
import { tempDir } from '../helpers/env.js';
import { gitOk } from '../gates/git-repo.js';

/*
 * Hostile trees: every path a pull request can plant where a governed file is expected. Each read
 * must finish (never block, never read without bound) and come back as a located finding naming
 * what the path is. Nothing here measures time: "bounded" means the test ends.
 */

const MAP = 'spec/v2/interop-map.json';

function root(): string {
  const dir = tempDir('specgate-hostile-');
  mkdirSync(path.join(dir, 'spec/v2'), { recursive: true });
  return dir;
}

/** The corpus findings from reading one file of a tree. */
function readFindings(dir: string, rel = MAP) {
  const corpus = new Corpus(new FsSource(dir), presetLayout('specgate'));
  const text = corpus.text(rel, 'the test');
  return { text, problems: corpus.problems.map((p) => ({ ruleId: p.ruleId, file: p.file, line: p.line, column: p.column, message: p.message })) };
}

const hasMkfifo = (() => {
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('reading: regular files inside the root only', () => {
  it('a symlink to /dev/zero is refused without reading it (as the map, or as the config)', () => {
    const dir = root();
    symlinkSync('/dev/zero', path.join(dir, MAP));
    expect(readFindings(dir).problems).toEqual([
      { ruleId: 'corpus/unreadable-file', file: MAP, line: 1, column: 1, message: expect.stringContaining('resolves through a symlink to /dev/zero, outside the repository root') },
    ]);
    symlinkSync('/dev/zero', path.join(dir, 'specgate.config.json'));
    expect(() => loadConfig(dir, {})).toThrow(/^config file resolves through a symlink to \/dev\/zero/);
    // Named directly (--config), a device is still not a regular file.
    expect(() => loadConfig(dir, { config: '/dev/zero' })).toThrow(/config file is a character device, not a regular file: \/dev\/zero/);
  });

  it.skipIf(!hasMkfifo)('a FIFO is named, never opened (opening it would wait for a writer forever)', () => {
    const dir = root();
    execFileSync('mkfifo', [path.join(dir, MAP)]);
    expect(readFindings(dir).problems).toEqual([expect.objectContaining({ ruleId: 'corpus/unreadable-file', message: expect.stringContaining(`${MAP} is a FIFO (named pipe), not a regular file`) })]);
  });

  it('a directory, a symlink loop and a dangling symlink are each reported as what they are, not "file not found"', () => {
    const dir = root();
    mkdirSync(path.join(dir, MAP));
    symlinkSync('loop.json', path.join(dir, 'spec/v2/loop.json'));
    symlinkSync('nowhere.json', path.join(dir, 'spec/v2/dangling.json'));
    expect(readFindings(dir).problems[0]).toMatchObject({ ruleId: 'corpus/unreadable-file', message: expect.stringContaining('is a directory, not a regular file') });
    expect(readFindings(dir, 'spec/v2/loop.json').problems[0]).toMatchObject({ ruleId: 'corpus/unreadable-file', message: expect.stringContaining('is a symlink loop') });
    expect(readFindings(dir, 'spec/v2/dangling.json').problems[0]).toMatchObject({ ruleId: 'corpus/unreadable-file', message: expect.stringContaining('dangling') });
    expect(readFindings(dir, 'spec/v2/absent.json').problems[0]).toMatchObject({ ruleId: 'corpus/missing-file', message: expect.stringContaining('file not found') });
  });

  it('a symlink out of the root is refused, one inside the root to a regular file is followed (clean control)', () => {
    const dir = root();
    const outside = tempDir('specgate-outside-');
    writeFileSync(path.join(outside, 'secret.json'), '{"secret": true}');
    writeFileSync(path.join(dir, 'spec/real.json'), '{"a2a": {}}');
    symlinkSync(path.join(outside, 'secret.json'), path.join(dir, MAP));
    expect(readFindings(dir).problems[0]).toMatchObject({ ruleId: 'corpus/unreadable-file', message: expect.stringContaining('outside the repository root') });
    // A folder symlinked out of the root is caught the same way (the real path is checked, not the name).
    symlinkSync(outside, path.join(dir, 'spec/out'));
    expect(readFindings(dir, 'spec/out/secret.json').problems[0]).toMatchObject({ ruleId: 'corpus/unreadable-file' });
    symlinkSync('../real.json', path.join(dir, 'spec/v2/inside.json'));
    expect(readFindings(dir, 'spec/v2/inside.json')).toEqual({ text: '{"a2a": {}}', problems: [] });
  });

  it('a file over the cap is refused from its size before any byte is read (a sparse 33 MB file)', () => {
    const dir = root();
    writeFileSync(path.join(dir, MAP), '');
    truncateSync(path.join(dir, MAP), MAX_FILE_BYTES + 1);
    expect(readFindings(dir).problems).toEqual([expect.objectContaining({ ruleId: 'parse/too-large', message: `file is ${MAX_FILE_BYTES + 1} bytes; refusing to read more than ${MAX_FILE_BYTES}` })]);
  });

  it.skipIf(process.platform !== 'linux')('a file that grows past the cap while being read is cut off at the cap (a /proc file reports size 0)', () => {
    const got = readRegularFile('/proc/self/status', { cap: 64 });
    expect(got).toEqual({ ok: false, failure: 'too-large', message: 'grew past 64 bytes while being read; refusing to read more' });
    expect(readRegularFile('/proc/self/status').ok).toBe(true); // clean control: under the default cap
  });
});

describe('reading: text encoding', () => {
  it('invalid UTF-8 in a YAML note is a finding located at the bad byte', () => {
    const dir = root();
    mkdirSync(path.join(dir, 'invariants'));
    writeFileSync(path.join(dir, 'invariants/invariants.yaml'), Buffer.concat([Buffer.from('version: 1\nnote: caf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]));
    const { text, problems } = readFindings(dir, 'invariants/invariants.yaml');
    expect(text).toBeUndefined();
    expect(problems).toEqual([{ ruleId: 'parse/invalid-utf8', file: 'invariants/invariants.yaml', line: 2, column: 10, message: expect.stringContaining('not valid UTF-8') }]);
    // clean control: the same note well encoded (and a real U+FFFD is text, not a decoding error)
    writeFileSync(path.join(dir, 'invariants/invariants.yaml'), 'version: 1\nnote: café \ufffd\n');
    expect(readFindings(dir, 'invariants/invariants.yaml').problems).toEqual([]);
  });

  it('a byte-order mark in YAML is a finding, as in JSON', () => {
    const dir = root();
    writeFileSync(path.join(dir, 'spec/v2/openapi.yaml'), '\ufeffopenapi: 3.1.0\n');
    const corpus = new Corpus(new FsSource(dir), presetLayout('specgate'));
    expect(corpus.yaml('spec/v2/openapi.yaml')).toBeDefined();
    expect(corpus.problems).toEqual([expect.objectContaining({ ruleId: 'parse/bom', line: 1, column: 1 })]);
    writeFileSync(path.join(dir, 'spec/v2/clean.yaml'), 'openapi: 3.1.0\n');
    const clean = new Corpus(new FsSource(dir), presetLayout('specgate'));
    clean.yaml('spec/v2/clean.yaml');
    expect(clean.problems).toEqual([]);
  });
});

describe('reading the git index: the same rules', () => {
  it('a staged symlink is followed inside the tree and refused when it leads out', async () => {
    const dir = root();
    gitOk(dir, ['init', '-q']);
    writeFileSync(path.join(dir, 'spec/real.json'), '{}');
    symlinkSync('../real.json', path.join(dir, 'spec/v2/inside.json'));
    symlinkSync('../../../etc/passwd', path.join(dir, MAP));
    gitOk(dir, ['add', '-A']);
    const index = await GitIndexSource.open(dir);
    expect(index.read('spec/v2/inside.json')).toEqual({ ok: true, bytes: Buffer.from('{}') });
    expect(index.read(MAP)).toEqual({ ok: false, failure: 'unreadable', message: 'is a symlink to ../../../etc/passwd, outside the repository root' });
    expect(index.read('spec')).toMatchObject({ ok: false, message: 'is a directory, not a regular file' });
  });
});
