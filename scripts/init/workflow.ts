import type { Layout } from '../core/preset/layout.js';
import { workflowGlobs } from '../hooks/install-hook.js';

/** Where `init --ci github` writes the pull-request workflow. */
export const WORKFLOW_FILE = '.github/workflows/spec-gate.yml';

/** The action's reference in the workflow `init --ci github` writes (action.yml at the top of specgate's repository). */
export const ACTION_REF = 'specgate/specgate@v1';

/**
 * The pull-request workflow for a repository that depends on specgate: it runs when a governed
 * path changes (the `paths:` filter is the preset's own globs, so upstream's `SECURITY/`, `api/` and
 * `conformance/` are in it; `spec/**` holds the documents errata target), installs the locked dependencies, and runs the specgate action:
 * annotations, a SARIF upload, errata and compat against the pull request's base.
 */
export function githubWorkflow(layout: Layout, opts: { prefix?: string; familiesOff?: readonly string[] } = {}): string {
  const prefix = opts.prefix ?? '';
  const under = (p: string) => (prefix ? `${prefix}/${p}` : p);
  // The governed folder's own paths (the config in force: its layout, its families), then the
  // lock files at the top, where npm ci reads them.
  const paths = [...workflowGlobs(layout, opts.familiesOff).map(under), under('spec/**'), ...(prefix ? [under('package.json')] : []), 'package.json', 'package-lock.json', WORKFLOW_FILE];
  const unique = [...new Set(paths)];
  const inputs = prefix ? `\n        with:\n          root: ${yamlString(prefix)}` : '';
  return `# The spec gate on pull requests (written by \`specgate init --ci github\`): every check family
# the config has on, annotations on the diff, SARIF for code scanning, errata and schema
# compatibility against the base. The config (specgate.config.json) says the layout.
name: spec-gate

on:
  pull_request:
    paths:
${unique.map((p) => `      - ${yamlString(p)}`).join('\n')}

permissions:
  contents: read

jobs:
  gate:
    name: spec gate
    runs-on: ubuntu-latest
    timeout-minutes: 15
    permissions:
      contents: read
      security-events: write
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      - id: specgate
        uses: ${ACTION_REF}${inputs}
      - name: Upload SARIF
        if: \${{ !cancelled() && steps.specgate.outputs.sarif != '' }}
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: \${{ steps.specgate.outputs.sarif }}
          category: specgate
`;
}

/** A folder's whole tree stays `dir/**`; a single file stays itself. */
function folderGlob(glob: string): string {
  return glob;
}

function yamlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}
