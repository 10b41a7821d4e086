import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { FatalError } from '../../scripts/core/base/errors.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { MAX_CONTAINER_DEPTH, MAX_CONTAINER_WORK, MAX_LAZY_LINES, markdownComplexity } from '../../scripts/core/parse/markdown-bounds.js';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { loadRfcSet } from '../../scripts/rfc/set.js';
import { PROJECT } from '../helpers/env.js';
import { OverlaySource } from '../helpers/overlay.js';

/*
 * Markdown under the size cap that remark cannot parse in bounded time (containers: lists and
 * quotes after a long prefix, lazy lines, deep nesting) is reported and never parsed. A parse of
 * any of the hostile texts here takes minutes or overflows the stack, so a test that parsed one
 * would not finish: finishing, with the finding, is the test. No timing is asserted.
 */
const LISTS_UNDER_HEADINGS = Array.from({ length: 2000 }, (_, i) => `## H${i}\n\n- a\n- b\n\n`).join('');
const LAZY = '> a\n' + 'b\n'.repeat(MAX_LAZY_LINES + 1);
const DEEP = 'text\n\n' + '> '.repeat(5000) + 'x\n';

describe('hostile bounds: Markdown containers', () => {
  it.each([
    ['lists under headings (each list ends by copying the events above it)', LISTS_UNDER_HEADINGS, /container budget/],
    ['a run of lazy lines (each scans back through its paragraph)', LAZY, /lazy-line cap/],
    ['5,000 quotes nested on one line (remark-gfm overflows the stack)', DEEP, /nesting cap/],
    ['5,000 list items nested on one line', '- '.repeat(5000) + 'x\n', /nesting cap/],
  ])('%s is over a cap, at the line that passes it', (_name, text, message) => {
    const got = markdownComplexity(text);
    expect(got?.message).toMatch(message);
    if (text === LAZY) expect(got?.line).toBe(MAX_LAZY_LINES + 2);
    if (text === DEEP) expect(got?.line).toBe(3);
  });

  /** `unit(i)` repeated to 128 KiB under a title: the size the Markdown cap lets in. */
  const filled = (unit: (i: number) => string) => {
    let t = '# T\n\n';
    for (let i = 0; t.length < 128 * 1024 - 64; i++) t += unit(i);
    return t;
  };

  it.each([
    // Each `- a` continues the outer list and closes the item's inner list: 88-98 s and 943 MiB at 128 KiB.
    ['nested lists closed by a shallower list item', (i: number) => `- a${i}\n  - b\n`],
    ['three levels, closed by a middle item', (i: number) => `- a${i}\n  - b\n    - c\n  - d\n`],
    ['a quote inside an item, closed by the next item', (i: number) => `- a${i}\n  > b\n`],
    ['nested lists inside a quote, closed by a shallower item', (i: number) => `> - a${i}\n>   - b\n`],
    ['lists closed by a thematic break (`* * *` is no list)', (i: number) => `- a${i}\n  - b\n* * *\n`],
    ['lists closed by a heading', (i: number) => `- a${i}\n  - b\n# h\n`],
    ['lists closed by a fence', (i: number) => `- a${i}\n\`\`\`\nc\n\`\`\`\n`],
    ['lists closed by a blank line and a paragraph', (i: number) => `- a${i}\n  - b\n\np\n`],
    ['lists closed by a less-indented line', (i: number) => `- a${i}\n\n  - b\n\n x\n`],
  ])('every way a list closes counts toward the budget: %s, at 128 KiB, is capped', (_name, unit) => {
    const measured = { work: 0 };
    const got = markdownComplexity(filled(unit), measured);
    expect(got?.messageId).toBe('budget');
    expect(measured.work).toBeGreaterThan(MAX_CONTAINER_WORK);
  });

  it('the reported RFC (128 KiB of nested lists closed by a shallower item) is one located finding through the corpus, not a parse', async () => {
    const file = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
    const original = readFileSync(path.join(PROJECT, file), 'utf8');
    let text = original;
    for (let i = 0; Buffer.byteLength(text) < 128 * 1024 - 64; i++) text += `- a${i}\n  - b\n`;
    const corpus = new Corpus(new OverlaySource(PROJECT, { [file]: text }), presetLayout('specgate'));
    corpus.useParseCache = false;
    expect(await (await loadRfcSet(corpus)).read(file)).toBeUndefined();
    expect(corpus.problems).toEqual([expect.objectContaining({ ruleId: 'parse/markdown-too-complex', messageId: 'budget', file })]);
    expect(corpus.problems[0]!.line).toBeGreaterThan(original.split('\n').length);
  });

  it('clean controls: one long flat list, lists of several markers and siblings at one depth are one run each', () => {
    for (const unit of [(i: number) => `- a${i}\n`, (i: number) => `- a${i}\n  b\n`, (i: number) => `- a${i}\n* b\n1. c\n`]) {
      const measured = { work: 0 };
      expect(markdownComplexity(filled(unit), measured)).toBeUndefined();
      expect(measured.work).toBeLessThan(1000);
    }
    // Nested lists at the budget (990 closing items, then paragraphs to 128 KiB) still parse.
    let t = '# T\n\n';
    for (let i = 0; i < 900; i++) t += `- a${i}\n  - b\n`;
    t += '\n' + 'Paragraph.\n\n'.repeat(9000);
    expect(markdownComplexity(t)).toBeUndefined();
    expect(parseMarkdown('x.md', t).tree.children.length).toBeGreaterThan(9000);
  });

  it.each([
    ['CR only', '\r'],
    ['CRLF', '\r\n'],
    ['CR, LF and CRLF mixed', null],
  ])('%s line endings are lines too (micromark ends a line at a lone CR): same caps, same lines as the parser', (_name, eol) => {
    // Mixed: a lone CR is never followed by a LF (that would be one CRLF).
    const convert = (t: string) => {
      let i = 0;
      return t.replace(/\n/g, () => (eol ?? ['\n', '\r', '\r\n'][i++ % 3]!));
    };
    for (const [text, message] of [[LISTS_UNDER_HEADINGS, /container budget/], [LAZY, /lazy-line cap/], [DEEP, /nesting cap/]] as const) {
      const plain = markdownComplexity(text)!;
      const got = markdownComplexity(convert(text));
      expect(got?.message).toMatch(message);
      expect(got?.line).toBe(plain.line);
    }
    // The parser counts the same lines (a clean control, parsed): positions agree with the scan's.
    const small = convert('# T\n\n- a\n- b\n\npara\n');
    const tree = parseMarkdown('x.md', small).tree;
    expect(tree.children.map((c) => c.position!.start.line)).toEqual([1, 3, 6]);
    expect(markdownComplexity(small)).toBeUndefined();
  });

  it('the reported CR-only RFC (lists under headings, 64 KiB) is a finding through the corpus, not a parse', async () => {
    let s = '';
    for (let i = 0; s.length < 65536; i++) s += `## h${i}\r\r- a\r- b\r\rpara\r\r`;
    const file = 'RFCS/0998-cr.md';
    const corpus = new Corpus(new OverlaySource(PROJECT, { [file]: s.slice(0, 65536) }), presetLayout('specgate'));
    corpus.useParseCache = false;
    expect(await (await loadRfcSet(corpus)).read(file)).toBeUndefined();
    expect(corpus.problems).toEqual([expect.objectContaining({ ruleId: 'parse/markdown-too-complex', messageId: 'budget', file, message: expect.stringMatching(/container budget/) })]);
  });

  it('just under each cap passes (clean controls)', () => {
    expect(markdownComplexity('> a\n' + 'b\n'.repeat(MAX_LAZY_LINES))).toBeUndefined();
    expect(markdownComplexity('> '.repeat(MAX_CONTAINER_DEPTH) + 'x\n')).toBeUndefined();
    // Indented continuation lines of a list item are not lazy, however many.
    expect(markdownComplexity('- a\n' + '  b\n'.repeat(MAX_LAZY_LINES * 2))).toBeUndefined();
    // One long list is one container run.
    expect(markdownComplexity('- item\n'.repeat(20_000))).toBeUndefined();
    const lines = 20_000;
    const runs = Math.floor(MAX_CONTAINER_WORK / (2 * lines));
    expect(markdownComplexity('a\n'.repeat(lines) + '# h\n- a\n'.repeat(runs))).toBeUndefined();
  });

  it("every RFC and document of this repository is well under the caps", () => {
    const dirs = ['RFCS', 'docs', 'docs/commands', 'docs/rules', 'spec/v1', 'spec/v2'];
    let seen = 0;
    for (const dir of dirs) {
      let names: string[];
      try {
        names = readdirSync(path.join(PROJECT, dir));
      } catch {
        continue;
      }
      for (const name of names.filter((n) => n.endsWith('.md'))) {
        seen++;
        expect(markdownComplexity(readFileSync(path.join(PROJECT, dir, name), 'utf8')), `${dir}/${name}`).toBeUndefined();
      }
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('an RFC over the container budget is a located parse/markdown-too-complex finding and is not parsed', async () => {
    const file = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
    const original = readFileSync(path.join(PROJECT, file), 'utf8');
    const source = new OverlaySource(PROJECT, { [file]: (t: string) => t + '\n' + LISTS_UNDER_HEADINGS });
    const corpus = new Corpus(source, presetLayout('specgate'));
    corpus.useParseCache = false;
    const set = await loadRfcSet(corpus);
    expect(await set.read(file)).toBeUndefined();
    expect(corpus.problems).toHaveLength(1);
    expect(corpus.problems[0]).toMatchObject({ ruleId: 'parse/markdown-too-complex', severity: 'error', file });
    expect(corpus.problems[0]!.line).toBeGreaterThan(original.split('\n').length);
    // clean control: the RFC as it is
    const clean = new Corpus(new OverlaySource(PROJECT, {}), presetLayout('specgate'));
    clean.useParseCache = false;
    expect(await (await loadRfcSet(clean)).read(file)).toBeDefined();
    expect(clean.problems).toEqual([]);
  });

  it('text made in a run (an errata splice) past a cap is a one-line error, not a parse', () => {
    expect(() => parseMarkdown('spec/v1/x.md', LAZY)).toThrow(FatalError);
    expect(() => parseMarkdown('spec/v1/x.md', LAZY)).toThrow(/^spec\/v1\/x\.md:258: .*lazy-line cap/);
    expect(parseMarkdown('spec/v1/x.md', '> a\nb\n').tree.children).toHaveLength(1);
  });
});
