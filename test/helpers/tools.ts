import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';

/** Where .ci/tools.sh installs the outside tools (SPECGATE_TOOLS_DIR overrides it). */
export const TOOLS_DIR = process.env.SPECGATE_TOOLS_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'specgate-tools');

/** verdaccio 6.8.0's bin, as .ci/tools.sh installs it (or SPECGATE_VERDACCIO). */
export const VERDACCIO = process.env.SPECGATE_VERDACCIO ?? path.join(TOOLS_DIR, 'verdaccio/node_modules/.bin/verdaccio');
export const verdaccioAvailable = existsSync(VERDACCIO);

/** The Debian package pre-commit's command on PATH. */
export const preCommitAvailable = spawnSync('pre-commit', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * `describe` for a tier that needs an outside tool: skipped without it, a failure under CI=true
 * (where .ci/run installs it).
 */
export function describeWithTool(tool: string, available: boolean, name: string, fn: () => void): void {
  if (available) describe(name, fn);
  else if (process.env.CI === 'true') {
    describe(name, () => {
      it(`needs ${tool}`, () => {
        throw new Error(`${tool} is missing; .ci/run installs it (bash .ci/tools.sh)`);
      });
    });
  } else {
    describe.skip(`${name} (skipped: ${tool} not installed; run bash .ci/tools.sh)`, () => {
      it(`uses ${tool}`, () => {});
    });
  }
}
