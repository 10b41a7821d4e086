import { describe, expect, it } from 'vitest';
import { COMMON_OPTIONS } from '../../scripts/core/cli/run-env.js';
import { runCli } from '../helpers/env.js';

/**
 * Every common option a command accepts is named where a user looks for it: the top-level usage's
 * "common options" and the --help of each command that takes it (an option accepted but named
 * nowhere, like --concurrency in `specgate --help` and `specgate probe --help`, is one a user
 * cannot find).
 */
const COMMANDS = ['check', 'report', 'wire', 'compat', 'probe', 'errata'];
const LONG = Object.keys(COMMON_OPTIONS).map((o) => `--${o}`);

describe('common options named in every help that takes them', () => {
  it('the top-level usage names every common option', async () => {
    const usage = (await runCli(['--help'])).stdout;
    for (const o of LONG) expect(usage, o).toContain(o);
  });

  it("each command's --help names every common option it accepts", async () => {
    for (const cmd of COMMANDS) {
      const help = (await runCli([cmd, '--help'])).stdout;
      for (const o of LONG) {
        // Accepted when --help with the option is not refused as unknown.
        const value = (COMMON_OPTIONS as Record<string, { type: string }>)[o.slice(2)]!.type === 'string' ? ['x'] : [];
        const r = await runCli([cmd, o, ...value, '--help']);
        if (/unknown option/.test(r.stderr)) continue;
        expect(help, `${cmd} ${o}`).toContain(o);
      }
    }
  });
});
