import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRuleOn } from '../../../scripts/api/testing.js';
import { loadFamilies } from '../../../scripts/checks/registry.js';
import { loadConfig } from '../../../scripts/core/config/config.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { documentWords, statusNames } from '../../../scripts/core/preset/process.js';
import { compileSchema } from '../../../scripts/core/engine/schema.js';
import { DEFAULT_TITLES, OPTIONAL_FIELDS, REQUIRED_FIELDS, STATUSES } from '../../../scripts/rfc/document.js';
import { PROJECT, runJson, spawnCli, tempDir } from '../../helpers/env.js';
import { presetRules } from '../../../scripts/core/preset/layout.js';
import { allRules } from '../../../scripts/rules-registry.js';

/* Shareable configs: the presets are configs, `extends` composes them, the RFC process is data. */

function repoWith(files: Record<string, unknown>): string {
  const root = tempDir('specgate-extends-');
  mkdirSync(path.join(root, '.git'));
  for (const [rel, value] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  }
  return root;
}

const rfc = (status: string) =>
  ['# RFC 0001: Example', '', '| Field | Value |', '| --- | --- |', '| RFC | 0001 |', '| Title | Example |', `| Status | ${status} |`, '| Author(s) | someone |', '| Created | 2026-01-01 |', '| Updated | 2026-01-02 |', '| Affects | nothing |', '| Compatibility | editorial |', '| Supersedes | none |', '| Superseded by | none |', '', '## Summary', '', 'Text.', ''].join('\n');

describe('the presets are configs', () => {
  it('each preset file is a valid specgate.config.json', () => {
    const schemaText = readFileSync(path.join(PROJECT, 'scripts/schemas/config.schema.json'), 'utf8');
    const validate = compileSchema(JSON.parse(schemaText), schemaText, 'native');
    for (const name of ['specgate', 'openwop']) {
      const preset = JSON.parse(readFileSync(path.join(PROJECT, `scripts/presets/${name}.json`), 'utf8'));
      expect(validate(preset), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it("openwop extends specgate: upstream's paths, the same process but for upstream's \"Implementation notes\" (RFC 0001 §6 lists it)", () => {
    const openwop = presetLayout('openwop');
    expect(openwop).toMatchObject({ preset: 'openwop', openapi: 'api/v2/openapi.yaml', invariants: 'SECURITY/invariants.yaml', invariantsSchema: null, rfcsDir: 'RFCS' });
    const specgate = presetLayout('specgate').process;
    const at = specgate.requiredSections.indexOf('Acceptance criteria');
    expect(openwop.process).toEqual({ ...specgate, requiredSections: [...specgate.requiredSections.slice(0, at), 'Implementation notes', ...specgate.requiredSections.slice(at)] });
  });

  it("the specgate preset's process is RFC 0001's, as rfc/document.ts names it", () => {
    const { process } = presetLayout('specgate');
    expect(statusNames(process)).toEqual([...STATUSES]);
    expect(process.headerRows).toEqual([...REQUIRED_FIELDS]);
    expect(process.optionalHeaderRows).toEqual([...OPTIONAL_FIELDS]);
    // The titles the reader reads by when no run's process is at hand (errata targets, tests).
    expect({ unresolvedQuestions: process.sections.unresolvedQuestions, errata: process.sections.errata, security: process.sections.security }).toEqual(DEFAULT_TITLES);
  });
});

describe("a preset's rule severities are data", () => {
  it('openwop turns off, in its `rules`, the rules its process does not state; every id there is a rule', async () => {
    expect(presetRules('specgate')).toEqual({});
    const ids = new Set((await allRules()).map((r) => r.id));
    const entries = Object.entries(presetRules('openwop'));
    expect(entries.length).toBeGreaterThan(0);
    for (const [id] of entries) expect(ids.has(id), id).toBe(true);
    // The one rule it lowers rather than turns off: upstream's template sections are required by its
    // RFC 0001 §6, but ten of its RFCs lack one (test/rfc/upstream-precision.test.ts).
    expect(entries.filter(([, severity]) => severity !== 'off')).toEqual([['rfcs/required-sections', 'warning']]);
  });

  it('a config that extends specgate:openwop turns one back on, and its findings cite the process the rule comes from', async () => {
    const mismatched = rfc('Draft').replace('| Title | Example |', '| Title | Another title |');
    const config = (rules: Record<string, string>) => ({ extends: 'specgate:openwop', rules });
    const off = repoWith({ 'specgate.config.json': config({}), 'RFCS/0001-example.md': mismatched });
    expect((await runJson(['check', 'rfcs', '--root', off])).findings.filter((f) => f.ruleId === 'rfcs/title-row-matches')).toEqual([]);
    const on = repoWith({ 'specgate.config.json': config({ 'rfcs/title-row-matches': 'error' }), 'RFCS/0001-example.md': mismatched });
    const { findings } = await runJson(['check', 'rfcs', '--root', on]);
    expect(findings.filter((f) => f.ruleId === 'rfcs/title-row-matches')).toEqual([
      expect.objectContaining({ severity: 'error', file: 'RFCS/0001-example.md', line: 6, rfc: "specgate's RFC 0001 §B", message: expect.stringMatching(/\(specgate's RFC 0001 §B\)$/) }),
    ]);
  });
});

describe('extends', () => {
  it('starts from specgate:openwop and changes one status name, without code', async () => {
    const root = repoWith({ 'specgate.config.json': { extends: 'specgate:openwop', process: { statuses: { active: 'Proposed' } } } });
    const { layout } = loadConfig(root, {});
    expect(layout.preset).toBe('openwop');
    expect(layout.openapi).toBe('api/v2/openapi.yaml');
    expect(statusNames(layout.process)).toEqual(['Draft', 'Proposed', 'Accepted', 'Withdrawn', 'Superseded', 'Rejected']);
    const [rfcs] = await loadFamilies(['rfcs']);
    const statusKnown = rfcs!.rules.find((r) => r.id === 'rfcs/status-known')!;
    const run = (status: string) => runRuleOn(statusKnown, { 'RFCS/0001-example.md': rfc(status) }, { preset: 'openwop', layout: { process: layout.process } });
    expect((await run('Proposed')).findings).toEqual([]);
    const { findings } = await run('Active');
    expect(findings.map((f) => f.message)).toEqual(['status "Active" is not one of Draft, Proposed, Accepted, Withdrawn, Superseded, Rejected (RFC 0001 §3)']);
  });

  it('changes the date format of Created and Updated, without code: the rule accepts the new form and rewrites the old one into it', async () => {
    const root = repoWith({ 'specgate.config.json': { extends: 'specgate:openwop', process: { dateFormat: 'DD.MM.YYYY' } } });
    const { layout } = loadConfig(root, {});
    expect(layout.process.dateFormat).toBe('DD.MM.YYYY');
    expect(presetLayout('openwop').process.dateFormat).toBe('YYYY-MM-DD');
    const [rfcs] = await loadFamilies(['rfcs']);
    const datesValid = rfcs!.rules.find((r) => r.id === 'rfcs/dates-valid')!;
    const run = (created: string, updated: string, process = layout.process) =>
      runRuleOn(datesValid, { 'RFCS/0001-example.md': rfc('Draft').replace('2026-01-01', created).replace('2026-01-02', updated) }, { preset: 'openwop', layout: { process } });
    expect((await run('01.03.2026', '02.03.2026')).findings).toEqual([]);
    // Compared as dates, not as text: 02.03 is after 28.02.
    expect((await run('28.02.2026', '02.03.2026')).findings).toEqual([]);
    expect((await run('02.03.2026', '28.02.2026')).findings.map((f) => f.messageId)).toEqual(['beforeCreated']);
    const iso = (await run('2026-03-01', '02.03.2026')).findings;
    expect(iso.map((f) => [f.messageId, f.message])).toEqual([['created', 'Created "2026-03-01" is not a DD.MM.YYYY calendar date (RFC 0001 §6, template)']]);
    expect(iso[0]!.fix?.edits.map((e) => e.text)).toEqual(['01.03.2026']);
    // The preset's own format refuses what the config's accepts.
    expect((await run('01.03.2026', '02.03.2026', presetLayout('openwop').process)).findings.map((f) => f.messageId)).toEqual(['created', 'updatedStart']);
  });

  it('a status flip is read with the process\'s status names and status-history title', async () => {
    const root = repoWith({ 'specgate.config.json': { extends: 'specgate:openwop', process: { statuses: { active: 'Proposed' }, sections: { statusHistory: 'Changelog' } } } });
    const { layout } = loadConfig(root, {});
    const [rfcs] = await loadFamilies(['rfcs']);
    const datesValid = rfcs!.rules.find((r) => r.id === 'rfcs/dates-valid')!;
    const text = rfc('Proposed').replace('Text.', '## Changelog\n\n- Draft → Proposed on 2026-02-01');
    const run = (process = layout.process) => runRuleOn(datesValid, { 'RFCS/0001-example.md': text }, { preset: 'openwop', layout: { process } });
    expect((await run()).findings.map((f) => [f.messageId, f.line])).toEqual([['olderThanFlip', 10]]);
    // Under the preset's process, "Proposed" is no status and "Changelog" no status history: nothing to compare.
    expect((await run(presetLayout('openwop').process)).findings).toEqual([]);
  });

  it('renames a section title, without code: the reader, the rules and the required sections read the new one', async () => {
    const root = repoWith({ 'specgate.config.json': { extends: 'specgate:openwop', process: { sections: { unresolvedQuestions: 'Open questions', acceptanceCriteria: 'Exit criteria' } } } });
    const { layout } = loadConfig(root, {});
    const preset = presetLayout('openwop').process;
    expect(layout.process.sections).toMatchObject({ unresolvedQuestions: 'Open questions', acceptanceCriteria: 'Exit criteria', errata: 'Errata' });
    // The inherited list requires the section under its new name, in its place.
    expect(layout.process.requiredSections).toEqual(preset.requiredSections.map((t) => ({ 'Unresolved questions': 'Open questions', 'Acceptance criteria': 'Exit criteria' })[t] ?? t));
    const [rfcs] = await loadFamilies(['rfcs']);
    const rule = (id: string) => rfcs!.rules.find((r) => r.id === id)!;
    const body = (questions: string, criteria: string) =>
      ['Summary', 'Motivation', 'Proposal', 'Compatibility', 'Conformance', 'Alternatives considered'].map((t) => `## ${t}\n\nText.\n`).join('\n') +
      `\n## ${questions}\n\n1. Should the limit be 10 or 20?\n\n## Implementation notes\n\nNone.\n\n## ${criteria}\n\n- [ ] Spec text merged.\n\n## References\n\nNone.\n`;
    const text = (status: string, questions: string, criteria: string) => rfc(status).replace('## Summary\n\nText.\n', body(questions, criteria));
    const run = async (id: string, status: string, questions: string, criteria: string, process = layout.process) =>
      (await runRuleOn(rule(id), { 'RFCS/0001-example.md': text(status, questions, criteria) }, { preset: 'openwop', layout: { process } })).findings.map((f) => [f.messageId, f.line, f.message]);
    // The open question is read under "Open questions"; under the preset's title there is none to read.
    expect(await run('rfcs/unresolved-before-active', 'Active', 'Open questions', 'Exit criteria')).toEqual([['unanswered', 42, expect.stringContaining('unresolved question 1 is only asked')]]);
    expect(await run('rfcs/unresolved-before-active', 'Active', 'Open questions', 'Exit criteria', preset)).toEqual([]);
    // The unticked box is an acceptance box under "Exit criteria" only.
    expect((await run('rfcs/acceptance-boxes', 'Accepted', 'Open questions', 'Exit criteria')).map(([id]) => id)).toEqual(['noOutcome']);
    expect(await run('rfcs/acceptance-boxes', 'Accepted', 'Open questions', 'Exit criteria', preset)).toEqual([]);
    // The required sections follow the rename, and the old title now misses.
    expect(await run('rfcs/required-sections', 'Draft', 'Open questions', 'Exit criteria')).toEqual([]);
    expect(await run('rfcs/required-sections', 'Draft', 'Unresolved questions', 'Exit criteria')).toEqual([['missing', 1, 'no "Open questions" section, which every RFC has (RFC 0001 §6)']]);
    // A title one typo away gets a "did you mean", at the heading.
    const typo = await run('rfcs/required-sections', 'Draft', 'Open question', 'Exit criteria');
    expect(typo).toEqual([['misnamed', 40, 'no "Open questions" section; did you mean "Open questions" for the heading "Open question"? (RFC 0001 §6)']]);
  });

  it('names the documents by the process\'s noun, without code: every rfcs message that names the kind says it', async () => {
    const root = repoWith({ 'specgate.config.json': { extends: 'specgate:openwop', process: { documentNoun: 'KEP', statuses: { superseded: 'Replaced' } } } });
    const { layout } = loadConfig(root, {});
    expect(layout.process.documentNoun).toBe('KEP');
    expect(presetLayout('openwop').process.documentNoun).toBe('RFC');
    const [rfcs] = await loadFamilies(['rfcs']);
    const messages = async (id: string, files: Record<string, string>) =>
      (await runRuleOn(rfcs!.rules.find((r) => r.id === id)!, files, { preset: 'openwop', layout: { process: layout.process } })).findings.map((f) => f.message.replace(/ \(RFC 0001.*\)$/, ''));
    const accepted = rfc('Accepted').replace('## Summary\n\nText.\n', '## Summary\n\nText.\n\n## Unresolved questions\n\n1. Should the limit be 10 or 20?\n\n## Acceptance criteria\n\n- [ ] Spec text merged.\n');
    const found = [
      ...(await messages('rfcs/required-sections', { 'RFCS/0001-example.md': rfc('Draft') })),
      ...(await messages('rfcs/unresolved-before-active', { 'RFCS/0001-example.md': accepted })),
      ...(await messages('rfcs/acceptance-boxes', { 'RFCS/0001-example.md': accepted })),
      ...(await messages('rfcs/number-matches', { 'RFCS/0001-example.md': rfc('Draft'), 'RFCS/0001-twin.md': rfc('Draft') })),
      ...(await messages('rfcs/supersedes-reciprocal', { 'RFCS/0001-example.md': rfc('Replaced') })),
    ];
    expect(found).toEqual(expect.arrayContaining([
      'no "Motivation" section, which every KEP has',
      expect.stringMatching(/^KEP is Accepted, but unresolved question 1 is only asked: .*before a KEP leaves draft\); record one$/),
      'Accepted KEP has an unticked acceptance box with no recorded outcome: "Spec text merged." (tick it, or say on the item or in the Status/Updated history that it was waived, deferred or carried)',
      'KEP number 0001 is already used by RFCS/0001-example.md; numbers are never reused',
      'KEP 0001 is Replaced but its "Superseded by" row names no KEP',
    ]));
    // The title line is the process's `titleLine` (`# RFC 0001: Example` here), not its noun: no other message says RFC.
    expect(found.filter((m) => /\bRFC\b/.test(m))).toEqual([]);
  });

  it.each([
    ['RFC', 'an RFC'],
    ['EIP', 'an EIP'],
    ['BIP', 'a BIP'],
    ['KEP', 'a KEP'],
    ['proposal', 'a proposal'],
    ['enhancement', 'an enhancement'],
  ])('the noun %s reads "%s" in a message', (documentNoun, aDocument) => {
    expect(documentWords({ documentNoun })).toEqual({ document: documentNoun, aDocument });
  });

  it('requiredSections replaces the whole list; an empty one requires none', async () => {
    const [rfcs] = await loadFamilies(['rfcs']);
    const rule = rfcs!.rules.find((r) => r.id === 'rfcs/required-sections')!;
    const run = async (requiredSections: string[]) => {
      const { layout } = loadConfig(repoWith({ 'specgate.config.json': { extends: 'specgate:openwop', process: { requiredSections } } }), {});
      return (await runRuleOn(rule, { 'RFCS/0001-example.md': rfc('Draft') }, { preset: 'openwop', layout: { process: layout.process } })).findings.map((f) => f.message);
    };
    expect(await run(['Summary'])).toEqual([]);
    expect(await run(['Summary', 'Rationale'])).toEqual(['no "Rationale" section, which every RFC has (RFC 0001 §6)']);
    expect(await run([])).toEqual([]);
  });

  it('refuses a date format that does not name the year, month and day once each', () => {
    for (const dateFormat of ['YYYY-MM', 'YYYY-MM-DD-DD']) {
      expect(() => loadConfig(repoWith({ 'specgate.config.json': { process: { dateFormat } } }), {})).toThrow(/dateFormat/);
    }
  });

  it('applies shared configs in order, each after what it extends, and the own file last', () => {
    const root = repoWith({
      'configs/base.json': { extends: 'specgate:openwop', layout: { rfcsDir: 'rfcs' }, rules: { 'rfcs/status-known': 'warning', 'rfcs/dates-valid': 'off' } },
      'configs/team.json': { extends: './base.json', process: { headerRows: ['RFC', 'Title', 'Status'] }, rules: { 'rfcs/status-known': 'error' } },
      'specgate.config.json': { extends: ['./configs/team.json'], rules: { 'rfcs/dates-valid': 'warning' } },
    });
    const config = loadConfig(root, {});
    expect(config.layout).toMatchObject({ preset: 'openwop', rfcsDir: 'rfcs' });
    expect(config.layout.process.headerRows).toEqual(['RFC', 'Title', 'Status']);
    expect(config.severities).toEqual({ 'rfcs/status-known': 'error', 'rfcs/dates-valid': 'warning' });
    // A rule id's place, for messages: the shared config it came from, or its key in the own file.
    expect(config.ruleAt('rfcs/status-known')).toMatch(/configs\/team\.json$/);
    expect(config.ruleAt('rfcs/dates-valid')).toMatch(/specgate\.config\.json:\d+:\d+$/);
  });

  it('extends an installed package whose main file is a config', () => {
    const root = repoWith({
      'node_modules/@acme/specgate-config/package.json': { name: '@acme/specgate-config', main: 'config.json' },
      'node_modules/@acme/specgate-config/config.json': { preset: 'openwop', process: { statuses: { rejected: 'Declined' } } },
      'specgate.config.json': { extends: '@acme/specgate-config' },
    });
    const { layout } = loadConfig(root, {});
    expect(layout.preset).toBe('openwop');
    expect(layout.process.statuses.rejected).toBe('Declined');
  });

  it('counts every config it reads: a fan-out of the same files is refused, not read exponentially often', () => {
    // 3 names per level, 4 levels: 120 reads (20 per level, 8 deep: 20^8, which overflowed the stack after 27 s)
    const files: Record<string, unknown> = { 'c3.json': { preset: 'specgate' }, 'specgate.config.json': { extends: Array(3).fill('./c0.json') } };
    for (let d = 0; d < 3; d++) files[`c${d}.json`] = { extends: Array(3).fill(`./c${d + 1}.json`) };
    expect(() => loadConfig(repoWith(files), {})).toThrow(/extends more than 64 configs in all/);
    // the same shape two levels deep (12 reads) is fine
    const small: Record<string, unknown> = { 'c1.json': { preset: 'specgate' }, 'c0.json': { extends: Array(3).fill('./c1.json') }, 'specgate.config.json': { extends: Array(3).fill('./c0.json') } };
    expect(loadConfig(repoWith(small), {}).layout.preset).toBe('specgate');
  });

  it('refuses a package name whose ".." segments lead out of node_modules', () => {
    const outside = repoWith({ 'shared.json': { rules: { 'rfcs/header-complete': 'off' } } });
    const root = repoWith({ 'node_modules/.keep': '' });
    const up = '../'.repeat(path.join(root, 'node_modules').split(path.sep).length);
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ extends: `a/${up}${path.join(outside, 'shared.json').slice(1)}` }));
    expect(() => loadConfig(root, {})).toThrow(/nor a package name \(a "\." or "\.\." segment/);
  });

  it.each([
    ['an unknown preset', { 'specgate.config.json': { extends: 'specgate:nope' } }, /extends "specgate:nope", which is no preset \(known: specgate:specgate, specgate:openwop, specgate:eip\)/],
    ['a circle', { 'a.json': { extends: './b.json' }, 'b.json': { extends: './a.json' }, 'specgate.config.json': { extends: './a.json' } }, /which extends it back \(a circle\)/],
    ['a missing file', { 'specgate.config.json': { extends: './none.json' } }, /extends "\.\/none\.json": not found/],
    ['plugins in a shared config', { 'shared.json': { plugins: ['./p.js'] }, 'specgate.config.json': { extends: './shared.json' } }, /a shared config names no plugins/],
    ['a shared config the schema refuses', { 'shared.json': { bogus: 1 }, 'specgate.config.json': { extends: './shared.json' } }, /shared\.json:\d+:\d+: unknown key "bogus"/],
    ['a package that is not installed', { 'specgate.config.json': { extends: 'acme-config' } }, /neither specgate:<preset>, a \.\/path, nor a package installed/],
  ])('%s is a one-line configuration error', (_name, files, message) => {
    expect(() => loadConfig(repoWith(files), {})).toThrow(message);
  });

  // `"extends": "./folder"` said `"extends" must be array` (the other branch of one-or-a-list).
  const accepts = /which is not specgate:<preset>, a \.\/path to a JSON config file \(a \.json file, not a folder\), or an installed package name$/;
  it.each([
    ['a folder', { 'shared/specgate.config.json': {}, 'specgate.config.json': { extends: './shared' } }, /specgate\.config\.json:\d+:\d+: "extends" names "\.\/shared", /],
    ['a folder in a list', { 'shared/specgate.config.json': {}, 'specgate.config.json': { extends: ['specgate:openwop', './shared/'] } }, /specgate\.config\.json:\d+:\d+: "extends" names "\.\/shared\/", /],
    ['a ./path without .json', { 'specgate.config.json': { extends: './base' } }, /specgate\.config\.json:\d+:\d+: "extends" names "\.\/base", /],
  ])('%s in "extends" is one located line naming what is accepted', (_name, files, start) => {
    const root = repoWith(files);
    let message = '';
    try {
      loadConfig(root, {});
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(start);
    expect(message).toMatch(accepts);
  });

  it('"extends" of another type says a name or a list of names', () => {
    expect(() => loadConfig(repoWith({ 'specgate.config.json': { extends: 5 } }), {})).toThrow(/specgate\.config\.json:\d+:\d+: "extends" must be a config name or a list of them: specgate:<preset>, [^\n]*$/);
  });

  it('the CLI exits 2 with that one line on a config extending a folder, no stack trace', () => {
    const root = repoWith({ 'shared/specgate.config.json': {}, 'RFCS/.keep': '', 'specgate.config.json': { extends: './shared' } });
    const r = spawnCli(['check', 'rfcs'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: specgate\.config\.json:\d+:\d+: "extends" names "\.\/shared", which is not specgate:<preset>, [^\n]*\n$/);
    expect(r.stdout).toBe('');
  });
});
