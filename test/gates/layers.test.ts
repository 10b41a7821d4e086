import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT } from '../helpers/env.js';
import { circles, importGraph, layerOf, upwardArrows } from '../helpers/import-graph.js';

/**
 * The layers of scripts/ (docs/architecture.md): no import circle, and no arrow from a lower layer
 * to a higher one (core/ imports nothing above it; rfc/ only core/). Deferred `import('…')` counts:
 * a dynamic import of a command's module from core/ is still core depending on a command.
 */
describe('the import graph of scripts/', () => {
  const graph = importGraph(path.join(PROJECT, 'scripts'));

  it('is read whole (every folder, dynamic imports included)', () => {
    expect(graph.modules.length).toBeGreaterThan(150);
    expect(graph.edges).toContainEqual(['cli-main.ts', 'commands/check.ts']); // a deferred import
    expect(graph.edges).toContainEqual(['core/engine/engine.ts', 'core/engine/rule.ts']);
  });

  it('has no import circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no upward arrow: core/ depends on nothing above it, rfc/ only on core/', () => {
    expect(upwardArrows(graph).map(([a, b]) => `${a} → ${b}`)).toEqual([]);
    expect(graph.edges.filter(([a, b]) => a.startsWith('core/') && layerOf(b) > 0)).toEqual([]);
  });

  /**
   * core/'s floors, lowest first (docs/architecture.md): a module imports only its own floor and the
   * floors before it; a module directly in core/ (the session) is the top floor. Every core module
   * sits in a floor, and a new folder must be added here, in its place.
   */
  const CORE_FLOORS = ['base', 'model', 'replay', 'io', 'cache', 'preset', 'parse', 'engine', 'config', 'reporters', 'cli'];
  const floorOf = (m: string): number => {
    const rest = m.slice('core/'.length);
    return rest.includes('/') ? CORE_FLOORS.indexOf(rest.slice(0, rest.indexOf('/'))) : CORE_FLOORS.length;
  };
  const higherFloor = (edges: Array<[string, string]>) =>
    edges.filter(([a, b]) => a.startsWith('core/') && b.startsWith('core/') && floorOf(b) > floorOf(a)).map(([a, b]) => `${a} → ${b}`);

  it("holds core/'s floors: every module in a known floor, no arrow to a higher floor", () => {
    expect(graph.modules.filter((m) => m.startsWith('core/') && floorOf(m) < 0)).toEqual([]);
    expect(higherFloor(graph.edges)).toEqual([]);
  });

  it('finds an arrow to a higher floor (a made-up graph)', () => {
    expect(higherFloor([['core/base/a.ts', 'core/model/b.ts'], ['core/model/b.ts', 'core/base/a.ts']])).toEqual(['core/base/a.ts → core/model/b.ts']);
  });

  it('finds what it looks for (a circle and an upward arrow in a made-up graph)', () => {
    const g = { modules: ['core/a.ts', 'core/b.ts', 'commands/c.ts'], edges: [['core/a.ts', 'core/b.ts'], ['core/b.ts', 'core/a.ts'], ['core/a.ts', 'commands/c.ts']] as Array<[string, string]> };
    expect(circles(g)).toEqual([['core/a.ts', 'core/b.ts']]);
    expect(upwardArrows(g)).toEqual([['core/a.ts', 'commands/c.ts']]);
  });
});
