import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from './measure.js';
import { timeRoundRobin } from './measure.js';

/** Issue 37's bound: `report` on upstream's corpus with the caches of an earlier run, a fresh edit each round. */
export const REPORT_TARGET = 3;

/**
 * `npm run bench -- --report`: `specgate report` on upstream's layout (the openwop-v2 anchor with
 * the shared upstream RFCs laid over it, a git repository whose node_modules/ is ignored, so the
 * cache folder is used), each round after a fresh edit of one RFC (a line appended, its text new
 * to every cache), against `node -e 0` in the same rounds.
 */
export function benchReport(root: string, cli: string, runs: number, warmup: number, say: (s: string) => void): number {
  const shared = path.resolve(root, process.env.SPECGATE_TEST_SHARED ?? '../shared');
  const anchor = path.join(shared, 'anchors/openwop-v2');
  const rfcs = path.join(shared, 'anchors/openwop-rfcs/RFCS');
  if (!existsSync(anchor) || !existsSync(rfcs)) {
    say(`bench --report: ${shared}/anchors not found`);
    return 2;
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'specgate-bench-report-'));
  try {
    const repo = path.join(scratch, 'upstream');
    cpSync(anchor, repo, { recursive: true });
    for (const f of readdirSync(rfcs)) cpSync(path.join(rfcs, f), path.join(repo, 'RFCS', f));
    writeFileSync(path.join(repo, '.gitignore'), 'node_modules/\n');
    writeFileSync(path.join(repo, 'specgate.config.json'), '{ "preset": "openwop" }\n');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: repo, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '--no-verify', '-m', 'upstream');
    const edited = path.join(repo, 'RFCS', '0003-agent-packs.md');
    const original = readFileSync(edited, 'utf8');
    let round = 0;
    const edit = () => writeFileSync(edited, `${original}\nEdited in bench round ${++round}.\n`);
    const node = process.execPath;
    // What users run: the package's bin (bin/specgate), from its startup snapshot, built here first
    // as an install builds it; the plain CLI (`node dist/scripts/cli.js`) beside it, in the same rounds.
    const launcher = path.join(root, 'bin', 'specgate');
    const env = { PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` };
    execFileSync(node, [path.join(root, 'dist/scripts/snapshot/build-blob.js'), path.join(path.dirname(node), 'node')], { stdio: 'ignore' });
    const snapshot = existsSync(path.join(root, 'dist/snapshot/cli.blob'));
    const via = (args: string[]) => ({ file: launcher, args, env });
    const rows: Command[] = [
      { label: 'node -e 0', file: node, args: ['-e', '0'] },
      { label: 'report (text), bin/specgate, warm, an RFC edited before each run', ...via(['report']), cwd: repo, before: edit },
      { label: 'report --format json, bin/specgate, warm, an RFC edited before each run', ...via(['report', '--format', 'json']), cwd: repo, before: edit },
      { label: 'report --format html (git history, 2 commits), bin/specgate, warm, an RFC edited before each run', ...via(['report', '--format', 'html']), cwd: repo, before: edit },
      { label: 'report (text), plain: node dist/scripts/cli.js', file: node, args: [cli, 'report'], cwd: repo, before: edit },
      { label: 'report --format json, plain: node dist/scripts/cli.js', file: node, args: [cli, 'report', '--format', 'json'], cwd: repo, before: edit },
    ];
    const t = timeRoundRobin(rows, runs, warmup);
    say(`specgate bench --report · node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${runs} rounds after ${warmup} warm-up · upstream layout: ${readdirSync(path.join(repo, 'RFCS')).length} files in RFCS/ · startup snapshot ${snapshot ? 'built' : 'NOT built: bin/specgate runs the plain CLI'}`);
    say('');
    // CPU time of the process tree beside wall time, as the main bench gives it: on a shared
    // machine wall time moves with the load, CPU time far less.
    say('| command | median ms | min–max ms | × node -e 0 | CPU ms | CPU × node -e 0 | target |');
    say('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
    let missed = false;
    for (const [i, x] of t.entries()) {
      const ratio = x.medianMs / t[0]!.medianMs;
      const bounded = i === 1 || i === 2;
      if (bounded && ratio > REPORT_TARGET) missed = true;
      say(`| ${x.label} | ${x.medianMs.toFixed(1)} | ${x.minMs.toFixed(1)}–${x.maxMs.toFixed(1)} | ${ratio.toFixed(2)} | ${x.cpuMs.toFixed(0)} | ${(x.cpuMs / t[0]!.cpuMs).toFixed(2)} | ${bounded ? `≤ ${REPORT_TARGET}× ${ratio <= REPORT_TARGET ? 'met' : 'MISSED'}` : i > 0 ? 'reported' : ''} |`);
    }
    return missed ? 1 : 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
