import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI, PROJECT, tempDir } from '../helpers/env.js';

/**
 * The pre-commit gate loads only what it runs (issue 24, point 3). A preload records every module a
 * `check interop-map` process loads: ES modules through a loader hook, CommonJS ones (the
 * libraries required on demand) from require.cache at exit.
 */
function loadedBy(args: string[], cacheDir: string): { ours: string[]; packages: string[] } {
  const dir = tempDir();
  const log = path.join(dir, 'loaded.txt');
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
  const preload = path.join(dir, 'preload.mjs');
  writeFileSync(
    preload,
    `import { register, createRequire } from 'node:module';\nimport { appendFileSync } from 'node:fs';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\nconst require = createRequire(import.meta.url);\nprocess.on('exit', () => appendFileSync(${JSON.stringify(log)}, Object.keys(require.cache).map((f) => 'file://' + f).join('\\n') + '\\n'));\n`,
  );
  writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, CLI, ...args], { cwd: PROJECT, encoding: 'utf8', env: { ...process.env, SPECGATE_CACHE_DIR: cacheDir, NO_COLOR: '1' } });
  expect(r.status, r.stderr).toBe(0);
  const files = readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith('file://')).map((u) => decodeURIComponent(new URL(u).pathname));
  const ours = [...new Set(files.filter((f) => f.startsWith(path.join(PROJECT, 'dist') + path.sep)).map((f) => path.relative(path.join(PROJECT, 'dist', 'scripts'), f).split(path.sep).join('/')))].sort();
  const packages = [...new Set(files.map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]).filter((p): p is string => p !== undefined))].sort();
  return { ours, packages };
}

/** What `check interop-map` must never load: the other families, the Markdown stack, errata, compat, the LSP, the fixer, probe and wire. */
// A family's declaration (its name, needs and inputs; no rule) is cheap and read by check's help: allowed.
const NOT_OURS = /^(checks\/(rfcs|invariants|wire-examples)\/(?!declaration\.js$)|rfc\/|errata\/|compat\/|lsp\/|commands\/check-fix\.js$|core\/(fixer|commit|text-edits|markdown)\.js$|probe\/|wire\/|bench\/|hooks\/)/;

describe('`check interop-map` loads only what it runs', () => {
  it('warm: no library but leven; none of the other commands, families or the fixer', () => {
    const cache = path.join(tempDir(), 'cache');
    loadedBy(['check', 'interop-map'], cache); // fills the cache
    const warm = loadedBy(['check', 'interop-map'], cache);
    expect(warm.ours.filter((m) => NOT_OURS.test(m))).toEqual([]);
    // A new library here is a new cost on every pre-commit run: make it lazy, or add it with a reason.
    expect(warm.packages).toEqual(['leven']);
  });

  it('cold: ajv and its formats, re2js for the patterns and js-yaml for the OpenAPI document, and no more', () => {
    const cold = loadedBy(['check', 'interop-map'], path.join(tempDir(), 'cache'));
    expect(cold.ours.filter((m) => NOT_OURS.test(m))).toEqual([]);
    expect(cold.packages.filter((p) => !['ajv', 'ajv-formats', 'fast-deep-equal', 'fast-uri', 'json-schema-traverse', 'js-yaml', 're2js', 'leven'].includes(p))).toEqual([]);
    expect(cold.packages).toContain('ajv');
  });
});
