import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from '../core/package-root.js';
import { BUILT_VALIDATORS_DIR, compileWithAjv, schemaKey, writeCache } from '../core/schema.js';
import { codeCachePath, loadValidatorCode } from '../core/validator-code.js';

/**
 * Build step: compile the JSON Schemas this repository governs (and the tool's own) into
 * standalone validator code, so a check run never has to import or run ajv's compiler.
 */
const root = packageRoot();

function* schemaFiles(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const e of entries) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) yield* schemaFiles(p);
    else if (e.endsWith('.schema.json')) yield p;
  }
}

/** Formats served by dist/validators/formats.cjs (from scripts/build/validator-formats.cjs). */
const formatsSource = path.join(root, 'scripts', 'build', 'validator-formats.cjs');
const localFormats = new Set(Object.keys(createRequire(import.meta.url)(formatsSource) as object));

/** String length in code points (scripts/build/validator-ucs2length.cjs, copied to dist/validators/ucs2length.cjs). */
const ucs2lengthSource = path.join(root, 'scripts', 'build', 'validator-ucs2length.cjs');

/**
 * Points the generated code's ajv-formats requires at the local module where it has the format,
 * and its string-length helper at the local copy.
 */
function withLocalRuntime(code: string): string {
  return code
    .replace(/require\("ajv-formats\/dist\/formats"\)\.fullFormats\.([\w$]+)/g, (req, name: string) => (localFormats.has(name) ? `require("./formats.cjs").${name}` : req))
    .replaceAll('require("ajv/dist/runtime/ucs2length")', 'require("./ucs2length.cjs")');
}

/**
 * Stores V8's compiled code of a validator beside it, made after one run so that the main
 * function, the largest part, is in it (node rejects it after an upgrade; it is then unused).
 */
function writeCodeCache(file: string, code: string): void {
  try {
    const loaded = loadValidatorCode(file, code);
    loaded.validate({});
    writeFileSync(codeCachePath(file), loaded.codeCache());
  } catch (e) {
    process.stderr.write(`generate-validators: no code cache for ${path.basename(file)}: ${(e as Error).message.split('\n')[0]}\n`);
  }
}

mkdirSync(BUILT_VALIDATORS_DIR, { recursive: true });
// Everything an earlier build generated goes: validators of schemas since changed, and caches.
for (const f of readdirSync(BUILT_VALIDATORS_DIR)) if (f.endsWith('.v8') || /^[0-9a-f]{32}\.cjs$/.test(f)) rmSync(path.join(BUILT_VALIDATORS_DIR, f));
copyFileSync(formatsSource, path.join(BUILT_VALIDATORS_DIR, 'formats.cjs'));
copyFileSync(ucs2lengthSource, path.join(BUILT_VALIDATORS_DIR, 'ucs2length.cjs'));
let n = 0;
const texts: Array<{ name: string; text: string }> = [];
for (const dir of ['spec', 'schemas', 'invariants', 'scripts/schemas']) for (const f of schemaFiles(path.join(root, dir))) texts.push({ name: path.relative(root, f), text: readFileSync(f, 'utf8') });
for (const { name, text } of texts) {
  try {
    const { code } = await compileWithAjv(JSON.parse(text));
    const key = schemaKey(text);
    const built = withLocalRuntime(code);
    writeCache(BUILT_VALIDATORS_DIR, key, built);
    writeCodeCache(path.join(BUILT_VALIDATORS_DIR, `${key}.cjs`), built);
    n++;
  } catch (e) {
    process.stderr.write(`generate-validators: skipped ${name}: ${(e as Error).message.split('\n')[0]}\n`);
  }
}
process.stdout.write(`generate-validators: ${n} validators in ${path.relative(root, BUILT_VALIDATORS_DIR)}\n`);
