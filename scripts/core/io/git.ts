import { execFileSync } from 'node:child_process';

/*
 * The one way specgate runs git. specgate only reads a repository (its index, a base commit, its
 * tracked files); a repository's own configuration (.git/config of a clone handed over, or of a
 * checkout a pull request's CI prepared) can name programs that git runs while reading:
 * `core.fsmonitor` runs on `ls-files` and `diff`, a pager, credential helpers and ssh on a lazy fetch of a partial clone. Each is switched off here,
 * for every call, so no repository-supplied program ever runs. The one diff (`compat`'s renames)
 * passes `--no-ext-diff --no-textconv` itself (`diff.external` has no "off" value).
 */

/** `-c` settings that keep every program a repository can configure from running during a read. */
export const SAFE_GIT_CONFIG: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.askPass=',
  'core.sshCommand=false',
  'credential.helper=',
  'log.showSignature=false',
  // no transport at all: a partial clone's missing blob is an error, never a fetch
  'protocol.allow=never',
].flatMap((kv) => ['-c', kv]);

/**
 * Variables of the environment that name a program for git to run (or turn a lazy fetch on). The
 * index, git folder and work tree variables a hook runs with (`GIT_INDEX_FILE`, `GIT_DIR`) are
 * kept: `--staged` must read the index the commit is made from.
 */
const PROGRAM_VARIABLES = ['GIT_EXTERNAL_DIFF', 'GIT_PAGER', 'PAGER', 'GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_PROXY_COMMAND', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR'];

export function gitEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of PROGRAM_VARIABLES) delete env[name];
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_NO_LAZY_FETCH = '1';
  return env;
}

export interface GitOptions {
  cwd: string;
  /**
   * The call may read files of the working tree (a diff against it), which git passes through the
   * clean filter `.gitattributes` names and `.git/config` defines: every filter the configuration
   * defines is switched off (git has no switch for all of them at once).
   */
  workingTree?: boolean;
  /** Bytes of stdout kept at most (git's output past it is an error, ENOBUFS). */
  maxBuffer?: number;
  input?: string;
  /** Whether git's stderr is kept for the caller's error (default: ignored). */
  stderr?: boolean;
}

/** git's stdout as bytes; throws as execFileSync does (non-zero exit, output past maxBuffer). */
export function gitBytes(args: readonly string[], opts: GitOptions): Buffer {
  const env = gitEnv();
  if (opts.workingTree) filtersOff(opts.cwd, env);
  return execFileSync('git', [...SAFE_GIT_CONFIG, ...args], {
    cwd: opts.cwd,
    env,
    maxBuffer: opts.maxBuffer ?? 16 * 1024 * 1024,
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    stdio: [opts.input !== undefined ? 'pipe' : 'ignore', 'pipe', opts.stderr ? 'pipe' : 'ignore'],
  });
}

/** git's stdout as UTF-8 text. */
export function gitText(args: readonly string[], opts: GitOptions): string {
  return gitBytes(args, opts).toString('utf8');
}

/**
 * Switches off every filter driver the configuration names: `filter.<name>.clean`, `.smudge` and
 * `.process` set empty (no filter) and `.required` false, passed as GIT_CONFIG_KEY_<n> entries of
 * `env` (a name may hold `=`, which `-c` would split at).
 */
function filtersOff(cwd: string, env: NodeJS.ProcessEnv): void {
  let listing = '';
  try {
    listing = gitText(['config', '-z', '--name-only', '--get-regexp', '^filter\\.'], { cwd, maxBuffer: 1024 * 1024 });
  } catch {
    return; // none defined (git config exits 1)
  }
  const names = new Set<string>();
  for (const key of listing.split('\0')) {
    const m = /^filter\.(.+)\.[^.]+$/s.exec(key.trim());
    if (m) names.add(m[1]!);
  }
  let n = Number(env.GIT_CONFIG_COUNT ?? 0) || 0;
  for (const name of names) {
    for (const [k, v] of [['clean', ''], ['smudge', ''], ['process', ''], ['required', 'false']] as const) {
      env[`GIT_CONFIG_KEY_${n}`] = `filter.${name}.${k}`;
      env[`GIT_CONFIG_VALUE_${n}`] = v;
      n++;
    }
  }
  env.GIT_CONFIG_COUNT = String(n);
}
