import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { planErrata } from '../../scripts/errata/run.js';
import { rfcWithErrata } from './helpers.js';
import { MemorySource } from './memory-source.js';

/**
 * Generated documents (LF or CRLF, with or without a final newline, tabs, trailing spaces, padded
 * tables, code, lists) and generated errata against them. The generator knows where each marker
 * and each section end sits in the source, so the expected output is computed without the tool.
 */
interface Generated {
  text: string;
  errata: string;
  /** Expected splices, in source order. */
  splices: { start: number; end: number; text: string }[];
}

const word = fc.constantFrom('alpha', 'beta', 'gamma', 'host', 'peer', 'error', 'detail', 'version', 'run', 'card');
const words = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
const styledWords = fc.tuple(words, fc.constantFrom('', '`', '*', '**'), words).map(([a, m, b]) => (m ? `${a} ${m}${b.split(' ')[0]}${m} ${b}` : `${a} ${b}`));
const trailing = fc.constantFrom('', '', ' ', '   ', '\t', ' \t');

function filler(eol: string) {
  return fc.oneof(
    fc.tuple(styledWords, trailing, styledWords).map(([a, t, b]) => `${a}${t}${eol}${b}.`),
    fc.tuple(word, word, fc.integer({ min: 0, max: 4 })).map(([a, b, pad]) => {
      const p = ' '.repeat(pad);
      return [`| ${p}${a} | ${b}${p} |`, `| --- | ${'-'.repeat(3 + pad)} |`, `|  ${b}\t| ${a}  |`].join(eol);
    }),
    fc.tuple(words, trailing).map(([w, t]) => ['```text', `\t${w}${t}`, '```'].join(eol)),
    fc.array(words, { minLength: 1, maxLength: 3 }).map((items) => items.map((w) => `- ${w}`).join(eol)),
  );
}

/** The marker of section i, in one of several markup styles; it always renders "zq<i> marker<i>". */
function marker(i: number) {
  return fc.constantFrom(`zq${i} marker${i}`, `\`zq${i}\` marker${i}`, `zq${i} *marker${i}*`, `**zq${i}** \`marker${i}\``, `_zq${i} marker${i}_`);
}

const generated: fc.Arbitrary<Generated> = fc
  .record({
    eol: fc.constantFrom('\n', '\r\n'),
    finalNewline: fc.boolean(),
    sections: fc.integer({ min: 1, max: 4 }),
  })
  .chain(({ eol, finalNewline, sections }) =>
    fc
      .tuple(
        ...Array.from({ length: sections }, (_, i) =>
          fc.record({
            before: fc.array(filler(eol), { maxLength: 2 }),
            marker: marker(i),
            lead: words,
            after: fc.array(filler(eol), { maxLength: 2 }),
            op: fc.constantFrom('none', 'replace', 'append', 'both'),
            hint: fc.integer({ min: 1, max: 120 }),
          }),
        ),
      )
      .map((parts) => build(eol, finalNewline, parts)),
  );

function build(eol: string, finalNewline: boolean, parts: { before: string[]; marker: string; lead: string; after: string[]; op: string; hint: number }[]): Generated {
  let text = `# Generated${eol}${eol}Intro ${parts.length} sections.`;
  const splices: Generated['splices'] = [];
  const items: string[] = [];
  parts.forEach((p, i) => {
    text += `${eol}${eol}## §S${i} Section ${i}`;
    for (const b of p.before) text += `${eol}${eol}${b}`;
    text += `${eol}${eol}${p.lead} `;
    const markerStart = text.length;
    text += p.marker;
    const markerEnd = text.length;
    text += ' tail.';
    for (const b of p.after) text += `${eol}${eol}${b}`;
    const sectionEnd = text.length;
    if (p.op === 'replace' || p.op === 'both') {
      splices.push({ start: markerStart, end: markerEnd, text: `\`nw${i}\` fresh${i}` });
      items.push(`- **\`doc.md\` §S${i}** (\`:${p.hint}\`) — replace "zq${i} marker${i}" with "\`nw${i}\` fresh${i}".`);
    }
    if (p.op === 'append' || p.op === 'both') {
      splices.push({ start: sectionEnd, end: sectionEnd, text: `${eol}${eol}Note ${i} with \`code${i}\`.` });
      items.push(`- **\`doc.md\` §S${i}** (\`:${p.hint}\`), appended: *"Note ${i} with \`code${i}\`."*`);
    }
  });
  if (finalNewline) text += eol;
  splices.sort((a, b) => a.start - b.start || a.end - b.end);
  return { text, errata: items.join('\n') + '\n', splices };
}

function spliced(text: string, splices: Generated['splices']): string {
  let out = '';
  let cursor = 0;
  for (const s of splices) {
    out += text.slice(cursor, s.start) + s.text;
    cursor = s.end;
  }
  return out + text.slice(cursor);
}

async function applyInMemory(doc: string, errata: string) {
  const source = new MemorySource({ 'doc.md': doc, 'RFCS/0999-generated.md': rfcWithErrata(errata || '- none\n') });
  const run = await planErrata(new Corpus(source, presetLayout('specgate')), { mode: 'apply' });
  return { run, after: run.changes.find((c) => c.file === 'doc.md')?.after ?? doc };
}

/**
 * 1,000 generated cases a run by default (the errata issue's floor); SPECGATE_PROPERTY_RUNS sets
 * another count for a longer run (docs/testing.md). fast-check seeds each run afresh, so the runs
 * of the suite add up.
 */
const RUNS = propertyRuns(1000);

function propertyRuns(fallback: number): number {
  const raw = process.env.SPECGATE_PROPERTY_RUNS;
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`SPECGATE_PROPERTY_RUNS must be a positive whole number, not "${raw}"`);
  return n;
}

describe('errata properties (fast-check)', () => {
  it('changes exactly the edit ranges, byte for byte, and applying twice equals applying once', async () => {
    let cases = 0;
    let edits = 0;
    await fc.assert(
      fc.asyncProperty(generated, async (g) => {
        cases++;
        const { run, after } = await applyInMemory(g.text, g.errata);
        const real = run.outcomes.filter((o) => o.status !== 'unreadable');
        edits += real.length;
        expect(run.findings.filter((f) => f.severity === 'error')).toEqual([]);
        expect(after).toBe(spliced(g.text, g.splices));
        const again = await applyInMemory(after, g.errata);
        expect(again.run.changes).toEqual([]);
        expect(again.after).toBe(after);
        expect(again.run.outcomes.every((o) => o.status === 'already-applied' || o.status === 'unreadable')).toBe(true);
      }),
      { numRuns: RUNS },
    );
    expect(cases).toBeGreaterThanOrEqual(RUNS);
    expect(edits).toBeGreaterThan(RUNS);
  }, 900_000);
});
