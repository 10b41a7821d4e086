import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFixed } from '../../scripts/core/io/commit.js';
import { projectCorpusCopy, runCli } from '../helpers/env.js';

/* `check --fix` end to end on a sabotaged copy of this project's corpus, through the built CLI. */

const MAP = 'spec/v2/interop-map.json';
const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const RFC_0152 = 'RFCS/0152-a2a-1-0-versioned-composition.md';

function sabotaged() {
  const root = projectCorpusCopy();
  const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
  const clean = { map: read(MAP), rfc: read(RFC_0211), other: read(RFC_0152) };
  writeFileSync(path.join(root, MAP), clean.map.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"').replace(',\n        "reason": "TASK_NOT_CANCELABLE"', ''));
  writeFileSync(path.join(root, RFC_0211), clean.rfc.replace('| **Created** | 2026-09-23 |', '| **Created** | 2026-9-23 |').replace('| **Supersedes** | — |', '| **Supersedes** | RFC 0152 |'));
  return { root, read, clean };
}

const ids = (stdout: string) => (JSON.parse(stdout).findings as Array<{ ruleId: string }>).map((f) => f.ruleId);

describe('check --fix', () => {
  it('--fix-dry-run prints the unified diff and writes nothing', async () => {
    const { root, read } = sabotaged();
    const before = [read(MAP), read(RFC_0211), read(RFC_0152)];
    const r = await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix-dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--- a/spec/v2/interop-map.json\n+++ b/spec/v2/interop-map.json\n');
    expect(r.stdout).toContain('-        "reason": "TaskNotFound"\n+        "reason": "TASK_NOT_FOUND"\n');
    expect(r.stdout).toContain('-| **Superseded by** | — |\n+| **Superseded by** | RFC 0211 |\n');
    expect(r.stdout).toContain('-| **Created** | 2026-9-23 |\n+| **Created** | 2026-09-23 |\n');
    expect(r.stderr).toBe('specgate: 4 fixes in 3 files would be applied; nothing written\n');
    expect([read(MAP), read(RFC_0211), read(RFC_0152)]).toEqual(before);
  });

  it('a finding an exception accepts is not fixed; the files named on the command line limit the fixes', async () => {
    const { root, read } = sabotaged();
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ exceptions: [{ file: MAP, pointer: '/a2a/errors/0/reason', rule: 'interop-map/reason-upper-snake', reason: 'kept as upstream spells it' }] }));
    const r = await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix-dry-run']);
    expect(r.stdout).not.toContain('"reason": "TaskNotFound"');
    expect(r.stderr).toBe('specgate: 3 fixes in 3 files would be applied; nothing written\n');
    const only = await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix-dry-run', RFC_0211]);
    expect(only.stdout).toContain(`--- a/${RFC_0211}`);
    // (the Supersedes finding is RFC 0211's; its repair edits RFC 0152 too) — the map's findings are left
    expect(only.stdout).not.toContain(`--- a/${MAP}`);
    expect(read(MAP)).toContain('"reason": "TaskNotFound"');
  });

  it('--fix writes every fix, re-checks, and a second --fix changes nothing', async () => {
    const { root, read, clean } = sabotaged();
    const r = await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix', '-f', 'json']);
    expect(r.stderr).toBe('specgate: applied 4 fixes to 3 files\n');
    // What remains: RFC 0152, now superseded by an Accepted RFC, is not marked Superseded (a warning;
    // changing a status is the author's call, so it has no fix).
    const left = (JSON.parse(r.stdout).findings as Array<{ ruleId: string; severity: string; message: string }>).filter((f) => f.ruleId !== 'rfcs/affects-paths-exist');
    expect(left.map((f) => [f.ruleId, f.severity])).toEqual([['rfcs/supersedes-reciprocal', 'warning']]);
    expect(left[0]!.message).toMatch(/not Superseded/);
    // The copy holds the corpus, not this project's scripts/, which RFC 0211's Affects row names.
    expect(r.code).toBe(1);
    expect(read(MAP)).toBe(clean.map);
    expect(read(RFC_0211)).toBe(clean.rfc.replace('| **Supersedes** | — |', '| **Supersedes** | RFC 0152 |'));
    expect(read(RFC_0152)).toBe(clean.other.replace('| **Superseded by** | — |', '| **Superseded by** | RFC 0211 |'));
    const again = await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix', '-f', 'json']);
    expect(again.stderr).toBe('specgate: applied 0 fixes to 0 files\n');
    // The writer's lock, journal and temp files are gone.
    expect(readdirSync(root).filter((f) => f.includes('.specgate-'))).toEqual([]);
  });

  it('--fix-rule and --fix-type limit what is fixed; what remains is reported (exit 1)', async () => {
    const { root, read, clean } = sabotaged();
    const r = await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix', '--fix-rule', 'rfcs/dates-valid', '-f', 'json']);
    expect(r.stderr).toBe('specgate: applied 1 fix to 1 file\n');
    expect(r.code).toBe(1);
    expect(ids(r.stdout)).toEqual(expect.arrayContaining(['interop-map/reason-upper-snake', 'rfcs/supersedes-reciprocal']));
    expect(read(RFC_0211)).toContain('| **Created** | 2026-09-23 |');
    expect(read(MAP)).not.toBe(clean.map);
    const warnings = await runCli(['check', 'interop-map', '--root', root, '--fix', '--fix-type', 'warning', '-f', 'json']);
    expect(warnings.stderr).toBe('specgate: applied 0 fixes to 0 files\n');
  });

  it('refuses --fix with --staged, a --fix-rule without fixes, --fix-rule without --fix, and the old --rule ID with --fix (a pointer), each with one line (exit 2)', async () => {
    const { root } = sabotaged();
    for (const [args, line] of [
      [['--fix', '--staged'], 'specgate: --fix applies to the working tree; it cannot be combined with --staged\n'],
      [['--fix', '--fix-rule', 'rfcs/status-known'], 'specgate: --fix-rule rfcs/status-known: this rule has no fixes\n'],
      [['--fix-rule', 'rfcs/dates-valid'], 'specgate: --fix-rule limits --fix or --fix-dry-run; give one of them\n'],
      [['--fix', '--rule', 'rfcs/dates-valid'], "specgate: --rule rfcs/dates-valid: --rule sets a severity now (--rule rfcs/dates-valid:off); to fix only this rule's findings, use --fix-rule rfcs/dates-valid\n"],
      [['--fix', '--fix-type', 'layout'], 'specgate: --fix-type layout: expected one of error, warning, notice\n'],
    ] as const) {
      const r = await runCli(['check', '--root', root, ...args]);
      expect(r.stderr).toBe(line);
      expect(r.code).toBe(2);
    }
  });

  it('--quiet fixes errors only (as ESLint does); --max-warnings judges what remains after --fix', async () => {
    const { root, read } = sabotaged();
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ rules: { 'rfcs/dates-valid': 'warning', 'rfcs/affects-paths-exist': 'off' } }));
    const dry = await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix-dry-run', '--quiet']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+        "reason": "TASK_NOT_FOUND"\n');
    expect(dry.stdout).not.toContain('2026-09-23');
    const r = await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix', '--quiet', '--max-warnings', '0', '-f', 'json']);
    // The date (a warning here) is left as it was; the warnings left fail --max-warnings 0 though --quiet hides them.
    expect(read(RFC_0211)).toContain('| **Created** | 2026-9-23 |');
    expect(ids(r.stdout)).toEqual([]);
    expect(r.code).toBe(1);
    expect((await runCli(['check', 'interop-map', 'rfcs', '--root', root, '--fix', '--max-warnings', '5', '-f', 'json'])).code).toBe(0);
    expect(read(RFC_0211)).toContain('| **Created** | 2026-09-23 |');
  });

  it('refuses --max-warnings with --fix-dry-run, --quiet with a --fix-type that has no errors, and a baseline write with --fix-dry-run', async () => {
    const { root } = sabotaged();
    for (const [args, line] of [
      [['--fix-dry-run', '--max-warnings', '0'], 'specgate: --max-warnings judges the check after --fix; --fix-dry-run only prints the diff (exit 0)\n'],
      [['--fix', '--quiet', '--fix-type', 'warning'], 'specgate: --quiet fixes errors only; with --fix-type warning nothing would be fixed\n'],
      [['--fix-dry-run', '--suppress-all'], 'specgate: --fix-dry-run writes nothing; the suppressions file is written with --fix or without fixing\n'],
    ] as const) {
      const r = await runCli(['check', '--root', root, ...args]);
      expect(r.stderr).toBe(line);
      expect(r.code).toBe(2);
    }
  });

  it('writes nothing when a file changed since it was read', async () => {
    const { root, read } = sabotaged();
    const map = read(MAP);
    const rfc = read(RFC_0211);
    writeFileSync(path.join(root, RFC_0211), rfc + '\nedited meanwhile\n');
    expect(() =>
      writeFixed(root, [
        { file: MAP, before: map, after: map.replace('TaskNotFound', 'TASK_NOT_FOUND') },
        { file: RFC_0211, before: rfc, after: rfc.replace('2026-9-23', '2026-09-23') },
      ]),
    ).toThrow(`nothing written: ${RFC_0211} changed since it was read`);
    expect(read(MAP)).toBe(map);
  });
});
