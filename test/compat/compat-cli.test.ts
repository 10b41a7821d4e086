import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempDir } from '../helpers/env.js';
import { TempRepo } from './git-repo.js';
import { INTEROP_MAP, INTEROP_SCHEMA, MINIMAL_CORPUS, RFC_0211, RUN_SNAPSHOT } from './minimal-corpus.js';

interface JsonChange {
  file: string;
  baseFile: string | null;
  subject: string;
  pointer: string;
  class: string;
  kind: string;
  reason: string;
  line: number;
  column: number;
  rule: string;
}

async function compat(repo: TempRepo | string, base: string, extra: string[] = []) {
  const cwd = typeof repo === 'string' ? repo : repo.dir;
  const r = await runCli(['compat', '--base', base, '--format', 'json', ...extra], { cwd });
  let parsed: any = {};
  try {
    parsed = JSON.parse(r.stdout);
  } catch {
    // the assertions on code and stderr tell
  }
  return { ...r, findings: (parsed.findings ?? []) as any[], changes: (parsed.changes ?? []) as JsonChange[], meta: parsed.compat };
}

/** RFC 0211's own schema change: errorRow gains an OPTIONAL reason. */
function addOptionalReason(repo: TempRepo): void {
  repo.editJson(INTEROP_SCHEMA, (s) => {
    s.$defs.errorRow.properties.reason = { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$', description: 'ErrorInfo reason.' };
  });
}

/** 1-based line of the first line containing `needle` after the first one containing `after`. */
function lineAfter(repo: TempRepo, rel: string, after: string, needle: string): number {
  const lines = repo.read(rel).split('\n');
  const from = lines.findIndex((l) => l.includes(after));
  const i = lines.findIndex((l, n) => n > from && l.includes(needle));
  if (from < 0 || i < 0) throw new Error(`${rel}: "${needle}" after "${after}" not found`);
  return i + 1;
}

/** Touching the RFC puts it in the compared range. */
function touchRfc(repo: TempRepo): void {
  repo.replace(RFC_0211, '| **Updated** | 2026-09-23 — filed |', '| **Updated** | 2026-09-24 — reason values added |');
}

describe('compat: classification against a git base', () => {
  it("RFC 0211's change (errorRow gains an OPTIONAL reason) is additive, and its additive claim holds", async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    addOptionalReason(repo);
    repo.editJson(INTEROP_MAP, (m) => {
      m.a2a.errors[0].reason = 'TASK_NOT_FOUND';
      m.a2a.errors[1].reason = 'TASK_NOT_CANCELABLE';
    });
    touchRfc(repo);
    const r = await compat(repo, base);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([]);
    const schemaChanges = r.changes.filter((c) => c.file === INTEROP_SCHEMA);
    expect(schemaChanges).toEqual([
      expect.objectContaining({ pointer: '/$defs/errorRow/properties/reason', class: 'additive', kind: 'property-added', line: repo.lineOf(INTEROP_SCHEMA, '"reason"') }),
    ]);
    const rows = r.changes.filter((c) => c.file === INTEROP_MAP);
    expect(rows.map((c) => [c.pointer, c.kind, c.class])).toEqual([
      ['/a2a/errors/0', 'row-changed', 'additive'],
      ['/a2a/errors/1', 'row-changed', 'additive'],
    ]);
    expect(r.meta.rfcsInRange).toEqual([RFC_0211]);
    expect(r.meta.claims).toEqual([expect.objectContaining({ rfc: RFC_0211, claim: 'additive', holds: true, affects: [INTEROP_SCHEMA, INTEROP_MAP] })]);
  });

  it('making reason REQUIRED is breaking, reported at the required list', async () => {
    const repo = TempRepo.init();
    addOptionalReason(repo);
    const base = repo.commit('reason optional');
    repo.editJson(INTEROP_SCHEMA, (s) => s.$defs.errorRow.required.push('reason'));
    const r = await compat(repo, base);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1); // an undeclared breaking change is an error, as buf breaking fails the build
    expect(r.changes).toEqual([expect.objectContaining({ file: INTEROP_SCHEMA, pointer: '/$defs/errorRow/required', class: 'breaking', kind: 'required-added' })]);
    expect(r.findings).toEqual([
      expect.objectContaining({
        ruleId: 'compat/required-added',
        severity: 'error',
        file: INTEROP_SCHEMA,
        pointer: '/$defs/errorRow/required',
        line: lineAfter(repo, INTEROP_SCHEMA, '"errorRow"', '"required"'),
        column: 7,
      }),
    ]);
  });

  it('removing grpc is breaking, reported at the nearest existing parent (errorRow.properties)', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.editJson(INTEROP_SCHEMA, (s) => {
      delete s.$defs.errorRow.properties.grpc;
      s.$defs.errorRow.required = s.$defs.errorRow.required.filter((k: string) => k !== 'grpc');
    });
    const r = await compat(repo, base);
    expect(r.code).toBe(1);
    expect(r.changes.map((c) => [c.pointer, c.class, c.kind])).toEqual([['/$defs/errorRow/properties', 'breaking', 'property-removed']]);
    expect(r.changes[0]!.reason).toBe('property "grpc" removed (it was REQUIRED)');
    expect(r.findings).toEqual([
      expect.objectContaining({ ruleId: 'compat/property-removed', line: lineAfter(repo, INTEROP_SCHEMA, '"errorRow"', '"properties"'), column: 7, pointer: '/$defs/errorRow/properties' }),
    ]);
  });

  it('editing a description is editorial: no finding', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.editJson(INTEROP_SCHEMA, (s) => {
      s.$defs.errorRow.properties.clientProjection.description = 'The error code a client reports (reworded).';
    });
    const r = await compat(repo, base);
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([]);
    expect(r.changes.map((c) => [c.pointer, c.class, c.kind])).toEqual([['/$defs/errorRow/properties/clientProjection/description', 'editorial', 'description-changed']]);
  });

  it('an RFC claiming additive over a breaking change is an error at its Compatibility row', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.editJson(INTEROP_SCHEMA, (s) => s.$defs.errorRow.properties.grpc.enum.pop()); // drops INTERNAL
    touchRfc(repo);
    const r = await compat(repo, base);
    expect(r.code).toBe(1);
    const claim = r.findings.filter((f) => f.ruleId === 'compat/claim-contradicted');
    expect(claim).toEqual([
      expect.objectContaining({ severity: 'error', file: RFC_0211, line: repo.lineOf(RFC_0211, '| **Compatibility** |'), column: 1, endLine: repo.lineOf(RFC_0211, '| **Compatibility** |') }),
    ]);
    expect(claim[0].message).toContain('enum value "INTERNAL" removed');
    expect(claim[0].message).toContain('RFC 0001 §B');
    expect(claim[0].related).toEqual([expect.objectContaining({ file: INTEROP_SCHEMA, line: repo.lineOf(INTEROP_SCHEMA, '"enum"') })]);
    expect(r.meta.claims).toEqual([expect.objectContaining({ rfc: RFC_0211, holds: false, breaking: 1 })]);
  });

  it('an RFC untouched in the range is not held to a later breaking change (only RFCs added or changed are)', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.editJson(INTEROP_SCHEMA, (s) => s.$defs.errorRow.properties.grpc.enum.pop());
    const r = await compat(repo, base);
    expect(r.code).toBe(1); // the change itself is undeclared; no claim finding
    expect(r.meta.rfcsInRange).toEqual([]);
    expect(r.findings.map((f) => [f.ruleId, f.severity])).toEqual([['compat/enum-value-removed', 'error']]);
  });

  it('a new RFC claiming additive is held to a breaking change in a schema it reaches through $ref', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.editJson(RUN_SNAPSHOT, (s) => {
      s.properties.status.enum = s.properties.status.enum.filter((v: string) => v !== 'waiting-input');
    });
    repo.write(
      'RFCS/0212-drop-waiting-input.md',
      repo
        .read(RFC_0211)
        .replace('# RFC 0211: A2A error details carry an ErrorInfo', '# RFC 0212: Fold waiting-input')
        .replace('| **RFC** | 0211 |', '| **RFC** | 0212 |')
        .replace(/\| \*\*Affects\*\* \|.*\|/, '| **Affects** | `spec/v2/interop-map.schema.json` |'),
    );
    const r = await compat(repo, base);
    expect(r.code).toBe(1);
    expect(r.changes).toEqual([
      expect.objectContaining({ file: RUN_SNAPSHOT, pointer: '/properties/status/enum', kind: 'enum-value-removed', class: 'breaking' }),
    ]);
    const claim = r.findings.find((f) => f.ruleId === 'compat/claim-contradicted');
    expect(claim).toMatchObject({ file: 'RFCS/0212-drop-waiting-input.md', line: 12 });
    expect(claim.message).toContain(`in ${RUN_SNAPSHOT}, which it references through $ref`);
  });

  it('a new schema file is additive', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.write('schemas/v2/extra.schema.json', JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }, null, 2) + '\n');
    const r = await compat(repo, base);
    expect(r.code).toBe(0);
    expect(r.changes).toEqual([expect.objectContaining({ file: 'schemas/v2/extra.schema.json', pointer: '', class: 'additive', kind: 'schema-file-added', rule: 'compat/schema-file-added' })]);
    expect(r.findings).toEqual([]); // an additive rule is off by default
  });

  it('a removed schema file is breaking, reported at its base path', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.remove(RUN_SNAPSHOT);
    repo.editJson(INTEROP_SCHEMA, (s) => {
      s.$defs.runStatus = { enum: ['pending', 'running', 'waiting-input', 'completed', 'failed'] };
    });
    const r = await compat(repo, base);
    expect(r.changes.filter((c) => c.file === RUN_SNAPSHOT)).toEqual([expect.objectContaining({ class: 'breaking', kind: 'schema-file-removed', line: 1 })]);
    expect(r.findings.filter((f) => f.file === RUN_SNAPSHOT).map((f) => [f.ruleId, f.severity])).toEqual([['compat/schema-file-removed', 'error']]);
    // the inlined enum equals the old $ref target: the ref change is editorial
    expect(r.changes.filter((c) => c.file === INTEROP_SCHEMA).map((c) => [c.pointer, c.class, c.kind])).toEqual([['/$defs/runStatus', 'editorial', 'ref-retargeted']]);
  });

  it('a renamed schema is followed (git rename detection): its changes, not removed + added', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.git('mv', RUN_SNAPSHOT, 'schemas/v2/run.schema.json');
    repo.editJson('schemas/v2/run.schema.json', (s) => {
      s.properties.status.enum.push('paused');
    });
    repo.editJson(INTEROP_SCHEMA, (s) => {
      s.$defs.runStatus.$ref = '../../schemas/v2/run.schema.json#/properties/status';
    });
    const r = await compat(repo, base);
    expect(r.code).toBe(0);
    const moved = r.changes.filter((c) => c.file === 'schemas/v2/run.schema.json');
    expect(moved.map((c) => [c.baseFile, c.kind, c.class, c.rule])).toEqual([
      [RUN_SNAPSHOT, 'file-moved', 'editorial', 'compat/file-moved'],
      [RUN_SNAPSHOT, 'enum-value-added', 'additive', 'compat/enum-value-added'],
    ]);
    expect(r.changes.some((c) => c.kind === 'schema-file-removed' || c.kind === 'schema-file-added')).toBe(false);
    // the $ref now names the new file; the targets differ only by the added value
    expect(r.changes.filter((c) => c.file === INTEROP_SCHEMA).map((c) => [c.pointer, c.kind])).toEqual([['/$defs/runStatus/$ref', 'enum-value-added']]);
  });

  it('a rename git cannot see (untracked file) is paired by content', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.move(RUN_SNAPSHOT, 'schemas/v2/run.schema.json');
    const r = await compat(repo, base);
    expect(r.changes.map((c) => [c.file, c.baseFile, c.kind])).toEqual([['schemas/v2/run.schema.json', RUN_SNAPSHOT, 'file-moved']]);
  });

  it('--staged reads the index, not the working tree', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    const original = repo.read(INTEROP_SCHEMA);
    repo.editJson(INTEROP_SCHEMA, (s) => s.$defs.errorRow.required.push('note'));
    repo.git('add', INTEROP_SCHEMA);
    repo.write(INTEROP_SCHEMA, original);
    const staged = await compat(repo, base, ['--staged']);
    expect(staged.code).toBe(1);
    expect(staged.meta.head).toBe('git index');
    expect(staged.changes.map((c) => [c.pointer, c.kind])).toEqual([['/$defs/errorRow/required', 'required-added']]);
    const tree = await compat(repo, base);
    expect(tree.meta.head).toBe('working tree');
    expect(tree.changes).toEqual([]);
  });

  it('data rows are matched by natural key: a removed row is breaking, a reorder is no change', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.editJson(INTEROP_MAP, (m) => {
      m.a2a.errors.reverse();
      m.a2a.errors = m.a2a.errors.filter((e: any) => e.upstream !== 'TaskNotCancelableError');
      m.a2a.taskState.push({ runStatus: 'completed', stored: 'completed' });
    });
    const r = await compat(repo, base);
    expect(r.changes.map((c) => [c.pointer, c.kind, c.class, c.reason])).toEqual([
      ['/a2a/errors', 'row-removed', 'breaking', 'row upstream "TaskNotCancelableError" removed'],
      ['/a2a/taskState/4', 'row-added', 'additive', 'row runStatus "completed" added'],
    ]);
  });

  it('an unparseable head schema is an error finding; the rest is still compared', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.write(RUN_SNAPSHOT, '{ "type": "object", }\n');
    const r = await compat(repo, base);
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => [f.ruleId, f.file, f.line])).toEqual([['parse/syntax', RUN_SNAPSHOT, 1]]);
  });

  it('the stylish output prints the classification table, then the findings (the built binary, end to end)', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    addOptionalReason(repo);
    repo.editJson(INTEROP_SCHEMA, (s) => delete s.$defs.errorRow.properties.note);
    const r = spawnCli(['compat', '--base', base], { cwd: repo.dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^compat: [0-9a-f]{40} \([0-9a-f]{12}\) → working tree: 2 schema files, 1 data file; 1 breaking, 1 additive, 0 editorial$/m);
    expect(r.stdout).toMatch(/^ {2}\d+:\d+ +additive +\/\$defs\/errorRow\/properties\/reason +new OPTIONAL property "reason"$/m);
    expect(r.stdout).toMatch(/error {2}undeclared breaking change since [0-9a-f]{40}: property "note" removed; no RFC added or changed since [0-9a-f]{40} declares it .*\(RFC 0001 §B\) {2}compat\/property-removed/);
    // -q shows the errors only, as ESLint's does: not the table of every change
    const quiet = await runCli(['compat', '--base', base, '-q'], { cwd: repo.dir });
    expect(quiet.code).toBe(1);
    expect(quiet.stdout).not.toMatch(/^compat: /m);
    expect(quiet.stdout).not.toMatch(/additive/);
    expect(quiet.stdout).toMatch(/compat\/property-removed/);
  });
});

describe('compat: configuration and unreadable input', () => {
  it('a base version that is not JSON is a warning at the head file (not compared); the head is clean', async () => {
    const repo = TempRepo.init();
    repo.write(RUN_SNAPSHOT, '{ "type": "object", \n');
    const base = repo.commit('broken at the base');
    repo.write(RUN_SNAPSHOT, '{ "type": "object" }\n');
    const r = await compat(repo, base);
    expect(r.code).toBe(0);
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.file])).toEqual([['compat/base-unreadable', 'warning', RUN_SNAPSHOT]]);
    expect(r.changes).toEqual([]);
  });

  it('specgate.config.json can tune a kind of breaking change down to a warning (and turn the claim rule off)', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.write('specgate.config.json', JSON.stringify({ rules: { 'compat/enum-value-removed': 'warning', 'compat/claim-contradicted': 'off' } }));
    repo.editJson(INTEROP_SCHEMA, (s) => s.$defs.errorRow.properties.grpc.enum.pop());
    touchRfc(repo);
    const r = await compat(repo, base);
    expect(r.code).toBe(0);
    expect(r.findings.map((f) => [f.ruleId, f.severity])).toEqual([['compat/enum-value-removed', 'warning']]);
  });

  it('the retired id compat/breaking-change still sets every breaking kind; an additive kind can be turned on', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    repo.write('specgate.config.json', JSON.stringify({ rules: { 'compat/breaking-change': 'warning', 'compat/enum-value-added': 'warning' } }));
    repo.editJson(INTEROP_SCHEMA, (s) => {
      s.$defs.errorRow.properties.grpc.enum.pop();
      s.$defs.errorRow.properties.grpc.enum.push('DATA_LOSS_2');
    });
    const r = await compat(repo, base);
    expect(r.code).toBe(0);
    expect(r.findings.map((f) => [f.ruleId, f.severity]).sort()).toEqual([
      ['compat/enum-value-added', 'warning'],
      ['compat/enum-value-removed', 'warning'],
    ]);
  });

  it('an unknown rule id in the config is a configuration error with a suggestion, exit 2', async () => {
    const repo = TempRepo.init();
    repo.write('specgate.config.json', JSON.stringify({ rules: { 'compat/enum-value-remove': 'error' } }));
    const r = await runCli(['compat', '--base', 'HEAD'], { cwd: repo.dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: specgate\.config\.json:1:\d+: unknown rule "compat\/enum-value-remove"; did you mean "compat\/enum-value-removed"\?/);
  });

  it('a repository with no schema at either side is a one-line configuration error, exit 2', async () => {
    const repo = TempRepo.init({ 'README.md': 'nothing governed here\n' });
    const r = await runCli(['compat', '--base', 'HEAD'], { cwd: repo.dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('specgate: no JSON Schema matches layout.schemaGlobs (spec/**/*.schema.json, schemas/**/*.schema.json) and no OpenAPI document matches spec/v2/openapi.yaml, spec/**/openapi.{yaml,yml} at HEAD or in the working tree; nothing to compare\n');
  });

  it('--root below the repository top level compares the files under it', async () => {
    const files = Object.fromEntries(Object.entries(MINIMAL_CORPUS).map(([k, v]) => [`protocol/${k}`, v]));
    const repo = TempRepo.init({ ...files, 'spec/v2/outside.schema.json': '{}\n' });
    const base = repo.head();
    repo.editJson(`protocol/${INTEROP_SCHEMA}`, (s) => s.$defs.errorRow.required.push('note'));
    repo.write('spec/v2/outside.schema.json', '{ "type": "string" }\n');
    for (const extra of [[], ['--staged']]) {
      if (extra.length) repo.git('add', '-A');
      const r = await compat(repo, base, ['--root', 'protocol', ...extra]);
      expect(r.stderr).toBe('');
      expect(r.changes.map((c) => [c.file, c.pointer, c.kind])).toEqual([[INTEROP_SCHEMA, '/$defs/errorRow/required', 'required-added']]);
    }
  });
});

describe('compat: git edge cases', () => {
  it('a shallow clone without the base: one line saying how to fetch it, exit 2; the command it names works', async () => {
    const repo = TempRepo.init();
    const base = repo.head();
    addOptionalReason(repo);
    repo.commit('reason');
    const clone = path.join(tempDir('specgate-compat-clone-'), 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone], { stdio: 'ignore' });
    const r = await runCli(['compat', '--base', base], { cwd: clone });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`base "${base}" is not in this shallow clone; fetch it first: git fetch --no-tags --depth=1 origin ${base}`);
    const fetch = /fetch it first: (git fetch [^(]+?) \(/.exec(r.stderr)![1]!.split(' ');
    execFileSync(fetch[0]!, fetch.slice(1), { cwd: clone, stdio: 'ignore' });
    const after = await compat(clone, base);
    expect(after.code).toBe(0);
    expect(after.changes.map((c) => c.kind)).toEqual(['property-added']);
  });

  /** A repository whose `origin` is another local repository (nothing is fetched from it). */
  const withOrigin = () => {
    const repo = TempRepo.init();
    repo.git('remote', 'add', 'origin', TempRepo.init().dir);
    return repo;
  };

  it('an unknown base in a full clone: one line naming the fetch, exit 2', async () => {
    const repo = withOrigin();
    for (const [base, fetch] of [
      ['origin/nowhere', 'git fetch --no-tags --depth=1 origin nowhere:refs/remotes/origin/nowhere'],
      ['nosuchref', 'git fetch --no-tags --depth=1 origin nosuchref'],
    ]) {
      const r = await runCli(['compat', '--base', base!], { cwd: repo.dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`specgate: base "${base}" is not a commit in this repository; fetch it first: ${fetch}\n`);
    }
  });

  it('an unknown base in a repository without that remote: one line, no fetch from a remote that is not there', async () => {
    const repo = TempRepo.init();
    for (const base of ['nosuchref', 'origin/nowhere', 'HEAD~5']) {
      const r = await runCli(['compat', '--base', base], { cwd: repo.dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`specgate: base "${base}" is not a commit in this repository\n`);
    }
    repo.git('remote', 'add', 'upstream', TempRepo.init().dir);
    expect((await runCli(['compat', '--base', 'nosuchref'], { cwd: repo.dir })).stderr).toBe('specgate: base "nosuchref" is not a commit in this repository\n');
    expect((await runCli(['compat', '--base', 'upstream/nowhere'], { cwd: repo.dir })).stderr).toBe(
      'specgate: base "upstream/nowhere" is not a commit in this repository; fetch it first: git fetch --no-tags --depth=1 upstream nowhere:refs/remotes/upstream/nowhere\n',
    );
  });

  it('a base one typo away from a branch here: the line names the branch before suggesting a fetch', async () => {
    const repo = withOrigin();
    const branch = repo.git('rev-parse', '--abbrev-ref', 'HEAD').trim();
    const typo = branch.slice(0, -1);
    const r = await runCli(['compat', '--base', typo], { cwd: repo.dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^specgate: base "${typo}" is not a commit in this repository \\(did you mean "${branch}"\\?\\); if it is on the remote, fetch it first: git fetch `));
  });

  it('a typo without a remote: the line names the branch, and no fetch', async () => {
    const repo = TempRepo.init();
    const r = await runCli(['compat', '--base', 'mian'], { cwd: repo.dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('specgate: base "mian" is not a commit in this repository (did you mean "main"?)\n');
  });

  it('outside a git repository, and without --base: one line, exit 2', async () => {
    const plain = tempDir('specgate-compat-nogit-');
    const r = await runCli(['compat', '--base', 'HEAD'], { cwd: plain });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: --base needs a git repository: .* is not inside one\n$/);
    const usage = await runCli(['compat'], { cwd: plain });
    expect(usage.code).toBe(2);
    expect(usage.stderr.split('\n')[0]).toBe('specgate: compat needs --base REF (the git revision to compare with)');
    expect(usage.stderr.split('\n')[1]).toBe('run "specgate compat --help" for its usage');
  });
});

describe('compat: the fetch hint', () => {
  it('names a command per kind of ref', async () => {
    const { fetchCommand } = await import('../../scripts/compat/git-base.js');
    const origin = ['origin'];
    expect(fetchCommand('HEAD^1', origin)).toBe('git fetch --no-tags --deepen=1');
    expect(fetchCommand('HEAD~3', origin)).toBe('git fetch --no-tags --deepen=3');
    expect(fetchCommand('origin/main', origin)).toBe('git fetch --no-tags --depth=1 origin main:refs/remotes/origin/main');
    expect(fetchCommand('0123abcd', origin)).toBe('git fetch --no-tags --depth=1 origin 0123abcd');
  });

  it('names none without the remote it would fetch from', async () => {
    const { fetchCommand } = await import('../../scripts/compat/git-base.js');
    for (const ref of ['HEAD^1', 'origin/main', '0123abcd']) expect(fetchCommand(ref, []), ref).toBeUndefined();
    expect(fetchCommand('0123abcd', ['upstream'])).toBeUndefined();
    expect(fetchCommand('upstream/main', ['upstream'])).toBe('git fetch --no-tags --depth=1 upstream main:refs/remotes/upstream/main');
  });

  it('a merge-commit checkout of depth 1 compared with HEAD^1: the hint deepens the clone, after which the run works', async () => {
    const repo = TempRepo.init();
    repo.git('checkout', '-q', '-b', 'topic');
    addOptionalReason(repo);
    repo.commit('reason on a topic branch');
    repo.git('checkout', '-q', 'main');
    repo.git('merge', '-q', '--no-ff', '-m', 'merge topic', 'topic');
    const clone = path.join(tempDir('specgate-compat-merge-'), 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone], { stdio: 'ignore' });
    const r = await runCli(['compat', '--base', 'HEAD^1'], { cwd: clone });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('specgate: base "HEAD^1" is not in this shallow clone; fetch it first: git fetch --no-tags --deepen=1 (or git fetch --unshallow)\n');
    execFileSync('git', ['fetch', '-q', '--no-tags', '--deepen=1'], { cwd: clone, stdio: 'ignore' });
    const after = await compat(clone, 'HEAD^1');
    expect(after.code).toBe(0);
    expect(after.changes.map((c) => [c.pointer, c.kind])).toEqual([['/$defs/errorRow/properties/reason', 'property-added']]);
  });
});
