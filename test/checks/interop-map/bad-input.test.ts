import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeShared } from '../../helpers/env.js';
import { gate, MAP, MAP_SCHEMA, positionOf, STACK_LINE, TARGETS } from './helpers.js';

/** Item 5: bad input gets a located finding or a one-line error, exit 1 or 2, never a stack trace. */
for (const target of TARGETS) {
  describeShared(`interop-map bad input: ${target.name}`, () => {
    const layoutFiles: Record<string, string> =
      target.name === 'upstream anchors'
        ? { openapi: 'api/v2/openapi.yaml', proto: 'conformance/fixtures/upstream/a2a-v1.0.1/a2a.proto' }
        : { openapi: 'spec/v2/openapi.yaml', proto: 'spec/v2/upstream/a2a-v1.0.1-bindings.proto' };
    const referenced = [
      MAP_SCHEMA,
      'spec/v2/errors.json',
      layoutFiles.openapi!,
      layoutFiles.proto!,
      'schemas/v2/run-snapshot.schema.json',
      'schemas/v2/a2a-task-state.schema.json',
      'spec/v2/facets/a2a.schema.json',
    ];

    function expectClean(r: { stderr: string; code: number }) {
      expect(r.stderr).not.toMatch(STACK_LINE);
      expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(1);
      expect([1, 2]).toContain(r.code);
    }

    it('a map that is not JSON: a located syntax finding', async () => {
      const root = target.copy();
      writeFileSync(path.join(root, MAP), '{\n  "version": 1,\n  "a2a": [oops]\n}\n');
      const r = await gate(root, target);
      expectClean(r);
      expect(r.code).toBe(1);
      const f = r.findings.find((x) => x.ruleId === 'parse/syntax');
      expect(f).toMatchObject({ file: MAP, line: 3 });
    });

    it('an empty map', async () => {
      const root = target.copy();
      writeFileSync(path.join(root, MAP), '');
      const r = await gate(root, target);
      expectClean(r);
      expect(r.code).toBe(1);
      expect(r.findings.map((f) => `${f.ruleId} ${f.file}:${f.line}`)).toContain(`parse/empty ${MAP}:1`);
    });

    it('a map that starts with a BOM', async () => {
      const root = target.copy();
      const text = readFileSync(path.join(root, MAP), 'utf8');
      writeFileSync(path.join(root, MAP), '\uFEFF' + text);
      const r = await gate(root, target);
      expectClean(r);
      expect(r.code).toBe(1);
      expect(r.findings.map((f) => `${f.ruleId} ${f.file}:${f.line}:${f.column}`)).toContain(`parse/bom ${MAP}:1:1`);
    });

    it('a map that repeats a key: reported at the second key', async () => {
      const root = target.copy();
      const text = readFileSync(path.join(root, MAP), 'utf8').replace('"version": 1,', '"version": 1,\n  "version": 1,');
      writeFileSync(path.join(root, MAP), text);
      const r = await gate(root, target);
      expectClean(r);
      expect(r.code).toBe(1);
      const f = r.findings.find((x) => x.ruleId === 'parse/duplicate-key');
      expect(f).toMatchObject({ file: MAP, line: positionOf(text, '"version"', 2).line });
    });

    it('a binary map', async () => {
      const root = target.copy();
      writeFileSync(path.join(root, MAP), Buffer.from([0x7b, 0x00, 0x01, 0x7d]));
      const r = await gate(root, target);
      expectClean(r);
      expect(r.findings.map((f) => `${f.ruleId} ${f.file}`)).toContain(`parse/binary ${MAP}`);
    });

    for (const rel of referenced) {
      it(`a missing referenced file (${rel}): a located corpus/missing-file finding`, async () => {
        const root = target.copy();
        rmSync(path.join(root, rel));
        const r = await gate(root, target);
        expectClean(r);
        expect(r.code).toBe(1);
        expect(r.findings.map((f) => `${f.ruleId} ${f.file}:${f.line}`)).toContain(`corpus/missing-file ${rel}:1`);
      });
    }

    it('a referenced file that is not parseable (openapi)', async () => {
      const root = target.copy();
      writeFileSync(path.join(root, layoutFiles.openapi!), 'openapi: 3.1.0\npaths:\n  /x:\n    get: [unclosed\n');
      const r = await gate(root, target);
      expectClean(r);
      expect(r.code).toBe(1);
      expect(r.findings.some((f) => f.ruleId.startsWith('parse/') && f.file === layoutFiles.openapi)).toBe(true);
    });

    // On this project's corpus these two are rule tests (test/checks/interop-map/rules.test.ts, meta.examples).
    if (target.name === 'upstream anchors') {
      it('a proto with no http bindings: the rule cannot pass vacuously', async () => {
        const root = target.copy();
        writeFileSync(path.join(root, layoutFiles.proto!), 'syntax = "proto3";\nservice S { rpc A(B) returns (C); }\n');
        const r = await gate(root, target);
        expectClean(r);
        expect(r.code).toBe(1);
        expect(r.findings.map((f) => `${f.ruleId} ${f.file}`)).toContain(`interop-map/http-binding-matches-proto ${layoutFiles.proto}`);
      });

      it('a schema that does not compile: a finding at the schema file', async () => {
        const root = target.copy();
        const file = path.join(root, MAP_SCHEMA);
        const schema = JSON.parse(readFileSync(file, 'utf8'));
        schema.properties.version = { type: 'integr' };
        writeFileSync(file, JSON.stringify(schema, null, 2));
        const r = await gate(root, target);
        expectClean(r);
        expect(r.code).toBe(1);
        const f = r.findings.find((x) => x.ruleId === 'interop-map/schema');
        expect(f?.file).toBe(MAP_SCHEMA);
        expect(f?.messageId).toBe('noCompile');
      });
    }

    it('an unknown preset is a one-line usage error, exit 2', async () => {
      const root = target.copy();
      const r = await gate(root, { args: ['--preset', 'nonesuch'] });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^specgate: .*preset/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    });
  });
}
