import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT, runCli, runJson, tempDir } from '../helpers/env.js';

const PRE = path.join(PROJECT, 'test/fixtures/errata/pre');
const RFC = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const TARGETS = ['RFCS/0152-a2a-1-0-versioned-composition.md', 'spec/v1/a2a-integration.md'];

/** A temp repository with the committed RFC 0211 and the pre-errata texts its errata edit. */
function preErrataRepo(): string {
  const root = tempDir('specgate-replay-');
  mkdirSync(path.join(root, 'RFCS'), { recursive: true });
  cpSync(path.join(PROJECT, RFC), path.join(root, RFC));
  for (const t of TARGETS) {
    mkdirSync(path.dirname(path.join(root, t)), { recursive: true });
    cpSync(path.join(PRE, t), path.join(root, t));
  }
  return root;
}

describe("this repository's corpus: RFC 0211's errata applied by the tool", () => {
  it('errata check is green on the committed corpus', async () => {
    const r = await runJson(['errata', 'check']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.findings).toEqual([]);
    expect((JSON.parse(r.stdout) as { errata: { status: string }[] }).errata.map((e) => e.status)).toEqual(['already-applied', 'already-applied', 'already-applied']);
  }, 240_000);

  it('replaying the apply on the pre-errata texts gives the committed files byte for byte', async () => {
    const root = preErrataRepo();
    for (const t of TARGETS) expect(readFileSync(path.join(root, t)).equals(readFileSync(path.join(PROJECT, t))), `${t} must differ before the apply`).toBe(false);
    const before = await runJson(['errata', 'check', '--root', root]);
    expect(before.code).toBe(1);
    expect(before.findings.map((f) => [f.ruleId, f.line])).toEqual([
      ['errata/not-applied', 94],
      ['errata/not-applied', 95],
      ['errata/not-applied', 96],
    ]);

    const r = await runCli(['errata', 'apply', '--rfc', '0211', '--root', root]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    for (const t of TARGETS) expect(readFileSync(path.join(root, t)).equals(readFileSync(path.join(PROJECT, t))), t).toBe(true);
  }, 240_000);

  it('the check turns red when the committed corpus loses an erratum (sabotage)', async () => {
    const root = preErrataRepo();
    for (const t of TARGETS) cpSync(path.join(PROJECT, t), path.join(root, t));
    const spec = path.join(root, TARGETS[1]!);
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('(and `metadata.supportedVersions`, a comma-joined string, for version errors — RFC 0211 §E)', '(and `supportedVersions[]` for version errors)'));
    const r = await runJson(['errata', 'check', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.findings).toEqual([expect.objectContaining({ ruleId: 'errata/not-applied', file: RFC, line: 96, message: expect.stringContaining('label "D.7 Errors, both directions." still has the old text at line 185') })]);
  }, 240_000);
});
