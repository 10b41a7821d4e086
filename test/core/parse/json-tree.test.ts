import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../scripts/core/parse/json-tree.js';

describe('parseJson', () => {
  it('keeps values equal to JSON.parse and ranges for keys and values', () => {
    const text = '{\n  "a": [1, {"b": "x\\"y"}],\n  "c": null\n}\n';
    const doc = parseJson('f.json', text);
    expect(doc.value).toEqual(JSON.parse(text));
    expect(doc.locate('/a/1/b')).toMatchObject({ line: 2, column: 18 });
    expect(doc.locate('/c', 'key')).toMatchObject({ line: 3, column: 3, endColumn: 6 });
  });

  it('reports a missing key at its parent', () => {
    const doc = parseJson('f.json', '{\n  "a": {\n    "b": 1\n  }\n}');
    expect(doc.locate('/a/zzz')).toMatchObject({ line: 2, column: 8, foundPointer: '/a' });
  });

  it('reports duplicate keys at the second key and keeps the last value', () => {
    const doc = parseJson('f.json', '{"a": 1,\n "a": 2}');
    expect(doc.value).toEqual({ a: 2 });
    expect(doc.problems).toEqual([expect.objectContaining({ code: 'duplicate-key', start: 10 })]);
  });

  it.each([
    ['', 'empty'],
    ['   \n', 'empty'],
    ['{"a": }', 'syntax'],
    ['{"a": 1} x', 'syntax'],
    ['[1, 2', 'syntax'],
    ['"\u0001"', 'syntax'],
    ['['.repeat(300) + ']'.repeat(300), 'too-deep'],
  ])('turns bad input %j into a located %s problem', (text, code) => {
    const doc = parseJson('f.json', text);
    expect(doc.ok).toBe(false);
    expect(doc.problems[0]!.code).toBe(code);
  });

  it('reports a byte-order mark and still parses', () => {
    const doc = parseJson('f.json', '\uFEFF{"a": 1}');
    expect(doc.value).toEqual({ a: 1 });
    expect(doc.problems.map((p) => p.code)).toEqual(['bom']);
  });

  it('reads a string of nearly the JSON cap without overflowing the stack, and locates after it', () => {
    const text = `{"big": "${'x'.repeat(4_000_000)}\\n\\"",\n "after": [1, 2],\n "after": 3}`;
    const doc = parseJson('f.json', text);
    expect((doc.value as { big: string }).big).toHaveLength(4_000_002);
    expect(doc.problems).toEqual([expect.objectContaining({ code: 'duplicate-key', start: text.lastIndexOf('"after"') })]);
    expect(doc.locate('/after')).toMatchObject({ line: 3, column: 11 });
  });

  it('refuses 100,000 levels of nesting, at the level past the cap, without recursing', () => {
    const doc = parseJson('f.json', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000));
    expect(doc.problems).toEqual([expect.objectContaining({ code: 'too-deep', start: 5 * 256 })]);
  });

  it('reads strict JSON: comments and trailing commas are located syntax errors', () => {
    expect(parseJson('f.json', '{"a": 1, // no\n"b": 2}').problems).toEqual([expect.objectContaining({ code: 'syntax', start: 9 })]);
    // A trailing comma is placed at the comma (issue 15: not at the bracket, often a line later).
    expect(parseJson('f.json', '[1, 2,]').problems).toEqual([expect.objectContaining({ code: 'syntax', start: 5, message: 'not valid JSON: trailing comma before "]" (JSON allows none)' })]);
    expect(parseJson('f.json', '{"a": 1,\n}').problems).toEqual([expect.objectContaining({ code: 'syntax', start: 7, message: 'not valid JSON: trailing comma before "}" (JSON allows none)' })]);
  });

  it('does not let __proto__ reach the prototype', () => {
    const doc = parseJson('f.json', '{"__proto__": {"polluted": true}}');
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.keys(doc.value as object)).toEqual(['__proto__']);
  });
});

describe('parseJson against JSON.parse', () => {
  it('agrees on values for generated documents, compact and indented', async () => {
    const fc = await import('fast-check');
    fc.assert(
      fc.property(fc.json(), fc.boolean(), (text, indent) => {
        const source = indent ? JSON.stringify(JSON.parse(text), null, 2) : text;
        const doc = parseJson('f.json', source);
        expect(doc.problems.filter((p) => p.code !== 'duplicate-key')).toEqual([]);
        expect(doc.value).toEqual(JSON.parse(source));
      }),
      { numRuns: 1000 },
    );
  });

  it.each(['"a\\qb"', '"a\\u12"', '"unterminated', '"tab\there"'])('locates the bad string in %j', (text) => {
    const doc = parseJson('f.json', text);
    expect(doc.ok).toBe(false);
    expect(doc.problems[0]!.code).toBe('syntax');
  });
});

describe('parseJson fast path', () => {
  it('finds duplicates that only a scan can see: nested, escaped, after a colon inside a string', () => {
    for (const text of ['{"a": {"b": 1, "b": 2}}', '{"x": "q\\":", "a": 1, "a": 2}', '[{"k": ":"}, {"k\\u0041": 1, "kA": 2}]', '{"x": "\\u003a", "a": 1, "a": 2}', '{"a\\u003A": 1, "a:": 2}']) {
      const doc = parseJson('f.json', text);
      expect(doc.problems.map((p) => p.code), text).toEqual(['duplicate-key']);
    }
  });

  it('finds exactly the repeated keys of generated objects whose keys and values hold colons and escapes', async () => {
    const fc = await import('fast-check');
    const key = fc.constantFrom('a', 'b', 'a:', ':', 'b::');
    const scalar = fc.oneof(key, fc.integer(), fc.constant(null));
    const object = fc.array(fc.tuple(key, scalar, fc.boolean()), { maxLength: 6 });
    fc.assert(
      fc.property(fc.array(object, { minLength: 1, maxLength: 4 }), (objects) => {
        // Some colons are written as \u003a, which JSON.parse reads as ':' (the case the colon count cannot see).
        const str = (s: unknown, escape: boolean) => (typeof s === 'string' ? JSON.stringify(s).replace(/:/g, escape ? '\\u003a' : ':') : JSON.stringify(s));
        const text = '[' + objects.map((pairs) => '{' + pairs.map(([k, v, esc]) => `${str(k, esc)}: ${str(v, !esc)}`).join(', ') + '}').join(', ') + ']';
        const repeats = objects.reduce((n, pairs) => n + pairs.length - new Set(pairs.map(([k]) => k)).size, 0);
        const doc = parseJson('f.json', text);
        expect(doc.problems.filter((p) => p.code === 'duplicate-key')).toHaveLength(repeats);
        expect(doc.value).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same ranges lazily as the full scan does', async () => {
    const fc = await import('fast-check');
    fc.assert(
      fc.property(fc.json(), (text) => {
        const source = JSON.stringify(JSON.parse(text), null, 2);
        const doc = parseJson('f.json', source);
        const value = JSON.parse(source);
        if (value && typeof value === 'object') {
          for (const k of Object.keys(value)) {
            const loc = doc.locate('/' + k.replace(/~/g, '~0').replace(/\//g, '~1'));
            const at = doc.lines.lineStart(loc.line) + loc.column - 1;
            const child = JSON.stringify((value as Record<string, unknown>)[k], null, 2)
              .split('\n')[0]!
              .trimStart();
            expect(source.startsWith(child, at)).toBe(true);
          }
        }
        expect(doc.root?.start).toBe(source.search(/\S/));
        expect(doc.root?.end).toBe(source.length);
      }),
      { numRuns: 300 },
    );
  });
});
