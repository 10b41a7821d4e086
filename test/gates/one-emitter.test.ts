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

describe('report takes the one list too: its state is a section every state format renders', () => {
  it('stylish (text), json, markdown and html render the state; the formats that carry findings alone render none and put the state on stderr', async () => {
    const { STATE_FORMATS } = await import('../../scripts/core/reporters/index.js');
    const json = await runCli(['report', '-f', 'json']);
    expect(json.code).toBe(0);
    const stylish = await runCli(['report', '-f', 'stylish']);
    expect(JSON.parse(json.stdout).version).toBe(1);
    for (const format of FORMATS) {
      const r = await runCli(['report', '-f', format]);
      if (STATE_FORMATS.has(format)) {
        expect(r.code, `${format}: ${r.stderr}`).toBe(0);
        expect(r.stdout.length, format).toBeGreaterThan(100);
      } else {
        // A format that carries findings alone gets none (a report judges nothing), and the state goes to stderr, as any section it has no place for.
        expect(r.code, `${format}: ${r.stderr}`).toBe(0);
        expect(r.stderr, format).toBe(stylish.stdout);
        if (format === 'sarif') expect(JSON.parse(r.stdout).runs[0].results).toEqual([]);
        if (format === 'gitlab') expect(JSON.parse(r.stdout)).toEqual([]);
        if (format === 'junit') expect(XMLValidator.validate(r.stdout)).toBe(true);
        if (format === 'compact' || format === 'github') expect(r.stdout, format).toBe('');
      }
    }
    // report's own name for its tables is stylish's alias, for every command.
    expect((await runCli(['report', '-f', 'text'])).stdout).toBe((await runCli(['report', '-f', 'stylish'])).stdout);
    expect((await runCli(['report'])).stdout).toBe((await runCli(['report', '-f', 'stylish'])).stdout);
  }, 120_000);

  it('markdown and html are formats of every command: check renders its findings in them, with the baseline lines', async () => {
    const root = tempCopy(ANCHOR);
    const check = (...args: string[]) => runCli(['check', 'rfcs', '--root', root, '--preset', 'openwop', ...args]);
    const json = JSON.parse((await check('-f', 'json')).stdout) as { findings: Array<{ ruleId: string; file: string; line: number; column: number }> };
    expect(json.findings.length).toBeGreaterThan(0);
    const md = await check('-f', 'markdown');
    expect([0, 1]).toContain(md.code);
    const rows = md.stdout.split('\n').filter((l) => /^\| (error|warning|notice) \|/.test(l));
    expect(rows.map((l) => l.split(' | ')[1])).toEqual(json.findings.map((f) => `${f.file.replace(/[:_]/g, (c) => (c === ':' ? '&#58;' : '\\_'))}:${f.line}:${f.column}`));
    const html = await check('-f', 'html');
    expect(html.stdout).toMatch(/^<!doctype html>/);
    expect(html.stdout.match(/<tr><td>(error|warning|notice)<\/td>/g)?.length).toBe(json.findings.length);
    expect(html.stdout).not.toMatch(/<script/i);
    // With a baseline, both carry its line in the report itself (as stylish and json do), not on stderr.
    const all = (...args: string[]) => runCli(['check', '--root', root, '--preset', 'openwop', ...args]);
    expect((await all('-f', 'compact')).code).toBe(1);
    expect((await all('--suppress-all', '-f', 'compact')).code).toBe(0);
    for (const format of ['markdown', 'html']) {
      const r = await all('-f', format);
      expect(r.stdout, format).toMatch(/known errors? suppressed by/);
      expect(r.stderr, format).not.toMatch(/known errors? suppressed/);
    }
    // A command's section with nothing of markdown's or html's own is its terminal text there (errata's patch), not on stderr.
    for (const format of ['markdown', 'html']) {
      const r = await runCli(['errata', 'apply', '--dry-run', '--root', root, '--preset', 'openwop', '-f', format]);
      expect(r.stdout, format).toMatch(/^\+\+\+ b\/RFCS\//m);
      expect(r.stderr, format).not.toMatch(/^\+\+\+ b\//m);
    }
  }, 180_000);
});
