import { describe, expect, it } from 'vitest';
import { READING_RULES } from '../../../scripts/core/engine/reading-rules.js';
import { reader } from '../../../scripts/core/engine/reading-family.js';
import { runRuleOn } from '../../../scripts/core/engine/rule-tester.js';
import type { ExampleFiles, Rule, RuleMeta } from '../../../scripts/core/engine/rule.js';

/*
 * The reading rules' own examples (core/engine/reading-examples.ts, shown on docs/rules/input.md), run by the rule
 * tester through core/input-example-driver.ts: a stand-in rule asks for each file of a case as a
 * rule would (by extension), and what the corpus reports of it is compared with the case.
 */

export async function inputFindings(files: ExampleFiles, options?: Readonly<Record<string, unknown>>) {
  return (await runRuleOn(reader(files, options), files)).problems;
}

const withExamples = READING_RULES.filter((r): r is RuleMeta & Required<Pick<RuleMeta, 'examples'>> => r.examples !== undefined);

describe('input rule examples (core/engine/reading-examples.ts)', () => {
  it('the rules a case in memory can show have examples', () => {
    expect(withExamples.map((r) => r.id).sort()).toEqual(
      ['corpus/missing-file', 'parse/duplicate-key', 'parse/empty', 'parse/syntax', 'parse/too-deep'].sort(),
    );
  });

  // The examples themselves run with every other command rule's, in test/rules/command-examples.test.ts.
});

describe('input rules on what a page cannot show: invisible bytes, files past a cap', () => {
  const only = (found: Awaited<ReturnType<typeof inputFindings>>) => found.map((f) => [f.ruleId, f.messageId, f.file, f.line, f.column, f.rfc]);

  it('parse/bom: a JSON or YAML file that starts with a byte-order mark (RFC 8259 §8.1 for both)', async () => {
    const found = await inputFindings({ 'spec/map.json': '\ufeff{}\n', 'spec/list.yaml': '\ufeffa: 1\n', 'spec/plain.json': '{}\n' });
    expect(only(found)).toEqual([
      ['parse/bom', 'yaml', 'spec/list.yaml', 1, 1, 'RFC 8259 §8.1'],
      ['parse/bom', 'json', 'spec/map.json', 1, 1, 'RFC 8259 §8.1'],
    ]);
    expect(found.map((f) => f.message)).toEqual([
      'file starts with a byte-order mark; governed YAML is plain UTF-8 without one (RFC 8259 §8.1)',
      'file starts with a byte-order mark (RFC 8259 §8.1 forbids adding one)',
    ]);
  });

  it('parse/binary: a file with NUL bytes is not read as text', async () => {
    const found = await inputFindings({ 'spec/map.json': 'a\u0000b', 'spec/plain.json': '{}\n' });
    expect(only(found)).toEqual([['parse/binary', 'nul', 'spec/map.json', 1, 1, 'specgate input limits']]);
  });

  it('parse/too-deep: JSON nested past 256 levels, at the bracket that passes the cap (RFC 8259 §9)', async () => {
    const found = await inputFindings({ 'spec/map.json': `{"a2a": ${'['.repeat(400)}${']'.repeat(400)}}` });
    expect(only(found)).toEqual([['parse/too-deep', 'json', 'spec/map.json', 1, 9 + 255, 'RFC 8259 §9']]);
    expect(found[0]!.message).toBe('not valid JSON: nesting deeper than 256 levels (RFC 8259 §9)');
  });

  it('parse/markdown-too-large: a Markdown file past 128 KiB is not parsed', async () => {
    const text = '# RFC 0007: Long\n' + '\n- item\n'.repeat(20_000);
    const found = await inputFindings({ 'RFCS/0007-long.md': text });
    expect(only(found)).toEqual([['parse/markdown-too-large', 'bytes', 'RFCS/0007-long.md', 1, 1, 'specgate input limits']]);
    expect(found[0]!.message).toBe(`Markdown file is ${text.length} bytes; refusing to parse more than 131072 (the Markdown cap) (specgate input limits)`);
  });

  it('parse/aliases: a 10,000-alias expansion bomb, at the first alias (YAML 1.2)', async () => {
    const text = `version: 1\nbomb: &a [x, y, z]\n${Array.from({ length: 10_000 }, (_, i) => `b${i}: *a`).join('\n')}\n`;
    const found = await inputFindings({ 'invariants/invariants.yaml': text });
    expect(only(found)).toEqual([['parse/aliases', 'count', 'invariants/invariants.yaml', 3, 5, 'YAML 1.2']]);
    expect(found[0]!.message).toBe('10000 aliases in one document (at most 200); refusing to expand them (YAML 1.2)');
  });

  it('limits/findings-per-file: past 1,000 findings of a rule in one file, one finding counts the rest', async () => {
    const flood: Rule = {
      id: 'test/flood',
      rfc: 'none',
      description: 'Reports every line.',
      messages: { line: 'line {{n}}' },
      run(ctx) {
        ctx.visit();
        for (let n = 1; n <= 1100; n++) ctx.report({ at: { file: 'a.md', range: { line: n, column: 1, endLine: n, endColumn: 2 } }, messageId: 'line', data: { n } });
      },
    };
    const { findings } = await runRuleOn(flood, { 'a.md': 'x\n'.repeat(1100) });
    expect(findings).toHaveLength(1001);
    const cap = findings.filter((f) => f.ruleId === 'limits/findings-per-file');
    expect(cap.map((f) => [f.messageId, f.file, f.line, f.message])).toEqual([['restOfRule', 'a.md', 1, '100 more findings of test/flood in this file not shown (at most 1000 per file) (specgate input limits)']]);
  });

  it('parse findings cite their file format: RFC 8259 for JSON, YAML 1.2 for YAML', async () => {
    const found = await inputFindings({ 'a.json': '{"a": 1, "a": 2}', 'b.yaml': 'a: 1\na: 2\n', 'c.json': '', 'd.yaml': '' });
    expect(found.map((f) => [f.file, f.ruleId, f.rfc])).toEqual([
      ['a.json', 'parse/duplicate-key', 'RFC 8259 §4'],
      ['b.yaml', 'parse/duplicate-key', 'YAML 1.2'],
      ['c.json', 'parse/empty', 'RFC 8259 §2'],
      ['d.yaml', 'parse/empty', 'YAML 1.2'],
    ]);
  });
});
