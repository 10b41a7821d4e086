/**
 * Whether a spec names an installed package (and maybe a file in it) without leaving it: Node's
 * resolver joins a bare specifier to each node_modules folder with path.resolve, so
 * `a/../../../tmp/x.js` would name a file anywhere on the disk. A package spec (a plugin, a
 * config `extends`) is `name` or `@scope/name`, then path segments none of which is empty, `.`
 * or `..`, and no backslash or NUL.
 */
export function isPackageName(spec: string): boolean {
  if (spec.length === 0 || spec.includes('\\') || spec.includes('\0') || spec.startsWith('/')) return false;
  return spec.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}
