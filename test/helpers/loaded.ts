import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI, PROJECT, tempDir } from './env.js';

export interface TracedRun {
  code: number;
  stdout: string;
  stderr: string;
  /** specgate's own modules the process loaded, relative to dist/scripts (`core/cache/cache.js`). */
  ours: string[];
  /** The packages it loaded from node_modules. */
  packages: string[];
}

/**
 * A tracer for `specgate` processes: a preload records every module a process loads (ES modules
 * through a loader hook, CommonJS ones, the libraries required on demand, from require.cache at
 * exit). One tracer keeps one preload, so the processes it runs share Node's flags (the result
 * cache keys on them).
 */
export function moduleTracer(): (args: string[], opts?: { cwd?: string; env?: Record<string, string> }) => TracedRun {
  const dir = tempDir();
  const log = path.join(dir, 'loaded.txt');
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
  const preload = path.join(dir, 'preload.mjs');
  writeFileSync(
    preload,
    `import { register, createRequire } from 'node:module';\nimport { appendFileSync } from 'node:fs';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\nconst require = createRequire(import.meta.url);\nprocess.on('exit', () => appendFileSync(${JSON.stringify(log)}, Object.keys(require.cache).map((f) => 'file://' + f).join('\\n') + '\\n'));\n`,
  );
  return (args, opts = {}) => {
    writeFileSync(log, '');
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, CLI, ...args], { cwd: opts.cwd ?? PROJECT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...opts.env } });
    const files = readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith('file://')).map((u) => decodeURIComponent(new URL(u).pathname));
    const ours = [...new Set(files.filter((f) => f.startsWith(path.join(PROJECT, 'dist') + path.sep)).map((f) => path.relative(path.join(PROJECT, 'dist', 'scripts'), f).split(path.sep).join('/')))].sort();
    const packages = [...new Set(files.map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]).filter((p): p is string => p !== undefined))].sort();
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, ours, packages };
  };
}
