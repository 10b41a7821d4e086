import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_VALIDATORS_DIR, compileWithAjv, schemaKey, writeCache } from '../core/schema.js';

/**
 * Build step: compile the JSON Schemas this repository governs (and the tool's own) into
 * standalone validator code, so a check run never has to import or run ajv's compiler.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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

let n = 0;
const texts: Array<{ name: string; text: string }> = [];
for (const dir of ['spec', 'schemas', 'invariants', 'scripts/schemas']) for (const f of schemaFiles(path.join(root, dir))) texts.push({ name: path.relative(root, f), text: readFileSync(f, 'utf8') });
for (const { name, text } of texts) {
  try {
    const { code } = await compileWithAjv(JSON.parse(text));
    writeCache(BUILT_VALIDATORS_DIR, schemaKey(text), code);
    n++;
  } catch (e) {
    process.stderr.write(`generate-validators: skipped ${name}: ${(e as Error).message.split('\n')[0]}\n`);
  }
}
process.stdout.write(`generate-validators: ${n} validators in ${path.relative(root, BUILT_VALIDATORS_DIR)}\n`);
