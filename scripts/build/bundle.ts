import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The build's second step, after tsc (`npm run build`): each module listed here re-exports
 * libraries only, and its output in dist/ is one esbuild bundle of those libraries, so a
 * run that needs them reads and compiles one file instead of a tree of small ones (Node 20 has no
 * compile cache; the figures are in docs/decisions/module-loading.md). specgate's own modules are
 * never bundled: a plugin importing `specgate/rules` meets the same module instances as the CLI.
 * The lazy boundaries stay where they are: a bundle loads when its one importer does.
 */
export const LIBRARY_BUNDLES: ReadonlyArray<{ source: string; format: 'esm' | 'cjs' }> = [
  // The Markdown parser's libraries (remark, micromark, mdast utilities): an RFC parse.
  { source: 'core/parse/markdown-libs.ts', format: 'esm' },
  // ajv's compiler, ajv-formats and the standalone code generator: a schema compile. CommonJS,
  // because compiling is synchronous; the file is plain JavaScript, which tsc does not copy.
  { source: 'core/engine/ajv-libs.cjs', format: 'cjs' },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export async function bundleLibraries(): Promise<void> {
  for (const { source, format } of LIBRARY_BUNDLES) {
    await build({
      entryPoints: [path.join(root, 'scripts', source)],
      outfile: path.join(root, 'dist', 'scripts', source.replace(/\.ts$/, '.js')),
      allowOverwrite: true,
      bundle: true,
      format,
      platform: 'node',
      target: 'node20',
      minifySyntax: true,
      legalComments: 'inline',
      logLevel: 'warning',
    });
  }
}

await bundleLibraries();
