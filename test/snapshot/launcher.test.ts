import { spawn, spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT, SDK_FIXTURES, describeShared, projectCorpusCopy, tempDir } from '../helpers/env.js';
import { upstreamRepo } from '../report/upstream-repo.js';
import { NODE_FLAGS } from '../../scripts/snapshot/build-blob.js';

/**
 * The package's bin (bin/specgate) against the plain CLI (`node dist/scripts/cli.js`): byte for
 * byte the same stdout and stderr, and the same exit code, when the launcher runs the CLI from its
 * V8 startup snapshot — and it does (SPECGATE_SNAPSHOT=debug makes it say so on stderr; those lines
 * are taken out before comparing). Each test file gets its own copy of the package (bin/, dist/,
 * the presets and schemas, node_modules linked), so the blobs it builds, breaks and removes are
 * its own.
 */

const NODE_DIR = path.dirname(process.execPath);
const NODE = path.join(NODE_DIR, 'node');

function packageCopy(): string {
  const pkg = tempDir('specgate-pkg-');
  cpSync(path.join(PROJECT, 'bin'), path.join(pkg, 'bin'), { recursive: true });
  // The build, without the checkout's own blob folder (dist/snapshot).
  cpSync(path.join(PROJECT, 'dist'), path.join(pkg, 'dist'), { recursive: true, filter: (p) => p !== path.join(PROJECT, 'dist', 'snapshot') });
  for (const f of ['package.json', 'scripts/presets', 'scripts/schemas']) cpSync(path.join(PROJECT, f), path.join(pkg, f), { recursive: true });
  // Its own node_modules folder (the launcher compares the blob with its time), each library linked in.
  mkdirSync(path.join(pkg, 'node_modules'));
  for (const name of readdirSync(path.join(PROJECT, 'node_modules'))) symlinkSync(path.join(PROJECT, 'node_modules', name), path.join(pkg, 'node_modules', name));
  return pkg;
}

/** Waits for a background build (bin/specgate starts one after a plain run) to end: its lock gone. */
function settled(pkg: string): void {
  const lock = path.join(pkg, 'dist/snapshot/cli.blob.lock');
  for (let i = 0; i < 600 && existsSync(lock); i++) spawnSync('sleep', ['0.1']);
  expect(existsSync(lock)).toBe(false);
}

function buildBlob(pkg: string): void {
  settled(pkg);
  const r = spawnSync(process.execPath, [path.join(pkg, 'dist/scripts/snapshot/build-blob.js'), NODE], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  expect(existsSync(path.join(pkg, 'dist/snapshot/cli.blob'))).toBe(true);
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Case {
  args: string[];
  cwd: string;
  env?: Record<string, string>;
  input?: string;
}

/** The environment both runs get: this node first on PATH, and none of the variables a case sets. */
function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${NODE_DIR}${path.delimiter}${process.env.PATH ?? ''}` };
  for (const k of ['SPECGATE_SNAPSHOT', 'NO_COLOR', 'FORCE_COLOR', 'CI', 'GITHUB_ACTIONS', 'TERM']) delete env[k];
  return { ...env, ...extra };
}

/** The one part of an output that differs between two runs of the same build: how long a family took. */
const timings = (text: string): string => text.replace(/\(\d+ ms\)/g, '(N ms)').replace(/"ms": [\d.]+/g, '"ms": N');

function plain(pkg: string, c: Case): Run {
  const r = spawnSync(process.execPath, [path.join(pkg, 'dist/scripts/cli.js'), ...c.args], { cwd: c.cwd, env: baseEnv(c.env), input: c.input ?? '', encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, stdout: timings(r.stdout), stderr: timings(r.stderr) };
}

/** The launcher's run, with its own lines (`specgate: snapshot: …`) taken out of stderr and returned apart. */
function launched(pkg: string, c: Case, via = path.join(pkg, 'bin', 'specgate')): Run & { said: string[] } {
  const r = spawnSync(via, c.args, { cwd: c.cwd, env: baseEnv({ ...c.env, SPECGATE_SNAPSHOT: 'debug' }), input: c.input ?? '', encoding: 'utf8', maxBuffer: 64 << 20 });
  const said = r.stderr.split('\n').filter((l) => l.startsWith('specgate: snapshot: '));
  const stderr = r.stderr
    .split('\n')
    .filter((l) => !l.startsWith('specgate: snapshot: '))
    .join('\n');
  return { code: r.status, stdout: timings(r.stdout), stderr: timings(stderr), said };
}

const FROM_SNAPSHOT = 'specgate: snapshot: running from the startup snapshot';

function expectSame(pkg: string, c: Case): void {
  const a = plain(pkg, c);
  const b = launched(pkg, c);
  expect(b.said, c.args.join(' ')).toContain(FROM_SNAPSHOT);
  expect({ code: b.code, stdout: b.stdout, stderr: b.stderr }, c.args.join(' ')).toEqual(a);
}

describe('bin/specgate from the startup snapshot, on this repository', () => {
  let pkg: string;
  let repo: string;
  beforeAll(() => {
    pkg = packageCopy();
    buildBlob(pkg);
    repo = projectCorpusCopy();
  }, 120_000);

  const cases: Array<[string, string[], Record<string, string>?]> = [
    ['check (stylish)', ['check']],
    ['check -f json', ['check', '-f', 'json']],
    ['check interop-map', ['check', 'interop-map']],
    ['check -f sarif', ['check', '-f', 'sarif']],
    ['check, FORCE_COLOR', ['check'], { FORCE_COLOR: '1' }],
    ['check, NO_COLOR', ['check'], { NO_COLOR: '1' }],
    ['check in GitHub Actions', ['check'], { CI: 'true', GITHUB_ACTIONS: 'true' }],
    ['report', ['report']],
    ['report -f json', ['report', '-f', 'json']],
    ['report -f html', ['report', '-f', 'html']],
    ['report -f markdown', ['report', '-f', 'markdown']],
    ['errata check -f json', ['errata', 'check', '-f', 'json']],
    ['list-rules', ['list-rules']],
    ['list-rules -f json', ['list-rules', '-f', 'json']],
    ['--version', ['--version']],
    ['--help', ['--help']],
    ['no command (usage, exit 2)', []],
    ['an unknown command', ['chekc']],
    ['an unknown option', ['check', '--bogus']],
    ['an unknown format', ['report', '-f', 'nope']],
  ];
  for (const [name, args, env] of cases) {
    it(name, () => expectSame(pkg, { args, cwd: repo, ...(env ? { env } : {}) }));
  }

  it('--root from another folder, and a run replayed from the result cache', () => {
    const elsewhere = tempDir();
    const c = { args: ['check', '-f', 'json', '--root', repo], cwd: elsewhere };
    expectSame(pkg, c);
    // The same command line again: replayed (from the snapshot too), the same bytes.
    expectSame(pkg, c);
  });

  it('standard input (check --stdin), with a broken map', () => {
    const map = readFileSync(path.join(repo, 'spec/v2/interop-map.json'), 'utf8').replace(/"reason": "([A-Z_]+)"/, '"reason": "not-upper-snake"');
    const a = plain(pkg, { args: ['check', '--stdin', '--stdin-filename', 'spec/v2/interop-map.json', '-f', 'json'], cwd: repo, input: map });
    expect(a.code).toBe(1);
    expectSame(pkg, { args: ['check', '--stdin', '--stdin-filename', 'spec/v2/interop-map.json', '-f', 'json'], cwd: repo, input: map });
  });

  it('a reader that goes away (stdout closed early) and a full disk (/dev/full): same exit code and stderr', () => {
    for (const sink of ['| head -c 10 >/dev/null', '>/dev/full']) {
      const run = (cmd: string) => spawnSync('sh', ['-c', `{ ${cmd} report -f html --root "$1"; echo "exit $?" >&2; } ${sink}`, 'sh', repo], { env: baseEnv({ SPECGATE_SNAPSHOT: 'debug' }), encoding: 'utf8' });
      const a = run(`"${process.execPath}" "${path.join(pkg, 'dist/scripts/cli.js')}"`);
      const b = run(`"${path.join(pkg, 'bin/specgate')}"`);
      expect(b.stderr).toContain(FROM_SNAPSHOT);
      expect(b.stderr.replace(/^specgate: snapshot: .*\n/gm, '')).toBe(a.stderr);
      expect(a.stderr).toMatch(/exit \d/);
    }
  });

  it("through npm's node_modules/.bin symlink", () => {
    const bin = path.join(tempDir(), 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(path.relative(bin, path.join(pkg, 'bin', 'specgate')), path.join(bin, 'specgate'));
    const c = { args: ['check', 'interop-map', '-f', 'json'], cwd: repo };
    const b = launched(pkg, c, path.join(bin, 'specgate'));
    expect(b.said).toContain(FROM_SNAPSHOT);
    expect({ code: b.code, stdout: b.stdout, stderr: b.stderr }).toEqual(plain(pkg, c));
  });
  it('run by a relative path with CDPATH set (cd prints the folder it found there): the same run', () => {
    // `bin/specgate` from the package folder: the launcher's `cd bin/../dist` is looked up along CDPATH.
    const c = { args: ['check', 'interop-map', '-f', 'json', '--root', repo], cwd: pkg, env: { CDPATH: '.:' } };
    const r = spawnSync('bin/specgate', c.args, { cwd: pkg, env: baseEnv({ ...c.env, SPECGATE_SNAPSHOT: 'debug' }), encoding: 'utf8' });
    expect(r.stderr).toContain(FROM_SNAPSHOT);
    expect({ code: r.status, stdout: timings(r.stdout), stderr: timings(r.stderr.replace(/^specgate: snapshot: .*\n/gm, '')) }).toEqual(plain(pkg, c));
  });
  it('standard input closed (<&-): the same run, from the snapshot', () => {
    const run = (cmd: string) => spawnSync('sh', ['-c', `${cmd} check interop-map -f json --root "$1" <&-; echo "exit $?" >&2`, 'sh', repo], { env: baseEnv({ SPECGATE_SNAPSHOT: 'debug' }), encoding: 'utf8' });
    const a = run(`"${process.execPath}" "${path.join(pkg, 'dist/scripts/cli.js')}"`);
    const b = run(`"${path.join(pkg, 'bin/specgate')}"`);
    expect(b.stderr).toContain(FROM_SNAPSHOT);
    expect({ stdout: timings(b.stdout), stderr: timings(b.stderr.replace(/^specgate: snapshot: .*\n/gm, '')) }).toEqual({ stdout: timings(a.stdout), stderr: timings(a.stderr) });
    expect(a.stderr).toMatch(/exit 0/);
  });

  it.skipIf(process.platform !== 'linux')("a signal sent to the launcher (a runner's timeout, a parent's kill()) ends the snapshot's node too, and the launcher ends by it", async () => {
    // check --stdin waits on standard input: node runs until it is told to stop, or (the pipe closed
    // when the launcher is gone) reads its end and writes a report nobody waits for any more.
    const out = path.join(tempDir(), 'stdout');
    const fd = openSync(out, 'w');
    const child = spawn(path.join(pkg, 'bin', 'specgate'), ['check', '--stdin', '--stdin-filename', 'spec/v2/interop-map.json'], { cwd: repo, env: baseEnv({ SPECGATE_SNAPSHOT: 'debug' }), stdio: ['pipe', fd, 'pipe'] });
    closeSync(fd);
    let stderr = '';
    await new Promise<void>((resolve) => child.stderr!.on('data', (d: Buffer) => ((stderr += d.toString()), stderr.includes(FROM_SNAPSHOT) && resolve())));
    // (Linux: procps' ps lists a process's children.)
    const node = Number(spawnSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' }).stdout.trim());
    expect(node).toBeGreaterThan(0);
    const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (code, signal) => resolve([code, signal])));
    const alive = () => {
      try {
        process.kill(node, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      child.kill('SIGTERM');
      expect(await ended).toEqual([null, 'SIGTERM']);
      for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(alive()).toBe(false);
      expect(readFileSync(out, 'utf8')).toBe('');
    } finally {
      if (alive()) process.kill(node, 'SIGKILL');
      child.stdin!.destroy();
    }
  });
});

describe('bin/specgate falls back to the plain CLI', () => {
  let pkg: string;
  let repo: string;
  let blob: string;
  const c = () => ({ args: ['check', 'interop-map', '-f', 'json'], cwd: repo });
  beforeAll(() => {
    pkg = packageCopy();
    repo = projectCorpusCopy();
    blob = path.join(pkg, 'dist/snapshot/cli.blob');
  }, 120_000);

  /** The launcher's run is the plain CLI's (same bytes, same code) and says why. */
  function expectPlain(why: RegExp): string[] {
    const b = launched(pkg, c());
    expect(b.said).not.toContain(FROM_SNAPSHOT);
    expect(b.said.join('\n')).toMatch(why);
    expect({ code: b.code, stdout: b.stdout, stderr: b.stderr }).toEqual(plain(pkg, c()));
    settled(pkg);
    return b.said;
  }

  /** The background build started by a plain run, finished (its lock gone). */
  async function builtInBackground(): Promise<void> {
    for (let i = 0; i < 600 && (!existsSync(blob) || existsSync(`${blob}.lock`)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(blob)).toBe(true);
    expect(existsSync(`${blob}.lock`)).toBe(false);
  }

  it('no blob: the plain CLI runs and builds the blob in the background; the next run uses it', async () => {
    expect(expectPlain(/no blob: the plain CLI runs/)).toContain('specgate: snapshot: building the blob in the background');
    await builtInBackground();
    expect(launched(pkg, c()).said).toContain(FROM_SNAPSHOT);
  }, 120_000);

  it('a lock left by a build that died (older than 5 minutes): the build is started again and takes it over', async () => {
    rmSync(path.join(pkg, 'dist/snapshot'), { recursive: true, force: true });
    mkdirSync(path.join(pkg, 'dist/snapshot'));
    writeFileSync(`${blob}.lock`, '');
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(`${blob}.lock`, old, old);
    expect(launched(pkg, c()).said).toContain('specgate: snapshot: building the blob in the background');
    await builtInBackground();
    expect(launched(pkg, c()).said).toContain(FROM_SNAPSHOT);
  }, 120_000);

  it('SPECGATE_SNAPSHOT=off: the plain CLI, nothing built', () => {
    rmSync(blob, { force: true });
    const r = spawnSync(path.join(pkg, 'bin/specgate'), c().args, { cwd: repo, env: baseEnv({ SPECGATE_SNAPSHOT: 'off' }), encoding: 'utf8' });
    expect({ code: r.status, stdout: timings(r.stdout), stderr: timings(r.stderr) }).toEqual(plain(pkg, c()));
    expect(existsSync(blob) || existsSync(`${blob}.lock`)).toBe(false);
  });

  it('a blob older than the bundle (a new build): plain, and rebuilt', async () => {
    buildBlob(pkg);
    const old = new Date(Date.now() - 3600_000);
    utimesSync(blob, old, old);
    expectPlain(/older than node or the bundle: the plain CLI runs/);
    await builtInBackground();
    expect(statSync(blob).mtimeMs).toBeGreaterThan(old.getTime());
  }, 120_000);

  it('a checkout compiled again without the bundle (tsc alone): plain, and rebuilt', async () => {
    buildBlob(pkg);
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(pkg, 'dist/.tsbuildinfo'), later, later);
    expectPlain(/older than the last tsc build: the plain CLI runs/);
    utimesSync(path.join(pkg, 'dist/.tsbuildinfo'), new Date(), new Date(Date.now() - 60_000));
  });

  it('a library installed or updated since the blob was built: plain, and rebuilt', () => {
    buildBlob(pkg);
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(pkg, 'node_modules'), later, later);
    expectPlain(/older than .*\/node_modules: the plain CLI runs/);
    utimesSync(path.join(pkg, 'node_modules'), new Date(), new Date(Date.now() - 60_000));
  });

  it('a blob built by another node binary: plain', () => {
    buildBlob(pkg);
    writeFileSync(`${blob}.node`, '/elsewhere/bin/node\n');
    expectPlain(/built by another node \(\/elsewhere\/bin\/node\)/);
    buildBlob(pkg);
  });

  it("a blob node refuses (another version's: exit 14): node's one line, then the plain CLI; the blob set aside and rebuilt", () => {
    buildBlob(pkg);
    // A blob's header names the node version that built it; another version's is refused.
    const bytes = readFileSync(blob);
    const at = bytes.indexOf(Buffer.from(process.version.slice(1)));
    expect(at).toBeGreaterThan(0);
    bytes.write('9', at);
    writeFileSync(blob, bytes);
    const b = launched(pkg, c());
    expect(b.said.join('\n')).toMatch(/node refused the blob \(exit 14\): set aside; the plain CLI runs/);
    const a = plain(pkg, c());
    expect({ code: b.code, stdout: b.stdout }).toEqual({ code: a.code, stdout: a.stdout });
    expect(b.stderr).toBe(`Failed to load the startup snapshot because it was built withNode.js version 9${process.version.slice(2)} and the current Node.js version is ${process.version}.\n${a.stderr}`);
    settled(pkg);
    expect(launched(pkg, c()).said).toContain(FROM_SNAPSHOT);
  });

  it('a damaged blob (node dies): the run fails with node\'s code and is not run again; the blob is set aside and built again', () => {
    buildBlob(pkg);
    const bytes = readFileSync(blob);
    bytes.write('not a blob', 0);
    writeFileSync(blob, bytes);
    const b = launched(pkg, c());
    // Not run again: a run that died (V8 out of memory under the heap cap dies the same way) may
    // have written output and read stdin.
    expect(b.said.join('\n')).toMatch(/node died \(exit 1(33|34|39)\): the blob is set aside/);
    expect(b.said.join('\n')).not.toContain('the plain CLI runs');
    expect([133, 134, 139]).toContain(b.code);
    // The rebuild runs in the background: the blob comes back.
    for (let i = 0; i < 600 && !existsSync(blob); i++) spawnSync('sleep', ['0.1']);
    settled(pkg);
    expect(launched(pkg, c()).said).toContain(FROM_SNAPSHOT);
  });

  it('a symlinked blob is never used', () => {
    buildBlob(pkg);
    const real = path.join(tempDir(), 'planted.blob');
    cpSync(blob, real);
    rmSync(blob);
    symlinkSync(real, blob);
    expectPlain(/no blob: the plain CLI runs/);
    rmSync(blob);
  });

  it('a blob built for another folder (the package moved): plain, and the entry refuses it too', () => {
    buildBlob(pkg);
    const moved = tempDir('specgate-moved-');
    cpSync(pkg, moved, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
    const b = launched(moved, c());
    expect(b.said.join('\n')).toContain('built for another folder: the plain CLI runs');
    expect({ code: b.code, stdout: b.stdout, stderr: b.stderr }).toEqual(plain(moved, c()));
    settled(moved);
    // Past the launcher's check (the blob started from elsewhere), the entry itself refuses: exit 75, nothing written.
    const r = spawnSync(process.execPath, [...NODE_FLAGS, '--snapshot-blob', blob, path.join(moved, 'dist'), '--version'], { encoding: 'utf8' });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 75, stdout: '', stderr: '' });
  });

  it('a config with plugins: the plain CLI runs it (no import() inside a snapshot on Node 20)', () => {
    buildBlob(pkg);
    const dir = projectCorpusCopy();
    cpSync(path.join(PROJECT, 'examples/plugin'), path.join(dir, 'plugin'), { recursive: true });
    // The plugin imports specgate/rules: the package as an adopter has it installed.
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(pkg, path.join(dir, 'node_modules', 'specgate'));
    writeFileSync(path.join(dir, 'specgate.config.json'), JSON.stringify({ plugins: ['./plugin/index.js'] }) + '\n');
    const cc = { args: ['check', '-f', 'json'], cwd: dir };
    const b = launched(pkg, cc);
    expect(b.said.join('\n')).toMatch(/plugins; the plain CLI runs/);
    expect(b.said).toContain('specgate: snapshot: the run needs the plain CLI (exit 75)');
    const a = plain(pkg, cc);
    expect({ code: b.code, stdout: b.stdout, stderr: b.stderr }).toEqual(a);
    expect(a.stdout).toContain('"findings"');
  });
});

describe('bin/specgate runs the language server in the plain CLI', () => {
  it('lsp: the snapshot hands over before reading a message (exit 75), and the plain server answers', () => {
    const pkg = packageCopy();
    buildBlob(pkg);
    const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const input = path.join(tempDir(), 'initialize');
    writeFileSync(input, `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
    // The message, then a second before standard input ends (the server stops at its end).
    const r = spawnSync('sh', ['-c', '(cat "$1"; sleep 1) | "$2" lsp --stdio', 'sh', input, path.join(pkg, 'bin/specgate')], { cwd: projectCorpusCopy(), env: baseEnv({ SPECGATE_SNAPSHOT: 'debug' }), encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toContain('specgate: snapshot: lsp runs in the plain CLI');
    expect(r.stderr).toContain('specgate: snapshot: the run needs the plain CLI (exit 75)');
    expect(r.stdout).toMatch(/^Content-Length: \d+\r\n\r\n\{"jsonrpc":"2.0","id":1,"result":\{"capabilities"/);
  }, 120_000);
});

describeShared("bin/specgate from the startup snapshot, on upstream's layout", () => {
  let pkg: string;
  let root: string;
  beforeAll(() => {
    pkg = packageCopy();
    buildBlob(pkg);
    root = upstreamRepo({ batches: 2, config: { preset: 'openwop' } });
  }, 180_000);

  const cases: Array<[string, string[]]> = [
    ['check -f json', ['check', '-f', 'json']],
    ['check (stylish)', ['check']],
    ['report', ['report']],
    ['report -f json', ['report', '-f', 'json']],
    ['report -f html', ['report', '-f', 'html']],
    ['report -f markdown', ['report', '-f', 'markdown']],
    ['errata check -f json', ['errata', 'check', '-f', 'json']],
    // Two parse workers (child processes of dist/scripts/rfc/parse-worker.js, started from the snapshot's run)
    ['check -f json, cold, two parse workers', ['check', '-f', 'json', '--no-cache', '--concurrency', '2']],
  ];
  for (const [name, args] of cases) it(name, () => expectSame(pkg, { args, cwd: root }));

  it('report after an RFC edit (the bench path)', () => {
    const rfc = path.join(root, 'RFCS', '0003-agent-packs.md');
    writeFileSync(rfc, readFileSync(rfc, 'utf8') + '\nEdited.\n');
    expectSame(pkg, { args: ['report'], cwd: root });
  });

  it('wire on the SDK captures (json and text)', () => {
    const files = ['compat-h-bad-charset.json', 'compat-v03-b-tasks-cancel-unknown.json'].map((f) => path.join(SDK_FIXTURES, f));
    expectSame(pkg, { args: ['wire', ...files, '-f', 'json'], cwd: root });
    expectSame(pkg, { args: ['wire', ...files], cwd: root });
  });
});
