/**
 * A bound on the errors ajv keeps. With all errors on, ajv makes an object for every error of the
 * document (about 150 bytes each), and a pull request controls both the document and how many
 * errors each byte of it makes: a 4 MiB map of `{},` rows (six missing properties per row) is
 * eight million errors, well over a gigabyte before a single finding is made. ajv has no option
 * for it, so its documented hook for the generated code (`code.process`) keeps the first
 * `MAX_SCHEMA_ERRORS` error objects of each validation and only counts the rest: past the cap an
 * error lengthens the list by an empty slot instead of storing itself. The list's length is what
 * ajv's own logic reads (`errors = vErrors.length` after a `$ref`, `vErrors.length = n` when an
 * `anyOf` branch passes), so it stays exact and validity is unchanged; only the objects past the
 * cap are never kept. The engine keeps 1,000 findings per file; ten times that leaves room for the
 * errors that are merged away (a wrong type's echoes, a misspelt key's `required`).
 */
export const MAX_SCHEMA_ERRORS = 10_000;

/** Appends `more` to `list` keeping at most the cap's objects; the length is the exact count. */
const CONCAT = `function specgateCappedConcat(list, more) {
  const n = list.length + more.length;
  if (list.length >= ${MAX_SCHEMA_ERRORS}) { list.length = n; return list; }
  const out = list.slice();
  for (let i = 0; i < more.length && out.length < ${MAX_SCHEMA_ERRORS}; i++) out.push(more[i]);
  out.length = n;
  return out;
}
`;

/**
 * ajv's generated source with the cap: `vErrors.push(errN)` stores only under the cap, and the
 * `$ref` merge `vErrors.concat(x)` goes through the capped concat above. Every other use of the
 * list (truncation, `validate.errors = vErrors`) works on its length and needs no change.
 */
export function capErrorsInCode(code: string): string {
  const capped = code
    .replace(/\bvErrors\.push\((err\d*)\)/g, `(vErrors.length < ${MAX_SCHEMA_ERRORS} ? vErrors.push($1) : vErrors.length++)`)
    .replace(/\bvErrors\.concat\(/g, 'specgateCappedConcat(vErrors, ');
  return capped === code ? code : CONCAT + capped;
}

/** What a capped validation found: the first errors (no empty slots) and how many there were. */
export function keptErrors<E>(errors: readonly (E | undefined)[] | null | undefined): { kept: E[]; total: number } {
  if (!errors) return { kept: [], total: 0 };
  const kept: E[] = [];
  const end = Math.min(errors.length, MAX_SCHEMA_ERRORS);
  for (let i = 0; i < end; i++) {
    const e = errors[i];
    if (e !== undefined) kept.push(e);
  }
  return { kept, total: errors.length };
}
