import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
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

/**
 * The startup snapshot's entry (scripts/snapshot/entry.ts) bundled with every module it reaches
 * into one CommonJS file, which `node --build-snapshot` runs (scripts/snapshot/build-blob.ts): a
 * snapshot's entry can require built-in modules only. Bundled from the build's own output, so it
 * holds the same code as dist/. Each module's `import.meta.url` becomes its own file's URL in
 * dist/, found from the bundle's folder, so the paths a module derives (the package root, the
 * presets, the reader's fingerprint) are those of the plain CLI; the libraries loaded on demand
 * through `createRequire(import.meta.url)` are bundled too.
 */
export async function bundleSnapshotEntry(): Promise<void> {
  const dist = path.join(root, 'dist', 'scripts');
  await build({
    entryPoints: [path.join(dist, 'snapshot', 'entry.js')],
    outfile: path.join(dist, 'snapshot', 'entry.cjs'),
    allowOverwrite: true,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    legalComments: 'inline',
    logLevel: 'warning',
    // Minified, names kept (a name in a message or a test stays what it is): the blob holds this
    // text, and a smaller one loads faster (report after an RFC edit: ~15 ms of wall time;
    // docs/decisions/startup-snapshot.md).
    minify: true,
    keepNames: true,
    // jsonc-parser's "main" is a UMD build whose inner requires a bundler cannot see: its ESM build.
    mainFields: ['module', 'main'],
    banner: { js: 'const __specgateModuleUrl = (rel) => require("node:url").pathToFileURL(require("node:path").join(__dirname, "..", rel)).href;' },
    plugins: [
      {
        name: 'module-urls',
        setup(b) {
          b.onLoad({ filter: /[\\/]dist[\\/]scripts[\\/].*\.js$/ }, async (args) => {
            const rel = path.relative(dist, args.path).split(path.sep).join('/');
            const text = (await readFile(args.path, 'utf8'))
              .replace(/createRequire\(import\.meta\.url\)\(('[a-z-]+')\)/g, 'require($1)')
              .replaceAll('import.meta.url', `__specgateModuleUrl(${JSON.stringify(rel)})`);
            return { contents: text, loader: 'js', resolveDir: path.dirname(args.path) };
          });
        },
      },
    ],
  });
}

await bundleLibraries();
await bundleSnapshotEntry();
