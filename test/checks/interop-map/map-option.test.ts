import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeShared, PROJECT, runJson, tempDir } from '../../helpers/env.js';
import { byRule, editMap, gate, MAP, positionOf, STACK_LINE, TARGETS } from './helpers.js';

/** `--map FILE` checks another map against the same corpus; findings name the file relative to the root. */
for (const target of TARGETS) {
  describeShared(`interop-map --map: ${target.name}`, () => {
    it('a repository-relative --map is checked instead of the layout map', async () => {
      const root = target.copy();
      mkdirSync(path.join(root, 'sabotage'));
      copyFileSync(path.join(root, MAP), path.join(root, 'sabotage/map.json'));
      const text = editMap(root, (m) => void (m.mcp.features[0].requiredFor = ['mcp-next']), 'sabotage/map.json');
      const r = await gate(root, target, ['--map', 'sabotage/map.json']);
      expect(r.code).toBe(1);
      expect(byRule(r.findings, 'interop-map/mcp-profile-pattern').map((f) => `${f.file}:${f.line}`)).toEqual([`sabotage/map.json:${positionOf(text, '"mcp-next"').line}`]);
      // The layout's own map is untouched and was not the one read.
      expect(r.findings.every((f) => f.file !== MAP)).toBe(true);
    });

    it('an absolute --map outside the root is reported relative to the root', async () => {
      const root = target.copy();
      const outside = path.join(tempDir(), 'other-map.json');
      copyFileSync(path.join(root, MAP), outside);
      const text = editMap(path.dirname(outside), (m) => void (m.a2a.errors[0].clientProjection = 'nope_code'), 'other-map.json');
      const r = await gate(root, target, ['--map', outside]);
      expect(r.code).toBe(1);
      const [hit] = byRule(r.findings, 'interop-map/client-projection-registered');
      expect(hit?.file).toBe(path.relative(root, outside).split(path.sep).join('/'));
      expect(hit?.line).toBe(positionOf(text, '"nope_code"').line);
    });

    it('a --map that does not exist is one line, exit 2, not a crash', async () => {
      const root = target.copy();
      const r = await gate(root, target, ['--map', 'no/such-map.json']);
      expect(r.stderr).not.toMatch(STACK_LINE);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('specgate: map not found: no/such-map.json\n');
    });
  });
}

describeShared('interop-map --map: relative to the working directory', () => {
  it('falls back to the working directory when the path is not under the root', async () => {
    const cwd = tempDir();
    copyFileSync(path.join(PROJECT, MAP), path.join(cwd, 'mine.json'));
    const text = editMap(cwd, (m) => void (m.a2a.operations[0].v2Operation = 'startEverything'), 'mine.json');
    const r = await runJson(['check', 'interop-map', '--root', PROJECT, '--map', 'mine.json'], { cwd });
    expect(r.code).toBe(1);
    const [hit] = byRule(r.findings, 'interop-map/v2-operation-exists');
    expect(hit?.line).toBe(positionOf(text, '"startEverything"').line);
    expect(readFileSync(path.join(PROJECT, MAP), 'utf8')).not.toContain('startEverything');
  });
});
