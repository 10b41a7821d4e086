import { describe, expect, it } from 'vitest';
import type { CacheStore } from '../../scripts/core/cache/cache.js';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { parseYaml } from '../../scripts/core/parse/yaml-tree.js';
import { PROJECT, runCli, tempDir } from '../helpers/env.js';
import { TempRepo } from '../compat/git-repo.js';
import { MINIMAL_CORPUS } from '../compat/minimal-corpus.js';
import { OverlaySource } from '../helpers/overlay.js';

/**
 * A "billion laughs" under the 200-alias cap (issue 35): `levels` lines of 10 aliases of the line
 * above, laid into the real OpenAPI document. 9 levels (90 aliases, 8.4 KB) are 10^9 nodes
 * expanded: the parse cache's JSON of the value took 50 s and 2.2 GiB, then `internal error`.
 */
function bomb(levels: number): (text: string) => string {
  let lines = `x-b0: &b0 [${Array(10).fill('lol').join(', ')}]\n`;
  for (let i = 1; i <= levels; i++) lines += `x-b${i}: &b${i} [${Array(10).fill(`*b${i - 1}`).join(', ')}]\n`;
  return (text) => text.replace('\ninfo:\n', `\n${lines}info:\n`);
}

/** A corpus over the project with `edits`, whose on-disk cache is a recorder: what was written, how much. */
function recordingCorpus(edits: Record<string, (t: string) => string>) {
  const writes: { key: string; chars: number }[] = [];
  const store: CacheStore = { dir: '/nonexistent', get: () => undefined, set: (kind, key, body) => void writes.push({ key: `${kind}/${key}`, chars: body.length }) };
  const corpus = new Corpus(new OverlaySource(PROJECT, edits), presetLayout('specgate'));
  Object.defineProperty(corpus, 'cache', { get: () => store });
  return { corpus, writes };
}

describe('hostile bounds: YAML aliases counted by expanded size', () => {
  it('90 aliases in 8.4 KB (10^9 nodes expanded) are one located parse/aliases; nothing is built or cached', () => {
    const text = bomb(9)('openapi: 3.1.0\ninfo:\n  title: t\n');
    expect(text.match(/\*b/g)).toHaveLength(90);
    const doc = parseYaml('spec/v2/openapi.yaml', text);
    expect(doc.value).toBeUndefined();
    expect(doc.problems).toHaveLength(1);
    expect(doc.problems[0]).toMatchObject({ code: 'aliases' });
    // At the first alias whose expansion passes the node cap: the third `*b4` (111,111 nodes each).
    const at = doc.lines.at(doc.problems[0]!.start);
    expect(text.split('\n')[at.line - 1]).toMatch(/^x-b5: /);
    expect(text.slice(doc.problems[0]!.start, doc.problems[0]!.end)).toBe('*b4');
  });

  it('through the corpus with the parse cache on: one finding, and no cache entry of the expanded value', () => {
    const file = 'spec/v2/openapi.yaml';
    // 6 levels: 10^6 nodes expanded, four times the node cap (main wrote a 7 MB entry of it).
    const { corpus, writes } = recordingCorpus({ [file]: bomb(6) });
    expect(corpus.yaml(file)).toBeUndefined();
    expect(corpus.problems.map((p) => [p.ruleId, p.file, p.line])).toEqual([['parse/aliases', file, 7]]);
    expect(writes).toEqual([]);
  });

  it('compat against the base, with the parse cache on: the 90-alias head is one parse/aliases, exit 1 (was 50 s, 2.2 GiB, internal error)', async () => {
    const api = 'spec/v2/openapi.yaml';
    const clean = 'openapi: 3.1.0\ninfo:\n  title: t\n  version: 1.0.0\npaths: {}\n';
    const repo = TempRepo.init({ ...MINIMAL_CORPUS, [api]: clean });
    repo.write(api, bomb(9)(clean));
    repo.commit('bomb');
    const r = await runCli(['compat', '--base', 'HEAD~1', '--format', 'json'], { cwd: repo.dir, env: { SPECGATE_CACHE_DIR: tempDir() } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const findings = (JSON.parse(r.stdout) as { findings: { ruleId: string; file: string; line: number }[] }).findings;
    expect(findings.map((f) => [f.ruleId, f.file, f.line])).toEqual([['parse/aliases', api, 7]]);
  });

  it('an alias inside the node it names (a cycle) is refused, never walked', () => {
    const doc = parseYaml('f.yaml', 'a: &a [*a, *a, *a]\n');
    expect(doc.value).toBeUndefined();
    expect(doc.problems).toMatchObject([{ code: 'aliases', message: expect.stringContaining('alias *a refers to the node that holds it') }]);
  });

  it('a long scalar aliased 200 times (800 MB as text) is refused by the character bound', () => {
    const lines = [`a: &a "${'x'.repeat(4 * 1024 * 1024 - 4096)}"`];
    for (let i = 0; i < 199; i++) lines.push(`k${i}: *a`);
    const doc = parseYaml('f.yaml', lines.join('\n') + '\n');
    expect(doc.value).toBeUndefined();
    expect(doc.problems).toMatchObject([{ code: 'aliases' }]);
    expect(doc.lines.at(doc.problems[0]!.start).line).toBe(2);
  });

  it('clean controls: anchors of real size parse, cached once, and a bomb of 123,000 nodes (under the cap) is built', () => {
    const file = 'spec/v2/openapi.yaml';
    const { corpus, writes } = recordingCorpus({ [file]: bomb(4) });
    const doc = corpus.yaml(file);
    expect(corpus.problems).toEqual([]);
    expect((doc!.value as Record<string, unknown[][]>)['x-b4']![9]![9]).toHaveLength(10);
    // Cached once: its value and its tree of ranges, two entries (the tree is read only for a position).
    expect(writes.filter((w) => w.key.startsWith('parsed/')).map((w) => w.key.replace(/^parsed\/[0-9a-f]{64}/, ''))).toEqual(['.tree.yaml.json', '.yaml.json']);
    const shared = parseYaml('f.yaml', 'base: &base {a: 1, b: [2]}\nx: *base\ny: [*base, *base]\n');
    expect(shared.value).toEqual({ base: { a: 1, b: [2] }, x: { a: 1, b: [2] }, y: [{ a: 1, b: [2] }, { a: 1, b: [2] }] });
  });
});
