import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { CodeAction, Diagnostic, Hover, InitializeResult, ProtocolConnection, PublishDiagnosticsParams, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol/node';
import {
  CodeActionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

/**
 * A small LSP client for `specgate lsp`: spawns the server and speaks to it over stdio through
 * vscode-languageserver-protocol, as an editor would. Used by the LSP tests, the `--lsp` bench
 * and the transcript in docs/editor.md. Every message is noted in `transcript`.
 */
export class LspClient {
  readonly transcript: string[] = [];
  private readonly proc: ChildProcess;
  private readonly conn: ProtocolConnection;
  private readonly versions = new Map<string, number>();
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: Array<{ uri: string; test: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }> = [];
  /** Set when the server process has ended: its exit code. */
  exitCode: Promise<number | null>;

  constructor(
    readonly cli: string,
    readonly root: string,
    nodeArgs: string[] = [],
  ) {
    this.proc = spawn(process.execPath, [...nodeArgs, cli, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
    this.exitCode = new Promise((resolve) => this.proc.on('exit', (code) => resolve(code)));
    this.conn = createProtocolConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.note(`← publishDiagnostics ${this.rel(p.uri)} v${p.version ?? '-'}: ${p.diagnostics.length ? p.diagnostics.map(brief).join('; ') : '(none)'}`);
      this.diagnostics.set(p.uri, p);
      for (const w of [...this.waiters]) {
        if (w.uri === p.uri && w.test(p)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(p);
        }
      }
    });
    this.conn.listen();
  }

  uri(rel: string): string {
    return pathToFileURL(path.join(this.root, rel)).href;
  }

  async initialize(options: Record<string, unknown> = {}): Promise<InitializeResult> {
    this.note(`→ initialize rootUri=${path.basename(this.root)}`);
    const result = await this.conn.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(this.root).href, capabilities: {}, initializationOptions: options, workspaceFolders: null });
    this.note(`← initialize: ${result.serverInfo?.name} ${result.serverInfo?.version}`);
    await this.conn.sendNotification(InitializedNotification.type, {});
    return result;
  }

  async open(rel: string, text: string): Promise<void> {
    const languageId = rel.endsWith('.md') ? 'markdown' : rel.endsWith('.json') ? 'json' : 'yaml';
    this.versions.set(rel, 1);
    this.note(`→ didOpen ${rel}`);
    await this.conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: this.uri(rel), languageId, version: 1, text } });
  }

  /** Replaces the whole buffer (unsaved). */
  async change(rel: string, text: string, quiet = false): Promise<number> {
    return this.edit(rel, [{ text }], quiet);
  }

  async edit(rel: string, changes: TextDocumentContentChangeEvent[], quiet = false): Promise<number> {
    const version = (this.versions.get(rel) ?? 1) + 1;
    this.versions.set(rel, version);
    if (!quiet) this.note(`→ didChange ${rel} v${version}`);
    await this.conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: this.uri(rel), version }, contentChanges: changes });
    return version;
  }

  async close(rel: string): Promise<void> {
    this.note(`→ didClose ${rel}`);
    await this.conn.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: this.uri(rel) } });
  }

  /** The latest publication for a file that passes `test`: the one already received, else the next that does. */
  diagnosticsFor(rel: string, test: (p: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 30_000): Promise<PublishDiagnosticsParams> {
    const uri = this.uri(rel);
    const last = this.diagnostics.get(uri);
    if (last && test(last)) return Promise.resolve(last);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${rel} within ${timeoutMs} ms (last: ${JSON.stringify(this.diagnostics.get(uri)?.diagnostics.map(brief))})`)), timeoutMs);
      this.waiters.push({ uri, test, resolve: (p) => (clearTimeout(timer), resolve(p)) });
    });
  }

  /** Publications at or after a buffer version. */
  atVersion(rel: string, version: number, timeoutMs?: number): Promise<PublishDiagnosticsParams> {
    return this.diagnosticsFor(rel, (p) => (p.version ?? 0) >= version, timeoutMs);
  }

  async codeActions(rel: string, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
    const range = diagnostics[0]!.range;
    this.note(`→ codeAction ${rel} ${range.start.line + 1}:${range.start.character + 1}`);
    const actions = ((await this.conn.sendRequest(CodeActionRequest.type, { textDocument: { uri: this.uri(rel) }, range, context: { diagnostics } })) ?? []) as CodeAction[];
    this.note(`← codeAction: ${actions.map((a) => `"${a.title}"`).join(', ') || '(none)'}`);
    return actions;
  }

  async hover(rel: string, line: number, character: number): Promise<Hover | null> {
    this.note(`→ hover ${rel} ${line + 1}:${character + 1}`);
    const h = await this.conn.sendRequest(HoverRequest.type, { textDocument: { uri: this.uri(rel) }, position: { line, character } });
    const value = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    this.note(`← hover: ${value.split('\n')[0] || '(none)'}`);
    return h;
  }

  /** shutdown, then exit: resolves with the server's exit code. */
  async shutdown(): Promise<number | null> {
    this.note('→ shutdown');
    await this.conn.sendRequest(ShutdownRequest.type);
    this.note('→ exit');
    await this.conn.sendNotification(ExitNotification.type);
    const code = await this.exitCode;
    this.note(`server exited with code ${code}`);
    this.conn.dispose();
    return code;
  }

  /** The server's memory (heap after a full collection when it runs with --expose-gc). */
  memory(): Promise<NodeJS.MemoryUsage> {
    return this.conn.sendRequest('specgate/memory');
  }

  kill(): void {
    this.conn.dispose();
    this.proc.kill();
  }

  get pid(): number {
    return this.proc.pid!;
  }

  private rel(uri: string): string {
    return path.relative(this.root, new URL(uri).pathname);
  }

  private note(line: string): void {
    this.transcript.push(line);
  }
}

function brief(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${String(d.message).slice(0, 70)}`;
}
