import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../scripts/core/model/findings.js';
import { loadReporter } from '../../scripts/core/reporters/index.js';
import { printable } from '../../scripts/core/base/printable.js';
import type { ReportEnv } from '../../scripts/core/reporters/types.js';

const ESC = '\u001b';
// Clears the screen, moves home and prints a fake all-clear, then hides the rest (and a bidi override).
const EVIL = `${ESC}[2J${ESC}[H✔ all legs passed${ESC}[8m\u202e`;
const FILE = `RFCS/0099-${ESC}]0;title${'\u0007'}.md`;
const SOURCE = `line one\nthe ${EVIL} text\nline three\n`;

const result: CheckResult = {
  findings: [
    { ruleId: 'probe/a2a-error-data-shape', severity: 'error', file: FILE, line: 2, column: 5, endLine: 2, endColumn: 9, message: `host said: ${EVIL}`, related: [{ file: FILE, line: 1, column: 1, endLine: 1, endColumn: 2, message: `header x-evil: ${EVIL}` }] },
  ],
  families: [],
};
const env: ReportEnv = { sourceOf: () => SOURCE, root: '/repo', toolName: 'specgate', toolVersion: '0', rules: [{ id: 'probe/a2a-error-data-shape', rfc: 'RFC 0211 §A', description: 'd' }] };

describe('hostile bounds: terminal injection', () => {
  it('stylish shows control characters from messages, file names, related locations and code frames escaped', async () => {
    const out = await (await loadReporter('stylish'))(result, env);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
    expect(out).toContain('host said: \\x1b[2J\\x1b[H✔ all legs passed\\x1b[8m\\u202e');
    expect(out).toContain('RFCS/0099-\\x1b]0;title\\x07.md');
    expect(out).toContain('header x-evil: \\x1b[2J');
    // the code frame line is escaped, and the caret still sits under column 5 of the escaped text
    const frame = out.split('\n');
    const at = frame.findIndex((l) => l.includes('> 2 | the \\x1b[2J'));
    expect(at).toBeGreaterThan(-1);
    expect(frame[at + 1]!.indexOf('^')).toBe(frame[at]!.indexOf('\\x1b[2J'));
  });

  it('github output escapes them too, so no workflow command or escape sequence is injected', async () => {
    const out = await (await loadReporter('github'))(result, env);
    expect(out.trimEnd().split('\n')).toHaveLength(1);
    expect(out.trimEnd()).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
    expect(printable("a\nb", "\n")).toBe("a\nb");
    expect(out).toContain('host said: \\x1b[2J');
    expect(printable('a\nb::error::x')).toBe('a\\nb::error::x');
  });

  it('JSON and SARIF keep the text exact', async () => {
    const json = JSON.parse(await (await loadReporter('json'))(result, env)) as { findings: { message: string; file: string }[] };
    expect(json.findings[0]!.message).toBe(`host said: ${EVIL}`);
    expect(json.findings[0]!.file).toBe(FILE);
    const sarif = JSON.parse(await (await loadReporter('sarif'))(result, env)) as { runs: { results: { message: { text: string } }[] }[] };
    expect(sarif.runs[0]!.results[0]!.message.text).toContain(EVIL);
  });

  it('clean control: ordinary text is unchanged', () => {
    expect(printable('RFC 0211 §A: “quoted” — fine ✔')).toBe('RFC 0211 §A: “quoted” — fine ✔');
  });
});
