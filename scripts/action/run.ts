// The GitHub Action's step (action.yml at the top of specgate's repository runs this file of the
// repository's installed copy): check, errata check and compat against the pull request's base,
// each run once for its findings (JSON) and once for SARIF; then annotations of all of them (the
// lines the pull request changed first), one SARIF file, a job summary and outputs that cover every
// command and say which one failed. Exit 1 means findings at the failure level; exit 2 a broken
// setup (usage, configuration or internal error of any step), kept apart.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../cli-main.js';
import { gitText } from '../core/io/git.js';
import type { CliIo } from '../core/io/process-io.js';
import { github } from '../core/reporters/github.js';
import type { Finding } from '../core/model/findings.js';
import { toPosix } from '../core/io/source.js';
import { addedLines, changedFirst } from './changed-lines.js';
import { mergeSarif } from './merge-sarif.js';
import { actionSummary } from './summary.js';
import type { JsonReport, StepReport } from './summary.js';

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

async function capture(argv: string[]): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t), isTTY: false }, stderr: { write: (t: string) => (stderr += t) } };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

function input(name: string, env: NodeJS.ProcessEnv): string {
  return (env[`INPUT_${name.toUpperCase()}`] ?? '').trim();
}

export const FAIL_LEVELS = ['error', 'warning', 'none'] as const;

/** The git work tree's top, else the folder itself. */
function repositoryTop(cwd: string): string {
  try {
    return gitText(['rev-parse', '--show-toplevel'], { cwd }).trim() || cwd;
  } catch {
    return cwd;
  }
}

/** The whole step; returns the exit code. `env` is the runner's (GITHUB_*, INPUT_*). */
export async function runAction(env: NodeJS.ProcessEnv = process.env, out: (t: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  const families = input('families', env).split(/[\s,]+/).filter(Boolean);
  const common: string[] = [];
  // The governed folder (a monorepo's package): every command runs on it; paths are reported from the repository's top.
  const root = input('root', env) || '.';
  common.push('--root', root);
  if (input('preset', env)) common.push('--preset', input('preset', env));
  if (input('config', env)) common.push('--config', input('config', env));
  const sarif = input('sarif', env) || 'specgate.sarif';
  const failOn = input('fail-on', env) || 'error';
  if (!(FAIL_LEVELS as readonly string[]).includes(failOn)) {
    out(`::error title=specgate::fail-on must be one of ${FAIL_LEVELS.join(', ')} (got "${failOn}")\n`);
    return 2;
  }
  const warnings = failOn === 'warning' ? ['--max-warnings', '0'] : [];
  // The plugins the config names are the repository's code: `plugins: false` runs none of them.
  const plugins = input('plugins', env) === 'false' ? ['--no-plugins'] : [];
  const top = repositoryTop(path.resolve(root));
  const prefix = toPosix(path.relative(top, path.resolve(root)));
  const fromTop = (file: string) => (prefix ? `${prefix}/${file}` : file);

  const base = input('compat-base', env) || (env.GITHUB_BASE_REF ? `origin/${env.GITHUB_BASE_REF}` : '');
  const plan: Array<{ step: string; argv: string[] }> = [{ step: 'check', argv: ['check', ...families, ...plugins] }];
  if (input('errata', env) !== 'false') plan.push({ step: 'errata check', argv: ['errata', 'check'] });
  if (base && base !== 'none') plan.push({ step: `compat --base ${base}`, argv: ['compat', '--base', base] });

  const steps: StepReport[] = [];
  const sarifLogs: Array<{ step: string; text: string }> = [];
  for (const { step, argv } of plan) {
    const json = await capture([...argv, ...common, ...warnings, '--format', 'json']);
    if (json.stderr) out(json.stderr);
    let report: JsonReport | undefined;
    if (json.code !== 2) {
      try {
        report = JSON.parse(json.stdout) as JsonReport;
      } catch {
        report = undefined;
      }
    }
    const broken = json.code === 2 ? (json.stderr.trim().split('\n')[0] ?? 'exit 2') : undefined;
    // Paths from the repository's top: what annotations, links and code scanning need.
    if (report) report = { ...report, findings: report.findings.map((f) => ({ ...f, file: fromTop(f.file) })) };
    steps.push({ step, code: json.code, ...(report ? { report } : {}), ...(broken ? { broken } : {}) });
    if (json.code !== 2) {
      const s = await capture([...argv, ...common, '--format', 'sarif']);
      if (s.code !== 2 && s.stdout.trim()) sarifLogs.push({ step, text: s.stdout });
    }
  }

  // Annotations: every command's findings, those on the lines the pull request changed first.
  const added = base && base !== 'none' ? addedLines(base, top) : undefined;
  const all = changedFirst(steps.flatMap((s) => s.report?.findings ?? []) as unknown as Finding[], added);
  out(github({ findings: all, families: [] }, { sourceOf: () => undefined, root: top, toolName: 'specgate', toolVersion: '', rules: [] }));

  let sarifOut = '';
  if (sarifLogs.length) {
    writeFileSync(path.resolve(sarif), mergeSarif(sarifLogs, prefix, top));
    sarifOut = sarif;
  }
  const broken = steps.filter((s) => s.broken).map((s) => `${s.step}: ${s.broken}`);
  const failed = steps.filter((s) => s.code === 1).map((s) => s.step);
  const code = broken.length ? 2 : failed.length && failOn !== 'none' ? 1 : 0;
  const errors = steps.reduce((n, s) => n + (s.report?.summary.errors ?? 0), 0);
  const warningCount = steps.reduce((n, s) => n + (s.report?.summary.warnings ?? 0), 0);
  const summary = actionSummary({ steps, failed, broken, base, sarif: sarifOut, failOn, env, added });
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, summary);
  if (env.GITHUB_OUTPUT) {
    appendFileSync(env.GITHUB_OUTPUT, `sarif=${sarifOut}\nerrors=${errors}\nwarnings=${warningCount}\nfailed=${failed.join(',')}\nexit-code=${code}\n`);
  }
  for (const b of broken) out(`::error title=specgate setup::${escapeData(b)}\n`);
  if (code === 1) out(`specgate: findings at the "${failOn}" level in: ${failed.join(', ')}\n`);
  if (code === 2) out('specgate: the setup is broken (exit 2), not the spec: see the errors above\n');
  return code;
}

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
