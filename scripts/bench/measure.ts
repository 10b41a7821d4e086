import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Command {
  label: string;
  file: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** Exit codes that count as a completed run (a check with findings exits 1). */
  okCodes?: number[];
  /** Run before every spawn, untimed (e.g. emptying the parse cache for a cold run). */
  before?: () => void;
}

export interface Timing {
  label: string;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /**
   * Median CPU time (user + system) of the run's whole process tree, in ms (Linux: the children's
   * times the kernel adds to this process once they are waited for; 10 ms ticks). On a shared
   * machine it moves far less with the load than the wall time does. NaN where it cannot be read.
   */
  cpuMs: number;
}

/** Whole-process wall time: spawn, run, exit. The median of `runs` after `warmup` unmeasured runs. */
export function time(cmd: Command, runs: number, warmup: number): Timing {
  return timeRoundRobin([cmd], runs, warmup)[0]!;
}

/**
 * Several commands timed in turn, one run of each per round, so that they share the same stretch
 * of time: a host that slows down for a while (shared VMs do) slows all of them alike, and the
 * ratios between them hold. The median of `runs` rounds after `warmup` unmeasured ones.
 */
export function timeRoundRobin(cmds: readonly Command[], runs: number, warmup: number): Timing[] {
  const samples: number[][] = cmds.map(() => []);
  const cpu: number[][] = cmds.map(() => []);
  for (let i = 0; i < warmup + runs; i++) {
    cmds.forEach((cmd, c) => {
      // The untimed step first (an edit, which may spawn git): neither its time nor its CPU is the row's.
      cmd.before?.();
      const before = childrenCpuMs();
      const ms = spawnTimed(cmd);
      if (i >= warmup) {
        samples[c]!.push(ms);
        cpu[c]!.push(childrenCpuMs() - before);
      }
    });
  }
  return cmds.map((cmd, c) => {
    const sorted = samples[c]!.sort((a, b) => a - b);
    return { label: cmd.label, runs, medianMs: median(sorted), minMs: sorted[0]!, maxMs: sorted[sorted.length - 1]!, cpuMs: median(cpu[c]!.sort((a, b) => a - b)) };
  });
}

/** CPU time of this process's waited-for children so far (cutime + cstime of /proc/self/stat), in ms; NaN off Linux. */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name (which may hold spaces), from the 3rd: cutime and cstime are the 16th and 17th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

function spawnTimed(cmd: Command): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd.file, cmd.args, { cwd: cmd.cwd, env: { ...process.env, ...cmd.env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.error || !(cmd.okCodes ?? [0]).includes(r.status ?? -1)) {
    throw new Error(`${cmd.label}: exit ${r.status ?? r.signal ?? r.error?.message}: ${String(r.stderr).split('\n')[0]}`);
  }
  return ms;
}

function median(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Peak resident memory of a node child, in MiB: a preloaded script records
 * process.resourceUsage().maxRSS as the child exits (only in this run, not in the timed ones).
 */
export function peakMemoryMiB(cmd: Command, scratch: string): number {
  const preload = path.join(scratch, 'max-rss.cjs');
  const out = path.join(scratch, 'max-rss.txt');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS)));\n`);
  rmSync(out, { force: true });
  cmd.before?.();
  const r = spawnSync(cmd.file, ['--require', preload, ...cmd.args], { cwd: cmd.cwd, env: { ...process.env, ...cmd.env }, stdio: ['ignore', 'ignore', 'pipe'] });
  if (!(cmd.okCodes ?? [0]).includes(r.status ?? -1)) throw new Error(`${cmd.label}: exit ${r.status}: ${String(r.stderr).split('\n')[0]}`);
  return Number(readFileSync(out, 'utf8')) / 1024;
}
