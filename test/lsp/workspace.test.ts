import { describe, expect, it } from 'vitest';
import { Workspace } from '../../scripts/lsp/workspace.js';
import { PROJECT } from '../helpers/env.js';

/* The language server's model in-process: which families a change re-runs, buffers over the tree. */

describe('lsp workspace', () => {
  it('a change re-runs only the families that read the changed file', async () => {
    const ws = new Workspace(PROJECT);
    await ws.init();
    expect(await ws.check()).toEqual(['interop-map', 'invariants', 'rfcs', 'wire-examples']);
    const names = (files: string[]) => ws.familiesFor(files).map((f) => f.name);
    expect(names(['spec/v2/interop-map.json'])).toEqual(['interop-map', 'wire-examples']);
    expect(names(['invariants/invariants.yaml'])).toEqual(['invariants']);
    // wire-examples reads the map's schema too (rows it rejects are not judged), although the
    // interop-map family read it first in the same run.
    expect(names(['spec/v2/interop-map.schema.json'])).toEqual(['interop-map', 'wire-examples']);
    // The config: every family.
    expect(names(['specgate.config.json'])).toHaveLength(4);
    // A file no family has read yet (a new RFC): the families whose declared inputs match it, and
    // those that follow paths (an RFC's Affects row or an invariant's tests glob may name any file).
    expect(names(['RFCS/0999-new.md'])).toEqual(['invariants', 'rfcs', 'wire-examples']);
    expect(names(['docs/new-page.md'])).toEqual(['invariants', 'rfcs']);
  });

  it('checks an unsaved buffer over the saved files, and the saved file again once the buffer is gone', async () => {
    const ws = new Workspace(PROJECT);
    await ws.init();
    await ws.check();
    const map = 'spec/v2/interop-map.json';
    expect(ws.findingsFor(map)).toEqual([]);
    const saved = ws.overlay.text(map)!;
    ws.setBuffer(map, saved.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"'));
    expect(await ws.check([map])).toEqual(['interop-map', 'wire-examples']);
    const found = ws.findingsFor(map);
    expect(found.map((f) => f.ruleId)).toEqual(['interop-map/reason-upper-snake']);
    expect(found[0]!.edits).toEqual([{ file: map, range: expect.any(Object), newText: '"TASK_NOT_FOUND"' }]);
    ws.setBuffer(map, null);
    await ws.check([map]);
    expect(ws.findingsFor(map)).toEqual([]);
  });

  it('an unsaved disable comment with a reason hides the finding below it, as check would; without a reason it is a finding', async () => {
    const ws = new Workspace(PROJECT);
    await ws.init();
    await ws.check();
    const rfc = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
    const saved = ws.overlay.text(rfc)!;
    const broken = saved.replace('| **Status** | `Accepted` |', '| **Status** | `Acepted` |');
    ws.setBuffer(rfc, broken);
    await ws.check([rfc]);
    expect(ws.findingsFor(rfc).map((f) => f.ruleId)).toContain('rfcs/status-known');
    // a comment above the table, its disable/enable pair around it
    const table = broken.indexOf('| Field');
    const withPair = (comment: string) => `${broken.slice(0, table)}${comment}\n\n${broken.slice(table).replace('\n\n', '\n\n<!-- specgate-enable rfcs/status-known -->\n\n')}`;
    ws.setBuffer(rfc, withPair('<!-- specgate-disable rfcs/status-known -- renamed by RFC 0300, in review -->'));
    await ws.check([rfc]);
    expect(ws.findingsFor(rfc).map((f) => f.ruleId)).not.toContain('rfcs/status-known');
    ws.setBuffer(rfc, withPair('<!-- specgate-disable rfcs/status-known -->'));
    await ws.check([rfc]);
    expect(ws.findingsFor(rfc).map((f) => f.ruleId)).toEqual(expect.arrayContaining(['rfcs/status-known', 'exceptions/reason-required']));
    ws.setBuffer(rfc, null);
  });
});
