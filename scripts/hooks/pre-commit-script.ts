/** The line that marks a pre-commit hook as ours: the installer replaces only hooks that carry it. */
export const HOOK_MARKER = '# specgate-managed-hook: written by `npm install` (scripts/hooks/install.ts); delete this line to keep local edits';
/** The same mark on a hook that `specgate install-hook` (or `init --hook`) wrote in an adopting repository. */
export const ADOPTER_HOOK_MARKER = '# specgate-managed-hook: written by `specgate install-hook`; delete this line to keep local edits';

/** Whether a hook's text carries one of the marks above (any line starting with the mark's prefix). */
export function isOurHook(text: string): boolean {
  return text.split(/\r?\n/).some((line) => line.startsWith('# specgate-managed-hook:'));
}

export interface HookPlan {
  /** Package directory relative to the git top level ('' when it is the top level). */
  prefix: string;
  /** Family name → globs relative to the package root. */
  families: Record<string, string[]>;
  /** Families to run when a path is deleted or renamed. */
  onDelete: string[];
  /** Paths (relative to the package root) whose change runs every family, e.g. the config file. */
  everything: string[];
  /** The CLI the hook runs, relative to the root (default: this repository's build, dist/scripts/cli.js). */
  cli?: string;
  /** What to do when the CLI is missing (default: build it). */
  missingHint?: string;
  /** The mark line (default HOOK_MARKER). */
  marker?: string;
}

/**
 * A POSIX sh hook, installed as pre-commit and pre-merge-commit (a merge commit's staged result is
 * checked like any commit). It lists the staged paths with one `git diff --cached -z`, maps them to
 * families with `case` patterns baked in from the layout, and exits before starting node when
 * nothing governed is staged. Otherwise it runs the built CLI on the index (`--staged`), so what is
 * checked is what is being committed, not the working tree.
 *
 * Names are read one a line with core.quotePath off: git C-quotes only a name with a control
 * character, `"` or a backslash, and such a name runs every family (checked too much rather than
 * too little). No `tr` or other process beyond git and sh: an ungoverned commit costs a fraction
 * of node's start-up.
 */
export function preCommitScript(plan: HookPlan): string {
  const names = Object.keys(plan.families);
  const familyCases = names.map((name) => `  case "$file" in\n    ${casePattern(plan.families[name]!, plan.prefix)}) add ${name} ;;\n  esac`).join('\n');
  const root = plan.prefix ? shQuote(plan.prefix) : '.';
  const cli = plan.cli ?? 'dist/scripts/cli.js';
  const missingHint = plan.missingHint ?? 'run \\`npm run build\\`';
  return `#!/bin/sh
${plan.marker ?? HOOK_MARKER}
# Runs the specgate check families whose inputs are staged, on the staged content (git index).
# Installed as pre-commit and pre-merge-commit. Skip once with \`git commit --no-verify\`, or set SPECGATE_SKIP_HOOK=1.
[ "\${SPECGATE_SKIP_HOOK:-}" = 1 ] && exit 0
set -f
staged=$(git -c core.quotePath=false diff --cached --name-status --no-renames)
[ -n "$staged" ] || exit 0
families=
add() {
  case " $families " in *" $1 "*) ;; *) families="$families $1" ;; esac
}
nl='
'
tab='	'
IFS=$nl
# One line a path: status, a tab, the name. git C-quotes a name with a control character, a quote
# or a backslash ("..."), so every line is one path; a quoted name runs every family.
for line in $staged; do
  status=\${line%%"$tab"*}
  file=\${line#*"$tab"}
  case "$status" in D*) ${plan.onDelete.map((f) => `add ${f}`).join('; ')} ;; esac
  case "$file" in
    \\"*|${casePattern(plan.everything, plan.prefix)}) ${names.map((f) => `add ${f}`).join('; ')} ;;
  esac
${familyCases}
done
unset IFS
[ -n "$families" ] || exit 0
root=${root}
cli="$root/${cli}"
if [ ! -f "$cli" ]; then
  echo "specgate pre-commit: $cli is missing; ${missingHint} (or commit with --no-verify)" >&2
  exit 1
fi
echo "specgate pre-commit: checking the staged${'$'}{families}" >&2
exec "\${SPECGATE_NODE:-node}" "$cli" check$families --staged --root "$root"
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
