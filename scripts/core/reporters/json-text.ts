import { UNSAFE_ABOVE_C0 } from '../base/printable.js';

/**
 * Characters JSON carries raw but a terminal, a CI log or an editor acts on: DEL and the C1 controls
 * (U+009B starts a VT220 sequence), the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069: text shown in another order than it is), the bidi marks (U+061C,
 * U+200E, U+200F), and the line and
 * paragraph separators (U+2028, U+2029: line breaks to some readers). JSON.stringify escapes the
 * C0 controls itself.
 */
const UNSAFE = new RegExp(`[${UNSAFE_ABOVE_C0}]`, 'g');

/**
 * The one way a machine format (json, sarif, the commands' JSON documents, probe records) is
 * serialised: JSON.stringify with every character above written `\uXXXX`. Those characters only
 * occur inside strings, so the text is the same JSON value, parsed exactly as before.
 */
export function jsonText(value: unknown, space: number = 2): string {
  return JSON.stringify(value, null, space).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
