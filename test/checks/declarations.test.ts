import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAMILY_DECLARATIONS, loadFamilies } from '../../scripts/checks/registry.js';
import { familyInputs, familyNeeds, pathFollowingFamilies } from '../../scripts/core/engine/family.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { PROJECT } from '../helpers/env.js';
import { importGraph } from '../helpers/import-graph.js';

/* Families declare themselves; every list of families is derived from the declarations. */

describe('family declarations', () => {
  it('each loads the family it names, with its facts', async () => {
    const loaded = await loadFamilies([]);
    expect(loaded.map((f) => f.name)).toEqual(FAMILY_DECLARATIONS.map((d) => d.name));
    for (const [i, f] of loaded.entries()) {
      expect(f.description).toBe(FAMILY_DECLARATIONS[i]!.description);
      expect(f.rules.length).toBeGreaterThan(0);
      // Every rule id starts with its family's name.
      for (const r of f.rules) expect(r.id.startsWith(`${f.name}/`)).toBe(true);
    }
  });

  it('are cheap to import: a declaration reads no rule, and the registry loads rules only on demand', () => {
    const g = importGraph(path.join(PROJECT, 'scripts'));
    for (const d of FAMILY_DECLARATIONS) {
      expect(g.edges.filter(([a]) => a === `checks/${d.name}/declaration.ts`).map(([, b]) => b)).toEqual(['core/engine/family.ts']);
    }
    const registry = readFileSync(path.join(PROJECT, 'scripts/checks/registry.ts'), 'utf8');
    expect(registry).not.toMatch(/^import [^;]*index\.js/m);
    expect([...registry.matchAll(/await import\('\.\/([a-z-]+)\/index\.js'\)/g)].map((m) => m[1])).toEqual(FAMILY_DECLARATIONS.map((d) => d.name));
  });

  it('give check its needs, the hook its inputs and the path followers', () => {
    const layout = presetLayout('openwop');
    expect(familyNeeds(FAMILY_DECLARATIONS)).toEqual(['interopMap', 'rfcsDir']);
    const inputs = familyInputs(FAMILY_DECLARATIONS, layout);
    expect(Object.keys(inputs)).toEqual(FAMILY_DECLARATIONS.map((d) => d.name));
    expect(inputs['rfcs']).toEqual(['RFCS/**']);
    expect(inputs['invariants']).toContain('SECURITY/invariants.yaml');
    expect(pathFollowingFamilies(FAMILY_DECLARATIONS)).toEqual(['invariants', 'rfcs']);
    // A family that declares no inputs is run on every other family's inputs.
    const open = familyInputs([...FAMILY_DECLARATIONS, { name: 'mine', description: 'x' }], layout);
    expect(open['mine']).toEqual(expect.arrayContaining(['RFCS/**', 'SECURITY/invariants.yaml', layout.interopMap]));
  });
});
