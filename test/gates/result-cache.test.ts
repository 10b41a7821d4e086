import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempDir } from '../helpers/env.js';
import type { CliResult } from '../helpers/env.js';
import { moduleTracer } from '../helpers/loaded.js';
import { frameEntry } from '../../scripts/core/replay/cache-entry.js';
import { cacheSecret } from '../../scripts/core/replay/user-cache.js';
import { corpusRepo, gitOk } from './git-repo.js';

/**
 * The whole-run result cache (scripts/result-replay.ts): real processes in a temp git repository
 * holding this project's corpus. A run is a hit when it left the results folder as it was (a miss
 * of a run that may be replayed writes its entry anew); that a hit loads nothing but the fast
 * path is test/gates/loaded-modules.test.ts's.
 *
 * Each case spawns the CLI many times, and a miss is a full run: cases that are not about every
 * family run one (`check interop-map`), and every case after the first starts from the parsed-file
 * and validator entries the first one left (content-keyed, so valid for any copy of the corpus),
 * as a user's warm cache does; its results folder starts empty. The first case records from a
 * cold cache.
 */

let root: string;
let cache: string;
/** The cache folder's other kinds of entry, as the first case left them (undefined until then). */
let warm: string | undefined;

beforeEach(() => {
  root = corpusRepo().root;
  // The one folder the corpus's RFCs name that a copy of it lacks: the corpus is then clean.
  mkdirSync(path.join(root, 'scripts/checks/interop-map'), { recursive: true });
  cache = path.join(tempDir(), 'cache');
  if (warm) cpSync(warm, cache, { recursive: true });
});

afterEach(() => {
  if (warm || !existsSync(cache)) return;
  warm = path.join(tempDir(), 'warm');
  cpSync(cache, warm, { recursive: true, filter: (p) => p !== path.join(cache, 'results') });
});

type Run = CliResult & { replayed: boolean };

/** Each entry of a results folder and its inode (an entry written again is a new file, renamed over the old). */
function entries(folder: string): string {
  if (!existsSync(folder)) return '';
  return readdirSync(folder).sort().map((f) => `${f}:${statSync(path.join(folder, f)).ino}`).join(' ');
}

function run(args: string[], env: Record<string, string> = {}, results = path.join(cache, 'results')): Run {
  const before = entries(results);
  const r = spawnCli(args, { cwd: root, env: { SPECGATE_CACHE_DIR: cache, ...env } });
  return { ...r, replayed: before !== '' && entries(results) === before };
}

const replayed = (r: Run) => r.replayed;

/** What a user sees, with the families' times (stylish, json) set aside: they differ between any two runs. */
const seen = (r: CliResult) => ({ code: r.code, stdout: r.stdout.replace(/\(\d+(\.\d)? m?s\)/g, '(time)').replace(/"ms": [\d.]+/g, '"ms": 0'), stderr: r.stderr });

/** The run, then the same run again: the first records (a miss), the second replays exactly what the first printed. */
function expectRecordedThenReplayed(args: string[], env: Record<string, string> = {}): Run {
  const first = run(args, env);
  expect(replayed(first), first.stderr).toBe(false);
  const second = run(args, env);
  expect(replayed(second), 'the second run replays').toBe(true);
  expect({ code: second.code, stdout: second.stdout, stderr: second.stderr }).toEqual({ code: first.code, stdout: first.stdout, stderr: first.stderr });
  return second;
}

/** The same command line run in this process with no cache at all (the CLI proper, scripts/cli-main.ts). */
function noCache(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runCli([...args, '--no-cache'], { cwd: root, env: { SPECGATE_CACHE_DIR: cache, ...env } });
}

/** After a change: a miss, printing what a run without any cache prints. */
async function expectMissLikeNoCache(args: string[], env: Record<string, string> = {}, what = 'a changed input'): Promise<Run> {
  const after = run(args, env);
  expect(replayed(after), `${what}: a miss`).toBe(false);
  expect(seen(after), what).toEqual(seen(await noCache(args, env)));
  return after;
}

function breakMap(): void {
  const file = path.join(root, 'spec/v2/interop-map.json');
  const map = JSON.parse(readFileSync(file, 'utf8'));
  map.a2a.errors[0].code = 'not a number';
  writeFileSync(file, JSON.stringify(map, null, 2));
}

describe('the result cache replays a run whose inputs are unchanged', () => {
  it('a clean corpus and one with findings, json and stylish: a hit prints what a run without cache prints', async () => {
    for (const format of ['json', 'stylish']) {
      const hit = expectRecordedThenReplayed(['check', '-f', format]);
      expect(seen(hit)).toEqual(seen(await noCache(['check', '-f', format])));
      expect(hit.code).toBe(0);
    }
    breakMap();
    for (const format of ['json', 'stylish']) {
      const hit = expectRecordedThenReplayed(['check', '-f', format]);
      expect(hit.code).toBe(1);
      expect(hit.stdout).toContain('interop-map/');
      expect(seen(hit)).toEqual(seen(await noCache(['check', '-f', format])));
    }
    // One family, as the pre-commit hook runs it.
    expectRecordedThenReplayed(['check', 'interop-map']);
  }, 180_000);

  it('each kind of change is a miss that prints what a run without cache prints', async () => {
    // The families that read the files changed here.
    const args = ['check', 'interop-map', 'rfcs', '-f', 'json'];
    expectRecordedThenReplayed(args);
    const changes: Record<string, () => void> = {
      'an edited map': breakMap,
      'an edited schema': () => {
        const file = path.join(root, 'spec/v2/interop-map.schema.json');
        writeFileSync(file, readFileSync(file, 'utf8').replace(/\n}\s*$/, ',\n  "$comment": "edited"\n}\n'));
      },
      'an edited RFC': () => {
        const file = path.join(root, 'RFCS/0211-a2a-error-details-are-errorinfo.md');
        writeFileSync(file, `${readFileSync(file, 'utf8')}\nSee [RFC 0999](0999-missing.md).\n`);
      },
      'a new RFC the glob matches': () => writeFileSync(path.join(root, 'RFCS/0300-new.md'), '# RFC 0300: new\n\nNo header.\n'),
      'a deleted file': () => rmSync(path.join(root, 'RFCS/0001-rfc-process.md')),
      'a new config': () => writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ rules: { 'rfcs/affects-paths-exist': 'error' } })),
      'a changed config': () => {
        writeFileSync(path.join(root, 'shared.json'), JSON.stringify({ rules: { 'interop-map/schema': 'warning' } }));
        writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ extends: './shared.json', rules: { 'rfcs/affects-paths-exist': 'off' } }));
      },
      'a changed config it extends': () => writeFileSync(path.join(root, 'shared.json'), JSON.stringify({ rules: { 'interop-map/schema': 'off' } })),
    };
    for (const [name, change] of Object.entries(changes)) {
      change();
      await expectMissLikeNoCache(args, {}, name);
    }
    expect(replayed(run(args)), 'the last run was recorded').toBe(true);
  }, 180_000);

  it('a changed environment or command line is another key', async () => {
    const args = ['check', 'interop-map'];
    expectRecordedThenReplayed(args);
    const coloured = await expectMissLikeNoCache(args, { FORCE_COLOR: '1', NO_COLOR: '' });
    expect(coloured.stdout).toContain('\x1b[');
    expect(replayed(run(args))).toBe(true); // the first key still holds
    await expectMissLikeNoCache(['check', 'rfcs']);
    await expectMissLikeNoCache([...args, '--quiet']);
  }, 180_000);

  it('a torn, truncated, foreign, oversized or linked entry is a miss, never a crash', async () => {
    const args = ['check', 'interop-map', '-f', 'json'];
    expectRecordedThenReplayed(args);
    const folder = path.join(cache, 'results');
    const [entry] = readdirSync(folder);
    const file = path.join(folder, entry!);
    const good = readFileSync(file);
    const fresh = seen(await noCache(args));
    const corruptions: Record<string, () => void> = {
      truncated: () => writeFileSync(file, good.subarray(0, good.length - 100)),
      'a flipped byte': () => {
        const b = Buffer.from(good);
        b[b.length - 40] ^= 1;
        writeFileSync(file, b);
      },
      'no header': () => writeFileSync(file, good.subarray(good.indexOf(10) + 1)),
      'another entry under this name': () => {
        writeFileSync(file, good.toString('latin1').replace(entry!, 'f'.repeat(64)), 'latin1');
      },
      'a body that is not a recorded run': () => {
        // framed as specgate frames it, with the user's secret: only the body is wrong
        const body = Buffer.from(JSON.stringify({ v: 1, code: 0, output: [[1, Buffer.from('all good\n').toString('base64')]], inputs: 'none' }));
        writeFileSync(file, frameEntry('results', entry!, body, cacheSecret(root, true)!));
      },
      'a symlink to /dev/zero': () => {
        rmSync(file);
        symlinkSync('/dev/zero', file);
      },
      'larger than the cap': () => writeFileSync(file, Buffer.alloc(17 * 1024 * 1024, 0x20)),
    };
    for (const [name, corrupt] of Object.entries(corruptions)) {
      corrupt();
      const after = run(args);
      expect(replayed(after), name).toBe(false);
      expect(seen(after), name).toEqual(fresh);
      rmSync(file, { force: true });
      writeFileSync(file, good);
    }
  }, 180_000);

  it('a report written to --output is written again by a hit; a run that writes anything else, or prints timings, is never replayed', () => {
    const out = path.join(tempDir(), 'report.json');
    const runs = [0, 1, 2].map(() => {
      rmSync(out, { force: true });
      const r = run(['check', 'interop-map', '-f', 'json', '--output', out]);
      return { ...r, report: readFileSync(out, 'utf8') };
    });
    expect(runs.map(replayed)).toEqual([false, true, true]);
    expect(runs[2]!.report).toBe(runs[0]!.report);
    expect(runs[2]!.stdout).toBe('');
    // Whether the CLI proper ran: a hit loads only the fast path.
    const trace = moduleTracer();
    const twice = (args: string[]) => [0, 1].map(() => trace(args, { cwd: root, env: { SPECGATE_CACHE_DIR: cache } }));
    for (const args of [['check', 'interop-map', '--debug'], ['check', 'interop-map', '--fix-dry-run'], ['check', 'interop-map', '--suppress-all', '--suppressions-location', path.join(tempDir(), 's.json')]]) {
      const runs = twice(args);
      expect(runs.map((r) => r.ours.includes('cli-main.js')), args.join(' ')).toEqual([true, true]);
    }
    // A plugin is repository code: it may read anything, so its runs are never replayed.
    writeFileSync(path.join(root, 'plugin.mjs'), "export default { name: 'p', families: [{ name: 'alpha', description: 'd', rules: [{ id: 'alpha/never', rfc: 'RFC 1', description: 'd', run() {} }] }] };\n");
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ plugins: ['./plugin.mjs'] }));
    const plugged = twice(['check', 'alpha']);
    // (A run that ends 0 or 1, which would be recorded but for the plugin.)
    expect(plugged.map((r) => [r.code < 2, r.ours.includes('cli-main.js')]), plugged[0]!.stderr).toEqual([[true, true], [true, true]]);
  }, 180_000);

  it("in the repository's node_modules/.cache: replayed once git has said it ignores the folder; an entry not made with the user's secret, or committed, never", () => {
    mkdirSync(path.join(root, 'node_modules'));
    const args = ['check', 'interop-map'];
    const inRepo = (a: string[]) => run(a, { SPECGATE_CACHE_DIR: '' }, path.join(root, 'node_modules/.cache/specgate/results'));
    const runs = [inRepo(args), inRepo(args), inRepo(args)];
    // The first run makes the folder; git's answer is kept by the second at the latest.
    expect(replayed(runs[0]!)).toBe(false);
    expect(replayed(runs[2]!)).toBe(true);
    expect(runs[2]!.stdout).toBe(runs[1]!.stdout);
    // An entry is authenticated with the user's secret: one framed with any other secret (all a
    // pull request can do) is a miss, one framed with the user's is replayed...
    const folder = path.join(root, 'node_modules/.cache/specgate/results');
    const [entry] = readdirSync(folder);
    const body = Buffer.from(JSON.stringify({ v: 1, code: 0, output: [[1, Buffer.from('forged: no problems\n').toString('base64')]], inputs: [] }));
    writeFileSync(path.join(folder, entry!), frameEntry('results', entry!, body, randomBytes(32)));
    expect(seen(inRepo(args))).toEqual(seen(runs[0]!));
    writeFileSync(path.join(folder, entry!), frameEntry('results', entry!, body, cacheSecret(root, true)!));
    expect(inRepo(args).stdout).toBe('forged: no problems\n');
    // ...and a folder holding a committed entry is not used at all (a run never writes over committed files).
    gitOk(root, ['add', '-f', `node_modules/.cache/specgate/results/${entry}`]);
    gitOk(root, ['commit', '-q', '--no-verify', '-m', 'a committed entry']);
    for (const r of [inRepo(args), inRepo(args)]) expect(seen(r)).toEqual(seen(runs[0]!));
  }, 180_000);
});
