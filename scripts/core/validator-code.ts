import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { contentHash } from './content-hash.js';
import type { Validator } from './schema.js';

// Required, not imported: ESM facades of node builtins evaluate every lazy export, which costs
// milliseconds on each run.
const require = createRequire(import.meta.url);
const vm = require('node:vm') as typeof import('node:vm');
const { wrap } = require('node:module') as { wrap(code: string): string };

export interface LoadedValidator {
  validate: Validator;
  /** V8's compiled code for it, after `validate` ran once: what `npm run build` stores. */
  codeCache(): Buffer;
}

/**
 * The V8 code cache of a generated validator, beside it. The name carries a hash of the code,
 * because V8 checks only the length of the source a cache was made from.
 */
export function codeCachePath(file: string, code: string): string {
  const hash = contentHash(process.version, code).slice(0, 16);
  return file.replace(/\.cjs$/, `.${hash}.v8`);
}

/**
 * Runs a generated CommonJS validator as `require` would, with the code cache that
 * `npm run build` wrote for it when there is one: a validator of a large schema is one big
 * function, and compiling it costs more than running it. A cache V8 rejects is ignored.
 */
export function loadValidatorCode(file: string, code: string, cachedData?: Buffer): LoadedValidator {
  const script = new vm.Script(wrap(code), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const mod = { exports: {} as { default?: Validator } & Validator };
  (script.runInThisContext() as (...args: unknown[]) => void)(mod.exports, createRequire(file), mod, file, path.dirname(file));
  return { validate: (mod.exports.default ?? mod.exports) as Validator, codeCache: () => script.createCachedData() };
}

/** A validator file loaded with its code cache, if the build left one. */
export function loadBuiltValidator(file: string): Validator {
  const code = readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(codeCachePath(file, code));
  } catch {
    cachedData = undefined;
  }
  return loadValidatorCode(file, code, cachedData).validate;
}
