import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
 * The V8 code cache of a build-time validator, beside it. V8 checks only the length of the source
 * a cache was made from, so a cache must never outlive its code: `npm run build` removes every
 * cache before it writes the validators and their caches again, and nothing else writes either.
 * (A name carrying a hash of the code would cost each run a pass over ~170 KB of validators.)
 */
export function codeCachePath(file: string): string {
  return file.replace(/\.cjs$/, '.v8');
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

/** A validator file, loaded with the code cache the build left beside it when `withCodeCache`. */
export function loadBuiltValidator(file: string, withCodeCache: boolean): Validator {
  const code = readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  if (withCodeCache) {
    try {
      cachedData = readFileSync(codeCachePath(file));
    } catch {
      cachedData = undefined;
    }
  }
  return loadValidatorCode(file, code, cachedData).validate;
}
