// Issue 32 §6: a bench row that stands for a user's path meets a fresh edit every round, so no
// round can be a replay, and the edit changes no finding (the row times the same work each round).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editor } from '../../scripts/bench/paths.js';
import { projectCorpusCopy, runJson } from '../helpers/env.js';

const MAP = 'spec/v2/interop-map.json';
const RFC = 'RFCS/0208-v2-a2a-mcp-operation-mappings.md';

describe("the bench's edits", () => {
  for (const [file, family] of [[MAP, 'interop-map'], [RFC, 'rfcs']] as const) {
    it(`${file}: every round holds content no round before held, and the findings stay the same`, async () => {
      const root = projectCorpusCopy();
      const before = await runJson(['check', family, 'invariants', '--root', root, '--no-cache']);
      const edit = editor(path.join(root, file));
      const seen = new Set([readFileSync(path.join(root, file), 'utf8')]);
      for (let i = 0; i < 5; i++) {
        edit();
        const text = readFileSync(path.join(root, file), 'utf8');
        expect(seen.has(text)).toBe(false);
        seen.add(text);
      }
      const after = await runJson(['check', family, 'invariants', '--root', root, '--no-cache']);
      expect(after.code).toBe(before.code);
      expect(after.findings).toEqual(before.findings);
      expect(after.findings).toBeDefined();
    });
  }
});
