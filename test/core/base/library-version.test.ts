import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryVersion } from '../../../scripts/core/base/library-version.js';
import { PROJECT } from '../../helpers/env.js';

/*
 * A library's version for cache keys is read from the package folder Node loads it from, found
 * by the folders Node looks in rather than by resolving its entry point: held equal to the version
 * beside the entry point require.resolve finds, for libraries whose `exports` hide package.json.
 */
const FROM = path.join(PROJECT, 'scripts', 'rfc', 'load.ts');

/** The version the way it was found before: up from the resolved entry point to the package.json of that name. */
function besideEntryPoint(name: string): string | undefined {
  const require = createRequire(FROM);
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version;
    } catch {
      // not here
    }
  }
  return undefined;
}

describe('libraryVersion', () => {
  it.each(['unified', 'remark-parse', 'micromark', 'mdast-util-from-markdown', 'js-yaml', 'ajv', 'ajv-formats', 're2js', 'picomatch'])('%s: the version of the package Node loads', (name) => {
    const expected = besideEntryPoint(name);
    expect(expected).toMatch(/^\d+\.\d+\.\d+/);
    expect(libraryVersion(name, FROM)).toBe(expected);
  });

  it('a library that is not installed is "unknown"', () => {
    expect(libraryVersion('specgate-no-such-library', FROM)).toBe('unknown');
  });
});
