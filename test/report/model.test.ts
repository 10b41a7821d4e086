import { describe, expect, it } from 'vitest';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { buildReport } from '../../scripts/report/build.js';
import { MAX_LISTED_PER_RFC, MAX_REPORT_EDGES } from '../../scripts/report/model.js';
import { renderHtml } from '../../scripts/report/html.js';
import { renderMarkdown } from '../../scripts/report/markdown.js';
import { markdownText } from '../../scripts/core/base/printable.js';
import { renderStatusDocument } from '../../scripts/report/status-document.js';
import { esc, MAX_GRAPH_EDGES } from '../../scripts/report/svg.js';
import { OverlaySource } from '../helpers/overlay.js';

const rfc = (n: string, title: string, status: string, body = '') =>
  `# RFC ${n}: ${title}\n\n| Field | Value |\n| --- | --- |\n| **RFC** | ${n} |\n| **Status** | \`${status}\` |\n| **Updated** | 2026-05-02 (Active → ${status}) |\n\n${body}\n`;

/** A corpus in memory, read as a run reads one (no parse cache). */
function corpusOf(files: Record<string, string>, layout: Partial<ReturnType<typeof presetLayout>> = {}): Corpus {
  const c = new Corpus(new OverlaySource(files), { ...presetLayout('specgate'), ...layout });
  c.useParseCache = false;
  return c;
}

const FILES = {
  'RFCS/0001-one.md': rfc('0001', 'One', 'Accepted', '## Acceptance criteria\n\n- [x] Done.\n- [ ] Not yet.\n\n## Unresolved questions\n\n1. Which peer? Decided: the reference client.\n2. How long is the window?\n'),
  'RFCS/0002-two.md': rfc('0002', 'Two', 'Accepted', 'See RFC 0001 and RFC 0001 §Z, and RFC 0999.\n\n## Acceptance criteria\n\n- [x] Done.\n'),
  'RFCS/0003-three.md': rfc('0003', 'Three', 'Draft', 'As RFC 0002 says.\n'),
  'RFCS/0004-four.md': rfc('0004', 'Four', 'Accepted', 'No boxes here.\n'),
};

describe('the report model (in-process)', () => {
  it('statuses by role, the four acceptance buckets, open questions, citations in and out, missing sections', async () => {
    const m = await buildReport(corpusOf(FILES));
    expect(m.version).toBe(1);
    expect(m.statuses.slice(0, 3)).toEqual([
      { status: 'Draft', role: 'draft', count: 1 },
      { status: 'Active', role: 'active', count: 0 },
      { status: 'Accepted', role: 'accepted', count: 3 },
    ]);
    expect(m.acceptance).toMatchObject({ allTicked: ['0002'], some: ['0001'], none: [], noBoxes: ['0004'] });
    expect(m.openQuestions.map((q) => [q.rfc, q.number])).toEqual([['0001', 2]]);
    expect(m.citations.edges).toEqual([{ from: '0002', to: '0001' }, { from: '0003', to: '0002' }]);
    expect(m.rfcs.find((r) => r.number === '0001')!.citedBy).toEqual(['0002']);
    expect(m.citations.unknownRfcs).toEqual([{ rfc: '0999', citedBy: ['0002'] }]);
    expect(m.citations.missingSections.map((s) => s.citation)).toEqual(['RFC 0001 §Z']);
    expect(m.rfcs[0]!.lastChange).toMatchObject({ what: 'Active → Accepted', date: '2026-05-02' });
  });

  it("a process that names its statuses otherwise is read by role (a config's process.statuses)", async () => {
    const layout = presetLayout('specgate');
    layout.process = { ...layout.process, statuses: { ...layout.process.statuses, accepted: 'Final' } };
    const m = await buildReport(corpusOf({ 'RFCS/0001-one.md': rfc('0001', 'One', 'Final', '## Acceptance criteria\n\n- [x] Done.\n') }, layout));
    expect(m.statuses.find((s) => s.role === 'accepted')).toEqual({ status: 'Final', role: 'accepted', count: 1 });
    expect(m.acceptance.allTicked).toEqual(['0001']);
  });

  it('the citations are listed up to their caps, each list with its count past them: the json grows with the RFCs, not with the citations', async () => {
    // n RFCs each citing every other one (and one RFC not in the folder, by all): n(n-1) citations.
    const corpus = (n: number) => {
      const numbers = Array.from({ length: n }, (_, i) => String(1000 + i));
      const prose = `Cites ${numbers.map((x) => `RFC ${x}`).join(', ')} and RFC 0999 §Z.`;
      return corpusOf(Object.fromEntries(numbers.map((x) => [`RFCS/${x}-generated.md`, rfc(x, 'Generated', 'Draft', prose)])));
    };
    // Past the edges the page draws (and the json lists), by 10 RFCs.
    const n = Math.ceil(Math.sqrt(MAX_GRAPH_EDGES)) + 10;
    const m = await buildReport(corpus(n));
    // Twice the RFCs are four times the citations; the json is about twice the size (it was four times, 94 MB at 1,000 RFCs).
    const bigger = await buildReport(corpus(2 * n));
    const size = (x: unknown) => JSON.stringify(x, null, 2).length;
    expect(size(bigger) / size(m)).toBeLessThan(2.5);
    expect(MAX_REPORT_EDGES).toBe(MAX_GRAPH_EDGES);
    expect(m.citations.edges).toHaveLength(MAX_REPORT_EDGES);
    expect(m.citations.edgeCount).toBe(n * (n - 1));
    expect(m.citations.edges[0]).toEqual({ from: '1000', to: '1001' });
    for (const r of m.rfcs) {
      expect([r.citesOut.length, r.citedBy.length, r.citesOutCount, r.citedByCount]).toEqual([MAX_LISTED_PER_RFC, MAX_LISTED_PER_RFC, n - 1, n - 1]);
      expect(r.citedBy).toEqual([...r.citedBy].sort());
    }
    expect(m.citations.unknownRfcs).toEqual([{ rfc: '0999', citedBy: m.rfcs.slice(0, MAX_LISTED_PER_RFC).map((r) => r.number), citedByCount: n }]);
    // Each format says a cut list's count: the page's badge and table, the markdown's "… (N in all)".
    const html = renderHtml(m, { name: 'r', href: (f) => f });
    expect(html).toContain(`data-count="citation-edges">${n * (n - 1)}<`);
    expect(html).toContain(`${n * (n - 1)} citations between ${n} RFCs: too many to draw`);
    expect(renderMarkdown(m, { sections: ['citations'] })).toContain(`, … (${n - 1} in all) |`);
  });

  it('a file of the folder without an RFC number that cites RFCs is drawn as no circle and no line (the page was an internal error)', async () => {
    const m = await buildReport(corpusOf({ ...FILES, 'RFCS/PROVENANCE.md': '# Provenance\n\nCopied from upstream; see RFC 0001.\n' }));
    expect(m.citations.edges).toContainEqual({ from: 'RFCS/PROVENANCE.md', to: '0001' });
    const html = renderHtml(m, { name: 'r', href: (f) => f });
    const graph = /id="citation-graph"[\s\S]*?<\/svg>/.exec(html)![0];
    // 0001, 0002 and 0003 (cited or citing), and their two citations.
    expect((graph.match(/<circle /g) ?? []).length).toBe(3);
    expect((graph.match(/<line /g) ?? []).length).toBe(2);
  });

  it('below the caps nothing is cut and no count is added', async () => {
    const m = await buildReport(corpusOf(FILES));
    expect(JSON.stringify(m)).not.toMatch(/Count"/);
  });

  it('the status document is the markdown of its sections, links relative to its folder', async () => {
    const m = await buildReport(corpusOf(FILES));
    const doc = renderStatusDocument(m, { file: 'docs/STATUS.md', sections: ['statuses', 'rfcs'] });
    expect(doc).toMatch(/^# Protocol status\n/);
    expect(doc).toContain(renderMarkdown(m, { sections: ['statuses', 'rfcs'], base: 'docs' }).trim());
    expect(doc).toContain('[0001](../RFCS/0001-one.md)');
    expect(doc).not.toContain('## Corpus');
  });

  it('corpus text cannot open markup: markdown and html escaping', async () => {
    expect(markdownText('a | <b> [x](y) *z* `c`\u001b[2J')).toBe('a \\| &lt;b&gt; \\[x\\]\\(y\\) \\*z\\* \\`c\\`\\\\x1b\\[2J');
    expect(esc(`<script>"'&`)).toBe('&#60;script&#62;&#34;&#39;&#38;');
    const m = await buildReport(corpusOf({ 'RFCS/0001-one.md': rfc('0001', '&lt;img src=x onerror=alert(1)&gt;', 'Draft') }));
    const html = renderHtml(m, { name: '<repo>', href: (f) => f });
    expect(html).not.toMatch(/<img|<repo>/);
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/<script|<link|@import|url\(/);
  });
});
