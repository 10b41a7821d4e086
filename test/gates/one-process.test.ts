import { describe, expect, it } from 'vitest';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { runFamilies } from '../../scripts/core/engine/engine.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { FsSource } from '../../scripts/core/io/source.js';
import type { FileSource } from '../../scripts/core/io/source.js';
import { FAMILIES, loadFamilies } from '../../scripts/checks/registry.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateCorpus } from '../../scripts/bench/synthetic.js';
import { PROJECT, runCli, runJson, tempDir } from '../helpers/env.js';

/** A working-tree source that counts how often each file is read. */
class CountingSource implements FileSource {
  readonly reads = new Map<string, number>();
  private readonly inner: FsSource;
  constructor(root: string) {
    this.inner = new FsSource(root);
  }
  get root() {
    return this.inner.root;
  }
  get label() {
    return this.inner.label;
  }
  read(rel: string) {
    this.reads.set(rel, (this.reads.get(rel) ?? 0) + 1);
    return this.inner.read(rel);
  }
  exists(rel: string) {
    return this.inner.exists(rel);
  }
  glob(patterns: readonly string[]) {
    return this.inner.glob(patterns);
  }
}

describe('npm run check: every family in one process', () => {
  it('reads each file once although several families use it, and parses it once', async () => {
    const source = new CountingSource(PROJECT);
    const corpus = new Corpus(source, presetLayout('specgate'));
    const families = await loadFamilies([]);
    const result = await runFamilies({ corpus, families });
    expect(result.families.map((f) => f.family)).toEqual(Object.keys(FAMILIES));
    const reread = [...source.reads].filter(([, n]) => n > 1);
    expect(reread).toEqual([]);
    expect(source.reads.size).toBeGreaterThan(5);
    // Several families share files (the map, the RFCs): the per-family counts add up to more
    // files than were read, which is only possible because the corpus served them from its cache.
    const perFamily = result.families.reduce((n, f) => n + f.files, 0);
    expect(perFamily).toBeGreaterThan(source.reads.size);
    for (const file of source.reads.keys()) {
      if (/\.(json|ya?ml)$/.test(file)) expect(corpus.data(file)).toBe(corpus.data(file));
      if (/\.md$/.test(file)) expect(await corpus.markdown(file)).toBe(await corpus.markdown(file));
    }
  });

  it('in a repository with more than 100 RFCs still reads each file once, keeping the RFC files as bytes, not strings', async () => {
    const root = generateCorpus(PROJECT, path.join(tempDir(), 'x6'), 6).root;
    const source = new CountingSource(root);
    const corpus = new Corpus(source, presetLayout('specgate'));
    corpus.useParseCache = false;
    await runFamilies({ corpus, families: await loadFamilies([]) });
    expect([...source.reads].filter(([, n]) => n > 1)).toEqual([]);
    const rfcs = [...source.reads.keys()].filter((f) => /^RFCS\/\d{4}-.*\.md$/.test(f));
    expect(rfcs.length).toBeGreaterThan(100);
    for (const f of rfcs.slice(0, 5)) {
      // A code frame still gets the text, decoded from the kept bytes, with no second read.
      expect(corpus.cachedText(f)).toBe(readFileSync(path.join(root, f), 'utf8'));
      expect(corpus.contains(f, '## ')).toBe(true);
    }
    expect(source.reads.get(rfcs[0]!)).toBe(1);
  });

  // One `check --format json` of the project, read by the two tests below (neither changes anything).
  let checked: ReturnType<typeof runJson> | undefined;
  const checkAll = () => (checked ??= runJson(['check']));

  it('ends with a summary per family: files, rows visited, errors, warnings, time', async () => {
    const r = await checkAll();
    expect(r.code, r.stderr).toBeLessThan(2);
    const families = r.summary.families as Array<Record<string, number | string>>;
    expect(families.map((f) => f.family)).toEqual(Object.keys(FAMILIES));
    for (const f of families) {
      expect(Object.keys(f)).toEqual(expect.arrayContaining(['family', 'files', 'visited', 'errors', 'warnings', 'ms']));
      expect(f.visited as number).toBeGreaterThan(0);
      const own = r.findings.filter((x) => x.ruleId.startsWith(`${f.family}/`));
      expect(f.errors as number).toBeGreaterThanOrEqual(own.filter((x) => x.severity === 'error').length);
    }
    expect(r.summary.errors).toBe(r.findings.filter((x) => x.severity === 'error').length);
  });

  it("counts for each family every file it read, whether another family read it first or not", async () => {
    const filesOf = (r: { summary: any }) => Object.fromEntries((r.summary.families as Array<{ family: string; files: number }>).map((f) => [f.family, f.files]));
    const all = await checkAll();
    expect(all.code, all.stderr).toBeLessThan(2);
    const together = filesOf(all);
    expect(Object.keys(together)).toEqual(Object.keys(FAMILIES));
    for (const family of Object.keys(FAMILIES)) {
      const alone = await runJson(['check', family]);
      expect(alone.code, alone.stderr).toBeLessThan(2);
      expect({ family, files: filesOf(alone)[family] }).toEqual({ family, files: together[family] });
    }
  });

  it('the stylish report prints one summary row per family', async () => {
    const r = await runCli(['check']);
    expect(r.code, r.stderr).toBeLessThan(2);
    for (const name of Object.keys(FAMILIES)) {
      expect(r.stdout).toMatch(new RegExp(`^  ${name}: +(no|\\d+) files? read, (no|\\d+) items? checked, (no|\\d+) errors?, (no|\\d+) warnings? \\([\\d.]+ m?s\\)$`, 'm'));
    }
  });
});
