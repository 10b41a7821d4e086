import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyLine, scanOperationIds } from '../../../scripts/checks/interop-map/openapi-operation-ids.js';
import { operationIds } from '../../../scripts/checks/interop-map/rules/v2-operation-exists.js';
import { parseYaml } from '../../../scripts/core/yaml-tree.js';
import { ANCHOR, describeShared, PROJECT } from '../../helpers/env.js';

const full = (text: string) => [...operationIds(parseYaml('x.yaml', text).value)].sort();
const scan = (text: string) => {
  const ids = scanOperationIds(text);
  return ids && [...ids].sort();
};

describe('scanOperationIds (the fast path of rule 2)', () => {
  it('agrees with the full YAML parse on tricky but plain block YAML', () => {
    const text = [
      'openapi: 3.1.0',
      'info:',
      '  description: |',
      '    operationId: notInPaths',
      'paths:',
      "  '/a/{id}:cancel':",
      '    description: >',
      '      operationId: inABlockScalar',
      '    summary: "a quoted scalar',
      '      operationId: inside the quotes"',
      '    parameters:',
      '    - name: id',
      '      in: path',
      '    get:',
      '      # operationId: commented',
      '      summary: x',
      '      operationId: "getA" # trailing comment',
      '      parameters:',
      '      - name: operationId',
      '        operationId: deeper',
      '    x-extra:',
      '      operationId: notAVerb',
      '  /b:',
      '    post:',
      "      operationId: 'postB'",
      'components:',
      '  x:',
      '    get:',
      '      operationId: notUnderPaths',
    ].join('\n');
    expect(scan(text)).toEqual(['getA', 'postB']);
    expect(full(text)).toEqual(['getA', 'postB']);
  });

  it('gives up (so the full parse runs) on what it cannot trust', () => {
    const cases = [
      'paths: {}',
      'paths:\n  /a:\n    get: {operationId: x}',
      'paths:\n  /a: *shared',
      'paths:\n  /a:\n    get:\n      <<: *base',
      'paths:\n  /a:\n    get:\n      operationId: &id x',
      '---\npaths:\n  /a:\n    get:\n      operationId: x',
      'paths:\n\t/a:\n    get:\n      operationId: x',
      '{"paths": {}}',
      'paths:\n  /a:\n    get:\n  operationId: misindented',
    ];
    for (const c of cases) expect(scanOperationIds(c), c).toBeUndefined();
  });

  it('reads keys the way YAML does', () => {
    expect(keyLine('/tasks/{id}:cancel:')).toEqual({ key: '/tasks/{id}:cancel', value: '' });
    expect(keyLine('summary: a: b # c')).toEqual({ key: 'summary', value: 'a: b' });
    expect(keyLine("'200':")).toEqual({ key: '200', value: '' });
    expect(keyLine('- name: x')).toBeUndefined();
    expect(keyLine('just text')).toBeUndefined();
  });

  it("agrees with the full parse on this project's OpenAPI document", () => {
    const text = readFileSync(path.join(PROJECT, 'spec/v2/openapi.yaml'), 'utf8');
    expect(scan(text)).toEqual(full(text));
    expect(full(text).length).toBeGreaterThan(0);
  });
});

describeShared('scanOperationIds on the upstream OpenAPI document', () => {
  it('finds the same 53 operationIds as the full parse', () => {
    const text = readFileSync(path.join(ANCHOR, 'api/v2/openapi.yaml'), 'utf8');
    expect(scan(text)).toEqual(full(text));
    expect(full(text)).toHaveLength(53);
  });
});
