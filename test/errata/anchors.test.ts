import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ANCHOR, describeShared, runCli, runJson, tempCopy } from '../helpers/env.js';

const RFC = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const UQ_FILE = 'RFCS/0152-a2a-1-0-versioned-composition.md';
const SPEC = 'spec/v1/a2a-integration.md';

function files(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel)).flatMap((n) => {
    const r = rel ? `${rel}/${n}` : n;
    return statSync(path.join(dir, r)).isDirectory() ? files(dir, r) : [r];
  });
}

/** Files of the copy whose bytes differ from the anchors' originals. */
function changedFiles(copy: string): string[] {
  return files(ANCHOR).filter((f) => !readFileSync(path.join(ANCHOR, f)).equals(readFileSync(path.join(copy, f))));
}

function anchorText(rel: string): string {
  return readFileSync(path.join(ANCHOR, rel), 'utf8');
}

/**
 * RFC 0211's errata against the upstream OpenWOP texts, written by other people. Verdicts, checked
 * by reading the targets:
 *  1. UQ4 (RFC 0152 line 89) has no erratum paragraph → applicable (append).
 *  2. §B (spec line 335) carries "and upstream's `supportedVersions[]` in the error detail" at
 *     line 340 → applicable; the hint :346 points into §C, so it is reported as off.
 *  3. §D.7 (the bold label at line 460, up to §E at 476) never says "(and `supportedVersions[]`
 *     for version errors)" — that wording is RFC 0152 UQ4's — but "and, for version errors,
 *     `supportedVersions[]`" (line 474) → refused as drift, naming that wording and line.
 */
describeShared('errata against the upstream anchors (openwop preset)', () => {
  it('the texts still read as the verdicts assume', async () => {
    const spec = anchorText(SPEC).split('\n');
    expect(anchorText(UQ_FILE).split('\n')[88]).toMatch(/^4\. ~~How are upstream error details redacted/);
    expect(spec[334]).toBe('### §B — Version negotiation');
    expect(spec[339]).toContain("and upstream's `supportedVersions[]` in the error detail.");
    expect(spec[459]).toMatch(/^\*\*D\.7 Errors, both directions\.\*\*/);
    expect(spec[473]).toContain('and, for version errors, `supportedVersions[]`;');
    expect(spec[475]).toBe('### §E — Identity and security');
    expect(anchorText(SPEC)).not.toContain('(and `supportedVersions[]` for version errors)');
  }, 240_000);

  it('apply: items 1 and 2 applicable, item 3 refused as drift at its line, the hint of item 2 reported; nothing written', async () => {
    const copy = tempCopy(ANCHOR);
    const r = await runJson(['errata', 'apply', '--root', copy, '--preset', 'openwop']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { errata: { index: number; status: string; target: string; detail: string }[] };
    expect(doc.errata.map((e) => [e.index, e.target, e.status])).toEqual([
      [1, `${UQ_FILE} UQ4`, 'not-written'],
      [2, `${SPEC} §B`, 'not-written'],
      [3, `${SPEC} §D.7`, 'refused'],
    ]);
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.file, f.line])).toEqual([
      ['errata/line-hint-off', 'warning', RFC, 95],
      ['errata/text-drift', 'error', RFC, 96],
    ]);
    expect(r.findings[0]!.message).toContain(`line hint :346 is off; the text is at ${SPEC} line 340`);
    expect(r.findings[1]!.message).toContain('label "D.7 Errors, both directions." (line 460)');
    expect(r.findings[1]!.message).toContain('the closest wording in the section is "and, for version errors, supportedVersions[];" at line 474:215');
    expect(changedFiles(copy)).toEqual([]);
  }, 240_000);

  it('check: exits 1 with a located finding per erratum, naming each target', async () => {
    const copy = tempCopy(ANCHOR);
    const r = await runJson(['errata', 'check', '--root', copy, '--preset', 'openwop']);
    expect(r.code).toBe(1);
    expect(r.findings.filter((f) => f.severity === 'error').map((f) => [f.ruleId, f.line])).toEqual([
      ['errata/not-applied', 94],
      ['errata/not-applied', 95],
      ['errata/text-drift', 96],
    ]);
    expect(r.findings[0]!.message).toContain(`${UQ_FILE} UQ4 (item 4 of "Unresolved questions") has no such paragraph yet`);
    expect(changedFiles(copy)).toEqual([]);
  }, 240_000);

  it('with the drifted item set aside, the two that fit are applied and nothing else changes', async () => {
    const copy = tempCopy(ANCHOR);
    const rfcText = anchorText(RFC);
    const errataSection = rfcText.slice(rfcText.indexOf('\n## Errata\n'), rfcText.indexOf('\n## Compatibility\n'));
    const items = errataSection.split('\n').filter((l) => l.startsWith('- **'));
    expect(items).toHaveLength(3);
    writeFileSync(path.join(copy, RFC), rfcText.replace(`${items[2]}\n`, ''));

    const r = await runCli(['errata', 'apply', '--root', copy, '--preset', 'openwop']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(changedFiles(copy).sort()).toEqual([RFC, UQ_FILE, SPEC].sort());

    // The expected texts, built from the RFC's quotations without the tool.
    const appended = /appended: \*"(.*)"\*$/.exec(items[0]!)![1]!;
    const [, oldB, newB] = /replace "(.*)" with "(.*)"\.$/.exec(items[1]!)!;
    const uqLines = anchorText(UQ_FILE).split('\n');
    uqLines.splice(89, 0, '', `   ${appended}`);
    expect(readFileSync(path.join(copy, UQ_FILE), 'utf8')).toBe(uqLines.join('\n'));
    const spec = anchorText(SPEC);
    expect(spec.split(oldB!)).toHaveLength(2);
    expect(readFileSync(path.join(copy, SPEC), 'utf8')).toBe(spec.replace(oldB!, newB!));

    const again = await runCli(['errata', 'apply', '--root', copy, '--preset', 'openwop']);
    expect(again.code).toBe(0);
    expect(again.stderr.match(/already applied/g)).toHaveLength(2);
    expect((await runCli(['errata', 'check', '--root', copy, '--preset', 'openwop'])).code).toBe(0);
  }, 240_000);
});
