import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ANCHOR, PROJECT, describeShared, runCli } from '../helpers/env.js';
import type { CliResult } from '../helpers/env.js';
import { TempRepo } from './git-repo.js';

const SCHEMA = 'spec/v2/interop-map.schema.json';
const MAP = 'spec/v2/interop-map.json';
const RFC = 'RFCS/0211-a2a-error-details-are-errorinfo.md';

/** The files under some top-level folders of a tree, as repository-relative path → text. */
function filesOf(root: string, dirs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) for (const e of readdirSync(abs)) walk(path.posix.join(rel, e));
    else out[rel] = readFileSync(abs, 'utf8');
  };
  for (const d of dirs) walk(d);
  return out;
}

/** The corpus as it was before RFC 0211: errorRow without `reason`, rows without reason values, no RFC 0211. */
function beforeRfc0211(files: Record<string, string>): Record<string, string> {
  const before = { ...files };
  const schema = JSON.parse(before[SCHEMA]!);
  delete schema.$defs.errorRow.properties.reason;
  before[SCHEMA] = JSON.stringify(schema, null, 2) + '\n';
  const map = JSON.parse(before[MAP]!);
  for (const row of map.a2a.errors) delete row.reason;
  before[MAP] = JSON.stringify(map, null, 2) + '\n';
  delete before[RFC];
  return before;
}

function json(r: CliResult) {
  return JSON.parse(r.stdout) as { findings: any[]; changes: any[]; compat: any };
}

/** Base: the corpus before RFC 0211; head: the corpus as given (RFC 0211 landed). */
function rfc0211Range(files: Record<string, string>): { repo: TempRepo; base: string } {
  const repo = TempRepo.init(beforeRfc0211(files), 'before RFC 0211');
  const base = repo.head();
  for (const [rel, text] of Object.entries(files)) repo.write(rel, text);
  return { repo, base };
}

describeShared('compat on the upstream anchors (openwop-v2)', () => {
  const anchorFiles = () => filesOf(ANCHOR, ['spec', 'schemas', 'RFCS']);

  it("the anchors' interop-map schema differs from its pre-RFC 0211 form only by an OPTIONAL reason: additive, and RFC 0211's claim holds", async () => {
    const { repo, base } = rfc0211Range(anchorFiles());
    const r = await runCli(['compat', '--base', base, '--format', 'json'], { cwd: repo.dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = json(r);
    expect(out.findings).toEqual([]);
    expect(out.changes.filter((c) => c.file === SCHEMA).map((c) => [c.pointer, c.class, c.kind])).toEqual([['/$defs/errorRow/properties/reason', 'additive', 'property-added']]);
    const rows = out.changes.filter((c) => c.file === MAP);
    expect(rows).toHaveLength(9);
    expect(rows.every((c) => c.kind === 'row-changed' && c.class === 'additive' && /^row upstream "\w+Error" changed: reason added \("[A-Z_]+"\)$/.test(c.reason))).toBe(true);
    expect(out.compat.rfcsInRange).toEqual([RFC]);
    expect(out.compat.claims).toEqual([expect.objectContaining({ rfc: RFC, claim: 'additive', holds: true, affects: [SCHEMA, MAP] })]);
  });

  it("making reason REQUIRED in the anchors' schema contradicts RFC 0211's additive claim, at its Compatibility row", async () => {
    const files = anchorFiles();
    const schema = JSON.parse(files[SCHEMA]!);
    schema.$defs.errorRow.required.push('reason');
    files[SCHEMA] = JSON.stringify(schema, null, 2) + '\n';
    const { repo, base } = rfc0211Range(files);
    const r = await runCli(['compat', '--base', base, '--format', 'json'], { cwd: repo.dir });
    expect(r.code).toBe(1);
    const claim = json(r).findings.filter((f) => f.ruleId === 'compat/claim-contradicted');
    const row = repo.lineOf(RFC, '| **Compatibility** |');
    expect(claim).toEqual([expect.objectContaining({ file: RFC, line: row, column: 1, endLine: row, severity: 'error' })]);
    expect(claim[0].message).toContain('new REQUIRED property "reason"');
  });
});

const projectHasReason = (() => {
  try {
    return Boolean(JSON.parse(readFileSync(path.join(PROJECT, SCHEMA), 'utf8')).$defs.errorRow.properties.reason) && existsSync(path.join(PROJECT, RFC));
  } catch {
    return false;
  }
})();

it.runIf(projectHasReason)("this project's corpus: RFC 0211's change is additive and its claim holds", async () => {
  const { repo, base } = rfc0211Range(filesOf(PROJECT, ['spec', 'schemas', 'RFCS']));
  const r = await runCli(['compat', '--base', base, '--format', 'json'], { cwd: repo.dir });
  expect(r.stderr).toBe('');
  const out = json(r);
  expect(out.changes.filter((c) => c.file === SCHEMA).map((c) => [c.pointer, c.kind, c.class])).toEqual([['/$defs/errorRow/properties/reason', 'property-added', 'additive']]);
  expect(out.changes.filter((c) => c.file === MAP).every((c) => c.kind === 'row-changed' && c.class === 'additive')).toBe(true);
  expect(out.compat.claims).toEqual([expect.objectContaining({ rfc: RFC, claim: 'additive', holds: true })]);
  expect(r.code).toBe(0);
});
