import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LspClient } from '../../scripts/bench/lsp-client.js';
import { PROJECT, tempDir } from '../helpers/env.js';
import { packedProject } from '../helpers/packed.js';
import { gitOk } from './git-repo.js';

/*
 * examples/plugin from a fresh adopter repository, through an installed copy of specgate: one
 * `npm pack` of this project (its `files` and `exports` as published), one `npm install` of the
 * tarball (offline, from npm's cache), the plugin copied in and named in specgate.config.json.
 * Its findings come out in SARIF, go into the baseline, are fixed by --fix, reach the editor.
 */

const rfc = (n: string, status: string) =>
  [`# RFC ${n}: Example`, '', '| Field | Value |', '| --- | --- |', `| RFC | ${n} |`, '| Title | Example |', `| Status | ${status} |`, '| Author(s) | someone |', '| Created | 2026-01-01 |', '| Updated | 2026-01-02 |', '| Affects | nothing |', '| Compatibility | editorial |', '| Supersedes | none |', '| Superseded by | none |', '', '## Summary', '', 'Text.', ''].join('\n');

let repo: string;
let cli: string;

function run(args: string[], cwd = repo) {
  // list-rules --format json carries every rule's examples: some MiB, over spawnSync's 1 MiB default.
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  const dir = tempDir('specgate-adopter-');
  const tarball = await packedProject(path.join(dir, 'pack'));
  repo = path.join(dir, 'repo');
  mkdirSync(repo);
  gitOk(repo, ['init', '-q']);
  writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'adopter', private: true, type: 'module' }));
  const env: Record<string, string | undefined> = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  const installed = spawnSync('npm', ['install', '--offline', '--ignore-scripts', tarball], { cwd: repo, encoding: 'utf8', env });
  expect(installed.status, installed.stderr).toBe(0);
  cli = path.join(repo, 'node_modules/specgate/dist/scripts/cli.js');
  cpSync(path.join(PROJECT, 'examples/plugin'), path.join(repo, 'plugins/example'), { recursive: true });
  writeFileSync(path.join(repo, 'specgate.config.json'), JSON.stringify({ plugins: ['./plugins/example/index.js'], rules: { 'changelog/accepted-rfc-listed': 'warning' } }, null, 2));
  mkdirSync(path.join(repo, 'RFCS'));
  writeFileSync(path.join(repo, 'RFCS/0001-first.md'), rfc('0001', 'Accepted'));
  writeFileSync(path.join(repo, 'RFCS/0002-second.md'), rfc('0002', 'Draft'));
  writeFileSync(path.join(repo, 'RFCS/README.md'), '# RFCs\n\n| RFC | Title | Status |\n| --- | --- | --- |\n| 0001 | First | Accepted |\n| 0002 | Second | Active |\n');
  writeFileSync(path.join(repo, 'CHANGELOG.md'), '# Changelog\n');
}, 300_000);

describe('a plugin in an adopter repository, through an installed specgate', () => {
  it("the plugin's own tests pass on the installed public harness (specgate/rules/testing)", () => {
    const r = spawnSync(process.execPath, ['--test', 'test/plugin.test.js'], { cwd: path.join(repo, 'plugins/example'), encoding: 'utf8' });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    // Each rule's examples (the check rules' 3 cases each, the rule beside wire 3, those beside compat and errata 2 each) and three tests of its own.
    expect(r.stdout).toMatch(/# pass 16\n# fail 0/);
    // The harness is typed as installed: its declarations and the module they re-export from ship.
    const types = (f: string) => readFileSync(path.join(repo, 'node_modules/specgate/dist/scripts', f), 'utf8');
    expect(types('api/testing.d.ts')).toMatch(/export \{ invalidMismatches, runRuleOn, validMismatches \} from '\.\.\/core\/engine\/rule-tester\.js'/);
    // testRule takes a family by the name of the command a plugin's rule stands beside.
    expect(types('api/testing.d.ts')).toMatch(/export declare function testRule\(rule: RuleSpec, api: TestApi, options\?: Omit<TestRuleOptions, 'family'> & \{\s+family\?: FamilyRun \| keyof typeof COMMAND_FAMILIES;/);
    expect(types('core/engine/rule-tester.d.ts')).toMatch(/export declare function testRule\(rule: RuleSpec, api: TestApi, options\?: TestRuleOptions\): void;/);
  });

  it('list-rules shows its rules; check reports them in SARIF, located, at the configured severity', () => {
    const listed = JSON.parse(run(['list-rules', '--format', 'json']).stdout) as Array<{ id: string; command: string }>;
    // The families beside wire, compat and errata are listed under the command that reports them.
    expect(listed.filter((r) => r.command.includes('plugin example')).map((r) => [r.id, r.command.split(' ')[0]])).toEqual([
      ['changelog/accepted-rfc-listed', 'check'],
      ['rfc-index/status-matches-header', 'check'],
      ['captures/no-server-banner', 'wire'],
      ['release-notes/breaking-change-noted', 'compat'],
      ['errata-notes/item-line-hint', 'errata'],
    ]);
    const r = run(['check', 'changelog', 'rfc-index', '--format', 'sarif']);
    expect(r.code, r.stderr).toBe(1);
    const sarif = JSON.parse(r.stdout);
    const results = sarif.runs[0].results.map((x: any) => [x.ruleId, x.level, x.locations[0].physicalLocation.artifactLocation.uri, x.locations[0].physicalLocation.region.startLine]);
    expect(results).toEqual([
      ['changelog/accepted-rfc-listed', 'warning', 'RFCS/0001-first.md', 7],
      ['rfc-index/status-matches-header', 'error', 'RFCS/README.md', 6],
    ]);
    expect(sarif.runs[0].tool.driver.rules.map((d: any) => d.id)).toEqual(expect.arrayContaining(['changelog/accepted-rfc-listed', 'rfc-index/status-matches-header']));
  });

  it('with --no-plugins its families are not loaded, and the rule ids the config names for them are not an error', () => {
    const r = run(['check', 'rfcs', '--no-plugins', '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toMatch(/changelog\/|rfc-index\//);
    expect(run(['check', 'changelog', '--no-plugins']).stderr).toMatch(/unknown check family "changelog"/);
  });

  it('the editor shows its findings as diagnostics, and hover describes its rule', async () => {
    const client = new LspClient(cli, repo);
    try {
      await client.initialize();
      const published = client.diagnosticsFor('RFCS/README.md', (p) => p.diagnostics.length > 0);
      await client.open('RFCS/README.md', readFileSync(path.join(repo, 'RFCS/README.md'), 'utf8'));
      const { diagnostics } = await published;
      expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['rfc-index/status-matches-header', 5]]);
      const hover = await client.hover('RFCS/README.md', 5, 20);
      expect(JSON.stringify(hover?.contents)).toContain('**rfc-index/status-matches-header** (RFC 0001 §A)');
    } finally {
      client.kill();
    }
  });

  it('its errors go into the baseline, and --fix repairs what it can', () => {
    expect(run(['check', 'changelog', 'rfc-index', '--suppress-all']).code).toBe(0);
    const baseline = JSON.parse(readFileSync(path.join(repo, 'specgate-suppressions.json'), 'utf8'));
    expect(JSON.stringify(baseline)).toContain('rfc-index/status-matches-header');
    expect(run(['check', 'changelog', 'rfc-index']).code).toBe(0);
    const fixed = run(['check', 'rfc-index', '--fix']);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(readFileSync(path.join(repo, 'RFCS/README.md'), 'utf8')).toContain('| 0002 | Second | Draft |');
  });
});

