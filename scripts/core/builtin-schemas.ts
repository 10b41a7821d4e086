/**
 * Schemas that ship with the tool rather than the governed repository (as JSON text, so the
 * build step can precompile them and the cache key is the text). Families add theirs here.
 */
export const BUILTIN_SCHEMAS: Record<string, string> = {};
