import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * What the RFC documents extracted by the subset parser depend on: every source of the core
 * modules and of the RFC reader (a list of files would go stale). Inlined into the bundle, it keys
 * their parse-cache entries (scripts/checks/rfcs/rfc-load.ts); any change there re-parses once.
 */
const rfcExtractFingerprint = createHash('sha256');
for (const dir of ['scripts/core', 'scripts/checks/rfcs']) {
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts')).sort()) {
    rfcExtractFingerprint.update(`${dir}/${f}\0`).update(readFileSync(`${dir}/${f}`)).update('\0');
  }
}

/**
 * Bundles the CLI (`npm run build`, after tsc): one entry, dist/bundle/cli.cjs, with each
 * lazy `await import()` kept as its own chunk, so a run loads a few files instead of dozens of
 * small modules. ajv and ajv-formats stay external: the validators precompiled into
 * dist/validators/*.cjs `require` ajv's runtime from node_modules, and the compiler is loaded
 * only when a schema was never seen.
 */
const external = [/^node:/, ...builtinModules, /^ajv(\/|$)/, /^ajv-formats(\/|$)/];

export default defineConfig({
  define: { __RFC_EXTRACT_FINGERPRINT__: JSON.stringify(rfcExtractFingerprint.digest('hex').slice(0, 32)), __SPECGATE_BUNDLE__: 'true' },
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    outDir: 'dist/bundle',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // The part of js-yaml we use is an entry of its own (dist/bundle/js-yaml.cjs), required by
      // path when the first YAML file is parsed (scripts/core/yaml-tree.ts): no run pays for it
      // that reads no YAML, and none pays node's package lookup for it.
      input: { cli: 'scripts/cli.ts', 'js-yaml': 'scripts/build/js-yaml-entry.ts' },
      external,
      output: {
        // CommonJS: node starts a CommonJS entry measurably faster than an ES module one, and
        // rolldown shims import.meta.url for it.
        format: 'cjs',
        entryFileNames: '[name].cjs',
        chunkFileNames: 'chunks/[name]-[hash].cjs',
        // The core modules every command uses travel together (one file to load, not a dozen).
        // Those loaded with `await import()` (markdown parsers, git, parse cache, glob matching, reporters)
        // stay separate chunks: a group would make them part of every run.
        codeSplitting: {
          groups: [{ name: 'core', test: /[\\/]scripts[\\/]core[\\/](?!(?:markdown[-a-z]*|git-source|parse-cache|glob-match|compile-cache)\.ts|reporters[\\/])[^\\/]+\.ts$/ }],
        },
      },
    },
  },
});
