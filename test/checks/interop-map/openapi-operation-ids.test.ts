import { describe, expect, it } from 'vitest';
import { openapiOperationIds, operationIds } from '../../../scripts/checks/interop-map/openapi-operation-ids.js';
import { Corpus } from '../../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { FsSource } from '../../../scripts/core/io/source.js';
import type { FileSource } from '../../../scripts/core/io/source.js';
import { ANCHOR, describeShared, PROJECT } from '../../helpers/env.js';

/** One file held in memory, read through the corpus as the rule reads it. */
function corpusOf(text: string, file = 'openapi.yaml'): Corpus {
  const source: FileSource = {
    root: '/memory',
    label: 'memory',
    read: (rel) => (rel === file ? { ok: true, bytes: Buffer.from(text) } : { ok: false, failure: 'missing', message: 'file not found' }),
    exists: (rel) => rel === file,
    glob: async () => [],
  };
  return new Corpus(source, presetLayout('specgate'));
}

const ids = (text: string, file?: string) => {
  const found = openapiOperationIds(corpusOf(text, file), file ?? 'openapi.yaml');
  return found && [...found].sort();
};

describe('the operationIds of an OpenAPI document, read through the corpus', () => {
  it('reads only paths.<path>.<method>.operationId, whatever else looks like one', () => {
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
    expect(ids(text)).toEqual(['getA', 'postB']);
  });

  it('reads flow style, anchors, aliases, explicit documents and JSON alike', () => {
    expect(ids('paths:\n  /a:\n    get: {operationId: x}')).toEqual(['x']);
    expect(ids('paths:\n  /a:\n    get:\n      operationId: &id x\n  /b:\n    post:\n      operationId: *id')).toEqual(['x']);
    expect(ids('x-shared: &op {operationId: shared}\npaths:\n  /a:\n    get: *op')).toEqual(['shared']);
    expect(ids('---\npaths:\n  /a:\n    get:\n      operationId: x\n')).toEqual(['x']);
    expect(ids('{"paths": {"/a": {"put": {"operationId": "j"}}}}', 'openapi.json')).toEqual(['j']);
  });

  it('gives nothing for a broken document, and the corpus reports it located', () => {
    const corpus = corpusOf('paths:\n  /a:\n    get: [unclosed\n');
    expect(openapiOperationIds(corpus, 'openapi.yaml', 'rule 2')).toBeUndefined();
    expect(corpus.problems).toEqual([expect.objectContaining({ ruleId: 'parse/syntax', file: 'openapi.yaml', line: 4 })]);
  });

  it("finds this project's operationIds", () => {
    const corpus = new Corpus(new FsSource(PROJECT), presetLayout('specgate'));
    expect(openapiOperationIds(corpus, 'spec/v2/openapi.yaml')!.size).toBeGreaterThan(0);
    expect(corpus.problems).toEqual([]);
  });

  it('operationIds reads a parsed value', () => {
    expect([...operationIds({ paths: { '/a': { trace: { operationId: 't' }, servers: { operationId: 'no' } } } })]).toEqual(['t']);
    expect(operationIds(['paths']).size).toBe(0);
  });
});

describeShared('the operationIds of the upstream OpenAPI document', () => {
  it('are the 53 the anchors hold', () => {
    const corpus = new Corpus(new FsSource(ANCHOR), presetLayout('specgate'));
    expect(openapiOperationIds(corpus, 'api/v2/openapi.yaml')!.size).toBe(53);
    expect(corpus.problems).toEqual([]);
  });
});
