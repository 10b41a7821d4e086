import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Corpus } from '../../../scripts/core/parse/corpus.js';
import { runRule } from '../../../scripts/core/engine/engine.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { FsSource } from '../../../scripts/core/io/source.js';
import { family } from '../../../scripts/checks/interop-map/index.js';
import { parseProtoBindings } from '../../../scripts/checks/interop-map/proto-bindings.js';
import { ANCHOR, describeShared, PROJECT, runCli, runJson } from '../../helpers/env.js';
import { MAP } from './helpers.js';

const A2A_GROUPS = ['operations', 'card', 'taskState', 'taskStateReverse', 'errors', 'fields'];
const MCP_GROUPS = ['features', 'methods', 'headers', 'meta', 'mrtr', 'cache', 'authorization'];

async function visits(root: string, preset: string): Promise<Record<string, { visited: number; findings: number }>> {
  const corpus = new Corpus(new FsSource(root), presetLayout(preset));
  const out: Record<string, { visited: number; findings: number }> = {};
  for (const rule of family.rules) {
    const r = await runRule(rule, corpus, {});
    out[rule.id] = { visited: r.visited, findings: r.findings.length };
  }
  return out;
}

describeShared('interop-map on the real upstream data', () => {
  it('`check interop-map --root anchors --preset openwop` exits 0 with no findings', async () => {
    const r = await runJson(['check', 'interop-map', '--root', ANCHOR, '--preset', 'openwop']);
    expect(r.stderr).toBe('');
    expect(r.findings).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.summary.families[0]).toMatchObject({ family: 'interop-map', errors: 0 });
  });

  it('the stylish report says so', async () => {
    const r = await runCli(['check', 'interop-map', '--root', ANCHOR, '--preset', 'openwop']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no problems/);
  });

  it('the anchors hold the upstream figures: 58 a2a rows, 24 mcp rows, 12 operation rows, 11 proto bindings', async () => {
    const map = JSON.parse(readFileSync(path.join(ANCHOR, MAP), 'utf8'));
    expect(A2A_GROUPS.reduce((n, g) => n + map.a2a[g].length, 0)).toBe(58);
    expect(MCP_GROUPS.reduce((n, g) => n + map.mcp[g].length, 0)).toBe(24);
    const proto = readFileSync(path.join(ANCHOR, presetLayout('openwop').a2aProto), 'utf8');
    expect(parseProtoBindings(proto)).toHaveLength(11);
  });

  it('every rule visits the rows it is about and finds nothing', async () => {
    const v = await visits(ANCHOR, 'openwop');
    for (const [id, r] of Object.entries(v)) {
      expect(r.findings, id).toBe(0);
      expect(r.visited, id).toBeGreaterThan(0);
    }
    expect(v['interop-map/http-binding-matches-proto']!.visited).toBe(12);
    expect(v['interop-map/errors-complete']!.visited).toBe(10);
    expect(v['interop-map/reason-upper-snake']!.visited).toBe(10);
    expect(v['interop-map/stored-state-known']!.visited).toBe(10);
    expect(v['interop-map/mcp-profile-pattern']!.visited).toBe(4);
    expect(v['interop-map/run-status-enum-matches']!.visited).toBe(10);
  });
});

describe('interop-map on this project', () => {
  it("`check interop-map` on the project's own corpus exits 0", async () => {
    const r = await runJson(['check', 'interop-map', '--root', PROJECT]);
    expect(r.stderr).toBe('');
    expect(r.findings).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('every rule visits rows of the project map', async () => {
    const v = await visits(PROJECT, 'specgate');
    for (const [id, r] of Object.entries(v)) {
      expect(r.findings, id).toBe(0);
      expect(r.visited, id).toBeGreaterThan(0);
    }
  });
});
