import type { Connection, Hover, InitializeResult } from 'vscode-languageserver/node';
import { CodeActionKind, createConnection, StreamMessageReader, StreamMessageWriter, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { packageVersion } from '../core/base/package-root.js';
import { jsonText } from '../core/reporters/json-text.js';
import { printable } from '../core/base/printable.js';
import { MAX_FILE_BYTES } from '../core/io/source.js';
import { quickFix, toDiagnostic } from './convert.js';
import { screenDocumentEvents } from './document-screen.js';
import { frameScreen } from './frame-screen.js';
import { hoverAt } from './hover.js';
import { placeUri, rootOfUri } from './uri.js';
import { Workspace } from './workspace.js';

/**
 * The connection over stdio. Messages are serialised as every machine format is (json-text.ts): the
 * bidi controls and marks, DEL, C1 and the line separators of a document's text, quoted in a
 * diagnostic, reach the editor as `\uXXXX` escapes, never as raw bytes (the same JSON value).
 */
function stdioConnection(): Connection {
  const encoder = { name: 'application/json', encode: (msg: unknown, opts: { charset: BufferEncoding }) => Promise.resolve(Buffer.from(jsonText(msg, 0), opts.charset)) };
  const input = process.stdin.pipe(frameScreen(logLine));
  const reader = new StreamMessageReader(input);
  // What vscode-languageserver does for streams it is handed (not for a reader): the input's end
  // (the client gone, or the frame screen closing a bad connection) ends the process, 0 after a shutdown request.
  let shutdown = false;
  const listen = reader.listen.bind(reader);
  reader.listen = (callback) =>
    listen((message) => {
      if ((message as { method?: string }).method === 'shutdown') shutdown = true;
      callback(message);
    });
  for (const event of ['end', 'close']) input.on(event, () => process.exit(shutdown ? 0 : 1));
  return createConnection(reader, new StreamMessageWriter(process.stdout, { contentTypeEncoder: encoder }));
}

/** Quiet time after the last keystroke before a check (changes in that window are checked together). */
export const DEFAULT_DEBOUNCE_MS = 20;

/**
 * `specgate lsp`: the check families over the editor's buffers, published as diagnostics of the
 * open documents on open, change and save, with quick fixes and hover on rule ids. Speaks LSP over
 * stdio through vscode-languageserver.
 */
export function startServer(connection: Connection = stdioConnection(), serverOpts: { plugins?: boolean } = {}): void {
  const documents = new TextDocuments(TextDocument);
  let workspace: Workspace | undefined;
  let ready: Promise<void> = Promise.resolve();
  let debounceMs = DEFAULT_DEBOUNCE_MS;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  /** URIs already said to be ignored (each said once; a bounded set, the editor may send many). */
  const saidIgnored = new Set<string>();
  const relOf = (uri: string): string | undefined => {
    if (!workspace) return undefined;
    const placed = placeUri(workspace.root, uri);
    if ('rel' in placed) return placed.rel;
    if (!saidIgnored.has(uri) && saidIgnored.size < 1000) {
      saidIgnored.add(uri);
      connection.console.log(`specgate: ignoring ${printable(uri.slice(0, 200))}: ${printable(placed.ignored)}`);
    }
    return undefined;
  };

  const publish = (uris: Iterable<string>) => {
    if (!workspace) return;
    for (const uri of uris) {
      const rel = relOf(uri);
      if (rel === undefined) continue;
      const doc = documents.get(uri);
      if (!doc) continue;
      void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: workspace.findingsFor(rel).map((f) => toDiagnostic(workspace!.root, f)) });
    }
  };

  let checking = false;
  /**
   * Checks what changed, then what changed meanwhile, until nothing is pending: edits that arrive
   * while a check runs are taken together by the next one, never queued one check each.
   */
  const flush = async () => {
    timer = undefined;
    if (checking) return;
    checking = true;
    try {
      await ready;
      while (pending.size) {
        const changed = [...pending];
        pending.clear();
        try {
          await workspace!.check(changed);
        } catch (e) {
          // The message may quote a file of the workspace: escaped, as on a terminal.
          connection.console.error(`specgate: check failed: ${printable(String((e as Error).stack ?? e), '\n')}`);
        }
      }
      publish(documents.keys());
    } finally {
      checking = false;
    }
  };

  const schedule = (rel: string) => {
    pending.add(rel);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  };

  connection.onInitialize((params): InitializeResult => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    const local = folder ? rootOfUri(folder) : undefined;
    if (folder && local === undefined) connection.console.log(`specgate: the workspace ${printable(folder.slice(0, 200))} is not a local folder; checking the working directory`);
    const root = local ?? process.cwd();
    const opts = params.initializationOptions as { debounceMs?: number } | undefined;
    if (typeof opts?.debounceMs === 'number' && opts.debounceMs >= 0) debounceMs = opts.debounceMs;
    workspace = new Workspace(root, serverOpts);
    ready = workspace.init();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        hoverProvider: true,
      },
      serverInfo: { name: 'specgate', version: packageVersion() },
    };
  });

  // didOpen also arrives here (TextDocuments reports an opened document as changed content).
  documents.onDidChangeContent(({ document }) => {
    const rel = relOf(document.uri);
    if (rel === undefined) return;
    const text = document.getText();
    // The CLI's file cap: a bigger buffer is checked as the file on disk is (the corpus reports that one).
    if (text.length > MAX_FILE_BYTES) {
      connection.console.log(`specgate: ${printable(rel)} is ${text.length} characters in the editor; not checking a buffer over ${MAX_FILE_BYTES}`);
      workspace!.setBuffer(rel, null);
    } else workspace!.setBuffer(rel, text);
    schedule(rel);
  });
  documents.onDidSave(({ document }) => {
    const rel = relOf(document.uri);
    if (rel !== undefined) schedule(rel);
  });
  documents.onDidClose(({ document }) => {
    const rel = relOf(document.uri);
    if (rel === undefined) return;
    workspace!.setBuffer(rel, null);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    schedule(rel);
  });

  connection.onCodeAction((params) => params.context.diagnostics.flatMap((d) => (d.source === 'specgate' ? (quickFix(workspace!.root, d) ?? []) : [])));

  connection.onHover(async (params): Promise<Hover | null> => {
    const doc = documents.get(params.textDocument.uri);
    const rel = relOf(params.textDocument.uri);
    if (!doc || rel === undefined) return null;
    return hoverAt(doc, params.position, workspace!.findingsFor(rel), workspace!.preset, workspace!.pluginRules, workspace!.citations);
  });

  // For `npm run bench -- --lsp`: the heap after a full collection (when node runs with --expose-gc).
  connection.onRequest('specgate/memory', () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage();
  });

  // Malformed document messages are dropped, and the open buffers bounded in total, before TextDocuments keeps anything.
  documents.listen(screenDocumentEvents(connection, (line) => connection.console.log(line), (uri) => documents.get(uri)?.getText().length) as Connection);
  connection.listen();
}

/** A line on stderr (before the connection exists, or when the input is closed under it), escaped. */
function logLine(line: string): void {
  process.stderr.write(`${printable(line)}\n`);
}
