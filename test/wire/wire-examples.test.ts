import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { family } from '../../scripts/checks/wire-examples/index.js';
import { Corpus } from '../../scripts/core/corpus.js';
import { runFamilies } from '../../scripts/core/engine.js';
import { presetLayout } from '../../scripts/core/layout.js';
import { FsSource } from '../../scripts/core/source.js';
import { projectCorpusCopy, runJson } from '../helpers/env.js';
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
    expect(r.findings.map((f) => f.ruleId).sort()).toEqual(['wire-examples/negative-fails-as-labelled', 'wire-examples/positive-passes']);
  });

  it('runs as part of `specgate check`', async () => {
    const { root } = withRfc((t) => t.replace('"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"', '"reason": "TASK_NOT_FOUND", "domain": "example.org"'));
    const r = await runJson(['check', '--root', root]);
    expect(r.findings.filter((f) => f.ruleId.startsWith('wire-examples/')).map((f) => f.ruleId)).toEqual(['wire-examples/positive-passes']);
    expect(r.code).toBe(1);
  });
});
