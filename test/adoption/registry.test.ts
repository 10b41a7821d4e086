// The registry tier: the packed build published to a real npm registry (verdaccio 6.8.0) on
// loopback, installed into a fresh git repository holding the openwop anchor with
// `npm install -D specgate --registry …`, and every command run through node_modules/.bin/specgate.
// One publish, one install, one adopter repository shared by the tests of this file.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANCHOR, PROJECT, SDK_FIXTURES, sharedAvailable, tempDir } from '../helpers/env.js';
import { packedProject } from '../helpers/packed.js';
import { describeWithTool, TOOLS_DIR, VERDACCIO, verdaccioAvailable } from '../helpers/tools.js';
import { startModelHost } from '../probe/broken-host.js';
import { LspClient } from '../../scripts/bench/lsp-client.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.invalid', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.invalid' };

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}, input?: string): Run {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV, NO_COLOR: '1', CI: '', ...env }, ...(input !== undefined ? { input } : {}), maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** A command that must not block this process's event loop (the probe's host runs here). */
function runAsync(cmd: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...GIT_ENV, NO_COLOR: '1', CI: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describeWithTool('verdaccio 6.8.0', verdaccioAvailable && sharedAvailable, 'specgate installed from a registry on loopback, in an adopter repository', () => {
  let registry: ChildProcess | undefined;
  let url = '';
  let adopter = '';
  let bin = '';
  // Proxied packages are kept between runs (the verdaccio cache beside the tool); specgate is
  // published into a folder of this run only, removed at the end.
  const cacheDir = path.join(TOOLS_DIR, 'verdaccio-cache');
  const own = `run-${process.pid}-${Date.now()}`;
  const sg = (args: string[], env: Record<string, string> = {}) => run(bin, args, adopter, env);

  beforeAll(async () => {
    const work = tempDir('specgate-registry-');
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(
      path.join(work, 'config.yaml'),
      `storage: ${JSON.stringify(cacheDir)}
auth: { htpasswd: { file: ./htpasswd, max_users: -1 } }
uplinks: { npmjs: { url: 'https://registry.npmjs.org/', maxage: 30d } }
packages:
  'specgate': { access: $all, publish: $anonymous, storage: ${own} }
  '**': { access: $all, proxy: npmjs }
log: { type: stdout, format: json, level: error }
`,
    );
    registry = spawn(VERDACCIO, ['--config', path.join(work, 'config.yaml'), '--listen', `127.0.0.1:${port}`], { cwd: work, stdio: 'ignore' });
    for (let i = 0; i < 120; i++) {
      const ok = await fetch(`${url}-/ping`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // The build the suite made, packed as npm publishes it (no scripts: the build is there).
    const tarball = await packedProject(work);
    const host = url.replace(/^http:/, '');
    const published = run('npm', ['publish', tarball, '--registry', url, `--${host}:_authToken=anonymous`], work);
    expect(published.code, published.stderr).toBe(0);

    adopter = tempDir('specgate-adopter-');
    cpSync(ANCHOR, adopter, { recursive: true });
    writeFileSync(path.join(adopter, 'package.json'), '{ "name": "adopter", "private": true }\n');
    writeFileSync(path.join(adopter, '.gitignore'), 'node_modules/\n');
    expect(run('git', ['init', '-q', '-b', 'main'], adopter).code).toBe(0);
    run('git', ['add', '-A'], adopter);
    expect(run('git', ['commit', '-qm', 'upstream layout'], adopter).code).toBe(0);
    const installed = run('npm', ['install', '-D', 'specgate', '--registry', url, '--prefer-offline', '--no-audit', '--no-fund'], adopter);
    expect(installed.code, installed.stderr).toBe(0);
    bin = path.join(adopter, 'node_modules/.bin/specgate');
  }, 240_000);

  afterAll(async () => {
    if (registry?.pid) registry.kill();
    rmSync(path.join(cacheDir, own), { recursive: true, force: true });
  });

  it("runs from its startup snapshot, built by the install's postinstall for the node on PATH", () => {
    expect(existsSync(path.join(adopter, 'node_modules/specgate/dist/snapshot/cli.blob'))).toBe(true);
    const r = sg(['--version'], { SPECGATE_SNAPSHOT: 'debug' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('0.1.0\n');
    expect(r.stderr).toContain('specgate: snapshot: running from the startup snapshot');
  });

  it('the lock file records the registry, not a path on this machine', () => {
    const lock = JSON.parse(readFileSync(path.join(adopter, 'package-lock.json'), 'utf8'));
    const entry = lock.packages['node_modules/specgate'];
    // npm records a registry package by version and integrity (and a resolved URL, if any, on the registry): never a file: path.
    expect(entry).toMatchObject({ version: '0.1.0', integrity: expect.stringMatching(/^sha512-/) });
    expect(entry.resolved ?? url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(JSON.parse(readFileSync(path.join(adopter, 'package.json'), 'utf8')).devDependencies.specgate).toMatch(/^\^0\.1\.0$/);
  });

  it('init, the hook, the baseline: a green check, and the hook guards commits', () => {
    const init = sg(['init', '--ci', 'github', '--hook']);
    expect(init.code, init.stdout + init.stderr).toBe(0);
    expect(init.stdout).toMatch(/laid out like the "openwop" preset/);
    expect(init.stdout).toMatch(/pre-commit hook installed: \.git\/hooks\/pre-commit/);
    // upstream's findings recorded as the baseline (idempotence and the red run before it are tested in-process)
    const baseline = sg(['check', '--suppress-all']);
    expect(baseline.code, baseline.stdout + baseline.stderr).toBe(0);
    expect(baseline.stdout).toMatch(/^wrote specgate-suppressions\.json: \d+ entries/m);
    expect(sg(['check', '-q']).code).toBe(0);
    run('git', ['add', '-A'], adopter);
    // The hook would rerun the full check just made: this one commit skips it.
    expect(run('git', ['commit', '-qm', 'adopt specgate', '--no-verify'], adopter).code).toBe(0);
    writeFileSync(path.join(adopter, 'NOTES.txt'), 'not governed\n');
    run('git', ['add', 'NOTES.txt'], adopter);
    const plain = run('git', ['commit', '-qm', 'notes'], adopter);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).not.toMatch(/specgate/);
    const map = path.join(adopter, 'spec/v2/interop-map.json');
    const good = readFileSync(map, 'utf8');
    writeFileSync(map, good.replace(/^\{/, '{ not JSON'));
    run('git', ['add', 'spec/v2/interop-map.json'], adopter);
    // The hook runs the package's bin, from its startup snapshot.
    const refused = run('git', ['commit', '-qm', 'broken map'], adopter, { SPECGATE_SNAPSHOT: 'debug' });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/parse\/syntax/);
    expect(refused.stderr).toContain('specgate: snapshot: running from the startup snapshot');
    writeFileSync(map, good);
    run('git', ['add', 'spec/v2/interop-map.json'], adopter);
  }, 180_000);

  it('errata check and apply, compat, list-rules', () => {
    const errata = sg(['errata', 'check', '-f', 'compact']);
    expect(errata.code).toBe(1);
    expect(errata.stdout).toMatch(/\[errata\/not-applied\]|\[errata\/text-drift\]/);
    const dry = sg(['errata', 'apply', '--dry-run']);
    expect([0, 1]).toContain(dry.code);
    expect(dry.stderr).toMatch(/dry run/);
    const compat = sg(['compat', '--base', 'HEAD']);
    expect(compat.code, compat.stderr).toBe(0);
    const rules = sg(['list-rules', '-f', 'json']);
    expect(rules.code).toBe(0);
    expect(JSON.parse(rules.stdout).length).toBeGreaterThan(20);
  }, 180_000);

  it('wire and probe judge by the adopter\'s schemas: missing, one line and exit 2; added, judged', async () => {
    const captures = path.join(adopter, 'captures');
    mkdirSync(captures);
    for (const f of readdirSync(SDK_FIXTURES).filter((n) => n.endsWith('.json')).slice(0, 3)) cpSync(path.join(SDK_FIXTURES, f), path.join(captures, f));
    const missing = sg(['wire', 'captures']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^specgate: .* has no RFC 0211 §A wire schema schemas\/v2\/a2a-jsonrpc-error\.schema\.json/);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    const host = await startModelHost();
    try {
      const noSchema = await runAsync(bin, ['probe', '--url', host.base], adopter);
      expect(noSchema.code).toBe(2);
      expect(noSchema.stderr).toMatch(/no RFC 0211 §A wire schema/);
      expect(noSchema.stderr).not.toMatch(/node_modules\/specgate/);
      // The adopter adds RFC 0211's schemas: both commands now judge by them.
      for (const s of ['a2a-jsonrpc-error', 'google-rpc-status']) cpSync(path.join(PROJECT, `schemas/v2/${s}.schema.json`), path.join(adopter, `schemas/v2/${s}.schema.json`));
      const judged = sg(['wire', 'captures', '-f', 'json']);
      expect([0, 1], judged.stderr).toContain(judged.code);
      expect(JSON.parse(judged.stdout).summary.families[0].visited).toBe(3);
      expect(sg(['wire', 'captures/nope.json']).stderr).toBe('specgate: capture file not found: captures/nope.json\n');
      mkdirSync(path.join(adopter, 'empty'));
      expect(sg(['wire', 'empty']).code).toBe(2);
      const probed = await runAsync(bin, ['probe', '--url', host.base, '-f', 'json'], adopter);
      expect(probed.code, probed.stderr).toBe(0);
    } finally {
      await host.close();
    }
  }, 180_000);

  it('lsp: initialize and shutdown over stdio', async () => {
    const client = new LspClient(path.join(adopter, 'node_modules/specgate/dist/scripts/cli.js'), adopter);
    const init = await client.initialize();
    expect(init.capabilities.textDocumentSync).toBeDefined();
    expect(await client.shutdown()).toBe(0);
  }, 60_000);
});
