import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareWithBase } from '../../scripts/compat/compare.js';
import { ruleFor } from '../../scripts/compat/rules.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { ANCHOR, PROJECT, describeShared, runCli } from '../helpers/env.js';
import { dump } from 'js-yaml';
import { API_CHANGES, apiDoc } from '../../scripts/compat/kind-changes.js';
import { TempRepo } from './git-repo.js';
import { INTEROP_MAP, INTEROP_SCHEMA, MINIMAL_CORPUS, RUN_SNAPSHOT } from './minimal-corpus.js';

/*
 * issue 16 on real git repositories: undeclared breaking changes fail, an RFC of the range that
 * declares `Compatibility: breaking` turns them into notices at its row, the OpenAPI document is
 * compared kind by kind, RFC 0211's own change stays additive, and the upstream OpenAPI document
 * compares clean against itself and finds exactly one removed operation.
 */

const repos: TempRepo[] = [];
afterAll(async () => {
  for (const r of repos) rmSync(r.dir, { recursive: true, force: true });
});

function repo(files?: Record<string, string>): TempRepo {
  const r = TempRepo.init(files);
  repos.push(r);
  return r;
}

async function compat(r: TempRepo, base: string, extra: string[] = []) {
  const out = await runCli(['compat', '--base', base, '--format', 'json', ...extra], { cwd: r.dir });
  let parsed: any = {};
  try {
    parsed = JSON.parse(out.stdout);
  } catch {
    // the assertions on code and stderr tell
  }
  return { ...out, findings: (parsed.findings ?? []) as any[], changes: (parsed.changes ?? []) as any[], meta: parsed.compat, summary: parsed.summary };
}

const API = 'spec/v2/openapi.yaml';
const yaml = (d: unknown) => dump(d, { lineWidth: -1 });
/** The OpenAPI examples' document (scripts/compat/kind-changes.ts) as YAML, edited. */
const yamlText = (edit?: (d: any) => void) => {
  const d = apiDoc();
  edit?.(d);
  return yaml(d);
};

function rfc(n: string, compatibility: string, affects: string, status = 'Draft'): string {
  return `# RFC ${n}: A change to test the gate

| Field | Value |
| --- | --- |
| **RFC** | ${n} |
| **Title** | A change to test the gate |
| **Status** | \`${status}\` |
| **Author(s)** | Compat Test |
| **Created** | 2026-10-01 |
| **Updated** | 2026-10-01 — filed |
| **Affects** | ${affects} |
| **Compatibility** | ${compatibility} |
| **Supersedes** | — |
| **Superseded by** | — |

## Summary

A change.
`;
}

const RFC_FILE = 'RFCS/0300-a-change-to-test-the-gate.md';

describe('compat: the OpenAPI document, each kind of change on a real git repository', () => {
  const r = repo({ ...MINIMAL_CORPUS, [API]: yamlText() });
  // Each kind's base document in a commit of its own, all made at once.
  let bases: string[] = [];
  beforeAll(() => {
    bases = r.commitEach(API_CHANGES.map((k) => ({ [API]: yaml(k.base) })), 'base for a kind');
  });
  // The OpenAPI compat rules' own examples (meta.examples), each on a real repository as YAML.
  API_CHANGES.forEach((k, i) => {
    it(`${k.id}${k.note ? ` (${k.note})` : ''}: reported under compat/${k.id} at ${k.pointer}`, async () => {
      const base = bases[i]!;
      r.write(API, yaml(k.head));
      const res = await compareWithBase({ root: r.dir, layout: presetLayout('specgate'), ref: base, staged: false });
      const change = res.changes.find((c) => ruleFor(c).id === `compat/${k.id}`);
      expect(change, JSON.stringify(res.changes.map((c) => [c.kind, c.pointer]))).toMatchObject({ file: API, pointer: k.pointer });
      const finding = res.findings.find((f) => f.ruleId === `compat/${k.id}`);
      const cls = change!.class;
      if (cls === 'breaking') {
        // an undeclared breaking change is reported at its rule's severity (an error, but for oasdiff's WARN kinds), at the pointer, in the head document
        expect(finding).toMatchObject({ severity: ruleFor(change!).defaultSeverity, file: API, pointer: k.pointer });
        expect(['error', 'warning']).toContain(finding!.severity);
        expect(finding!.line).toBe(res.headCorpus.yaml(API)!.locate(k.pointer, 'key').line);
      } else {
        // additive and editorial kinds are shown in the table but are off as findings (the clean control)
        expect(['additive', 'editorial']).toContain(cls);
        expect(res.findings).toEqual([]);
      }
    });
  });
});

describe('compat: undeclared breaking changes fail, declared ones are notices', () => {
  /** A breaking schema change (errorRow gains a REQUIRED property) plus, optionally, an RFC in the range. */
  function breakingRange(withRfc?: string) {
    const r = repo();
    const base = r.head();
    r.editJson(INTEROP_SCHEMA, (s) => s.$defs.errorRow.required.push('note'));
    if (withRfc) r.write(RFC_FILE, withRfc);
    return { r, base };
  }

  it('without a declaring RFC: an error at the change, exit 1', async () => {
    const { r, base } = breakingRange();
    const out = await compat(r, base);
    expect(out.code).toBe(1);
    expect(out.findings.map((f) => [f.ruleId, f.messageId, f.severity, f.file, f.pointer])).toEqual([['compat/required-added', 'undeclared', 'error', INTEROP_SCHEMA, '/$defs/errorRow/required']]);
    expect(out.findings[0].message).toMatch(/^undeclared breaking change since [0-9a-f]{40}: property "note" is now REQUIRED; no RFC added or changed since [0-9a-f]{40} declares it/);
  });

  it('with an RFC that declares Compatibility: breaking and names the file: a notice pointing at its row, exit 0', async () => {
    const { r, base } = breakingRange(rfc('0300', '`breaking` — note becomes required', `\`${INTEROP_SCHEMA}\``));
    const out = await compat(r, base);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const row = r.lineOf(RFC_FILE, '| **Compatibility** |');
    expect(out.findings).toEqual([
      expect.objectContaining({
        ruleId: 'compat/required-added',
        messageId: 'declared',
        severity: 'notice',
        file: INTEROP_SCHEMA,
        pointer: '/$defs/errorRow/required',
        related: [expect.objectContaining({ file: RFC_FILE, line: row, column: 1 })],
      }),
    ]);
    expect(out.findings[0].message).toMatch(/^declared breaking change since [0-9a-f]{40}: .*RFC 0300 declares it \(RFCS\/0300-a-change-to-test-the-gate\.md:\d+/);
    expect(out.summary).toMatchObject({ errors: 0, warnings: 0, notices: 1 });
    expect(out.changes[0].declaredBy).toBe(RFC_FILE);
    expect(out.meta.claims).toEqual([expect.objectContaining({ rfc: RFC_FILE, claim: 'breaking', declares: 1 })]);
    // the github reporter makes it a ::notice annotation, SARIF a note
    const gh = await runCli(['compat', '--base', base, '--format', 'github'], { cwd: r.dir });
    expect(gh.code).toBe(0);
    expect(gh.stdout).toMatch(/^::notice file=spec\/v2\/interop-map\.schema\.json,line=\d+,.*title=compat\/required-added::declared breaking change/m);
    const sarif = JSON.parse((await runCli(['compat', '--base', base, '--format', 'sarif'], { cwd: r.dir })).stdout);
    expect(sarif.runs[0].results.map((x: any) => x.level)).toEqual(['note']);
  });

  it('a folder in Affects declares the files under it', async () => {
    const { r, base } = breakingRange(rfc('0300', '`breaking`', '`spec/v2/`'));
    const out = await compat(r, base);
    expect(out.code).toBe(0);
    expect(out.findings.map((f) => f.severity)).toEqual(['notice']);
  });

  it('an RFC declaring breaking for another file declares nothing here; a withdrawn one declares nothing', async () => {
    for (const text of [rfc('0300', '`breaking`', '`schemas/v2/run-snapshot.schema.json`'), rfc('0300', '`breaking`', `\`${INTEROP_SCHEMA}\``, 'Withdrawn')]) {
      const { r, base } = breakingRange(text);
      const out = await compat(r, base);
      expect(out.code).toBe(1);
      expect(out.findings.map((f) => [f.ruleId, f.severity])).toEqual([['compat/required-added', 'error']]);
    }
  });

  it('an RFC claiming safety-fix over the breaking change is an error at its row, besides the change itself', async () => {
    const { r, base } = breakingRange(rfc('0300', '`safety-fix` — closes a hole', `\`${INTEROP_SCHEMA}\``));
    const out = await compat(r, base);
    expect(out.code).toBe(1);
    const row = r.lineOf(RFC_FILE, '| **Compatibility** |');
    expect(out.findings.map((f) => [f.ruleId, f.severity, f.file, f.line])).toEqual([
      ['compat/claim-contradicted', 'error', RFC_FILE, row],
      ['compat/required-added', 'error', INTEROP_SCHEMA, expect.any(Number)],
    ]);
    expect(out.findings[0].message).toMatch(/RFC 0300 claims "safety-fix", but/);
  });

  it('--preset openwop: messages and SARIF help cite upstream\'s RFC 0001 (§4, §6; the claim §6), an unreadable base "specgate\'s RFC 0001 §B"', async () => {
    const { r, base } = breakingRange(rfc('0300', '`additive`', `\`${INTEROP_SCHEMA}\``));
    const cites = (f: any) => [f.ruleId, f.rfc, f.message.endsWith(`(${f.rfc})`)];
    const up = await compat(r, base, ['--preset', 'openwop']);
    expect(up.findings.map(cites)).toEqual([
      ['compat/claim-contradicted', 'RFC 0001 §6, template', true],
      ['compat/required-added', 'RFC 0001 §4, §6', true],
    ]);
    const own = await compat(r, base);
    expect(own.findings.map(cites)).toEqual([
      ['compat/claim-contradicted', 'RFC 0001 §B', true],
      ['compat/required-added', 'RFC 0001 §B', true],
    ]);
    const r2 = repo();
    r2.write(RUN_SNAPSHOT, '{ "type": "object", \n');
    const broken = r2.commit('broken at the base');
    r2.write(RUN_SNAPSHOT, '{ "type": "object" }\n');
    const unreadable = await compat(r2, broken, ['--preset', 'openwop']);
    expect(unreadable.findings.map(cites)).toEqual([['compat/base-unreadable', "specgate's RFC 0001 §B", true]]);
    const sarif = JSON.parse((await runCli(['compat', '--base', base, '--format', 'sarif', '--preset', 'openwop'], { cwd: r.dir })).stdout);
    const help = (id: string) => sarif.runs[0].tool.driver.rules.find((x: any) => x.id === id).help.text;
    expect(help('compat/required-added')).toContain('This rule enforces RFC 0001 §4, §6;');
    expect(help('compat/claim-contradicted')).toContain('This rule enforces RFC 0001 §6, template;');
    expect(help('compat/base-unreadable')).toContain("This rule enforces specgate's RFC 0001 §B;");
  });

  it('an undeclared breaking change in the OpenAPI document fails the range; declared, it is a notice', async () => {
    const r = repo({ ...MINIMAL_CORPUS, [API]: yamlText() });
    const base = r.head();
    r.write(API, yamlText((d) => delete d.paths['/runs'].post));
    const out = await compat(r, base);
    expect(out.code).toBe(1);
    expect(out.findings.map((f) => [f.ruleId, f.severity, f.pointer])).toEqual([['compat/openapi-operation-removed', 'error', '/paths/~1runs']]);
    r.write(RFC_FILE, rfc('0300', '`breaking` — createRun goes', `\`${API}\``));
    const declared = await compat(r, base);
    expect(declared.code).toBe(0);
    expect(declared.findings.map((f) => [f.ruleId, f.severity])).toEqual([['compat/openapi-operation-removed', 'notice']]);
  });
});

describe('compat: the OpenAPI document as a file', () => {
  it('a removed document is breaking (compat/openapi-document-removed); an added one additive (compat/openapi-document-added)', async () => {
    const r = repo({ ...MINIMAL_CORPUS, [API]: yamlText() });
    const base = r.head();
    r.remove(API);
    const gone = await compat(r, base);
    expect(gone.code).toBe(1);
    expect(gone.findings.map((f) => [f.ruleId, f.severity, f.file])).toEqual([['compat/openapi-document-removed', 'error', API]]);
    const r2 = repo();
    const base2 = r2.head();
    r2.write(API, yamlText());
    const added = await compat(r2, base2);
    expect(added.code).toBe(0);
    expect(added.changes.map((c) => [c.rule, c.class])).toEqual([['compat/openapi-document-added', 'additive']]);
  });
});

describe('compat: interop-map rows', () => {
  it('a removed error row and a changed HTTP status are breaking; a new row and a new optional field additive', async () => {
    const r = repo();
    const base = r.head();
    r.editJson(INTEROP_MAP, (m) => {
      m.a2a.errors = m.a2a.errors.filter((e: any) => e.upstream !== 'TaskNotFoundError');
      m.a2a.errors[0].http = 409;
      m.a2a.taskState.push({ runStatus: 'completed', stored: 'completed' });
      m.a2a.taskState[0].note = 'the first state';
    });
    const out = await compat(r, base);
    expect(out.code).toBe(1);
    const rows = out.changes.filter((c) => c.file === INTEROP_MAP).map((c) => [c.kind, c.class, c.rule]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['row-removed', 'breaking', 'compat/row-removed'],
        ['row-changed', 'breaking', 'compat/row-changed'],
        ['row-added', 'additive', 'compat/row-added'],
        ['row-changed', 'additive', 'compat/row-extended'],
      ]),
    );
    expect(out.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId).sort()).toEqual(['compat/row-changed', 'compat/row-removed']);
    expect(out.findings.find((f) => f.ruleId === 'compat/row-changed').message).toMatch(/http changed from \d+ to 409/);
  });

  it("RFC 0211's change on the project's own corpus (reason values removed at the base, added back): additive, its claim holds, exit 0", async () => {
    const files: Record<string, string> = {};
    for (const f of [INTEROP_SCHEMA, INTEROP_MAP, 'spec/v2/errors.json', 'spec/v2/errors.schema.json', 'RFCS/0211-a2a-error-details-are-errorinfo.md']) {
      files[f] = readFileSync(path.join(PROJECT, f), 'utf8');
    }
    const map = JSON.parse(files[INTEROP_MAP]!);
    const withReasons = map.a2a.errors.filter((e: any) => typeof e.reason === 'string').length;
    expect(withReasons).toBe(9);
    for (const e of map.a2a.errors) delete e.reason;
    const schema = JSON.parse(files[INTEROP_SCHEMA]!);
    delete schema.$defs.errorRow.properties.reason;
    const before: Record<string, string> = { ...files, [INTEROP_MAP]: JSON.stringify(map, null, 2) + '\n', [INTEROP_SCHEMA]: JSON.stringify(schema, null, 2) + '\n' };
    delete before['RFCS/0211-a2a-error-details-are-errorinfo.md'];
    const r = repo(before);
    const base = r.head();
    for (const [f, text] of Object.entries(files)) r.write(f, text);
    const out = await compat(r, base);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.findings).toEqual([]);
    expect(out.changes.filter((c) => c.file === INTEROP_MAP).map((c) => [c.rule, c.class])).toEqual(Array(9).fill(['compat/row-extended', 'additive']));
    expect(out.changes.filter((c) => c.class === 'breaking')).toEqual([]);
    expect(out.meta.claims).toEqual([expect.objectContaining({ claim: 'additive', holds: true })]);
  });
});

describeShared('compat on the upstream OpenAPI document (openwop-v2 api/v2/openapi.yaml, --preset openwop)', () => {
  const UP = 'api/v2/openapi.yaml';
  const text = () => readFileSync(path.join(ANCHOR, UP), 'utf8');

  /** Removes the first operation of a path item that has at least two, by its lines. */
  function removeOneOperation(src: string): { text: string; path: string; operationId: string } {
    const lines = src.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^ {2}\/\S*:$/.test(lines[i]!)) continue;
      const ops: number[] = [];
      let end = i + 1;
      for (; end < lines.length && !/^ {2}\S/.test(lines[end]!) && !/^\S/.test(lines[end]!); end++) if (/^ {4}(get|put|post|delete|patch):$/.test(lines[end]!)) ops.push(end);
      if (ops.length < 2) continue;
      const id = lines.slice(ops[0]!, ops[1]!).find((l) => /operationId:/.test(l))!.split('operationId:')[1]!.trim();
      lines.splice(ops[0]!, ops[1]! - ops[0]!);
      return { text: lines.join('\n'), path: lines[i]!.trim().replace(/:$/, ''), operationId: id };
    }
    throw new Error('no path item with two operations');
  }

  it('against itself: 0 changes, exit 0', async () => {
    const r = repo({ [UP]: text() });
    const out = await compat(r, r.head(), ['--preset', 'openwop']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.changes).toEqual([]);
    expect(out.meta.files.openapi).toBe(1);
  });

  it('against a copy with one operation removed: one breaking finding, at its path item', async () => {
    const r = repo({ [UP]: text() });
    const base = r.head();
    const cut = removeOneOperation(text());
    r.write(UP, cut.text);
    const out = await compat(r, base, ['--preset', 'openwop']);
    expect(out.code).toBe(1);
    const pointer = `/paths/${cut.path.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    expect(out.changes.map((c) => [c.rule, c.class, c.pointer])).toEqual([['compat/openapi-operation-removed', 'breaking', pointer]]);
    expect(out.findings).toEqual([expect.objectContaining({ ruleId: 'compat/openapi-operation-removed', severity: 'error', file: UP, pointer, line: r.lineOf(UP, `  ${cut.path}:`), column: 3 })]);
    expect(out.findings[0].message).toContain(cut.operationId);
  });
});
