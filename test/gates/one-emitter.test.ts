// Issue 32 §2: one emitter and one list of formats. Every command takes every format `specgate
// --help` offers, and puts the baseline's summary where check puts it (on stderr for the formats
// whose report has no place for it).
import { XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../../scripts/core/reporters/index.js';
import { ANCHOR, describeShared, runCli, tempCopy } from '../helpers/env.js';
import { startModelHost } from '../probe/broken-host.js';
import { probeCli } from '../probe/run-probe.js';

describe('one list of formats', () => {
  it('is the list `specgate --help` offers', async () => {
    const help = await runCli(['--help']);
    expect(help.stdout).toContain(`-f/--format ${FORMATS.join('|')}`);
  });
});

describeShared('the baseline summary of errata check in every format', () => {
  it('junit and gitlab say what the baseline suppressed on stderr, as check does, and keep stdout the format', async () => {
    const root = tempCopy(ANCHOR);
    const errata = (...args: string[]) => runCli(['errata', 'check', '--root', root, '--preset', 'openwop', ...args]);
    expect((await errata('--suppress-all', '-f', 'compact')).code).toBe(0);
    for (const format of ['junit', 'gitlab', 'sarif', 'github']) {
      const r = await errata('-f', format);
      expect(r.code, `${format}: ${r.stderr}`).toBe(0);
      expect(r.stderr, format).toMatch(/^specgate: 3 known errors suppressed by \S*specgate-suppressions\.json$/m);
      expect(r.stdout, format).not.toMatch(/known errors suppressed/);
    }
    // check's own runs put it in the same place (its summary line, the same words).
    const check = await runCli(['check', 'rfcs', '--root', root, '--preset', 'openwop', '-f', 'junit']);
    expect(check.stdout).not.toMatch(/known errors? suppressed/);
  }, 180_000);
});

describe('probe takes every format of the one list', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of closers.splice(0)) await c();
  });

  it('junit and gitlab are reports of the same findings, not a usage error', async () => {
    const host = await startModelHost();
    closers.push(host.close);
    const junit = await probeCli(['--url', host.base, '-f', 'junit'], { json: false, record: false });
    expect(junit.stderr).not.toMatch(/unknown format/);
    expect([0, 1]).toContain(junit.code);
    expect(XMLValidator.validate(junit.stdout)).toBe(true);
    expect(junit.stdout).toMatch(/<testsuites/);
    const json = await probeCli(['--url', host.base], { record: false });
    const gitlab = await probeCli(['--url', host.base, '-f', 'gitlab'], { json: false, record: false });
    expect(gitlab.code).toBe(json.code);
    expect((JSON.parse(gitlab.stdout) as unknown[]).length).toBe(json.json.findings.length);
  });
});
