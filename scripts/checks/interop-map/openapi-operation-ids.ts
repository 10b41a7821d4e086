import type { CorpusReader } from '../../core/parse/corpus.js';
import { isObject } from '../../core/base/json-object.js';

/** The HTTP methods an OpenAPI path item may hold an operation under. */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every `operationId` under `paths.<path>.<method>` of an OpenAPI document's value. */
export function operationIds(openapi: unknown): Set<string> {
  const ids = new Set<string>();
  const paths = isObject(openapi) ? openapi.paths : undefined;
  if (!isObject(paths)) return ids;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op) && typeof op.operationId === 'string') ids.add(op.operationId);
    }
  }
  return ids;
}

/**
 * The operationIds of an OpenAPI document (JSON or YAML) read through the corpus, or undefined
 * when it cannot be read or parsed (the corpus has reported that as a finding).
 */
export function openapiOperationIds(corpus: CorpusReader, file: string, neededFor?: string): Set<string> | undefined {
  const doc = corpus.data(file, neededFor);
  return doc ? operationIds(doc.value) : undefined;
}
