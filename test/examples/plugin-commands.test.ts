import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT, runJson } from '../helpers/env.js';
import { TempRepo } from '../compat/git-repo.js';
import { INTEROP_SCHEMA, MINIMAL_CORPUS } from '../compat/minimal-corpus.js';

/*
 * The example plugin's families beside wire, compat and errata, end to end: an adopter's git
 * repository names the plugin in specgate.config.json, and the command itself reports the
 * plugin's finding (through the one engine, settled and reported with the command's own); without
 * the plugin configured, or with --no-plugins, the plugin's code never runs.
 */

const PLUGIN = './plugins/example/index.js';
const BANNER_CAPTURE = JSON.stringify(
  {
    request: { method: 'POST', path: '/a2a', headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 't-1' } }) },
    response: { status: 200, headers: { 'content-type': 'application/json', 'x-powered-by': 'Express' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { id: 't-1', status: { state: 'completed' } } }) },
  },
  null,
  2,
) + '\n';

const RFC_WITH_ERRATA = `# RFC 0042: Versions\n\n| Field | Value |\n| --- | --- |\n| **Status** | \`Accepted\` |\n\n## Errata\n\n- **\`doc.md\` §B** — replace "old words" with "new words".\n`;

/** This project's corpus (the interop map and schemas wire judges by) in a git repository, the example plugin copied in, configured when `configured`. */
function adopter(files: Record<string, string>, configured = true): TempRepo {
  const repo = TempRepo.init({ ...MINIMAL_CORPUS, ...files });
  cpSync(path.join(PROJECT, 'examples/plugin'), path.join(repo.dir, 'plugins/example'), { recursive: true });
  if (configured) writeFileSync(path.join(repo.dir, 'specgate.config.json'), JSON.stringify({ plugins: [PLUGIN] }) + '\n');
  return repo;
}

const ids = (findings: { ruleId: string }[]) => findings.map((f) => f.ruleId);

describe('a plugin family beside wire is reported by `specgate wire`', () => {
  it('the capture that names its server stack is a finding of captures/no-server-banner, at the header', async () => {
    const repo = adopter({});
    cpSync(path.join(PROJECT, 'spec'), path.join(repo.dir, 'spec'), { recursive: true });
    cpSync(path.join(PROJECT, 'schemas'), path.join(repo.dir, 'schemas'), { recursive: true });
    writeFileSync(path.join(repo.dir, 'capture.json'), BANNER_CAPTURE);
    const r = await runJson(['wire', 'capture.json'], { cwd: repo.dir });
    expect(r.stderr).toBe('');
    expect(r.findings.filter((f) => f.ruleId.startsWith('captures/')).map((f) => [f.ruleId, f.file, f.line, f.pointer, f.severity])).toEqual([['captures/no-server-banner', 'capture.json', 15, '/response/headers/x-powered-by', 'error']]);
    expect(r.code).toBe(1);
    // Its family has a row of its own in the summary, after wire's.
    expect(r.summary.families.map((f: { family: string }) => f.family)).toEqual(['wire', 'captures']);
    // Not configured, or --no-plugins: the plugin's code does not run.
    expect(ids((await runJson(['wire', 'capture.json', '--no-plugins'], { cwd: repo.dir })).findings)).not.toContain('captures/no-server-banner');
    writeFileSync(path.join(repo.dir, 'specgate.config.json'), '{}\n');
    expect(ids((await runJson(['wire', 'capture.json'], { cwd: repo.dir })).findings)).not.toContain('captures/no-server-banner');
  });
});

describe('a plugin family beside compat is reported by `specgate compat`', () => {
  it('a breaking change the changelog does not note is a finding of release-notes/breaking-change-noted; noted, it is not', async () => {
    const repo = adopter({ 'CHANGELOG.md': '# Changelog\n' });
    repo.commit('the plugin, configured');
    repo.editJson(INTEROP_SCHEMA, (s) => s.$defs.errorRow.required.push('reason'));
    const r = await runJson(['compat', '--base', 'HEAD'], { cwd: repo.dir });
    expect(r.stderr).toBe('');
    expect(ids(r.findings)).toEqual(['compat/required-added', 'release-notes/breaking-change-noted']);
    expect(r.findings[1]).toMatchObject({ file: INTEROP_SCHEMA, message: expect.stringContaining('no line CHANGELOG.md gained since HEAD names it') });
    writeFileSync(path.join(repo.dir, 'CHANGELOG.md'), `# Changelog\n\n- ${INTEROP_SCHEMA}: an error row's reason is now required.\n`);
    expect(ids((await runJson(['compat', '--base', 'HEAD'], { cwd: repo.dir })).findings)).toEqual(['compat/required-added']);
    expect(ids((await runJson(['compat', '--base', 'HEAD', '--no-plugins'], { cwd: repo.dir })).findings)).toEqual(['compat/required-added']);
  });
});

describe('a plugin family beside errata is reported by `specgate errata check` (and apply)', () => {
  it('an item without a line hint is a finding of errata-notes/item-line-hint beside the pending erratum', async () => {
    const repo = adopter({ 'RFCS/0042-versions.md': RFC_WITH_ERRATA, 'doc.md': '# Doc\n\n## §B Versions\n\nThe host sends the old words.\n' });
    const r = await runJson(['errata', 'check'], { cwd: repo.dir });
    expect(r.stderr).toContain('not applied');
    expect(r.findings.map((f) => [f.ruleId, f.file, f.line])).toEqual([
      ['errata-notes/item-line-hint', 'RFCS/0042-versions.md', 9],
      ['errata/not-applied', 'RFCS/0042-versions.md', 9],
    ]);
    const dry = await runJson(['errata', 'apply', '--dry-run'], { cwd: repo.dir });
    expect(ids(dry.findings)).toEqual(['errata-notes/item-line-hint']);
    expect(ids((await runJson(['errata', 'check', '--no-plugins'], { cwd: repo.dir })).findings)).toEqual(['errata/not-applied']);
  });

  it("check neither uses up nor prunes the baseline entries errata check wrote for the plugin's errata rules", async () => {
    const repo = adopter({ 'RFCS/0042-versions.md': RFC_WITH_ERRATA, 'doc.md': '# Doc\n\n## §B Versions\n\nThe host sends the old words.\n' });
    await runJson(['errata', 'check', '--suppress-all'], { cwd: repo.dir });
    const written = readFileSync(path.join(repo.dir, 'specgate-suppressions.json'), 'utf8');
    expect(written).toContain('errata-notes/item-line-hint');
    await runJson(['check', '--prune-suppressions'], { cwd: repo.dir });
    expect(readFileSync(path.join(repo.dir, 'specgate-suppressions.json'), 'utf8')).toContain('errata-notes/item-line-hint');
    expect(ids((await runJson(['errata', 'check'], { cwd: repo.dir })).findings)).toEqual([]);
  });
});
