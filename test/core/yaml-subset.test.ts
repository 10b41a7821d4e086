import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../scripts/bench/synthetic.js';
import { parseYamlSubset } from '../../scripts/core/yaml-subset.js';
import { parseYaml, parseYamlWithJsYaml } from '../../scripts/core/yaml-tree.js';
import { ANCHOR, describeShared, PROJECT, tempDir } from '../helpers/env.js';

/**
 * The YAML subset parser against js-yaml: wherever it does not give up it must give js-yaml's
 * value and js-yaml's tree of ranges, and only for documents js-yaml accepts without a problem.
 */
function agree(text: string): 'same' | 'bail' {
  const fast = parseYamlSubset(text);
  if (!fast) return 'bail';
  const ref = parseYamlWithJsYaml('f.yaml', text);
  expect(ref.problems, `js-yaml has problems with a document the subset accepted: ${JSON.stringify(text)}`).toEqual([]);
  expect(fast.value, JSON.stringify(text)).toStrictEqual(ref.value);
  expect(fast.tree, JSON.stringify(text)).toStrictEqual(ref.root);
  return 'same';
}

/** Shapes invariant files and configs are written in: these must stay in the subset. */
const MUST_NOT_BAIL = [
  'a: 1\n',
  'version: 1\ninvariants:\n  - id: x\n    tier: protocol\n    tests:\n      - test/a.test.ts\n    rfcs: ["0211 §D", \'0208\']\n',
  '# comment\n---\nk: v\n',
  '--- # a document\nk: v\n',
  'a:\n- x\n- y\nb: 1\n',
  'a:\n  b:\n    c: true\n  d: null\ne: ~\n',
  'note: >-\n  folded\n  text\n\n  next paragraph\nz: 1\n',
  'note: |\n  literal\n    indented\n\n  more\nz: 1\n',
  'note: |+\n  keep\n\nz: 1\n',
  'note: >\n  clip\nz: 1\n',
  'list:\n  -\n    a: 1\n  - b: 2\n    c: [ ]\n',
  'k: "double # not a comment"  # a comment\n',
  "k: 'it''s'\n",
  'path: invariants/threat-models/x.md\nurl: https://example.org/a#b\n',
  'k: a #comment\nm: -12\nn: 0\n',
  'empty:\nnext: 1\n',
  '- a\n- b: 1\n  c: 2\n-\n  - nested\n',
  'k: [a, "b c", \'d\']\n',
  'unicode: §€ 𝄞 ümlaut\n',
  '\n\n# only comments before\nk: v\n# and after\n\n',
];

/** Near misses: each must either agree with js-yaml or be left to it. */
const TRICKY = [
  'a: 1\na: 2\n',
  'a:\n\t- b\n',
  'a: &x 1\nb: *x\n',
  'a: !tag x\n',
  'a: {b: 1}\n',
  '? a\n: b\n',
  'a: b: c\n',
  'a: b\n  c\n',
  'a: "multi\n  line"\n',
  'a: "esc\\"aped"\n',
  'a: [x, [y]]\n',
  'a: [x,]\n',
  'a: [x\n',
  'a: 0x1f\nb: 1e3\nc: .5\nd: +1\ne: -0\nf: 007\n',
  'a: 2026-09-23\nb: 12:30\n',
  'a: True\nb: FALSE\nc: Null\nd: yes\n',
  'a: |\n',
  'a: |\nb: 1\n',
  'a: |\n\n  lead\n',
  'a: >\n  x\n   more\n  y\n',
  'a: |2\n  x\n',
  'a: |\n  x',
  'a: |\n  x\n \n',
  'a: |\n  x\n     \n  y\n',
  'a: |-\n  x\n\n\n',
  'a: >+\n  x\n\n\nb: 1\n',
  'a: |\n  x\n # c\n  y\n',
  'a: |\n    x\n  # c\nb: 1\n',
  'a:\n  - x\n - y\n',
  'a:\n  b: 1\n c: 2\n',
  '- a\nb: 1\n',
  'a: 1\n- b\n',
  '- - a\n',
  'a:b\n',
  'a : 1\n',
  'a: 1 # c\n  b: 2\n',
  '---\na: 1\n---\nb: 2\n',
  'a: 1\n...\n',
  '%YAML 1.2\n---\na: 1\n',
  '  a: 1\n  b: 2\n',
  'a: "x"#c\n',
  'a: x\r\nb: y\r\n',
  '\ufeffa: 1\n',
  'a: "\u0007"\n',
  '__proto__: 1\n',
  'a: -\n',
  'a: -x\n',
  'a: @x\n',
  'a: `x`\n',
  'a: ""\nb: \'\'\n',
  'a:    \n  b: 1\n',
  'a: 1\n  # indented comment\nb: 2\n',
  '-\n-\n',
  'a:\n  -\n  - x\n',
  'k: [ ]\nl: []\nm: [ "a" ]\n',
  'k: [a b, c:d]\n',
  'k: [a, #c\n',
  'k: x:\n',
  'k: x :y\n',
  'k: 123456789012345678\n',
  // Found by fuzzing: keys are resolved like values (a key `True` is the string "true").
  'True:\n',
  'FALSE: 1\nNULL: x\n',
  'true:\nTrue:\n',
  'a:\n  True:\n  TRUE:\n',
  '- Null:\n  null:\n',
];

describe('the YAML subset parser', () => {
  it('reads the shapes invariant files are written in, as js-yaml does', () => {
    for (const text of MUST_NOT_BAIL) expect(agree(text), JSON.stringify(text)).toBe('same');
  });

  it('on near misses agrees with js-yaml or leaves the document to it', () => {
    const outcomes = TRICKY.map((text) => agree(text));
    // Most near misses leave the subset; some are inside it and then agree.
    expect(outcomes.filter((o) => o === 'bail').length).toBeGreaterThan(TRICKY.length / 2);
    expect(outcomes).toContain('same');
  });

  it("reads this repository's invariants file, and a ×2 synthetic one, as js-yaml does", () => {
    expect(agree(readFileSync(path.join(PROJECT, 'invariants/invariants.yaml'), 'utf8'))).toBe('same');
    const corpus = generateCorpus(PROJECT, path.join(tempDir(), 'x2'), 2);
    expect(agree(readFileSync(path.join(corpus.root, 'invariants/invariants.yaml'), 'utf8'))).toBe('same');
  });

  it('gives up on what it does not know, never guessing: errors, anchors, escapes, numbers', () => {
    // Sabotage controls: each of these is outside the subset, whatever js-yaml makes of it.
    for (const text of ['a: 1\na: 2\n', 'a: &x 1\n', 'a: "\\n"\n', 'a: 1.5\n', 'a: b\n  c\n', 'a: |\n  x', 'a: [x, [y]]\n']) {
      expect(parseYamlSubset(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('agrees with js-yaml on generated block documents, most of them inside the subset', () => {
    let inside = 0;
    let total = 0;
    fc.assert(
      fc.property(blockDocument, (text) => {
        total++;
        if (agree(text) === 'same') inside++;
      }),
      { numRuns: 400 },
    );
    expect(inside / total).toBeGreaterThan(0.3);
  });

  it('parseYaml reads a subset document without js-yaml, with the ranges js-yaml would give', () => {
    const text = 'a:\n  - x\n  - y: "z"\n';
    const doc = parseYaml('f.yaml', text);
    expect(doc.value).toStrictEqual({ a: ['x', { y: 'z' }] });
    expect(doc.locate('/a/1/y')).toMatchObject({ line: 3, column: 8, endColumn: 11 });
    expect(doc.locate('/a/1/y', 'key')).toMatchObject({ line: 3, column: 5 });
    // Outside the subset (an anchor): js-yaml, same answers.
    const other = parseYaml('f.yaml', 'a:\n  - &n x\n  - y: "z"\n');
    expect(other.value).toStrictEqual({ a: ['x', { y: 'z' }] });
    expect(other.locate('/a/1/y')).toMatchObject({ line: 3, column: 8 });
  });
});

describeShared('the YAML subset parser on the upstream data', () => {
  it("reads the upstream invariants file as js-yaml does", () => {
    expect(agree(readFileSync(path.join(ANCHOR, 'SECURITY/invariants.yaml'), 'utf8'))).toBe('same');
  });
});

// ---- a generator of block YAML in the style of invariant files ---------------------------------

const word = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
const plainValue = fc.oneof(
  word,
  fc.constantFrom('true', 'false', 'null', '~', 'True', '0', '-3', '42', '1.5', '007', '2026-09-23', 'a b  c', 'x#y', 'x #y', 'a:b', 'a: b', 'path/to/file.md', 'https://h/x#f', '-x', 'é § 𝄞'),
);
const quoted = fc.oneof(
  fc.string({ maxLength: 12 }).filter((s) => !/["\\\n\r]/.test(s)).map((s) => `"${s}"`),
  fc.string({ maxLength: 12 }).filter((s) => !/[\n\r]/.test(s)).map((s) => `'${s.replace(/'/g, "''")}'`),
);
const flow = fc.tuple(fc.array(fc.oneof(word, quoted, fc.constantFrom('1', 'a b', '[x]', '')), { maxLength: 4 }), fc.constantFrom(', ', ',', ' , ')).map(([items, sep]) => `[${items.join(sep)}]`);
const inline = fc.oneof({ weight: 4, arbitrary: plainValue }, { weight: 2, arbitrary: quoted }, { weight: 1, arbitrary: flow }, { weight: 1, arbitrary: fc.constant('') });
const comment = fc.oneof(fc.constant(''), fc.constant(' # note'), fc.constant('#x'));
const blockScalarLines = fc.array(fc.oneof(word, fc.constant(''), fc.constant('  more indented'), fc.constant('# not a comment')), { minLength: 1, maxLength: 4 });

type Gen = (indent: number, depth: number) => fc.Arbitrary<string>;
const pad = (n: number) => ' '.repeat(n);

const value: Gen = (indent, depth) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.tuple(inline, comment).map(([v, c]) => ` ${v}${c}\n`) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom('|', '|-', '|+', '>', '>-', '>+'), blockScalarLines, fc.constantFrom('', '\n')).map(([h, lines, tail]) => ` ${h}\n${lines.map((l) => (l ? pad(indent + 2) + l : '')).join('\n')}\n${tail}`),
    },
    { weight: depth < 3 ? 2 : 0, arbitrary: fc.constant(null).chain(() => mapping(indent + 2, depth + 1).map((m) => `\n${m}`)) },
    { weight: depth < 3 ? 2 : 0, arbitrary: fc.boolean().chain((same) => sequence(same ? indent : indent + 2, depth + 1).map((s) => `\n${s}`)) },
  );

const mapping: Gen = (indent, depth) =>
  fc
    .array(fc.tuple(word, fc.constant(null)), { minLength: 1, maxLength: 4 })
    .chain((keys) => fc.tuple(...keys.map(([k]) => value(indent, depth).map((v) => `${pad(indent)}${k}:${v}`))))
    .map((entries) => entries.join(''));

const sequence: Gen = (indent, depth) =>
  fc
    .array(
      fc.oneof(
        inline.map((v) => `${pad(indent)}- ${v}\n`),
        depth < 3 ? mapping(indent + 2, depth + 1).map((m) => `${pad(indent)}- ${m.slice(indent + 2)}`) : inline.map((v) => `${pad(indent)}- ${v}\n`),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((items) => items.join(''));

const blockDocument = fc.tuple(fc.constantFrom('', '# head\n', '---\n', '\n'), fc.oneof({ weight: 4, arbitrary: mapping(0, 0) }, { weight: 1, arbitrary: sequence(0, 0) })).map(([head, body]) => head + body);
