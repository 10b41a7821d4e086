import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../scripts/core/parse/yaml-tree.js';

describe('parseYaml', () => {
  it('maps pointers to the lines of block sequences and mappings', () => {
    const text = '- id: one\n  tests:\n    - a.ts\n    - "b.ts"\n- id: two\n  note: |\n    hello\n';
    const doc = parseYaml('f.yaml', text);
    expect(doc.value).toEqual([{ id: 'one', tests: ['a.ts', 'b.ts'] }, { id: 'two', note: 'hello\n' }]);
    expect(doc.locate('/0/tests/1')).toMatchObject({ line: 4, column: 7 });
    expect(doc.locate('/1/id', 'key')).toMatchObject({ line: 5, column: 3 });
    expect(doc.locate('/1/missing')).toMatchObject({ line: 5, foundPointer: '/1' });
  });

  it('reports duplicate keys and tabs as located problems', () => {
    const dup = parseYaml('f.yaml', 'a: 1\nb: 2\na: 3\n');
    expect(dup.ok).toBe(false);
    expect(dup.problems[0]).toMatchObject({ code: 'duplicate-key' });
    expect(dup.lines.at(dup.problems[0]!.start).line).toBe(3);
    const tab = parseYaml('f.yaml', 'a:\n\t- b\n');
    expect(tab.problems[0]).toMatchObject({ code: 'syntax' });
    expect(tab.lines.at(tab.problems[0]!.start).line).toBe(2);
  });

  it('refuses an alias flood without expanding it', () => {
    const lines = ['a: &a [x, y]'];
    for (let i = 0; i < 10_000; i++) lines.push(`k${i}: *a`);
    const doc = parseYaml('f.yaml', lines.join('\n'));
    expect(doc.ok).toBe(false);
    expect(doc.problems[0]!.code).toBe('aliases');
    expect(doc.lines.at(doc.problems[0]!.start).line).toBe(2);
  });

  it('reports a byte-order mark, keeping the value and the positions', () => {
    const doc = parseYaml('f.yaml', '\uFEFFa: 1\nb: "x"\n');
    expect(doc.value).toEqual({ a: 1, b: 'x' });
    expect(doc.problems).toEqual([expect.objectContaining({ code: 'bom', start: 0, end: 1 })]);
    expect(doc.ok).toBe(true);
    expect(doc.locate('/b')).toMatchObject({ line: 2, column: 4, endColumn: 7 });
  });

  it('refuses runaway nesting and more than one document, located', () => {
    const deep = parseYaml('f.yaml', '['.repeat(500) + ']'.repeat(500));
    expect(deep.problems[0]).toMatchObject({ code: 'too-deep' });
    const two = parseYaml('f.yaml', 'a: 1\n---\nb: 2\n');
    expect(two.ok).toBe(false);
    expect(two.problems[0]).toMatchObject({ code: 'syntax', message: 'expected one YAML document, found 2' });
  });

  it('ranges flow collections, aliases and quoted keys', () => {
    const text = 'x: &a {k: [1, "two"]}\n"quoted key": *a\n';
    const doc = parseYaml('f.yaml', text);
    expect(doc.value).toEqual({ x: { k: [1, 'two'] }, 'quoted key': { k: [1, 'two'] } });
    expect(doc.locate('/x/k/1')).toMatchObject({ line: 1, column: 15, endColumn: 20 });
    expect(doc.locate('/quoted key', 'key')).toMatchObject({ line: 2, column: 1, endColumn: 13 });
    expect(doc.locate('/quoted key')).toMatchObject({ line: 2, column: 15, endColumn: 17 });
  });

  it('treats an empty file as a problem', () => {
    expect(parseYaml('f.yaml', '\n').problems[0]!.code).toBe('empty');
  });
});
