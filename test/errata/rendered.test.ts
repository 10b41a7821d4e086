import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { BLOCK_BREAK, fold, render, sourceSpan } from '../../scripts/errata/rendered.js';

function rendered(text: string) {
  return render(parseMarkdown('doc.md', text).tree.children, text);
}

/** Each rendered character, read back from the source at its offset. */
function readBack(text: string): string {
  const r = rendered(text);
  return r.at.map((o) => (o < 0 ? BLOCK_BREAK : text[o])).join('');
}

describe('rendered text tied to source offsets', () => {
  it.each([
    ['code spans, including one that contains a backtick', 'Use `` `tick` `` and `x`.\n', 'Use `tick` and x.'],
    ['a fenced block whose info string shares letters with its body', '```text\ntext body t\n```\n', 'text body t'],
    ['list continuation lines and CRLF', '1. first line\r\n   second line\r\n', 'first line\r\nsecond line'],
    ['a blockquote over two lines', '> quoted\n> more\n', 'quoted\nmore'],
    ['emphasis and strong', 'a *b* **c** _d_\n', 'a b c d'],
  ])('%s', (_name, text, expected) => {
    expect(rendered(text).text.split(BLOCK_BREAK).filter(Boolean).join('')).toBe(expected);
    expect(readBack(text).split(BLOCK_BREAK).filter(Boolean).join('')).toBe(expected);
  });

  it('decoded escapes and entities map to their source and a span takes them in whole', () => {
    const text = 'Tom &amp; Jerry \\*star\\*\n';
    const r = rendered(text);
    expect(r.text.startsWith('Tom & Jerry *star*')).toBe(true);
    expect(text.slice(r.at[4]!, r.at[4]! + 5)).toBe('&amp;');
    const span = sourceSpan(r, 0, 'Tom & Jerry *star*'.length);
    expect(span).toEqual({ start: 0, end: text.indexOf('\n') });
  });

  it('a span covering a markup node takes its fences; one cutting into it is reported', () => {
    const text = 'keep *details* here\n';
    const r = rendered(text);
    const at = r.text.indexOf('details');
    expect(sourceSpan(r, at, at + 'details here'.length)).toEqual({ start: 5, end: text.indexOf('\n') });
    expect(sourceSpan(r, at + 3, at + 'details here'.length)).toMatchObject({ cut: { type: 'emphasis' } });
    expect(sourceSpan(r, at + 1, at + 4)).toEqual({ start: 7, end: 10 });
  });

  it('folding collapses whitespace and typographic quotes, keeping the way back', () => {
    const f = fold('a \n\t b \u2019c\u201d');
    expect(f.text).toBe("a b 'c\"");
    expect(f.index).toEqual([0, 1, 5, 6, 7, 8, 9]);
  });
});
