import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stylish } from '../../scripts/core/reporters/stylish.js';
import { parseRuleFlags } from '../../scripts/core/cli/rule-flags.js';
import { fileTargets, looksLikePath } from '../../scripts/core/cli/targets.js';
import { ANCHOR, editJson, PROJECT, projectCorpusCopy, runCli, runJson, describeShared, spawnCli, tempCopy } from '../helpers/env.js';
import { sampleEnv, sampleResult } from './findings-fixture.js';

/** Issue 27: the habits of ESLint and markdownlint-cli2 users. In-process runs of the CLI. */

/** A copy of the corpus whose map has one CamelCase reason (one interop-map error). */
function sabotaged(): string {
  const dir = projectCorpusCopy();
  editJson(path.join(dir, 'spec/v2/interop-map.json'), (m) => {
    m.a2a.errors[0].reason = 'TaskNotFound';
  });
  return dir;
}

describe('paths and globs as arguments', () => {
  it('tells a family from a path or glob', () => {
    expect(looksLikePath('rfcs')).toBe(false);
    expect(looksLikePath('interop-map')).toBe(false);
    expect(looksLikePath('RFCS/0211-x.md')).toBe(true);
    expect(looksLikePath('RFCS/*.md')).toBe(true);
    expect(looksLikePath('x.json')).toBe(true);
    expect(looksLikePath('RFCS', PROJECT)).toBe(true); // a folder that exists
  });

  it('matches files, globs and folders relative to the working directory, else the root', () => {
    const t = fileTargets(['RFCS/*.md', 'spec/v2', '!RFCS/0001-rfc-process.md'], PROJECT, PROJECT);
    expect(t.matches('RFCS/0211-a.md')).toBe(true);
    expect(t.matches('RFCS/0001-rfc-process.md')).toBe(false);
    expect(t.matches('spec/v2/interop-map.json')).toBe(true);
    expect(t.matches('invariants/invariants.yaml')).toBe(false);
    expect(t.unmatched(['RFCS/0211-a.md'])).toEqual(['spec/v2']);
    expect(() => fileTargets(['/etc/passwd'], PROJECT, PROJECT)).toThrow(/is outside the root/);
  });

  it('reports only the findings of the files named; the families still read what they need', async () => {
    const dir = sabotaged();
    const all = await runJson(['check', '--root', dir]);
    expect(all.findings.map((f) => f.file)).toEqual(expect.arrayContaining(['spec/v2/interop-map.json']));
    const rfcsOnly = await runJson(['check', '--root', dir, 'RFCS/*.md']);
    // (the copy holds no scripts/, which two Accepted RFCs name in Affects)
    expect(rfcsOnly.code).toBe(1);
    expect(rfcsOnly.findings.length).toBeGreaterThan(0);
    expect(rfcsOnly.findings.every((f) => f.file.startsWith('RFCS/'))).toBe(true);
    // the interop-map row counts only the named files' findings
    expect(rfcsOnly.summary.families.find((s: { family: string }) => s.family === 'interop-map').errors).toBe(0);
    const map = await runJson(['check', 'interop-map', '--root', dir, 'spec/v2/interop-map.json']);
    expect(map.code).toBe(1);
    expect(map.findings.map((f) => f.ruleId)).toEqual(['interop-map/reason-upper-snake']);
  });

  it('a pattern that matches no file the checks read is exit 2 with one line', async () => {
    const r = await runCli(['check', 'rfcs', 'RFCS/9999-*.md']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'specgate: no files matching the pattern "RFCS/9999-*.md" among the files the rfcs family reads (run "specgate check --debug" to list them)\n' });
    // --debug lists the files the pattern was matched against
    expect((await runCli(['check', 'rfcs', 'RFCS/9999-*.md', '--debug'])).stderr).toMatch(/^specgate: debug: files read \(4\): RFCS\/0001-rfc-process\.md, /);
    // a word that is neither a family nor a path is still a mistyped family
    expect((await runCli(['check', 'rfc'])).stderr).toMatch(/^specgate: unknown check family "rfc"; did you mean "rfcs"\?/);
  });

  it('the binary reads standard input to its end; past the cap it is one line (exit 2)', async () => {
    const { readAll } = await import('../../scripts/core/io/process-io.js');
    const { Readable } = await import('node:stream');
    await expect(readAll(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 4)).resolves.toBe('abcd');
    await expect(readAll(Readable.from([Buffer.from('ab'), Buffer.from('cde')]), 4)).rejects.toThrow('standard input is larger than 4 bytes (the cap on every file)');
    const map = readFileSync(path.join(PROJECT, 'spec/v2/interop-map.json'), 'utf8');
    const r = spawnCli(['check', 'interop-map', '--stdin', '--stdin-filename', 'spec/v2/interop-map.json', '-f', 'compact'], { input: map.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"') });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^spec\/v2\/interop-map\.json:264:19: error .*\[interop-map\/reason-upper-snake\]$/m);
  });

  it('--stdin --stdin-filename checks unsaved text as that file (the overlay the LSP uses)', async () => {
    const map = readFileSync(path.join(PROJECT, 'spec/v2/interop-map.json'), 'utf8');
    const unsaved = map.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"');
    expect(unsaved).not.toBe(map);
    const r = await runCli(['check', 'interop-map', '--stdin', '--stdin-filename', 'spec/v2/interop-map.json', '-f', 'compact'], { stdin: unsaved });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^spec\/v2\/interop-map\.json:264:19: error .*\[interop-map\/reason-upper-snake\]$/m);
    // the saved file is clean
    expect((await runCli(['check', 'interop-map', '--stdin', '--stdin-filename', 'spec/v2/interop-map.json'], { stdin: map })).code).toBe(0);
    for (const [args, line] of [
      [['--stdin'], 'specgate: --stdin needs --stdin-filename PATH: the repository file the text stands for (it decides how the text is read)\n'],
      [['--stdin-filename', 'x.json'], 'specgate: --stdin-filename names the file --stdin stands for; give --stdin too\n'],
      [['--stdin', '--stdin-filename', 'RFCS/x.md', '--fix'], 'specgate: --stdin has no file to write fixes to; --fix-dry-run prints the diff\n'],
    ] as const) {
      expect(await runCli(['check', ...args], { stdin: '' })).toEqual({ code: 2, stdout: '', stderr: line });
    }
  });
});

describe('--rule ID:SEVERITY, --print-config, --debug, --cache-location, help <command>', () => {
  it('reads ESLint\'s spelling and refuses a severity it does not know', () => {
    expect(parseRuleFlags({ rule: ['rfcs/status-known: off', 'rfcs/dates-valid:warning'] })).toEqual({ 'rfcs/status-known': 'off', 'rfcs/dates-valid': 'warning' });
    expect(() => parseRuleFlags({ rule: ['rfcs/status-known: warn'] })).toThrow('--rule rfcs/status-known: warn: the severity is one of off, on, notice, warning, error; did you mean "warning"? ("warn" is how ESLint and Spectral spell it)');
    expect(() => parseRuleFlags({ rule: ['rfcs/status-known'], fix: true })).toThrow(/use --fix-rule rfcs\/status-known$/);
  });

  it('sets a severity for this run over the config; an unknown id gets a did-you-mean', async () => {
    const dir = sabotaged();
    const off = await runJson(['check', 'interop-map', '--root', dir, '--rule', 'interop-map/reason-upper-snake: off', '--rule', 'interop-map/schema:off']);
    expect(off.code).toBe(0);
    const warn = await runJson(['check', 'interop-map', '--root', dir, '--rule', 'interop-map/reason-upper-snake:warning']);
    expect(warn.findings.map((f) => f.severity)).toEqual(['warning']);
    const r = await runCli(['check', '--rule', 'rfcs/status-knwn:off']);
    expect(r).toMatchObject({ code: 2, stderr: '--rule: unknown rule "rfcs/status-knwn"; did you mean "rfcs/status-known"? (run "specgate list-rules")\n'.replace(/^/, 'specgate: ') });
  });

  it('--print-config names every rule and where its severity came from', async () => {
    const dir = projectCorpusCopy();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'specgate.config.json'), '{\n  "preset": "openwop",\n  "rules": { "rfcs/dates-valid": "warning" },\n  "process": { "statuses": { "active": "Proposed" } }\n}\n');
    const r = await runCli(['check', '--root', dir, '--print-config', '--rule', 'rfcs/status-known: off']);
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c.configFile).toBe('specgate.config.json');
    expect(c.preset.value).toBe('openwop');
    expect(c.preset.from).toMatch(/specgate\.config\.json:2:3$/);
    expect(c.layout.invariants).toEqual({ value: 'SECURITY/invariants.yaml', from: 'preset openwop' });
    expect(c.layout.process.value.statuses.active).toBe('Proposed');
    expect(c.layout.process.from).toMatch(/specgate\.config\.json:4:3$/);
    expect(c.rules['rfcs/dates-valid'].severity).toBe('warning');
    expect(c.rules['rfcs/dates-valid'].from).toMatch(/specgate\.config\.json:3:14$/);
    expect(c.rules['rfcs/status-known']).toEqual({ severity: 'off', from: '--rule' });
    expect(c.rules['rfcs/title-row-matches']).toEqual({ severity: 'off', from: 'preset openwop (opt-in)' });
    expect(c.rules['interop-map/reason-upper-snake']).toEqual({ severity: 'error', from: 'default' });
  });

  it('--print-config works in a folder without the layout (to see why a run refuses it); flags that contradict are one line', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const empty = mkdtempSync(path.join(tmpdir(), 'specgate-empty-'));
    try {
      const r = await runCli(['check', '--print-config', '--root', empty, '--preset', 'openwop']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).preset).toEqual({ value: 'openwop', from: '--preset' });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    expect((await runCli(['check', '--report-unused-exceptions', '--no-report-unused-exceptions'])).stderr).toBe('specgate: give --report-unused-exceptions or --no-report-unused-exceptions, not both\n');
  });

  it('--debug lists the files read and each rule\'s time on stderr; stdout stays the format', async () => {
    const r = await runCli(['check', 'rfcs', '--debug', '-f', 'json']);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toMatch(/^specgate: debug: files read \(\d+\): RFCS\//m);
    expect(r.stderr).toMatch(/^specgate: debug: rfcs: [\d.]+ ms/m);
    expect(r.stderr).toMatch(/^specgate: debug: {3}rfcs\/status-known +[\d.]+ ms$/m);
    // The work the loaders did: every RFC of the folder, each from its cached reading or parsed.
    const work = /^specgate: debug: work: (.*)$/m.exec(r.stderr)?.[1] ?? '';
    const readings = [...work.matchAll(/RFC readings (?:cached|parsed) (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(readings).toBe(readdirSync(path.join(PROJECT, 'RFCS')).filter((f) => /^\d{4}-.*\.md$/.test(f) && !f.startsWith('0000-')).length);
  });

  it('--cache-location moves the cache folder for the run', async () => {
    const { mkdtempSync, readdirSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const cache = mkdtempSync(path.join(tmpdir(), 'specgate-cache-'));
    try {
      const r = await runCli(['check', 'rfcs', '--cache-location', cache, '--debug']);
      expect(r.stderr).toContain(`cache folder: ${cache}`);
      expect(readdirSync(path.join(cache, 'parsed')).filter((f) => f.endsWith('.json')).length).toBeGreaterThan(0);
      expect((await runCli(['check', '--cache-location', cache, '--no-cache'])).stderr).toBe('specgate: give --cache-location or --no-cache, not both\n');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('`specgate help check` prints check\'s usage; an unknown one gets a did-you-mean', async () => {
    const help = await runCli(['help', 'check']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await runCli(['check', '--help'])).stdout);
    expect(help.stdout).toMatch(/^usage: specgate check \[family…\] \[path or glob…\]/);
    expect((await runCli(['help', 'chek'])).stderr).toBe('specgate: unknown command "chek"; did you mean "check"?\nrun "specgate --help" for the commands\n');
  });
});

describe('quiet usage errors', () => {
  it('an unknown short flag gets a suggestion only when it is one (another case, or a long option with one dash)', async () => {
    expect((await runCli(['check', '-x'])).stderr).toBe('specgate: unknown option "-x"\nrun "specgate check --help" for its usage\n');
    expect((await runCli(['check', '-Q'])).stderr).toBe('specgate: unknown option "-Q"; did you mean "-q"?\nrun "specgate check --help" for its usage\n');
  });

  it('stylish ends with how many of the problems --fix can repair', () => {
    const result = sampleResult();
    const edit = { file: result.findings[0]!.file, start: 0, end: 1, text: 'x' };
    result.findings[0] = { ...result.findings[0]!, fix: { edits: [edit] } };
    const text = stylish(result, sampleEnv('/repo'));
    expect(text).toMatch(/^✖ \d+ problems? .*\n {2}1 problem can be fixed with --fix$/m);
    expect(stylish(sampleResult(), sampleEnv('/repo'))).not.toMatch(/can be fixed/);
  });
});

describe('config errors all at once; the other preset\'s layout named', () => {
  it('every schema problem, then every unknown rule id (overrides included), one located line each', async () => {
    const { writeFileSync } = await import('node:fs');
    const dir = projectCorpusCopy();
    const config = path.join(dir, 'specgate.config.json');
    writeFileSync(config, '{\n  "preset": "openwp",\n  "rules": { "rfcs/status-known": "warn" },\n  "bogus": 1\n}\n');
    const r = await runCli(['check', '--root', dir]);
    expect(r.code).toBe(2);
    const shown = config.split(path.sep).join('/'); // outside the working directory: shown absolute
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `specgate: ${shown}:2:13: "preset" must be one of "specgate", "openwop", "eip" — did you mean "openwop"?`,
      `specgate: ${shown}:3:35: the severity of "rfcs/status-known" must be one of "off", "on", "notice", "warning", "error" — did you mean "warning"? ("warn" is how ESLint and Spectral spell it)`,
      `specgate: ${shown}:4:3: unknown key "bogus" in the config (see config.schema.json)`,
    ]);
    writeFileSync(config, '{\n  "rules": { "rfcs/status-knwn": "off" },\n  "overrides": [{ "files": ["RFCS/*.md"], "rules": { "rfcs/datesvalid": "off" } }]\n}\n');
    const ids = await runCli(['check', '--root', dir]);
    expect(ids.stderr.trimEnd().split('\n')).toEqual([
      `specgate: ${shown}:2:14: unknown rule "rfcs/status-knwn"; did you mean "rfcs/status-known"? (run "specgate list-rules")`,
      `specgate: ${shown}:3:54: unknown rule "rfcs/datesvalid"; did you mean "rfcs/dates-valid"? (run "specgate list-rules")`,
    ]);
  });
});

describeShared("the other preset's layout", () => {
  it('forgetting --preset openwop in an upstream-layout repository names the files that are there, in one line', async () => {
    const dir = tempCopy(ANCHOR);
    const r = await runCli(['check', '--root', dir, '-f', 'compact']);
    expect(r.code).toBe(1);
    const hints = r.stderr.split('\n').filter(Boolean);
    expect(hints).toHaveLength(1);
    expect(hints[0]).toMatch(/^specgate: api\/v2\/openapi\.yaml, .*SECURITY\/invariants\.yaml are here, where the "openwop" preset keeps them, but not spec\/v2\/openapi\.yaml, .*invariants\/invariants\.yaml: this looks like the "openwop" layout \(run `specgate init`, which writes specgate\.config\.json, or pass --preset openwop\)$/);
    // with the preset, no hint
    expect((await runCli(['check', 'interop-map', '--root', dir, '--preset', 'openwop'])).stderr).toBe('');
  });
});

describe('absolute rule docs URLs and the LICENSE', () => {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { homepage: string; license: string };
  const rulesMd = readFileSync(path.join(PROJECT, 'docs/rules.md'), 'utf8');
  const base = `${pkg.homepage.replace(/#.*$/, '')}/blob/main/docs/rules.md#`;

  it('SARIF helpUri, json docs and list-rules -f json point at the rule\'s row of the repository\'s docs/rules.md', async () => {
    expect(pkg.homepage).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+#readme$/);
    const dir = sabotaged();
    const sarif = JSON.parse((await runCli(['check', 'interop-map', '--root', dir, '-f', 'sarif'])).stdout);
    const descriptors = sarif.runs[0].tool.driver.rules as { id: string; helpUri?: string }[];
    expect(descriptors.length).toBeGreaterThan(5);
    for (const d of descriptors) {
      expect(d.helpUri, d.id).toBe(`${base}${d.id.replace(/[^a-z0-9-]+/g, '-')}`);
      expect(rulesMd, d.id).toContain(`<a id="${d.helpUri!.slice(base.length)}"></a>`);
    }
    const json = JSON.parse((await runCli(['check', 'interop-map', '--root', dir, '-f', 'json'])).stdout);
    expect(json.findings[0].docs).toBe(`${base}interop-map-reason-upper-snake`);
    const list = JSON.parse((await runCli(['list-rules', '-f', 'json'])).stdout) as { id: string; docs: string }[];
    expect(list.every((r) => r.docs.startsWith(base))).toBe(true);
  });

  it('LICENSE is the MIT license package.json names', () => {
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(path.join(PROJECT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
  });
});
