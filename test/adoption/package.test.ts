// The package as npm publishes it: `npm pack --dry-run` lists exactly what a user needs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT } from '../helpers/env.js';

const pkg = JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8'));
const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT, encoding: 'utf8' });
const files: string[] = JSON.parse(packed.stdout)[0].files.map((f: { path: string }) => f.path);

describe('the published package', () => {
  it('is publishable: not private, engines, bin, exports, and one GitHub URL for repository, homepage and bugs', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.engines).toEqual({ node: '>=20' });
    expect(pkg.bin).toEqual({ specgate: 'bin/specgate' });
    expect(pkg.exports['.']).toEqual({ types: './dist/scripts/index.d.ts', default: './dist/scripts/index.js' });
    const base = 'https://github.com/specgate/specgate';
    expect(pkg.repository).toEqual({ type: 'git', url: `git+${base}.git` });
    expect(pkg.homepage).toBe(`${base}#readme`);
    expect(pkg.bugs).toEqual({ url: `${base}/issues` });
  });

  it('holds the build, its types, the shipped schemas and the readme: nothing else', () => {
    const unexpected = files.filter((f) => !/^(README\.md|LICENSE|package\.json|bin\/specgate|bin\/postinstall\.cjs|scripts\/schemas\/[\w.-]+\.schema\.json|scripts\/presets\/[\w-]+\.json|dist\/scripts\/.+\.(js|cjs|d\.ts))$/.test(f));
    expect(unexpected).toEqual([]);
    // no source, tests, docs, corpus, benchmarks or build state
    expect(files.filter((f) => /^(test|docs|spec|schemas|RFCS|invariants|\.ci|\.github)\/|\.ts$(?<!\.d\.ts)|^dist\/scripts\/(bench|build)\/|tsbuildinfo/.test(f))).toEqual([]);
  });

  it('holds every file its bin, exports and runtime need', () => {
    for (const f of [pkg.bin.specgate, 'dist/scripts/index.js', 'dist/scripts/index.d.ts', 'dist/scripts/action/main.js', 'dist/scripts/lsp/server.js', 'scripts/schemas/config.schema.json', 'scripts/schemas/upstream-invariants.schema.json', 'README.md', 'package.json', 'dist/scripts/core/parse/markdown-libs.js', 'dist/scripts/core/engine/ajv-libs.cjs', 'dist/scripts/cli.js', 'dist/scripts/snapshot/entry.cjs', 'dist/scripts/snapshot/build-blob.js', 'bin/postinstall.cjs']) {
      expect(files, f).toContain(f);
    }
    // every command module the CLI loads on demand
    for (const c of ['check', 'errata', 'wire', 'compat', 'probe', 'lsp', 'list-rules', 'init', 'install-hook']) expect(files).toContain(`dist/scripts/commands/${c}.js`);
  });
});
