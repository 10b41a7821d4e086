import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, PROJECT, runCli, tempDir } from '../helpers/env.js';
import type { CliResult } from '../helpers/env.js';

export interface ProbeCliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Parsed stdout when --format json was asked for. */
  json?: any;
  /** The recorded exchanges, by file name (NN-case.json). */
  records: Record<string, any>;
  recordTexts: Record<string, string>;
  recordDir: string;
}

/**
 * Runs `specgate probe` in this process (the hosts under test live here too), or with `spawn` the
 * built CLI in a child process, without blocking this one: a synchronous spawn would never get
 * an answer from those hosts.
 */
export async function probeCli(args: string[], opts: { json?: boolean; record?: boolean; env?: Record<string, string>; spawn?: boolean } = {}): Promise<ProbeCliResult> {
  const recordDir = path.join(tempDir('specgate-probe-'), 'records');
  const full = ['probe', ...args, ...(opts.record === false ? [] : ['--record', recordDir]), ...(opts.json === false ? [] : ['--format', 'json'])];
  const { code, stdout, stderr } = opts.spawn ? await spawnProbe(full, opts.env) : await runCli(full, { cwd: PROJECT, ...(opts.env ? { env: opts.env } : {}) });
  const records: Record<string, any> = {};
  const recordTexts: Record<string, string> = {};
  let files: string[] = [];
  try {
    files = readdirSync(recordDir);
  } catch {
    files = [];
  }
  for (const f of files.sort()) {
    recordTexts[f] = readFileSync(path.join(recordDir, f), 'utf8');
    records[f] = JSON.parse(recordTexts[f]!);
  }
  let json: any;
  if (opts.json !== false) {
    try {
      json = JSON.parse(stdout);
    } catch {
      json = undefined;
    }
  }
  return { code, stdout, stderr, json, records, recordTexts, recordDir };
}

async function spawnProbe(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: PROJECT, env: { ...process.env, NO_COLOR: '1', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code: number = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return { code, stdout, stderr };
}

/** The leg row of a JSON probe report. */
export function leg(r: ProbeCliResult, id: string): { leg: string; verdict: string; rfc: string; failedSections: string[]; steps: Array<{ step: string; verdict: string; detail: string; exchanges: string[] }> } {
  const row = r.json?.legs?.find((l: { leg: string }) => l.leg === id);
  if (!row) throw new Error(`no leg ${id} in the probe report:\n${r.stdout}\n${r.stderr}`);
  return row;
}

/** The recorded exchange whose case name is `name` (exactly one). */
export function exchange(r: ProbeCliResult, name: string): any {
  const hits = Object.entries(r.records).filter(([, c]) => c.case === name);
  if (hits.length !== 1) throw new Error(`expected one recorded exchange "${name}", found ${hits.length}: ${Object.keys(r.records).join(', ')}`);
  return hits[0]![1];
}

export function body(x: any): any {
  return JSON.parse(x.response.body);
}
