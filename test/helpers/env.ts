import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED } from './shared.js';
import { makeTempDir } from './temp-dirs.js';

export const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export { SHARED, sharedAvailable, describeShared } from './shared.js';
export const ANCHOR = path.join(SHARED, 'anchors/openwop-v2');
export const SDK_FIXTURES = path.join(SHARED, 'fixtures/a2a-js-sdk-1.3.0');
/** The shipped artifact (package.json `bin`), built by tsc and the bundle step in the test run's globalSetup. */
export const CLI = path.join(PROJECT, 'dist/scripts/cli.js');

/** A fresh temp folder, removed when the test file ends (test/helpers/temp-dirs.ts). */
export const tempDir = makeTempDir;

/** A writable copy of a folder in a fresh temp dir. */
export function tempCopy(src: string, filter?: (p: string) => boolean): string {
  const dir = tempDir();
  cpSync(src, dir, { recursive: true, filter: (p) => !p.includes(`${path.sep}node_modules`) && !p.includes(`${path.sep}.git${path.sep}`) && (!filter || filter(p)) });
  return dir;
}

/** A temp copy of this project's governed corpus (not its code). */
export function projectCorpusCopy(): string {
  const dir = tempDir();
  for (const d of ['spec', 'schemas', 'invariants', 'RFCS', 'test/wire', 'test/checks']) {
    if (existsSync(path.join(PROJECT, d))) cpSync(path.join(PROJECT, d), path.join(dir, d), { recursive: true });
  }
  return dir;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Standard input of an in-process run (`check --stdin`). */
  stdin?: string;
}

/** Runs of the in-process CLI, one at a time: each one changes the working directory and env. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs the CLI in this process (scripts/cli-main.ts `main`) with stdout and stderr captured: the
 * same code as the binary short of node's startup, in the given working directory and with the
 * given env (both restored afterwards). Tests about the process itself (the binary's exit code,
 * EPIPE, stdin, the hook) use `spawnCli`.
 */
export function runCli(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  const run = queue.then(() => runInProcess(args, opts));
  queue = run.catch(() => undefined);
  return run;
}

async function runInProcess(args: string[], opts: CliOptions): Promise<CliResult> {
  const { main } = await import('../../scripts/cli-main.js');
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text), isTTY: false },
    stderr: { write: (text: string) => (stderr += text) },
    ...(opts.stdin !== undefined ? { readStdin: async () => opts.stdin! } : {}),
  };
  const env: Record<string, string> = { NO_COLOR: '1', ...opts.env };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const cwd = process.cwd();
  Object.assign(process.env, env);
  process.chdir(opts.cwd ?? PROJECT);
  try {
    const code = await main(args, io);
    return { code, stdout, stderr };
  } finally {
    process.chdir(cwd);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Runs the built CLI (package.json `bin`) in a child process: for tests about the process itself. */
export function spawnCli(args: string[], opts: CliOptions & { input?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd ?? PROJECT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
    input: opts.input,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export interface JsonFinding {
  ruleId: string;
  severity: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  pointer: string | null;
  message: string;
  /** The id of the rule's message template, when the rule words its findings by id. */
  messageId?: string;
  /** The section the finding enforces, under the run's preset. */
  rfc?: string;
}

/** Parses a `--format json` report's findings and summary (empty when stdout is not JSON). */
export function withFindings(r: CliResult): CliResult & { findings: JsonFinding[]; summary: any } {
  let parsed: { findings: JsonFinding[]; summary: unknown } = { findings: [], summary: undefined };
  try {
    parsed = JSON.parse(r.stdout);
  } catch {
    // leave empty: the assertion on code/stderr will tell
  }
  return { ...r, findings: parsed.findings, summary: parsed.summary };
}

/** Runs the CLI in-process with --format json and parses the findings. */
export async function runJson(args: string[], opts: CliOptions = {}): Promise<CliResult & { findings: JsonFinding[]; summary: any }> {
  return withFindings(await runCli([...args, '--format', 'json'], opts));
}

/** Runs the built CLI in a child process with --format json and parses the findings. */
export function spawnJson(args: string[], opts: CliOptions = {}): CliResult & { findings: JsonFinding[]; summary: any } {
  return withFindings(spawnCli([...args, '--format', 'json'], opts));
}

/** Edit a JSON file in place with a function over its parsed value (2-space indent, final newline). */
export function editJson(file: string, edit: (v: any) => void): void {
  const v = JSON.parse(readFileSync(file, 'utf8'));
  edit(v);
  writeFileSync(file, JSON.stringify(v, null, 2) + '\n');
}

/** 1-based line of the first occurrence of `needle` in a file (after `after`, if given). */
export function lineOf(file: string, needle: string, after?: string): number {
  const text = readFileSync(file, 'utf8');
  const from = after ? text.indexOf(after) : 0;
  const i = text.indexOf(needle, Math.max(0, from));
  if (i < 0) throw new Error(`"${needle}" not found in ${file}`);
  return text.slice(0, i).split('\n').length;
}
