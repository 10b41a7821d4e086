import type { Connection } from 'vscode-languageserver/node';
import { printable } from '../core/base/printable.js';

/**
 * The most text the server keeps for the editor's open buffers together, in characters (UTF-16
 * code units: 128 MiB of strings). Twice the cap of one file (MAX_FILE_BYTES), so two files of the
 * largest size the CLI checks fit; a workspace of ordinary spec files is far below it.
 */
export const MAX_OPEN_BUFFER_CHARS = 64 * 1024 * 1024;

/** The connection's document notifications, as TextDocuments.listen() subscribes to them. */
type DocumentEvents = Pick<Connection, 'onDidOpenTextDocument' | 'onDidChangeTextDocument' | 'onDidCloseTextDocument' | 'onWillSaveTextDocument' | 'onWillSaveTextDocumentWaitUntil' | 'onDidSaveTextDocument'>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isUint = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isPosition = (v: unknown) => isObject(v) && isUint(v.line) && isUint(v.character);

/** Why a document identifier is not one (undefined: it is): a `uri` that is a string and parses as a URL. */
function badUri(td: unknown): string | undefined {
  if (!isObject(td)) return 'no textDocument';
  if (typeof td.uri !== 'string') return 'its uri is not a string';
  if (!canParse(td.uri)) return 'its uri is not a URI';
  return undefined;
}

function canParse(uri: string): boolean {
  try {
    new URL(uri);
    return true;
  } catch {
    return false;
  }
}

/** Why a didOpen's parameters are not LSP's TextDocumentItem (undefined: they are). */
export function malformedOpen(params: unknown): string | undefined {
  const td = isObject(params) ? params.textDocument : undefined;
  const uri = badUri(td);
  if (uri) return uri;
  const item = td as Record<string, unknown>;
  if (typeof item.text !== 'string') return 'its text is not a string';
  if (typeof item.languageId !== 'string') return 'its languageId is not a string';
  if (!Number.isSafeInteger(item.version)) return 'its version is not an integer';
  return undefined;
}

/** Why a didChange's parameters are not LSP's (undefined: they are). */
export function malformedChange(params: unknown): string | undefined {
  const td = isObject(params) ? params.textDocument : undefined;
  const uri = badUri(td);
  if (uri) return uri;
  if (!Number.isSafeInteger((td as Record<string, unknown>).version)) return 'its version is not an integer';
  const changes = (params as Record<string, unknown>).contentChanges;
  if (!Array.isArray(changes)) return 'its contentChanges is not a list';
  for (const c of changes) {
    if (!isObject(c) || typeof c.text !== 'string') return 'a change has no text';
    if (c.range !== undefined && !(isObject(c.range) && isPosition(c.range.start) && isPosition(c.range.end))) return 'a change has a range that is not one';
  }
  return undefined;
}

/**
 * The document notifications the server's TextDocuments listens to, guarded: a message whose
 * parameters are not LSP's (no textDocument, a uri that is no string or no URI, text that is not a
 * string, a version that is no integer) is dropped with one log line instead of reaching
 * TextDocuments (which would keep a number as a document's text, or throw); and the open buffers
 * are bounded in total (MAX_OPEN_BUFFER_CHARS): a didOpen that would pass the cap is not kept,
 * and a change that could pass it closes that buffer here (the file on disk is checked instead),
 * each with a log line. `sizeOf` says a kept buffer's length once a change is applied. A handler that throws is logged, never left to the connection.
 */
export function screenDocumentEvents(connection: Connection, log: (line: string) => void, sizeOf: (uri: string) => number | undefined, cap: number = MAX_OPEN_BUFFER_CHARS): DocumentEvents {
  const sizes = new Map<string, number>();
  let total = 0;
  let closeHandler: ((p: { textDocument: { uri: string } }) => void) | undefined;
  const shown = (uri: string) => printable(uri.slice(0, 200));
  const safely = (what: string, run: () => void) => {
    try {
      run();
    } catch (e) {
      log(`specgate: ${what} failed: ${printable(String((e as Error)?.message ?? e))}`);
    }
  };
  const forget = (uri: string) => {
    total -= sizes.get(uri) ?? 0;
    sizes.delete(uri);
  };
  const dropped = (kind: string, why: string) => log(`specgate: ignoring a malformed ${kind}: ${why}`);

  return {
    onDidOpenTextDocument: (handler) =>
      connection.onDidOpenTextDocument((params) => {
        const why = malformedOpen(params);
        if (why) return dropped('textDocument/didOpen', why);
        const { uri, text } = params.textDocument;
        const before = sizes.get(uri) ?? 0;
        if (total - before + text.length > cap) {
          log(`specgate: not keeping ${shown(uri)} (${text.length} characters): the open buffers would pass ${cap} characters in all; the file on disk is checked instead`);
          // Reopened larger than the cap allows: its older buffer goes too.
          if (before) safely('didClose', () => closeHandler?.({ textDocument: { uri } }));
          forget(uri);
          return;
        }
        sizes.set(uri, text.length);
        total += text.length - before;
        safely('didOpen', () => handler(params));
      }),
    onDidChangeTextDocument: (handler) =>
      connection.onDidChangeTextDocument((params) => {
        const why = malformedChange(params);
        if (why) return dropped('textDocument/didChange', why);
        const { uri } = params.textDocument;
        const now = sizes.get(uri);
        if (now === undefined) return; // not an open buffer (never opened, or not kept)
        // A full change sets the size; an incremental one adds at most its text.
        let bound = now;
        for (const c of params.contentChanges) bound = 'range' in c && c.range ? bound + c.text.length : c.text.length;
        if (total - now + bound > cap) {
          log(`specgate: closing ${shown(uri)}: with this change the open buffers could pass ${cap} characters in all; the file on disk is checked instead`);
          forget(uri);
          safely('didClose', () => closeHandler?.({ textDocument: { uri } }));
          return;
        }
        safely('didChange', () => handler(params));
        // The buffer's real size once the change is applied (a range may have removed text).
        const size = sizeOf(uri) ?? bound;
        total += size - now;
        sizes.set(uri, size);
      }),
    onDidCloseTextDocument: (handler) => {
      closeHandler = handler as typeof closeHandler;
      return connection.onDidCloseTextDocument((params) => {
        const why = badUri(isObject(params) ? params.textDocument : undefined);
        if (why) return dropped('textDocument/didClose', why);
        forget(params.textDocument.uri);
        safely('didClose', () => handler(params));
      });
    },
    onWillSaveTextDocument: (handler) =>
      connection.onWillSaveTextDocument((params) => {
        const why = badUri(isObject(params) ? params.textDocument : undefined);
        if (why) return dropped('textDocument/willSave', why);
        safely('willSave', () => handler(params));
      }),
    onWillSaveTextDocumentWaitUntil: (handler) =>
      connection.onWillSaveTextDocumentWaitUntil((params, token) => {
        const why = badUri(isObject(params) ? params.textDocument : undefined);
        if (why) {
          dropped('textDocument/willSaveWaitUntil', why);
          return [];
        }
        return handler(params, token);
      }),
    onDidSaveTextDocument: (handler) =>
      connection.onDidSaveTextDocument((params) => {
        const why = badUri(isObject(params) ? params.textDocument : undefined);
        if (why) return dropped('textDocument/didSave', why);
        safely('didSave', () => handler(params));
      }),
  };
}
