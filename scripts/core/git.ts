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
  /** Bytes of stdout kept at most (git's output past it is an error, ENOBUFS). */
  maxBuffer?: number;
  input?: string;
  /** Whether git's stderr is kept for the caller's error (default: ignored). */
  stderr?: boolean;
}

/** git's stdout as bytes; throws as execFileSync does (non-zero exit, output past maxBuffer). */
export function gitBytes(args: readonly string[], opts: GitOptions): Buffer {
  return execFileSync('git', [...SAFE_GIT_CONFIG, ...args], {
    cwd: opts.cwd,
    env: gitEnv(),
    maxBuffer: opts.maxBuffer ?? 16 * 1024 * 1024,
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    stdio: [opts.input !== undefined ? 'pipe' : 'ignore', 'pipe', opts.stderr ? 'pipe' : 'ignore'],
  });
}

/** git's stdout as UTF-8 text. */
export function gitText(args: readonly string[], opts: GitOptions): string {
  return gitBytes(args, opts).toString('utf8');
}
