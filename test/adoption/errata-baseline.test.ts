// errata check findings are suppressed like check's: recorded in the same specgate-suppressions.json
// (errata/* entries), applied by errata check, and left alone by check's --prune-suppressions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ANCHOR, describeShared, runCli, tempCopy } from '../helpers/env.js';

describeShared('the errata baseline on a copy of the upstream anchor', () => {
  it('records, applies, is kept by check --prune-suppressions, and a new unapplied erratum still fails', async () => {
    const root = tempCopy(ANCHOR);
    const errata = (...args: string[]) => runCli(['errata', 'check', '--root', root, '--preset', 'openwop', '-f', 'compact', ...args]);
    const red = await errata();
    expect(red.code).toBe(1);
    expect((await errata('--suppress-all')).code).toBe(0);
    const recorded = JSON.parse(readFileSync(path.join(root, 'specgate-suppressions.json'), 'utf8'));
    expect(Object.keys(recorded['RFCS/0211-a2a-error-details-are-errorinfo.md']).every((id) => id.startsWith('errata/'))).toBe(true);
    const green = await errata();
    expect(green.code).toBe(0);
    expect(green.stdout).toMatch(/^3 known errors suppressed by \S*specgate-suppressions\.json$/m);
    const pruned = await runCli(['check', 'rfcs', '--root', root, '--preset', 'openwop', '--prune-suppressions', '-f', 'compact']);
    expect(pruned.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(root, 'specgate-suppressions.json'), 'utf8'))).toEqual(recorded);
    expect((await runCli(['errata', 'apply', '--root', root, '--preset', 'openwop', '--suppress-all'])).stderr).toMatch(/^specgate: --suppress-all belongs to "errata check"/);
  }, 120_000);
});
