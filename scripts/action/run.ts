// The GitHub Action's step (action.yml at the top of specgate's repository runs this file of the
// repository's installed copy): check with annotations, a SARIF file, errata check and compat
// against the pull request's base, then a job summary. Exit 1 means findings at the failure level;
// exit 2 a broken setup (usage, configuration or internal error of any step), kept apart.
import { appendFileSync } from 'node:fs';
import { main } from '../cli-main.js';
import type { CliIo } from '../core/io.js';
import { actionSummary } from './summary.js';
import type { JsonReport } from './summary.js';

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

/** The whole step; returns the exit code. `env` is the runner's (GITHUB_*, INPUT_*). */
export async function runAction(env: NodeJS.ProcessEnv = process.env, out: (t: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  const families = input('families', env).split(/[\s,]+/).filter(Boolean);
  const common: string[] = [];
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
  const broken: string[] = [];
  const failed: string[] = [];
  const record = (step: string, r: Captured) => {
    if (r.code === 2) broken.push(`${step}: ${r.stderr.trim().split('\n')[0] ?? 'exit 2'}`);
    else if (r.code === 1) failed.push(step);
  };

  // 1. Annotations on the diff (the github format is workflow commands on stdout).
  const annotated = await capture(['check', ...families, ...plugins, ...common, ...warnings, '--format', 'github']);
  out(annotated.stdout);
  if (annotated.stderr) out(annotated.stderr);
  record('check', annotated);
  // 2. The SARIF file for github/codeql-action/upload-sarif, and the JSON the summary counts.
  let report: JsonReport | undefined;
  if (annotated.code !== 2) {
    const s = await capture(['check', ...families, ...plugins, ...common, '--format', 'sarif', '--output', sarif]);
    if (s.code === 2) record('check --format sarif', s);
    const j = await capture(['check', ...families, ...plugins, ...common, '--format', 'json']);
    if (j.code !== 2) report = JSON.parse(j.stdout) as JsonReport;
  }
  // 3. Errata applied (its findings are annotations too).
  let errata: Captured | undefined;
  if (input('errata', env) !== 'false') {
    errata = await capture(['errata', 'check', ...common, ...warnings, '--format', 'github']);
    out(errata.stdout);
    if (errata.stderr) out(errata.stderr);
    record('errata check', errata);
  }
  // 4. Schema compatibility against the base: the input, else the pull request's base branch.
  const base = input('compat-base', env) || (env.GITHUB_BASE_REF ? `origin/${env.GITHUB_BASE_REF}` : '');
  let compat: Captured | undefined;
  if (base && base !== 'none') {
    compat = await capture(['compat', '--base', base, ...common, ...warnings, '--format', 'github']);
    out(compat.stdout);
    if (compat.stderr) out(compat.stderr);
    record(`compat --base ${base}`, compat);
  }

  let code = broken.length ? 2 : failed.length && failOn !== 'none' ? 1 : 0;
  const summary = actionSummary({ report, failed, broken, base, sarif, failOn, env, errata: errata?.code, compat: compat?.code });
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, summary);
  if (env.GITHUB_OUTPUT) {
    const sarifOut = report ? sarif : '';
    appendFileSync(env.GITHUB_OUTPUT, `sarif=${sarifOut}\nerrors=${report?.summary.errors ?? ''}\nwarnings=${report?.summary.warnings ?? ''}\nexit-code=${code}\n`);
  }
  for (const b of broken) out(`::error title=specgate setup::${escapeData(b)}\n`);
  if (code === 1) out(`specgate: findings at the "${failOn}" level in: ${failed.join(', ')}\n`);
  if (code === 2) out('specgate: the setup is broken (exit 2), not the spec: see the errors above\n');
  return code;
}

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
