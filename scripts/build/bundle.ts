import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The build's second step, after tsc (`npm run build`): each module listed here re-exports
 * libraries only, and its tsc output is replaced by one esbuild bundle of those libraries, so a
 * run that needs them reads and compiles one file instead of a tree of small ones (Node 20 has no
 * compile cache; the figures are in docs/decisions/module-loading.md). specgate's own modules are
 * never bundled: a plugin importing `specgate/rules` meets the same module instances as the CLI.
 * The lazy boundaries stay where they are: a bundle loads when its one importer does.
 */
export const LIBRARY_BUNDLES = ['core/parse/markdown-libs'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export async function bundleLibraries(): Promise<void> {
  for (const name of LIBRARY_BUNDLES) {
    await build({
      entryPoints: [path.join(root, 'scripts', `${name}.ts`)],
      outfile: path.join(root, 'dist', 'scripts', `${name}.js`),
      allowOverwrite: true,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      minifySyntax: true,
      legalComments: 'inline',
      logLevel: 'warning',
    });
  }
}

await bundleLibraries();
