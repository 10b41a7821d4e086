import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { family } from '../../scripts/checks/wire-examples/index.js';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { runFamilies } from '../../scripts/core/engine/engine.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { FsSource } from '../../scripts/core/io/source.js';
import { PROJECT, projectCorpusCopy, runCli, runJson } from '../helpers/env.js';
import { checkFindings } from '../helpers/check-families.js';
import { OverlaySource } from '../helpers/overlay.js';
import { positionOf } from '../helpers/positions.js';
import { lineCol, offsetOf } from './helpers.js';

const RFC = 'RFCS/0211-a2a-error-details-are-errorinfo.md';

async function check(root: string) {
  return runFamilies({ corpus: new Corpus(new FsSource(root), presetLayout('specgate')), families: [family] });
}

/** A temp copy of the corpus with RFC 0211's text edited. */
function withRfc(edit: (text: string) => string): { root: string; text: string } {
  const root = projectCorpusCopy();
  const file = path.join(root, RFC);
  const text = edit(readFileSync(file, 'utf8'));
  writeFileSync(file, text);
  return { root, text };
}

const NEGATIVE_LABEL = /^Negative \(.*\):$/m;

describe('wire-examples family', () => {
  it('passes the project RFC: the positive passes, the negative fails exactly §A and §D (control)', async () => {
    const r = await check(projectCorpusCopy());
    expect(r.findings).toEqual([]);
    expect(r.families[0]).toMatchObject({ family: 'wire-examples', visited: 2, errors: 0 });
  });

  it('fails a positive example whose ErrorInfo domain is wrong, at the domain in the block', async () => {
    const { root, text } = withRfc((t) => t.replace('"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"', '"reason": "TASK_NOT_FOUND", "domain": "example.org"'));
    const r = await check(root);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ ruleId: 'wire-examples/positive-passes', file: RFC, ...lineCol(text, offsetOf(text, '"example.org"')) });
    expect(r.findings[0]!.message).toMatch(/the positive wire example fails §A: .*"example\.org", not "a2a-protocol\.org"/);
  });

  it('fails a negative example fixed to an array: it no longer fails §A as its label says', async () => {
    const { root, text } = withRfc((t) => t.replace('"data": { "reason": "TASK_NOT_FOUND", "scope": "tenant" }', '"data": [ { "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org", "metadata": { "scope": "tenant" } } ]'));
    const r = await check(root);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ ruleId: 'wire-examples/negative-fails-as-labelled', ...lineCol(text, text.search(NEGATIVE_LABEL)) });
    expect(r.findings[0]!.message).toContain('should fail §A, §D as its label says, but the wire checker finds §D');
  });

  it('fails a negative label that drops §D while still naming scope as foreign-only: §D is extra, at scope', async () => {
    const { root, text } = withRfc((t) => t.replace(/fails §D if (`scope`) appears only on the foreign answer/, '$1 appears only on the foreign answer'));
    const r = await check(root);
    expect(r.findings).toHaveLength(1);
    const negative = text.indexOf('"scope": "tenant"');
    expect(r.findings[0]).toMatchObject({ ruleId: 'wire-examples/negative-fails-as-labelled', ...lineCol(text, negative) });
    expect(r.findings[0]!.message).toMatch(/also fails §D, which its label does not name: .*scope appears only on the unreadable-task answer/);
  });

  it('fails a negative label naming a section the example does not fail', async () => {
    const { root } = withRfc((t) => t.replace('(fails §A — object, not array;', '(fails §A — object, not array; fails §B;'));
    const r = await check(root);
    expect(r.findings.map((f) => f.message)).toEqual([expect.stringContaining('should fail §A, §B, §D as its label says, but the wire checker finds §A, §D')]);
  });

  it('cannot pass without the Wire examples section', async () => {
    const { root } = withRfc((t) => t.replace('### Wire examples', '### Examples of the wire'));
    const r = await check(root);
    // One mistake, one finding: the negative rule's "visited nothing" is left out while the family has an error.
    expect(r.findings.map((f) => [f.ruleId, f.message])).toEqual([['wire-examples/positive-passes', expect.stringContaining('RFC 0211 has no "Wire examples" section')]]);
  });

  it('runs as part of `specgate check`', async () => {
    const { root } = withRfc((t) => t.replace('"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"', '"reason": "TASK_NOT_FOUND", "domain": "example.org"'));
    const r = await runJson(['check', '--root', root]);
    expect(r.findings.filter((f) => f.ruleId.startsWith('wire-examples/')).map((f) => f.ruleId)).toEqual(['wire-examples/positive-passes']);
    expect(r.code).toBe(1);
  });
});

/*
 * One mistake, one finding: the examples judged against the interop map in memory (nothing
 * copied or written). A second positive example, the first's twin for another task, makes "every
 * example that uses the code" more than one.
 */
describe('wire-examples: one map value, one finding', () => {
  const MAP = 'spec/v2/interop-map.json';
  const FIRST = '{ "jsonrpc": "2.0", "id": 7, "error": { "code": -32001, "message": "task not found",\n  "data": [ { "@type": "type.googleapis.com/google.rpc.ErrorInfo",\n              "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org",\n              "metadata": { "taskId": "t-1/abc" } } ] } }';
  const SECOND = FIRST.replace('"id": 7', '"id": 8').replace('t-1/abc', 't-2/def');
  /** RFC 0211 with a second positive example after the first (`second` edits it). */
  const twoPositives = (second: (s: string) => string = (s) => s) => (t: string) => {
    expect(t).toContain(FIRST);
    return t.replace(`${FIRST}\n\`\`\`\n`, `${FIRST}\n\`\`\`\n\nPositive (JSON-RPC, \`TaskNotFoundError\`, another task):\n\n\`\`\`json\n${second(SECOND)}\n\`\`\`\n`);
  };
  const movedCode = (t: string) => t.replace('"jsonrpc": -32001', '"jsonrpc": -32011');

  async function run(files: Record<string, (t: string) => string>) {
    const source = new OverlaySource(PROJECT, files);
    const findings = await checkFindings(source, { families: ['wire-examples'] });
    return { rfc: source.text(RFC)!, map: source.text(MAP)!, findings };
  }

  it('clean control: two passing positive examples, no finding', async () => {
    const { findings } = await run({ [RFC]: twoPositives() });
    expect(findings).toEqual([]);
  });

  it('a moved code in the map: one finding at the first example, naming the map value; the other checks and the map value are related', async () => {
    const { rfc, map, findings } = await run({ [MAP]: movedCode });
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    const code = positionOf(rfc, '-32001');
    expect(f).toMatchObject({ ruleId: 'wire-examples/positive-passes', file: RFC, ...code });
    expect(f.message).toMatch(/^the positive wire example fails §A, §D \(3 checks\) for one reason: the interop map's \/a2a\/errors\/0\/jsonrpc is -32011 \(TaskNotFoundError\) and the example has -32001; first, §A: .*\(RFC 0211 §A\) \(RFC 0211 Wire examples\)$/);
    expect(f.related).toEqual([
      { file: MAP, ...positionOf(map, '-32011'), message: "the interop map's /a2a/errors/0/jsonrpc: -32011 (TaskNotFoundError)" },
      // The unknown-task twin's §D result is placed in the example as written, at its code.
      { file: RFC, ...code, message: expect.stringMatching(/^the positive wire example, §D: the unknown-task answer has code -32001, not -32011 .*\(RFC 0211 §D\)$/) },
      { file: RFC, ...code, message: expect.stringMatching(/^the positive wire example, §D: the unreadable-task answer has code -32001/) },
    ]);
  });

  it('a moved code breaking two examples: still one finding, at the first, with the second example\'s places related', async () => {
    const { rfc, findings } = await run({ [MAP]: movedCode, [RFC]: twoPositives() });
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f).toMatchObject({ ruleId: 'wire-examples/positive-passes', ...positionOf(rfc, '-32001') });
    expect(f.message).toMatch(/^2 positive wire examples \(#1, #2\) fail §A, §D \(6 checks\) for one reason: the interop map's \/a2a\/errors\/0\/jsonrpc is -32011 \(TaskNotFoundError\) and each has -32001;/);
    const second = positionOf(rfc, '-32001', 2);
    expect(f.related!.filter((r) => r.line === second.line && r.column === second.column).map((r) => r.message)).toEqual([
      expect.stringMatching(/^the positive wire example #2, §A: reason "TASK_NOT_FOUND" belongs to -32011/),
      expect.stringMatching(/^the positive wire example #2, §D: the unknown-task answer/),
      expect.stringMatching(/^the positive wire example #2, §D: the unreadable-task answer/),
    ]);
    expect(f.related).toHaveLength(6);
  });

  it('control: a moved code and an unrelated mistake (JSON-RPC version) in the second example are two findings', async () => {
    const { rfc, findings } = await run({ [MAP]: movedCode, [RFC]: twoPositives((s) => s.replace('"jsonrpc": "2.0", "id": 8', '"jsonrpc": "2.1", "id": 8')) });
    const [code, version] = [positionOf(rfc, '-32001'), positionOf(rfc, '"2.1"')];
    expect(findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([
      ['wire-examples/positive-passes', code.line, code.column],
      ['wire-examples/positive-passes', version.line, version.column],
    ]);
    // The second example is no JSON-RPC response, so only its §D code checks join the moved code's finding.
    expect(findings[0]!.message).toMatch(/^2 positive wire examples \(#1, #2\) fail §A, §D \(5 checks\) for one reason/);
    expect(findings[1]!.message).toMatch(/^the positive wire example #2 fails §C: "jsonrpc" is "2\.1"/);
    expect(findings[1]!.related).toBeUndefined();
  });

  it('the reporters show the related locations: json `related`, sarif `relatedLocations`, stylish lines under the finding', async () => {
    const root = projectCorpusCopy();
    const mapFile = path.join(root, MAP);
    writeFileSync(mapFile, movedCode(readFileSync(mapFile, 'utf8')));
    const wire = (f: { ruleId: string }) => f.ruleId.startsWith('wire-examples/');
    const json = await runJson(['check', '--root', root]);
    expect(json.findings.filter(wire).map((f) => (f as { related?: { file: string }[] }).related?.map((r) => r.file))).toEqual([[MAP, RFC, RFC]]);
    const sarif = JSON.parse((await runCli(['check', '--root', root, '--format', 'sarif'])).stdout).runs[0].results.filter(wire);
    expect(sarif.map((r: any) => r.relatedLocations.map((l: any) => l.physicalLocation.artifactLocation.uri))).toEqual([[MAP, RFC, RFC]]);
    const stylish = (await runCli(['check', '--root', root, '--format', 'stylish'], { env: { NO_COLOR: '1' } })).stdout;
    expect(stylish).toMatch(/\(3 checks\) for one reason[^\n]*\n(.*\n)*? {4}spec\/v2\/interop-map\.json:\d+:\d+: the interop map's \/a2a\/errors\/0\/jsonrpc: -32011 \(TaskNotFoundError\)\n/);
  });

  it('control: two examples with different wrong reasons against the same map value are two findings', async () => {
    const { rfc, findings } = await run({
      [RFC]: (t) => twoPositives((s) => s.replace('"reason": "TASK_NOT_FOUND"', '"reason": "UNSUPPORTED_OPERATION"'))(t).replace('"reason": "TASK_NOT_FOUND"', '"reason": "TASK_NOT_CANCELABLE"'),
    });
    const reasons = findings.filter((f) => /the interop map gives -32001 \(TaskNotFoundError\) the reason "TASK_NOT_FOUND"/.test(f.message));
    expect(reasons.map((f) => [f.line, f.column])).toEqual([
      [positionOf(rfc, '"TASK_NOT_CANCELABLE"').line, positionOf(rfc, '"TASK_NOT_CANCELABLE"').column],
      [positionOf(rfc, '"UNSUPPORTED_OPERATION"').line, positionOf(rfc, '"UNSUPPORTED_OPERATION"').column],
    ]);
    expect(reasons.every((f) => f.related === undefined)).toBe(true);
  });
});
