import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { earlyCacheFolder, quickVerdict, readEntry, sha256 } from './core/replay/cache-entry.js';
import { cacheSecret } from './core/replay/user-cache.js';
import type { Observation } from './core/replay/observed-reads.js';
import { MAX_OBSERVATIONS, stillHolds } from './core/replay/observed-reads.js';

/**
 * The whole-run result cache's fast path (as ESLint's `--cache`, for a whole run): the bin asks it
 * first, and it loads only Node's builtins, `core/replay/cache-entry.ts` and `core/replay/observed-reads.ts`. A run is
 * keyed by everything outside the tree that shapes its output — specgate's build, Node's version
 * and flags, the exact arguments, the working directory, the environment variables that change
 * a report, and whether stdout and stderr are terminals. Its entry (`results/<key>` in the cache
 * folder, framed and checked like every entry there) holds what the run printed, its exit code
 * and every observation it made of the disk (`core/replay/observed-reads.ts`). When each observation still gives
 * the same value, the entry's bytes are written again and the process exits with the same code;
 * anything else is a miss, and the CLI runs (and records) as usual. `scripts/result-record.ts`
 * writes the entries.
 */

export const RESULTS_KIND = 'results';

/** The commands whose runs are replayed (a command decides per run, `cacheableRun`, from its flags). */
const REPLAYED_COMMANDS = new Set(['check', 'report']);

/** Environment variables a report depends on (colour, CI detection, Node's own options), besides every SPECGATE_* and GIT_* one. */
const KEYED_ENV = ['NO_COLOR', 'FORCE_COLOR', 'CI', 'GITHUB_ACTIONS', 'TERM', 'COLUMNS', 'NODE_OPTIONS'];

export interface ResultPlan {
  /** The governed root the cache folder was found for, and the folder. */
  root: string;
  dir: string;
  key: string;
  /** The files the command line names with `--output`/`-o` (absolute): the only ones a replay writes. */
  outputs: string[];
}

export interface RecordedRun {
  v: 1;
  code: 0 | 1;
  /** What was written, in order: 1 stdout, 2 stderr, and the bytes in base64. */
  output: Array<[1 | 2, string]>;
  inputs: Observation[];
  /** The report written to `--output`: the file (absolute) and the text. */
  report?: [string, string];
}

/** Where this command line's result would be kept, and its key; undefined when it is never replayed (another command, `--no-cache`, no cache folder). */
export function resultPlan(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ResultPlan | undefined {
  if (!REPLAYED_COMMANDS.has(argv[0] ?? '')) return undefined;
  const early = earlyCacheFolder(argv, env, cwd);
  if (!early) return undefined;
  const keyed = Object.keys(env).filter((name) => KEYED_ENV.includes(name) || name.startsWith('SPECGATE_') || name.startsWith('GIT_')).sort();
  const material = {
    build: buildId(),
    node: process.version,
    execArgv: runFlags(process.execArgv),
    platform: process.platform,
    argv,
    cwd,
    env: keyed.map((name) => [name, env[name]]),
    tty: [process.stdout.isTTY === true, process.stderr.isTTY === true, process.stdout.isTTY ? process.stdout.columns : 0],
  };
  return { ...early, key: sha256(JSON.stringify(material)), outputs: namedOutputs(argv).map((f) => path.resolve(cwd, f)) };
}

/** Node's flags but the startup snapshot's (bin/specgate): a run from the blob prints what the plain CLI prints, so each replays the other's result. */
function runFlags(execArgv: readonly string[]): string[] {
  const i = execArgv.indexOf('--snapshot-blob');
  return i < 0 ? [...execArgv] : [...execArgv.slice(0, i), ...execArgv.slice(i + 2)];
}

/** `--output F`, `--output=F`, `-o F`, `-oF`, as the argument parser reads them. */
function namedOutputs(argv: readonly string[]): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    if ((a === '--output' || a === '-o') && argv[i + 1] !== undefined) out.push(argv[i + 1]!);
    else if (a.startsWith('--output=')) out.push(a.slice('--output='.length));
    else if (/^-o./.test(a)) out.push(a.slice(2));
  });
  return out;
}

/** The recorded run to replay, when the folder may be used without asking git and every input the run saw is as it was; else undefined (a miss). */
export function replayable(plan: ResultPlan): RecordedRun | undefined {
  if (quickVerdict(plan.root, plan.dir).verdict !== 'allowed') return undefined;
  // Only an entry made with the user's secret is replayed (never one a pull request planted); the fast path never makes the secret.
  const secret = cacheSecret(plan.root, false);
  const body = secret && readEntry(plan.dir, RESULTS_KIND, plan.key, secret);
  if (!body) return undefined;
  let run: unknown;
  try {
    run = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  // An entry is data: its report may go only where this command line says it goes.
  if (!isRecordedRun(run) || (run.report !== undefined && !plan.outputs.includes(run.report[0]))) return undefined;
  for (const input of run.inputs) if (!stillHolds(input)) return undefined;
  return run;
}

/** An entry is data: anything but the shape this module writes is a miss. */
function isRecordedRun(run: unknown): run is RecordedRun {
  if (typeof run !== 'object' || run === null) return false;
  const r = run as Partial<RecordedRun>;
  return (
    r.v === 1 &&
    (r.code === 0 || r.code === 1) &&
    Array.isArray(r.output) &&
    r.output.every((o) => Array.isArray(o) && o.length === 2 && (o[0] === 1 || o[0] === 2) && typeof o[1] === 'string') &&
    Array.isArray(r.inputs) &&
    r.inputs.length <= MAX_OBSERVATIONS &&
    (r.report === undefined || (Array.isArray(r.report) && r.report.length === 2 && typeof r.report[0] === 'string' && path.isAbsolute(r.report[0]) && typeof r.report[1] === 'string')) &&
    r.inputs.every((i) => Array.isArray(i) && i.length === 3 && (i[0] === 'file' || i[0] === 'kind' || i[0] === 'dir') && typeof i[1] === 'string' && typeof i[2] === 'string')
  );
}

let build: string | undefined;

/**
 * specgate's build, as cheaply as it can be told apart: its package.json (name and version), the
 * identity (inode, size, modification time) of this module, of the compiler's build info (rewritten by
 * every build of a checkout) and of each preset and built-in schema, which are read at run time.
 * A reinstall replaces the files, so it is a new build too.
 */
function buildId(): string {
  if (build !== undefined) return build;
  const here = fileURLToPath(import.meta.url);
  let pkgRoot = path.dirname(here);
  for (let i = 0; i < 3 && !exists(path.join(pkgRoot, 'package.json')); i++) pkgRoot = path.dirname(pkgRoot);
  const parts = [read(path.join(pkgRoot, 'package.json')), identity(here), identity(path.join(pkgRoot, 'dist', '.tsbuildinfo'))];
  for (const folder of ['presets', 'schemas']) {
    const dir = path.join(pkgRoot, 'scripts', folder);
    let names: string[] = [];
    try {
      names = readdirSync(dir).sort();
    } catch {
      // not there: that too is the build
    }
    for (const name of names) parts.push(`${folder}/${name} ${identity(path.join(dir, name))}`);
  }
  return (build = sha256(parts.join('\0')));
}

function identity(file: string): string {
  try {
    const st = statSync(file, { bigint: true });
    return `${st.ino}:${st.size}:${st.mtimeNs}`;
  } catch {
    return 'absent';
  }
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return 'absent';
  }
}

function exists(file: string): boolean {
  return identity(file) !== 'absent';
}
