import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeShared } from '../../helpers/env.js';
import { byRule, editMap, gate, MAP, positionOf, TARGETS } from './helpers.js';

/*
 * End-to-end sabotage through the CLI on the upstream anchors (real data): related locations and
 * cross-file edits. The same on small in-memory corpora, and every rule's one-edit cases, are rule
 * tests (meta.examples, test/checks/interop-map/rules.test.ts).
 */
const UPSTREAM = TARGETS.filter((t) => t.name === 'upstream anchors');

const named = (map: any, name: string) => map.a2a.errors.find((e: any) => e.upstream === name);
const op = (map: any, name: string) => map.a2a.operations.find((o: any) => o.upstream === name);

for (const target of UPSTREAM) {
  describeShared(`interop-map sabotage: ${target.name}`, () => {
    it('a named row twice points back at the first with `related`', async () => {
      const root = target.copy();
      const text = editMap(root, (m) => void m.a2a.errors.push({ ...named(m, 'TaskNotFoundError') }));
      const r = await gate(root, target);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 1, stderr: '' });
      const [hit] = byRule(r.findings, 'interop-map/errors-complete');
      expect(hit).toBeDefined();
      expect((hit as any).related).toEqual([expect.objectContaining({ file: MAP, line: positionOf(text, '"TaskNotFoundError"', 1).line })]);
    });

    it('a verb mismatch points at the proto binding with `related`', async () => {
      const root = target.copy();
      editMap(root, (m) => void (op(m, 'ListTasks').http = 'POST /tasks'));
      const r = await gate(root, target);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 1, stderr: '' });
      const [hit] = byRule(r.findings, 'interop-map/http-binding-matches-proto');
      const related = (hit as any).related[0];
      const proto = readFileSync(path.join(root, related.file), 'utf8');
      expect(proto.split('\n')[related.line - 1]).toMatch(/get:\s*"\/tasks"/);
    });
  });
}

describe('interop-map sabotage: the run-status enum of the map schema', () => {
  for (const target of UPSTREAM) {
    describeShared(target.name, () => {
      it('a run status RunSnapshot dropped is reported at that value of the schema enum', async () => {
        const root = target.copy();
        const file = path.join(root, 'schemas/v2/run-snapshot.schema.json');
        const snapshot = JSON.parse(readFileSync(file, 'utf8'));
        snapshot.properties.status.enum = snapshot.properties.status.enum.filter((s: string) => s !== 'cancelling');
        writeFileSync(file, JSON.stringify(snapshot, null, 2));
        const r = await gate(root, target);
        expect(r.code).toBe(1);
        const schemaText = readFileSync(path.join(root, 'spec/v2/interop-map.schema.json'), 'utf8');
        const hits = byRule(r.findings, 'interop-map/run-status-enum-matches');
        expect(hits.map((f) => `${f.file}:${f.line}:${f.pointer}`)).toEqual([
          `spec/v2/interop-map.schema.json:${positionOf(schemaText, '"cancelling"').line}:/$defs/runStatus/enum/${JSON.parse(schemaText).$defs.runStatus.enum.indexOf('cancelling')}`,
        ]);
      });
    });
  }
});
