import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * Bundles the CLI (`npm run build`, after tsc): one entry, dist/bundle/cli.cjs, with each
 * lazy `await import()` kept as its own chunk, so a run loads a few files instead of dozens of
 * small modules. ajv and ajv-formats stay external: the validators precompiled into
 * dist/validators/*.cjs `require` ajv's runtime from node_modules, and the compiler is loaded
 * only when a schema was never seen.
 */
const external = [/^node:/, ...builtinModules, /^ajv(\/|$)/, /^ajv-formats(\/|$)/];

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'scripts/cli.ts',
    outDir: 'dist/bundle',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    rolldownOptions: {
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
