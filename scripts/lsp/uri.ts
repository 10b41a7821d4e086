import path from 'node:path';
import { URI } from 'vscode-uri';
import { toPosix } from '../core/io/source.js';

export type Placed = { rel: string } | { ignored: string };

/**
 * Where a document URI from the editor is in the workspace, read by vscode-uri (the parser VS Code
 * itself uses): a repository-relative path, or why the document is not the workspace's. Only
 * `file:` URIs without a host are files of this machine; an encoded `/` or `\` (`%2f`, `%5c`)
 * would name another path than the one it spells, and a NUL none at all; `..` may not leave the
 * root. Node's `fileURLToPath` throws on a host or `%2f`, which ended the server at its next check.
 */
export function placeUri(root: string, uri: string): Placed {
  let parsed: URI;
  try {
    parsed = URI.parse(uri, true);
  } catch (e) {
    return { ignored: `not a URI (${e instanceof Error ? e.message : String(e)})` };
  }
  if (parsed.scheme !== 'file') return { ignored: `scheme "${parsed.scheme}" is not file:` };
  if (parsed.authority !== '') return { ignored: `file URI names a host ("${parsed.authority}")` };
  const raw = uri.slice(uri.indexOf(':') + 1);
  if (/%2f|%5c|%00/i.test(raw) || parsed.path.includes('\0')) return { ignored: 'path holds an encoded "/", "\\" or NUL' };
  const rel = toPosix(path.relative(root, path.resolve(parsed.fsPath)));
  if (rel === '' || rel === '..' || rel.startsWith('../') || path.isAbsolute(rel)) return { ignored: 'outside the workspace' };
  return { rel };
}

/** The workspace folder the editor names at initialize, when it is a plain local `file:` folder. */
export function rootOfUri(uri: string): string | undefined {
  const placed = placeUri('/', uri);
  return 'rel' in placed ? path.resolve('/', placed.rel) : uri === 'file:///' ? '/' : undefined;
}
