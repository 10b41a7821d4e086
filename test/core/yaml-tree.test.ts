import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../scripts/core/yaml-tree.js';

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

  it('treats an empty file as a problem', () => {
    expect(parseYaml('f.yaml', '\n').problems[0]!.code).toBe('empty');
  });
});
