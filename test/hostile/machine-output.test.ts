import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonText } from '../../scripts/core/reporters/json-text.js';
import { CLI, PROJECT, projectCorpusCopy, runCli } from '../helpers/env.js';

/*
 * Machine formats and stdout (issue 28, point 7): `--format json`/`sarif` printed DEL, U+009B,
 * U+202E and U+2028 from file names raw; they are now written `\uXXXX`, which is the same JSON.
 * `check -f json > /dev/full` ended in a stack trace (exit 1); it is one line, exit 2.
 */

const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
/** DEL, a C1 CSI, a C1 NEL, the bidi override and isolate, the line and paragraph separators. */
const NASTY = '\u007f\u009b\u0085\u202e\u2066\u2028\u2029';
const RAW = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The corpus with an RFC whose file name carries NASTY and whose Created date is broken (a finding on it). */
function hostileName(): { root: string; file: string } {
  const root = projectCorpusCopy();
  const text = readFileSync(path.join(root, RFC_0211), 'utf8').replace('| **Created** | 2026-09-23 |', '| **Created** | 2026-9-23 |');
  rmSync(path.join(root, RFC_0211));
  const file = `RFCS/0211-evil${NASTY}.md`;
  writeFileSync(path.join(root, file), text);
  return { root, file };
}

describe('json and sarif escape control, bidi and line-separator characters as \\uXXXX', () => {
  it('check -f json and -f sarif: no raw character of the set on stdout, and the parsed value is exact', async () => {
    const { root, file } = hostileName();
    const json = await runCli(['check', 'rfcs', '--root', root, '-f', 'json']);
    expect(json.code).toBe(1);
    expect(json.stdout).not.toMatch(RAW);
    expect(json.stdout).toContain('0211-evil\\u007f\\u009b\\u0085\\u202e\\u2066\\u2028\\u2029.md');
    expect(JSON.parse(json.stdout).findings.map((f: { file: string }) => f.file)).toContain(file);
    const sarif = await runCli(['check', 'rfcs', '--root', root, '-f', 'sarif']);
    expect(sarif.stdout).not.toMatch(RAW);
    expect(JSON.stringify(JSON.parse(sarif.stdout))).toContain(NASTY);
  });

  it('check -f gitlab and --print-config too (a file name; an exception pointer and reason from the config)', async () => {
    const { root, file } = hostileName();
    const gitlab = await runCli(['check', 'rfcs', '--root', root, '-f', 'gitlab']);
    expect(gitlab.code).toBe(1);
    expect(gitlab.stdout).not.toMatch(RAW);
    expect(JSON.parse(gitlab.stdout).map((i: { location: { path: string } }) => i.location.path)).toContain(file);
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ exceptions: [{ file: 'spec/v2/interop-map.json', pointer: '/a2a', rule: 'interop-map/schema', reason: `ok ${NASTY}` }] }));
    const printed = await runCli(['check', '--root', root, '--print-config']);
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    expect(printed.stdout).not.toMatch(RAW);
    expect(printed.stdout).toContain('\\u202e');
  });

  it('the helper is exact JSON for every code point it escapes (and leaves the rest as JSON.stringify does)', () => {
    const all = Array.from({ length: 0x2070 }, (_, i) => String.fromCharCode(i)).join('');
    const text = jsonText({ [all]: all });
    expect(text).not.toMatch(RAW);
    expect(JSON.parse(text)).toEqual({ [all]: all });
    expect(jsonText({ a: 'plain é' })).toBe(JSON.stringify({ a: 'plain é' }, null, 2));
  });
});

describe('a report that cannot be written is one line, exit 2', () => {
  it('check -f json > /dev/full: one line on stderr, exit 2, no stack trace', () => {
    if (!existsSync('/dev/full')) return;
    for (const args of [['check', 'rfcs', '-f', 'json'], ['check', 'rfcs'], ['list-rules', '-f', 'json']]) {
      const full = openSync('/dev/full', 'w');
      try {
        const r = spawnSync(process.execPath, [CLI, ...args], { cwd: PROJECT, stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
        expect({ args, status: r.status, stderr: r.stderr }).toEqual({ args, status: 2, stderr: 'specgate: cannot write the report to stdout: ENOSPC (no space left on device)\n' });
      } finally {
        closeSync(full);
      }
    }
  });
});
