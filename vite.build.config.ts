import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * Bundles the CLI (`npm run build`, after tsc): one ESM entry, dist/bundle/cli.js, with each
 * lazy `await import()` kept as its own chunk, so a run loads a few files instead of dozens of
 * small modules. ajv and ajv-formats stay external: the validators precompiled into
 * dist/validators/*.cjs `require` ajv's runtime from node_modules, and the compiler is loaded
 * only when a schema was never seen.
 */
const external = [/^node:/, ...builtinModules, /^ajv(\/|$)/, /^ajv-formats(\/|$)/];

export default defineConfig({
  configFile: false,
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
        format: 'esm',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
