import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdown } from '../../scripts/commands/list-rules.js';
import { ruleAliases, ruleGroups } from '../../scripts/rules-registry.js';
import { PROJECT } from '../helpers/env.js';

const PKG = JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { homepage?: string };

describe('docs/rules.md', () => {
  it('is what `specgate list-rules --format markdown` renders from the registry (regenerate with npm run docs:rules)', async () => {
    const expected = markdown(await ruleGroups(), await ruleAliases());
    expect(readFileSync(path.join(PROJECT, 'docs/rules.md'), 'utf8')).toBe(expected);
  });

  it("has the anchor every rule's docs link names", async () => {
    const doc = readFileSync(path.join(PROJECT, 'docs/rules.md'), 'utf8');
    for (const g of await ruleGroups()) {
      for (const r of g.rules) {
        // An absolute URL (SARIF helpUri, hovers): the repository's docs/rules.md, from package.json homepage.
        const [file, anchor] = r.docs.split('#');
        expect(file, r.id).toBe(`${String(PKG.homepage).replace(/#.*$/, '')}/blob/main/docs/rules.md`);
        expect(doc, r.id).toContain(`<a id="${anchor}"></a>`);
      }
    }
  });
});
