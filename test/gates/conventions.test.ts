import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverConfig } from '../../scripts/core/config/config.js';
import { FatalError, UsageError } from '../../scripts/core/base/errors.js';
import type { Finding } from '../../scripts/core/model/findings.js';
import { colorFor, exitCode, maxWarnings, resolveRoot, shownFindings, shownResult } from '../../scripts/core/cli/run-env.js';
import { compact } from '../../scripts/core/reporters/compact.js';
import { stylish } from '../../scripts/core/reporters/stylish.js';
import { PROJECT, projectCorpusCopy, runCli, runJson, tempDir } from '../helpers/env.js';

/** Issue 15 §1: the conventions users bring from ESLint and markdownlint-cli2. In-process where possible. */
const COMMANDS = ['check', 'errata', 'wire', 'compat', 'probe', 'list-rules'] as const;
const MODULES: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  check: () => import('../../scripts/commands/check.js'),
  errata: () => import('../../scripts/commands/errata.js'),
  wire: () => import('../../scripts/commands/wire.js'),
  compat: () => import('../../scripts/commands/compat.js'),
  probe: () => import('../../scripts/commands/probe.js'),
  'list-rules': () => import('../../scripts/commands/list-rules.js'),
};
const load = (name: string) => MODULES[name]!();

function finding(over: Partial<Finding> = {}): Finding {
  return { ruleId: 'rfcs/status-known', severity: 'error', file: 'RFCS/0001-x.md', line: 3, column: 5, endLine: 3, endColumn: 9, message: 'status "Acepted" is not known', ...over };
}

describe('help and unknown flags', () => {
  it.each([...COMMANDS, 'lsp'])('%s --help and -h print usage with the short flags, exit 0', async (name) => {
    const help = await runCli([name, '--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage: specgate /);
    if (name !== 'lsp') {
      expect(help.stdout).toMatch(/-f, --format|-f\|--format/);
      expect(help.stdout).toMatch(/-o, --output|-o\|--output/);
    }
    expect(help.stdout).toMatch(/-h, --help|-h\|--help/);
    expect(await runCli([name, '-h'])).toEqual(help);
  });

  it.each(COMMANDS)('%s: an unknown flag is one line of our own with a "did you mean", and the usage', async (name) => {
    const e = await (await load(name)).run(['--fromat', 'json']).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).message).toBe('unknown option "--fromat"; did you mean "--format"?');
    expect((e as UsageError).usage).toMatch(/^usage: specgate /);
  });

  it('a flag far from every known one gets no suggestion; a value where none is taken is named', async () => {
    const { run } = await load('check');
    await expect(run(['--zzzzzzzz'])).rejects.toThrow(/^unknown option "--zzzzzzzz"$/);
    await expect(run(['--staged=yes'])).rejects.toThrow('option --staged takes no value (got "yes")');
    await expect(run(['--format'])).rejects.toThrow('option -f/--format needs a value');
    // a value that starts with "-" is taken for a flag by parseArgs: our line says how to write one
    await expect(run(['-o', '-q'])).rejects.toThrow(/^option -o\/--output needs a value \(one that starts with "-" is written --output=-…\)$/);
  });

  it('--max-warnings -1 is no limit, as in ESLint (a negative number is never taken for a flag)', async () => {
    expect(maxWarnings({ 'max-warnings': '-1' })).toBeUndefined();
    const r = await runCli(['check', 'rfcs', '--max-warnings', '-1', '-f', 'compact']);
    expect(r.stdout).toMatch(/: warning /);
    expect(r.code).toBe(0);
    const { run } = await load('check');
    await expect(run(['--max-warnings', '-2'])).rejects.toThrow('--max-warnings takes a whole number of warnings, 0 or more, or -1 for no limit (got "-2")');
  });

  it('end to end: the useful line and where the usage is (not the usage itself); nothing on stdout; exit 2', async () => {
    const r = await runCli(['check', '--fromat', 'json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('specgate: unknown option "--fromat"; did you mean "--format"?\nrun "specgate check --help" for its usage\n');
    expect(r.stderr).not.toMatch(/To specify a positional/);
  });

  it('an unknown command or preset or format gets a "did you mean"', async () => {
    expect((await runCli(['chekc'])).stderr.split('\n')[0]).toBe('specgate: unknown command "chekc"; did you mean "check"?');
    const { run } = await load('check');
    await expect(run(['--preset', 'openwp'])).rejects.toThrow('unknown preset "openwp"; did you mean "openwop"?');
    await expect(run(['-f', 'compat'])).rejects.toThrow('unknown format "compat"; did you mean "compact"?');
    await expect(run(['rfc'])).rejects.toThrow('unknown check family "rfc"; did you mean "rfcs"?');
  });
});

describe('paths that do not exist or are the wrong kind, and roots without their layout: one line, exit 2', () => {
  const argvFor = (name: string, root: string): string[] =>
    ({
      check: ['--root', root],
      errata: ['check', '--root', root],
      wire: ['x.json', '--root', root],
      compat: ['--base', 'HEAD', '--root', root],
      probe: ['--url', 'http://127.0.0.1:9', '--root', root],
    })[name]!;
  const corpusCommands = COMMANDS.filter((c) => c !== 'list-rules');

  // compat compares schemas only; its own check names an empty layout.schemaGlobs (test/compat).
  it.each(corpusCommands.filter((c) => c !== 'compat'))('%s: an empty folder names what is missing and the preset', async (name) => {
    const empty = tempDir();
    const e = await (await load(name)).run(argvFor(name, empty)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FatalError);
    expect((e as Error).message).toMatch(/has no (RFCS\/ folder of RFCs|interop map spec\/v2\/interop-map\.json).*which the "specgate" preset expects/);
  });

  it.each(corpusCommands)('%s: a root that does not exist, or is a file', async (name) => {
    const { run } = await load(name);
    await expect(run(argvFor(name, path.join(tempDir(), 'nope')))).rejects.toThrow(/^root not found: /);
    await expect(run(argvFor(name, path.join(PROJECT, 'package.json')))).rejects.toThrow(/^root is a file, not a folder: /);
  });

  it('errata check on an empty folder no longer passes: exit 2 with one line', async () => {
    const r = await runCli(['errata', 'check', '--root', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('the openwop preset names its own paths', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'RFCS'));
    writeFileSync(path.join(root, 'RFCS/0001-x.md'), '# RFC 0001: x\n');
    const { run } = await load('check');
    await expect(run(['--root', root, '--preset', 'openwop'])).rejects.toThrow('has no interop map spec/v2/interop-map.json, which the "openwop" preset expects');
  });

  it('--config, --map and --output that are missing or the wrong kind', async () => {
    const { run } = await load('check');
    await expect(run(['--config', 'no-such.json'])).rejects.toThrow('config file not found: no-such.json');
    await expect(run(['--config', 'scripts'])).rejects.toThrow('config file is a directory, not a regular file: scripts');
    await expect(run(['--map', 'no-such-map.json'])).rejects.toThrow('map not found: no-such-map.json');
    await expect(run(['--map', 'spec'])).rejects.toThrow('--map is a folder, not a file: spec');
    await expect(run(['-o', 'scripts'])).rejects.toThrow('--output is a folder, not a file: scripts');
    await expect(run(['--max-warnings', 'lots'])).rejects.toThrow('--max-warnings takes a whole number');
  });
});

describe('--quiet, --max-warnings, colour', () => {
  const warning = finding({ severity: 'warning' });
  it('--max-warnings N: exit 1 only with more than N warnings; errors always 1', () => {
    expect(exitCode([warning, warning], { 'max-warnings': '2' })).toBe(0);
    expect(exitCode([warning, warning, warning], { 'max-warnings': '2' })).toBe(1);
    expect(exitCode([warning], {})).toBe(0);
    expect(exitCode([finding()], { 'max-warnings': '5' })).toBe(1);
  });

  it('--quiet shows errors only', () => {
    expect(shownFindings([finding(), warning], { quiet: true })).toEqual([finding()]);
    expect(shownFindings([finding(), warning], {})).toHaveLength(2);
  });

  it('end to end: --max-warnings 0 fails a run with warnings; --quiet hides them', async () => {
    // This project's own corpus has warnings only (sibling-repository Affects paths).
    const plain = await runCli(['check', 'rfcs', '-f', 'compact']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/: warning /);
    expect((await runCli(['check', 'rfcs', '--max-warnings', '0'])).code).toBe(1);
    const quiet = await runCli(['check', 'rfcs', '-f', 'compact', '-q']);
    expect(quiet).toMatchObject({ code: 0, stdout: '' });
    // every count agrees with what is shown: the family rows too (json summary, stylish rows)
    const json = await runJson(['check', 'rfcs', '-q']);
    expect(json.summary.warnings).toBe(0);
    expect(json.summary.families.map((f: { warnings: number }) => f.warnings)).toEqual([0]);
    expect((await runCli(['check', 'rfcs', '-q'])).stdout).not.toMatch(/\d+ warnings?/);
  });

  it("past --max-warnings, ESLint's line: after a human report, on stderr for a machine format, also with --quiet", async () => {
    const line = (n: number) => `specgate found too many warnings (maximum: ${n}).\n`;
    const warnings = (await runJson(['check', 'rfcs'])).summary.warnings as number;
    expect(warnings).toBeGreaterThan(1);
    const quiet = await runCli(['check', 'rfcs', '-q', '--max-warnings', '0', '-f', 'compact']);
    expect(quiet).toMatchObject({ code: 1, stdout: line(0), stderr: '' });
    const stylish = await runCli(['check', 'rfcs', '--max-warnings', String(warnings - 1)]);
    expect(stylish.code).toBe(1);
    expect(stylish.stdout.endsWith(`)\n${line(warnings - 1)}`)).toBe(true);
    for (const format of ['json', 'sarif', 'github']) {
      const r = await runCli(['check', 'rfcs', '--max-warnings', '1', '-f', format]);
      expect(r, format).toMatchObject({ code: 1, stderr: line(1) });
      expect(r.stdout).not.toContain('too many');
    }
    // At the limit: no line, exit 0.
    expect(await runCli(['check', 'rfcs', '-q', '--max-warnings', String(warnings), '-f', 'compact'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('--quiet hiding warnings: stylish claims no success ("✔ no problems"), above the too-many line or alone', async () => {
    const quiet = await runCli(['check', 'rfcs', '-q', '--max-warnings', '0']);
    expect(quiet).toMatchObject({ code: 1, stderr: '' });
    expect(quiet.stdout).not.toContain('✔');
    expect(quiet.stdout).not.toContain('✖');
    expect(quiet.stdout.endsWith('\nspecgate found too many warnings (maximum: 0).\n')).toBe(true);
    const within = await runCli(['check', 'rfcs', '-q']);
    expect(within.code).toBe(0);
    expect(within.stdout).not.toContain('✔');
    // Not quiet, the warnings are shown and counted.
    expect((await runCli(['check', 'rfcs'])).stdout).toMatch(/✖ \d+ problems \(0 errors, \d+ warnings\)/);
  });

  it('shownResult counts the warnings --quiet hides; only stylish reads the count', async () => {
    const notice = finding({ severity: 'notice' });
    const result = { findings: [warning, warning, notice], families: [] };
    expect(shownResult(result, { quiet: true })).toEqual({ findings: [], families: [], hiddenWarnings: 2 });
    expect(shownResult(result, {})).toEqual(result);
    // Only notices hidden: nothing that is a problem was hidden, so the run is still clean.
    expect(shownResult({ findings: [notice], families: [] }, { quiet: true })).toEqual({ findings: [], families: [] });
    const env = { sourceOf: () => undefined, root: PROJECT, toolName: 'specgate', toolVersion: '0', rules: [{ id: 'rfcs/status-known', rfc: 'RFC 0001 §B', description: 'x' }] };
    const clean = { findings: [], families: [] };
    expect(stylish(clean, env)).toBe('✔ no problems\n');
    expect(stylish({ ...clean, hiddenWarnings: 2 }, env)).toBe('');
    expect(stylish({ findings: [finding()], families: [], hiddenWarnings: 2 }, env)).toContain('✖ 1 problem (1 error, 0 warnings)');
    const { json } = await import('../../scripts/core/reporters/json.js');
    const { sarif } = await import('../../scripts/core/reporters/sarif.js');
    const { github } = await import('../../scripts/core/reporters/github.js');
    for (const reporter of [compact, json, sarif, github]) expect(reporter({ ...clean, hiddenWarnings: 2 }, env)).toBe(reporter(clean, env));
  });

  it('colour: --no-color and --color win, then NO_COLOR, then FORCE_COLOR, then the terminal', () => {
    expect(colorFor({}, 'stylish', true, {})).toBe(true);
    expect(colorFor({}, 'stylish', false, {})).toBe(false);
    expect(colorFor({ output: 'x.txt' }, 'stylish', true, {})).toBe(false);
    expect(colorFor({}, 'stylish', true, { NO_COLOR: '1' })).toBe(false);
    expect(colorFor({}, 'stylish', true, { NO_COLOR: '' })).toBe(true);
    expect(colorFor({}, 'compact', false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorFor({}, 'stylish', true, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorFor({ color: true }, 'stylish', false, { NO_COLOR: '1' })).toBe(true);
    expect(colorFor({ 'no-color': true }, 'stylish', true, { FORCE_COLOR: '1' })).toBe(false);
    expect(colorFor({ color: true }, 'json', true, {})).toBe(false);
  });

  it('end to end: FORCE_COLOR colours a pipe; --no-color overrides it', async () => {
    const env = { NO_COLOR: '', FORCE_COLOR: '1' };
    expect((await runCli(['check', 'rfcs'], { env })).stdout).toContain('\u001b[');
    expect((await runCli(['check', 'rfcs', '--no-color'], { env })).stdout).not.toContain('\u001b[');
  });
});

describe('reporters: compact, and summaries in words', () => {
  const env = { sourceOf: () => undefined, root: PROJECT, toolName: 'specgate', toolVersion: '0', rules: [] };
  it('compact: file:line:col: severity message [rule-id], one line each, control characters escaped', () => {
    const text = compact({ findings: [finding(), finding({ severity: 'warning', line: 9, column: 1, message: 'bad\u001b[2Jname\nnext', ruleId: 'rfcs/x' })], families: [] }, env);
    expect(text).toBe(
      'RFCS/0001-x.md:3:5: error status "Acepted" is not known [rfcs/status-known]\n' +
        'RFCS/0001-x.md:9:1: warning bad\\x1b[2Jname\\nnext [rfcs/x]\n\n2 problems (1 error, 1 warning)\n',
    );
    expect(compact({ findings: [], families: [] }, env)).toBe('');
  });

  it('stylish summaries are words: singulars, no camelCase keys, no "1 errors"', () => {
    const text = stylish(
      {
        findings: [finding()],
        families: [{ family: 'invariants', files: 1, visited: 1, errors: 1, warnings: 0, ms: 2, extras: { entries: 1, entriesCitingNoRfc: 0, absentRfcCount: 2, absentRfcs: ['0002', '0003'] } }],
      },
      env,
    );
    expect(text).toContain('✖ 1 problem (1 error, 0 warnings)');
    expect(text).toContain('invariants:  1 file read, 1 item checked, 1 error, no warnings (2 ms)');
    expect(text).toContain('1 entry, 2 cited RFCs absent, absent: 0002, 0003');
    expect(text).not.toMatch(/[a-z][A-Z]|\b1 errors\b|\b0 errors\b/);
  });
});

describe('configuration discovered upward (ESLint / markdownlint-cli2), --config overrides; the root is its folder (tsc)', () => {
  it('found in the folder searched from or above it, up to the repository top', () => {
    const top = tempDir();
    mkdirSync(path.join(top, '.git'));
    mkdirSync(path.join(top, 'sub/deeper'), { recursive: true });
    writeFileSync(path.join(top, 'specgate.config.json'), '{}');
    expect(discoverConfig(path.join(top, 'sub/deeper'))).toBe(path.join(top, 'specgate.config.json'));
    writeFileSync(path.join(top, 'sub/specgate.config.json'), '{}');
    expect(discoverConfig(path.join(top, 'sub/deeper'))).toBe(path.join(top, 'sub/specgate.config.json'));
  });

  it('the search stops at the repository top', () => {
    const outer = tempDir();
    writeFileSync(path.join(outer, 'specgate.config.json'), '{}');
    const repo = path.join(outer, 'repo');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    expect(discoverConfig(repo)).toBeUndefined();
    writeFileSync(path.join(repo, 'specgate.config.json'), '{}');
    expect(discoverConfig(repo)).toBe(path.join(repo, 'specgate.config.json'));
  });

  it('without --root the root is the folder of the config found upward: `cd RFCS && specgate check` checks the whole repository', async () => {
    const root = projectCorpusCopy();
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ rules: { 'rfcs/affects-paths-exist': 'off' } }));
    expect(resolveRoot({}, path.join(root, 'RFCS'))).toBe(root);
    expect(resolveRoot({ config: 'other.json' }, path.join(root, 'RFCS'))).toBe(path.join(root, 'RFCS'));
    const r = await runJson(['check'], { cwd: path.join(root, 'RFCS') });
    expect(r.code, r.stderr).toBe(0);
    expect(r.findings).toEqual([]);
    expect((r.summary.families as Array<{ family: string; files: number }>).map((f) => [f.family, f.files > 0])).toEqual([
      ['interop-map', true],
      ['invariants', true],
      ['rfcs', true],
      ['wire-examples', true],
    ]);
  });

  it('without --root and without a config, the working directory is the root, named by its path', async () => {
    const empty = tempDir();
    const r = await runCli(['check'], { cwd: empty });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`specgate: the working directory ${realpathSync(empty)} has no RFCS/ folder`);
    // an empty --root= is the working directory too, and is named (not a blank)
    expect((await runCli(['check', '--root='], { cwd: empty })).stderr).toContain(`specgate: the working directory ${realpathSync(empty)} has no RFCS/ folder`);
  });

  it("with --root the config is searched from the root, not from the working directory", async () => {
    const repo = tempDir();
    mkdirSync(path.join(repo, '.git'));
    writeFileSync(path.join(repo, 'specgate.config.json'), JSON.stringify({ preset: 'openwop' }));
    // An empty folder elsewhere: the working directory's config (openwop) does not apply to it.
    const r = await runCli(['check', '--root', tempDir()], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/which the "specgate" preset expects/);
    // A folder inside the repository finds the repository's config above it.
    mkdirSync(path.join(repo, 'sub'));
    expect((await runCli(['check', '--root', 'sub'], { cwd: repo })).stderr).toMatch(/^specgate: sub has no .*which the "openwop" preset expects/);
  });

  it('end to end: run from a subfolder, the config at the top applies; --config overrides it', async () => {
    const root = projectCorpusCopy();
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ rules: { 'rfcs/affects-paths-exist': 'off' } }));
    writeFileSync(path.join(root, 'other.json'), JSON.stringify({ rules: { 'rfcs/affects-paths-exist': 'error' } }));
    const cwd = path.join(root, 'RFCS');
    expect(await runCli(['check', 'rfcs', '--root', '..', '-f', 'compact'], { cwd })).toMatchObject({ code: 0, stdout: '' });
    const overridden = await runCli(['check', 'rfcs', '--root', '..', '-f', 'compact', '--config', '../other.json'], { cwd });
    expect(overridden.code).toBe(1);
    expect(overridden.stdout).toContain('[rfcs/affects-paths-exist]');
  });
});

describe('no command rebuilds anything', () => {
  // scripts/build/ is the build's own second step (the library bundles, run by `npm run build`): no command imports it.
  it('the bin is the launcher of the tsc output, and no module under scripts/ runs a compiler or a build', () => {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin.specgate).toBe('bin/specgate');
    expect(readFileSync(path.join(PROJECT, 'bin/specgate'), 'utf8')).toContain('cli=$dist/scripts/cli.js');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.includes(`${path.sep}bench${path.sep}`) && !p.includes(`${path.sep}hooks${path.sep}`) && !p.includes(`${path.sep}build${path.sep}`)) {
          const text = readFileSync(p, 'utf8');
          if (/['"]typescript['"]|\btsc\b['"]|npm run build|['"]build['"]\s*\]|build\/bundle\.js['"]/.test(text)) offenders.push(path.relative(PROJECT, p));
        }
      }
    };
    walk(path.join(PROJECT, 'scripts'));
    expect(offenders).toEqual([]);
  });
});

describe('the tests run the code the CLI runs', () => {
  it("the dependencies resolve to their production builds, not the development ones vite's default conditions pick (vitest.config.ts)", () => {
    // micromark and mdast-util-from-markdown export a `development` build (extra assertions, debug calls).
    const builds = ['micromark', 'mdast-util-from-markdown', 'micromark-extension-gfm-table'].map((name) => [name, path.relative(PROJECT, fileURLToPath(import.meta.resolve(name)))]);
    expect(builds).toEqual([
      ['micromark', path.join('node_modules', 'micromark', 'index.js')],
      ['mdast-util-from-markdown', path.join('node_modules', 'mdast-util-from-markdown', 'index.js')],
      ['micromark-extension-gfm-table', path.join('node_modules', 'micromark-extension-gfm-table', 'index.js')],
    ]);
    expect(process.execArgv.filter((a, i, all) => all[i - 1] === '--conditions' || a.startsWith('--conditions='))).not.toContain('development');
  });
});

