import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { cacheFolder } from '../core/cache/cache.js';
import { packageRoot } from '../core/base/package-root.js';
import { installHook } from '../hooks/install-hook.js';
import type { Command, Timing } from './measure.js';
import { peakMemoryMiB, time, timeRoundRobin } from './measure.js';
import { UNIT } from './synthetic.js';
import { runHostile } from './hostile.js';
import { editor, hookCommitRepo, scaleRepo, upstreamRepo, workRepo } from './paths.js';

/**
 * `npm run bench`: whole-process wall-time medians of the gates against `node -e 0` in the same
 * run, the pre-commit hook on an ungoverned commit, and full checks of synthetic corpora at ×1,
 * ×10 and ×100 with their peak memory — full checks both cold (cache folder emptied before every
 * run) and warm.
 */
const HELP = `usage: npm run bench -- [--runs N] [--warmup N] [--scale-runs N] [--sizes 1,10,100] [--node PATH] [--no-adopter] [--json FILE]
       --node PATH   run every row under this second node binary too (e.g. Node 24)
       --no-adopter  skip the adopter's installed copy (npm pack + npm install into a temp folder)
       --scale-modes cold,edit  which synthetic rows to run (cold: empty cache folder; edit: one RFC edited)
       npm run bench -- --lsp     the language server: didChange → publishDiagnostics, memory over 500 edits
       npm run bench -- --hostile [--sizes 1,4,16] [--json FILE]
       npm run bench -- --report [--runs N] [--warmup N]   specgate report on upstream's layout, an RFC edited each round
`;
const ROOT = packageRoot();
/** The cold row's own cache folder: beside the default one, under the same rules (see below). */
const COLD_CACHE = path.join(ROOT, 'node_modules', '.cache', 'specgate-bench-cold');
const CLI = path.join(ROOT, 'dist/scripts/cli.js');
/** The shared data beside the project (upstream's corpus): ../shared, or $SPECGATE_SHARED. */
const SHARED = path.resolve(process.env.SPECGATE_SHARED ?? path.join(ROOT, '..', 'shared'));
/** What the edit rows edit: the interop map, and one RFC. */
const MAP = 'spec/v2/interop-map.json';
const RFC = 'RFCS/0208-v2-a2a-mcp-operation-mappings.md';
const node = process.execPath;

/** Issues 13 and 24's bounds: ratios to `node -e 0` (and to the hand-written gate), the ×100 corpus in ms and MiB. */
const TARGETS = { hookCommit: 1.5, upstream: 3, interopMap: 1.5, interopMapVsHandGate: 0.5, fullCheck: 2, fullCheckCold: 5, hook: 0.2, scaleMs: 3000, scaleColdMs: 20000, scaleMiB: 300, growth10x: 12 };

async function main(): Promise<number> {
  const { values } = parseCommandArgs(
    process.argv.slice(2),
    { runs: { type: 'string' }, warmup: { type: 'string' }, 'scale-runs': { type: 'string' }, sizes: { type: 'string' }, json: { type: 'string' }, node: { type: 'string' }, 'no-adopter': { type: 'boolean' }, 'scale-modes': { type: 'string' }, hostile: { type: 'boolean' }, report: { type: 'boolean' }, lsp: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    false,
  );
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.lsp) return (await import('./lsp.js')).benchLsp();
  if (values.report) return (await import('./report.js')).benchReport(ROOT, CLI, Math.max(3, Number(values.runs ?? 15)), Math.max(1, Number(values.warmup ?? 2)), (s) => process.stdout.write(s + '\n'));
  if (values.hostile) return hostile(values.sizes === undefined ? [1, 4, 16] : String(values.sizes).split(',').map(Number).filter((n) => n > 0), values.json === undefined ? undefined : String(values.json));
  const runs = Math.max(3, Number(values.runs ?? 15));
  const warmup = Math.max(1, Number(values.warmup ?? 3));
  const scaleRuns = Math.max(1, Number(values['scale-runs'] ?? 5));
  const sizes = String(values.sizes ?? '1,10,100').split(',').map(Number).filter((n) => n > 0);
  const scaleModes = String(values['scale-modes'] ?? 'cold,edit').split(',').filter((m): m is 'cold' | 'edit' => m === 'cold' || m === 'edit');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'specgate-bench-'));
  const lines: string[] = [];
  const say = (s: string) => {
    lines.push(s);
    process.stdout.write(s + '\n');
  };

  try {
    const runtimes = [node, ...(values.node ? [path.resolve(String(values.node))] : [])];
    const versionOf = (bin: string) => execFileSync(bin, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    say(`specgate bench · node ${runtimes.map(versionOf).join(' and ')} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${runs} rounds after ${warmup} warm-up, each round running every command once`);
    // Every cache in its default place, as users have it: the governed repository's
    // node_modules/.cache/specgate (or $SPECGATE_CACHE_DIR). Cold runs start from an empty folder
    // (validators, parses, results, Node's compile cache); warm runs keep what the runs before them wrote.
    const cold = (root: string) => () => rmSync(cacheFolder(root), { recursive: true, force: true });
    // The startup snapshot of this build, for the node on PATH (the hook row runs bin/specgate, as users' hooks do).
    execFileSync(node, [path.join(ROOT, 'dist/scripts/snapshot/build-blob.js'), path.join(path.dirname(node), 'node')], { stdio: 'ignore' });
    const adopter = values['no-adopter'] ? undefined : adopterCopy(path.join(scratch, 'adopter'), say);
    const adopterEdit = adopter ? editor(path.join(adopter.root, MAP)) : undefined;
    const hookRepo = ungovernedCommitRepo(path.join(scratch, 'hook-repo'));
    // The paths users take (scripts/bench/paths.ts): every round meets a fresh edit, so none is a replay.
    const mapRepo = workRepo(ROOT, path.join(scratch, 'map-edit'), MAP);
    const rfcRepo = workRepo(ROOT, path.join(scratch, 'rfc-edit'), RFC);
    const hookCommit = hookCommitRepo(ROOT, path.join(scratch, 'hook-commit'), MAP);
    const upstream = existsSync(SHARED) ? upstreamRepo(SHARED, path.join(scratch, 'upstream')) : undefined;
    if (!upstream) say(`upstream's corpus: ${SHARED} is absent, its row is skipped`);
    type Rows = { baseline: Command; hand: Command; hook: Command; gate: Command; adopterGate?: Command; full: Command; upstream?: Command; fullCold: Command; ungoverned: Command };
    const rowsFor = (bin: string): Rows => {
      const v = bin === node ? '' : ` (${versionOf(bin)})`;
      const cli = (label: string, args: string[], cwd: string, before?: () => void): Command => ({ label: label + v, file: bin, args: [CLI, ...args], cwd, okCodes: [0, 1], ...(before ? { before } : {}) });
      return {
        baseline: { label: `node -e 0${v}`, file: bin, args: ['-e', '0'] },
        // The yardstick: the gate spec repositories keep by hand (scripts/bench/hand-gate.ts), on the edited map.
        hand: { label: `hand-written gate (ajv, loops, no positions)${v}`, file: bin, args: [path.join(ROOT, 'dist/scripts/bench/hand-gate.js'), mapRepo.root], cwd: mapRepo.root, okCodes: [0, 1] },
        hook: { ...hookCommit.command(bin), label: hookCommit.command(bin).label + v, before: hookCommit.before },
        // As users run them: `npm run check:interop-map` and `npm run check`, the report (stylish) on stdout.
        gate: cli('check interop-map after an edit of the map', ['check', 'interop-map'], mapRepo.root, mapRepo.edit),
        // The bin is a sh launcher (bin/specgate): node is the first on PATH; the startup snapshot (built after the install for the default node) for that node only.
        ...(adopter && adopterEdit ? { adopterGate: { label: `check interop-map after an edit of the map, through the adopter's node_modules/.bin/specgate${bin === node ? ' (startup snapshot)' : ' (plain CLI)'}${v}`, file: adopter.bin, args: ['check', 'interop-map'], cwd: adopter.root, okCodes: [0, 1], before: adopterEdit, env: { PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}`, ...(bin === node ? {} : { SPECGATE_SNAPSHOT: 'off' }) } } } : {}),
        full: cli('check (all families) after one RFC is edited', ['check'], rfcRepo.root, rfcRepo.edit),
        ...(upstream ? { upstream: cli("upstream's corpus (--preset openwop) after one RFC is edited", ['check', '--preset', 'openwop'], upstream.root, upstream.edit) } : {}),
        // Cold in a cache folder of its own (emptied before every run, in the same place and under
        // the same git checks as the default one), so it empties no cache of the other rows.
        fullCold: { ...cli('check (all families), cold: no caches', ['check'], ROOT, () => rmSync(COLD_CACHE, { recursive: true, force: true })), env: { SPECGATE_CACHE_DIR: COLD_CACHE } },
        ungoverned: { label: `pre-commit hook, ungoverned commit${v}`, file: 'sh', args: [hookRepo.hook], cwd: hookRepo.root, env: { PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` } },
      };
    };
    const perRuntime = runtimes.map(rowsFor);
    const order = (r: Rows) => [r.baseline, r.hand, r.hook, r.gate, ...(r.adopterGate ? [r.adopterGate] : []), r.full, ...(r.upstream ? [r.upstream] : []), r.fullCold, r.ungoverned];
    const timings = timeRoundRobin(perRuntime.flatMap(order), runs, warmup);
    const results: Record<string, unknown>[] = [];
    let at = 0;
    for (const [i, rows] of perRuntime.entries()) {
      const take = () => timings[at++]!;
      const t = { baseline: take(), hand: take(), hook: take(), gate: take(), adopterGate: rows.adopterGate ? take() : undefined, full: take(), upstream: rows.upstream ? take() : undefined, fullCold: take(), ungoverned: take() };
      const bounded = i === 0; // Node 24 rows are reported, not bounded
      say('');
      say(`| command | median ms | min–max ms | × node -e 0 | × hand-written gate | CPU ms | CPU × node -e 0 | target |`);
      say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
      const row = (x: Timing, target?: number, vsHand?: number) => {
        const ratio = x.medianMs / t.baseline.medianMs;
        const hand = x.medianMs / t.hand.medianMs;
        const verdicts = [target === undefined ? '' : `≤ ${target}× ${ratio <= target ? 'met' : 'MISSED'}`, vsHand === undefined ? '' : `≤ ${vsHand}× the hand-written gate ${hand <= vsHand ? 'met' : 'MISSED'}`].filter(Boolean).join('; ');
        say(`| ${x.label} | ${x.medianMs.toFixed(1)} | ${x.minMs.toFixed(1)}–${x.maxMs.toFixed(1)} | ${ratio.toFixed(2)} | ${hand.toFixed(2)} | ${x.cpuMs.toFixed(0)} | ${(x.cpuMs / t.baseline.cpuMs).toFixed(2)} | ${bounded ? verdicts : verdicts ? 'reported' : ''} |`);
        return ratio;
      };
      row(t.baseline);
      row(t.hand);
      const ratios = {
        hookCommit: row(t.hook, TARGETS.hookCommit),
        interopMap: row(t.gate, TARGETS.interopMap, TARGETS.interopMapVsHandGate),
        ...(t.adopterGate ? { adopterInteropMap: row(t.adopterGate, TARGETS.interopMap, TARGETS.interopMapVsHandGate) } : {}),
        fullCheck: row(t.full, TARGETS.fullCheck),
        ...(t.upstream ? { upstream: row(t.upstream, TARGETS.upstream) } : {}),
        fullCheckCold: row(t.fullCold, TARGETS.fullCheckCold),
        hook: row(t.ungoverned, TARGETS.hook),
      };
      results.push({ node: versionOf(runtimes[i]!), ...t, ratios });
    }
    const ratios = results[0]!.ratios;
    say('');
    say(`Synthetic corpora (×1 = ${UNIT.rfcs} RFC files, ${UNIT.invariants} invariant entries; full check, median of ${scaleRuns} after 1 warm-up; cold = cache folder emptied before every run, one RFC edited = the caches the runs before it filled, one RFC edited before each run):`);
    say('');
    say('| size | RFC files | invariant entries | caches | median ms | × previous size | peak MiB | exit |');
    say('| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |');
    type Scale = { factor: number; cache: 'cold' | 'edit'; rfcFiles: number; invariantEntries: number; medianMs: number; peakMiB: number; exit: number };
    const scale: Scale[] = [];
    for (const factor of sizes) {
      const corpus = scaleRepo(ROOT, path.join(scratch, `x${factor}`), factor);
      const out = path.join(scratch, `x${factor}.json`);
      for (const cache of scaleModes) {
        cold(corpus.root)();
        // cold: an empty cache folder every run; edit: the caches the runs before it filled, one RFC edited before each run.
        const cmd: Command = { label: `×${factor} ${cache}`, file: node, args: [CLI, 'check', '--root', corpus.root, '--format', 'json', '--output', out], cwd: corpus.root, okCodes: [0, 1], before: cache === 'cold' ? cold(corpus.root) : corpus.edit };
        const t = time(cmd, scaleRuns, 1);
        const peak = peakMemoryMiB(cmd, scratch);
        const exit = exitOf(cmd);
        const prev = [...scale].reverse().find((x) => x.cache === cache);
        const growth = prev ? t.medianMs / prev.medianMs : undefined;
        scale.push({ factor, cache, rfcFiles: corpus.rfcFiles, invariantEntries: UNIT.invariants * factor, medianMs: t.medianMs, peakMiB: peak, exit });
        say(`| ×${factor} | ${corpus.rfcFiles} | ${UNIT.invariants * factor} | ${cache === 'cold' ? 'cold' : 'one RFC edited'} | ${t.medianMs.toFixed(0)} | ${growth ? `${growth.toFixed(2)} (for ×${factor / prev!.factor} input)` : ''} | ${peak.toFixed(0)} | ${exit} |`);
      }
      rmSync(corpus.root, { recursive: true, force: true });
    }
    say('');
    for (const cache of ['cold', 'edit'] as const) {
      const runsOf = scale.filter((x) => x.cache === cache);
      const big = runsOf.find((x) => x.factor === 100);
      const targetMs = cache === 'cold' ? TARGETS.scaleColdMs : TARGETS.scaleMs;
      if (big) say(`×100 ${cache}: ${big.medianMs.toFixed(0)} ms (target ≤ ${targetMs} ms: ${big.medianMs <= targetMs ? 'met' : 'MISSED'}), ${big.peakMiB.toFixed(0)} MiB (target ≤ ${TARGETS.scaleMiB} MiB: ${big.peakMiB <= TARGETS.scaleMiB ? 'met' : 'MISSED'})`);
      for (let i = 1; i < runsOf.length; i++) {
        const a = runsOf[i - 1]!;
        const b = runsOf[i]!;
        if (b.factor / a.factor === 10) {
          const g = b.medianMs / a.medianMs;
          say(`×${a.factor} → ×${b.factor} ${cache}: time × ${g.toFixed(2)} (target ≤ ${TARGETS.growth10x}: ${g <= TARGETS.growth10x ? 'met' : 'MISSED'})`);
        }
      }
    }
    if (values.json) writeFileSync(String(values.json), JSON.stringify({ node: process.version, runs, warmup, runtimes: results, ratios, scale, targets: TARGETS }, null, 2) + '\n');
    return 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(COLD_CACHE, { recursive: true, force: true });
  }
}

/** The hostile-input table (scripts/bench/hostile.ts). */
function hostile(sizes: number[], json: string | undefined): number {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'specgate-bench-hostile-'));
  try {
    process.stdout.write(`specgate bench --hostile · node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · one run per row (MB = 10^6 bytes)\n\n`);
    const rows = runHostile(ROOT, CLI, scratch, sizes, (s) => process.stdout.write(s + '\n'));
    const worst = Math.max(...rows.map((r) => r.peakMiB));
    process.stdout.write(`\npeak memory of every run ≤ 1024 MiB: ${worst <= 1024 ? 'met' : 'MISSED'} (largest ${worst.toFixed(0)} MiB)\n`);
    if (json) writeFileSync(json, JSON.stringify({ node: process.version, rows }, null, 2) + '\n');
    return rows.every((r) => r.exit === 0 || r.exit === 1) && worst <= 1024 ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function exitOf(cmd: Command): number {
  try {
    execFileSync(cmd.file, cmd.args, { cwd: cmd.cwd, stdio: 'ignore', env: { ...process.env, ...cmd.env } });
    return 0;
  } catch (e) {
    return (e as { status?: number }).status ?? -1;
  }
}

/**
 * An adopter as issue 26 has one: a git repository holding this project's governed files, with
 * specgate installed from its packed tarball (`npm pack`, then `npm install` of it, dependencies
 * from npm's cache when it has them), run through `node_modules/.bin/specgate`.
 */
function adopterCopy(root: string, say: (s: string) => void): { root: string; bin: string } {
  mkdirSync(root, { recursive: true });
  const tracked = execFileSync('git', ['-c', 'core.fsmonitor=false', 'ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of tracked) if (/^(spec|schemas|RFCS|invariants)\//.test(f) && existsSync(path.join(ROOT, f))) cpSync(path.join(ROOT, f), path.join(root, f), { recursive: true });
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'bench-adopter', version: '1.0.0', private: true }, null, 2) + '\n');
  execFileSync('git', ['init', '-q'], { cwd: root, stdio: 'ignore' });
  const packs = path.join(root, '..', 'packs');
  mkdirSync(packs, { recursive: true });
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', packs], { cwd: ROOT, stdio: 'ignore' });
  const tarball = path.join(packs, readdirSync(packs).find((f) => f.endsWith('.tgz'))!);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--save-dev', tarball], { cwd: root, stdio: 'ignore' });
  // What the install's postinstall does (skipped above with the other scripts): the startup snapshot, for the node on PATH.
  execFileSync(process.execPath, [path.join(root, 'node_modules/specgate/dist/scripts/snapshot/build-blob.js'), path.join(path.dirname(process.execPath), 'node')], { stdio: 'ignore' });
  say(`adopter: ${path.basename(tarball)} installed in a temp git repository (${tracked.length} tracked files of this project, the governed ones copied)${existsSync(path.join(root, 'node_modules/specgate/dist/snapshot/cli.blob')) ? ', its startup snapshot built' : ', NO startup snapshot'}`);
  return { root, bin: path.join(root, 'node_modules', '.bin', 'specgate') };
}

/** A git repository with the hook installed and an ungoverned file staged, as at `git commit`. */
function ungovernedCommitRepo(dir: string): { root: string; hook: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
  execFileSync('mkdir', ['-p', dir]);
  git('init', '-q');
  writeFileSync(path.join(dir, 'NOTES.txt'), 'not governed\n');
  git('add', 'NOTES.txt');
  const r = installHook({ packageRoot: dir, env: {} });
  if (!r.hookFile || (r.outcome !== 'installed' && r.outcome !== 'unchanged')) throw new Error(`bench: hook not installed: ${r.message}`);
  return { root: dir, hook: r.hookFile };
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`bench: ${(e as Error).message}\n`);
    process.exitCode = 2;
  },
);
