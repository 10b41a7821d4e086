import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCommandArgs } from '../core/args.js';
import { packageRoot } from '../core/package-root.js';
import { installHook } from '../hooks/install-hook.js';
import type { Command, Timing } from './measure.js';
import { peakMemoryMiB, time, timeRoundRobin } from './measure.js';
import { generateCorpus, UNIT } from './synthetic.js';
import { runHostile } from './hostile.js';

/**
 * `npm run bench`: whole-process wall-time medians of the gates against `node -e 0` in the same
 * run, the pre-commit hook on an ungoverned commit, and full checks of synthetic corpora at ×1,
 * ×10 and ×100 with their peak memory — full checks both cold (parse cache emptied before every
 * run) and warm.
 */
const HELP = `usage: npm run bench -- [--runs N] [--warmup N] [--scale-runs N] [--sizes 1,10,100] [--json FILE]
       npm run bench -- --lsp     the language server: didChange → publishDiagnostics, memory over 500 edits
       npm run bench -- --hostile [--sizes 1,4,16] [--json FILE]
`;
const ROOT = packageRoot();
const CLI = path.join(ROOT, 'dist/scripts/cli.js');
const node = process.execPath;

/** Issue 13's bounds: ratios to `node -e 0`, the ×100 corpus in ms and MiB. */
const TARGETS = { interopMap: 1.5, fullCheck: 2, fullCheckCold: 5, hook: 0.2, scaleMs: 3000, scaleColdMs: 20000, scaleMiB: 300, growth10x: 12 };

async function main(): Promise<number> {
  const { values } = parseCommandArgs(
    process.argv.slice(2),
    { runs: { type: 'string' }, warmup: { type: 'string' }, 'scale-runs': { type: 'string' }, sizes: { type: 'string' }, json: { type: 'string' }, hostile: { type: 'boolean' }, lsp: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    false,
  );
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.lsp) return (await import('./lsp.js')).benchLsp();
  if (values.hostile) return hostile(values.sizes === undefined ? [1, 4, 16] : String(values.sizes).split(',').map(Number).filter((n) => n > 0), values.json === undefined ? undefined : String(values.json));
  const runs = Math.max(10, Number(values.runs ?? 15));
  const warmup = Math.max(1, Number(values.warmup ?? 3));
  const scaleRuns = Math.max(1, Number(values['scale-runs'] ?? 5));
  const sizes = String(values.sizes ?? '1,10,100').split(',').map(Number).filter((n) => n > 0);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'specgate-bench-'));
  const lines: string[] = [];
  const say = (s: string) => {
    lines.push(s);
    process.stdout.write(s + '\n');
  };

  try {
    say(`specgate bench · node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${runs} rounds after ${warmup} warm-up, each round running every command once`);
    // The parse cache lives in the scratch folder. Cold runs empty it before every run; warm runs
    // keep what the warm-up wrote.
    const cacheDir = path.join(scratch, 'parse-cache');
    const cold = () => rmSync(cacheDir, { recursive: true, force: true });
    const cli = (label: string, args: string[], cwd = ROOT, before?: () => void): Command => ({ label, file: node, args: [CLI, ...args], cwd, okCodes: [0, 1], env: { SPECGATE_CACHE_DIR: cacheDir }, ...(before ? { before } : {}) });
    // As users run them: `npm run check:interop-map` and `npm run check`, the report (stylish) on stdout.
    const gateCmd = cli('check interop-map', ['check', 'interop-map']);
    const fullColdCmd = cli('check (all families), cold parse cache', ['check'], ROOT, cold);
    // Right after the cold run of the same round, which filled the cache.
    const fullCmd = cli('check (all families), warm parse cache', ['check']);
    const hookRepo = ungovernedCommitRepo(path.join(scratch, 'hook-repo'));
    const hookCmd: Command = { label: 'pre-commit hook, ungoverned commit', file: 'sh', args: [hookRepo.hook], cwd: hookRepo.root };
    const [baseline, gate, fullCold, full, hook] = timeRoundRobin([{ label: 'node -e 0', file: node, args: ['-e', '0'] }, gateCmd, fullColdCmd, fullCmd, hookCmd], runs, warmup) as [Timing, Timing, Timing, Timing, Timing];

    say('');
    say('| command | median ms | min–max ms | × node -e 0 | target |');
    say('| --- | ---: | ---: | ---: | --- |');
    const row = (t: Timing, target?: number) => {
      const ratio = t.medianMs / baseline.medianMs;
      say(`| ${t.label} | ${t.medianMs.toFixed(1)} | ${t.minMs.toFixed(1)}–${t.maxMs.toFixed(1)} | ${ratio.toFixed(2)} | ${target ? `≤ ${target}× ${ratio <= target ? 'met' : 'MISSED'}` : ''} |`);
      return ratio;
    };
    row(baseline);
    const ratios = { interopMap: row(gate, TARGETS.interopMap), fullCheckCold: row(fullCold, TARGETS.fullCheckCold), fullCheck: row(full, TARGETS.fullCheck), hook: row(hook, TARGETS.hook) };

    say('');
    say(`Synthetic corpora (×1 = ${UNIT.rfcs} RFC files, ${UNIT.invariants} invariant entries; full check, median of ${scaleRuns} after 1 warm-up; cold = parse cache emptied before every run, warm = filled by the warm-up):`);
    say('');
    say('| size | RFC files | invariant entries | RFC+invariant MiB | parse cache | median ms | × previous size | peak MiB | exit |');
    say('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |');
    type Scale = { factor: number; cache: 'cold' | 'warm'; rfcFiles: number; invariantEntries: number; medianMs: number; peakMiB: number; exit: number };
    const scale: Scale[] = [];
    for (const factor of sizes) {
      const corpus = generateCorpus(ROOT, path.join(scratch, `x${factor}`), factor);
      const out = path.join(scratch, `x${factor}.json`);
      for (const cache of ['cold', 'warm'] as const) {
        cold();
        const cmd = cli(`×${factor} ${cache}`, ['check', '--root', corpus.root, '--format', 'json', '--output', out], corpus.root, cache === 'cold' ? cold : undefined);
        const t = time(cmd, scaleRuns, 1);
        const peak = peakMemoryMiB(cmd, scratch);
        const exit = exitOf(cmd);
        const prev = [...scale].reverse().find((x) => x.cache === cache);
        const growth = prev ? t.medianMs / prev.medianMs : undefined;
        scale.push({ factor, cache, rfcFiles: corpus.rfcFiles, invariantEntries: corpus.invariantEntries, medianMs: t.medianMs, peakMiB: peak, exit });
        say(`| ×${factor} | ${corpus.rfcFiles} | ${corpus.invariantEntries} | ${(corpus.bytes / 2 ** 20).toFixed(1)} | ${cache} | ${t.medianMs.toFixed(0)} | ${growth ? `${growth.toFixed(2)} (for ×${factor / prev!.factor} input)` : ''} | ${peak.toFixed(0)} | ${exit} |`);
      }
      rmSync(corpus.root, { recursive: true, force: true });
    }
    say('');
    for (const cache of ['cold', 'warm'] as const) {
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
    if (values.json) writeFileSync(String(values.json), JSON.stringify({ node: process.version, runs, warmup, baseline, gate, fullCold, full, hook, ratios, scale, targets: TARGETS }, null, 2) + '\n');
    return 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
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
