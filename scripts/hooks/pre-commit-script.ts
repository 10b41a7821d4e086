/** The line that marks a pre-commit hook as ours: the installer replaces only hooks that carry it. */
export const HOOK_MARKER = '# specgate-managed-hook: written by `npm install` (scripts/hooks/install.ts); delete this line to keep local edits';
/** The same mark on a hook that `specgate install-hook` (or `init --hook`) wrote in an adopting repository. */
export const ADOPTER_HOOK_MARKER = '# specgate-managed-hook: written by `specgate install-hook`; delete this line to keep local edits';

/** Whether a hook's text carries one of the marks above (any line starting with the mark's prefix). */
export function isOurHook(text: string): boolean {
  return text.split(/\r?\n/).some((line) => line.startsWith('# specgate-managed-hook:'));
}

export interface HookPlan {
  /** The governed folder relative to the git top level ('' when it is the top level). */
  prefix: string;
  /** Globs, relative to the governed folder, of every file whose staged change starts node (the families in force, the config). */
  governed: string[];
  /** Any staged file in the governed folder starts node (a plugin's inputs are known only to the CLI). */
  anyFile?: boolean;
  /** The CLI the hook runs, relative to the governed folder; absent: the installed package, found as Node finds it (node_modules/specgate in the folder or any folder above it: hoisted workspaces). */
  cli?: string;
  /** What to do when the CLI is missing (default: build it). */
  missingHint?: string;
  /** The mark line (default HOOK_MARKER). */
  marker?: string;
}

/** Where an installed specgate's CLI is inside a node_modules folder. */
const INSTALLED_PATH = 'node_modules/specgate/dist/scripts/cli.js';

/**
 * A POSIX sh hook, installed as pre-commit and pre-merge-commit (a merge commit's staged result is
 * checked like any commit). It lists the staged paths with one `git diff --cached`, and exits before
 * starting node when none is governed (a deletion of an ungoverned file included). Otherwise it runs
 * the CLI on the index with `check --changed`: the CLI picks the families whose inputs are staged
 * (the config's and plugins' included) and reports the staged files' findings and every error.
 *
 * Names are read one a line with core.quotePath off: git C-quotes only a name with a control
 * character, `"` or a backslash, and such a name starts the check (too much rather than too little).
 * No process beyond git and sh: an ungoverned commit costs a fraction of node's start-up.
 * SPECGATE_HOOK_QUIET=1 passes --quiet --format compact (errors only, one line each; nothing when clean).
 */
export function preCommitScript(plan: HookPlan): string {
  const root = plan.prefix ? shQuote(plan.prefix) : '.';
  const pattern = plan.anyFile ? (plan.prefix ? `${shQuote(`${plan.prefix}/`)}*` : '*') : casePattern(plan.governed, plan.prefix);
  const missingHint = plan.missingHint ?? 'run \\`npm run build\\`';
  const findCli = plan.cli
    ? `cli="$root/${plan.cli}"`
    : `# The installed package, as Node resolves it: node_modules/specgate here or in a folder above (hoisted).
cli=
dir=$root
while :; do
  if [ -f "$dir/${INSTALLED_PATH}" ]; then cli="$dir/${INSTALLED_PATH}"; break; fi
  case "$dir" in
    .) break ;;
    */*) dir=\${dir%/*} ;;
    *) dir=. ;;
  esac
done
[ -n "$cli" ] || cli="$root/${INSTALLED_PATH}"`;
  return `#!/bin/sh
${plan.marker ?? HOOK_MARKER}
# Runs specgate on what the commit changes (check --changed: the families whose inputs are staged,
# on the staged content). Installed as pre-commit and pre-merge-commit. Skip once with
# \`git commit --no-verify\`, or set SPECGATE_SKIP_HOOK=1; SPECGATE_HOOK_QUIET=1 reports errors only.
[ "\${SPECGATE_SKIP_HOOK:-}" = 1 ] && exit 0
set -f
staged=$(git -c core.quotePath=false diff --cached --name-only --no-renames)
[ -n "$staged" ] || exit 0
governed=
nl='
'
IFS=$nl
# One line a path. git C-quotes a name with a control character, a quote or a backslash ("..."),
# so every line is one path; a quoted name starts the check.
for file in $staged; do
  case "$file" in
    \\"*|${pattern}) governed=1; break ;;
  esac
done
unset IFS
[ -n "$governed" ] || exit 0
root=${root}
${findCli}
if [ ! -f "$cli" ]; then
  echo "specgate pre-commit: $cli is missing; ${missingHint} (or commit with --no-verify)" >&2
  exit 1
fi
# Quiet: errors only, one line each, and nothing at all when the commit is clean.
quiet=
[ "\${SPECGATE_HOOK_QUIET:-}" = 1 ] && quiet='--quiet --format compact'
# The package's own bin beside the CLI (bin/specgate: the CLI from its startup snapshot when it
# can, else this same CLI); SPECGATE_NODE names a node to run the CLI with instead.
launcher=\${cli%/dist/scripts/cli.js}/bin/specgate
if [ -z "\${SPECGATE_NODE:-}" ] && [ "$launcher" != "$cli" ] && [ -x "$launcher" ]; then
  exec "$launcher" check --changed $quiet --root "$root"
fi
exec "\${SPECGATE_NODE:-node}" "$cli" check --changed $quiet --root "$root"
`;
}

/** sh `case` alternatives for globs; `*` in a case pattern also matches `/`, so `**` needs no special form. */
function casePattern(globs: readonly string[], prefix: string): string {
  const alternatives = globs.flatMap(expandBraces).map((g) => globToCase(prefix ? `${prefix}/${g}` : g));
  return [...new Set(alternatives)].join('|') || "''";
}

function globToCase(glob: string): string {
  let out = '';
  let literal = '';
  const flush = () => {
    if (literal) out += shQuote(literal);
    literal = '';
  };
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      flush();
      while (glob[i + 1] === '*') i++;
      if (glob[i + 1] === '/' && glob[i - 1] === '*') i++; // `**/` matches zero or more directories
      out += '*';
    } else if (c === '?') {
      flush();
      out += '?';
    } else literal += c;
  }
  flush();
  return out;
}

/** `a/{b,c}.json` → `a/b.json`, `a/c.json` (case patterns have no braces). */
function expandBraces(glob: string): string[] {
  const m = /\{([^{}]*)\}/.exec(glob);
  if (!m) return [glob];
  return m[1]!.split(',').flatMap((alt) => expandBraces(glob.slice(0, m.index) + alt + glob.slice(m.index + m[0].length)));
}

export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
