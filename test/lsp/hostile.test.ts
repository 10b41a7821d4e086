import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { frameScreen, MAX_FRAME_BYTES, MAX_HEADER_BYTES } from '../../scripts/lsp/frame-screen.js';
import { placeUri } from '../../scripts/lsp/uri.js';
import { CLI, projectCorpusCopy } from '../helpers/env.js';

/*
 * The language server's input is the editor's, and an editor opens whatever it is given: URIs
 * outside the workspace, and (through a broken or hostile client) frames that are not LSP. Each
 * is ignored or ends the connection cleanly; none crashes the server or buffers without limit.
 */

const MAP = 'spec/v2/interop-map.json';

/** A raw client: frames written by hand, everything the server says kept. */
class RawServer {
  readonly proc: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  constructor(root: string) {
    this.proc = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout!.on('data', (d: Buffer) => (this.stdout += d.toString('utf8')));
    this.proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString('utf8')));
    this.exited = new Promise((resolve) => this.proc.on('exit', (code) => resolve(code)));
  }
  raw(s: string | Buffer): void {
    this.proc.stdin!.write(s);
  }
  send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.raw(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }
  /** Waits until the output holds `needle` (or the server ends). */
  async until(needle: string | RegExp, stream: 'stdout' | 'stderr' = 'stdout'): Promise<boolean> {
    let ended = false;
    void this.exited.then(() => (ended = true));
    for (let i = 0; i < 600; i++) {
      const text = this[stream];
      if (typeof needle === 'string' ? text.includes(needle) : needle.test(text)) return true;
      if (ended) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }
  kill(): void {
    this.proc.kill();
  }
}

const servers: RawServer[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.kill();
});

function start(root: string): RawServer {
  const s = new RawServer(root);
  servers.push(s);
  s.send({ id: 1, method: 'initialize', params: { processId: null, rootUri: pathToFileURL(root).href, capabilities: {}, initializationOptions: { debounceMs: 0 } } });
  s.send({ method: 'initialized', params: {} });
  return s;
}

const open = (uri: string, text: string) => ({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text } } });

describe('specgate lsp: hostile URIs', () => {
  it('a URI with a host, with %2f, or of another scheme is ignored with a log line; the server stays up and checks the next document', async () => {
    const root = projectCorpusCopy();
    const text = readFileSync(path.join(root, MAP), 'utf8');
    const s = start(root);
    const mapUri = pathToFileURL(path.join(root, MAP)).href;
    s.send(open(`file://evilhost${new URL(mapUri).pathname}`, text));
    s.send(open(mapUri.replace('/spec/v2/', '/spec%2fv2/'), text));
    s.send(open('untitled:Untitled-1', text));
    s.send(open(pathToFileURL(path.join(root, '..', 'elsewhere.json')).href, text));
    s.send(open(mapUri, text.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"')));
    expect(await s.until('interop-map/reason-upper-snake')).toBe(true);
    expect(s.stdout).toMatch(/ignoring file:\/\/evilhost\/.*names a host/);
    expect(s.stdout).toMatch(/ignoring file:.*spec%2fv2.*encoded/);
    expect(s.stdout).toMatch(/ignoring untitled:Untitled-1: scheme \W+untitled\W+ is not file:/);
    expect(s.stdout).toMatch(/elsewhere\.json: outside the workspace/);
    expect(s.stderr).not.toMatch(/TypeError|ERR_INVALID_FILE_URL|at .*\.js:\d+/);
    expect(s.proc.exitCode).toBeNull();
  });

  it('placeUri: only a file: URI without a host, inside the root, is a workspace file', () => {
    const root = '/work/repo';
    expect(placeUri(root, 'file:///work/repo/spec/v2/map.json')).toEqual({ rel: 'spec/v2/map.json' });
    expect(placeUri(root, 'file:///work/repo/a%20b.md')).toEqual({ rel: 'a b.md' });
    expect(placeUri(root, 'file://evil/work/repo/x.json')).toMatchObject({ ignored: expect.stringContaining('host') });
    expect(placeUri(root, 'file:///work/repo/spec%2Fv2/x.json')).toMatchObject({ ignored: expect.stringContaining('encoded') });
    expect(placeUri(root, 'file:///work/repo/x%5c..%5c..%5cetc')).toMatchObject({ ignored: expect.stringContaining('encoded') });
    expect(placeUri(root, 'file:///work/repo/../other/x.json')).toEqual({ ignored: 'outside the workspace' });
    expect(placeUri(root, 'file:///work/repo')).toEqual({ ignored: 'outside the workspace' });
    expect(placeUri(root, 'vscode-notebook-cell:/work/repo/x.json')).toMatchObject({ ignored: expect.stringContaining('scheme') });
  });
});

describe('specgate lsp: frames', () => {
  /** What the guard lets through for `input`, and its log. */
  async function guarded(input: Buffer[]): Promise<{ out: Buffer; log: string[]; ended: boolean }> {
    const log: string[] = [];
    const guard = frameScreen((l) => log.push(l));
    const chunks: Buffer[] = [];
    let ended = false;
    guard.on('data', (c: Buffer) => chunks.push(c));
    guard.on('end', () => (ended = true));
    const src = new PassThrough();
    src.pipe(guard);
    for (const c of input) src.write(c);
    src.end();
    await new Promise((r) => setTimeout(r, 20));
    return { out: Buffer.concat(chunks), log, ended };
  }
  const frame = (body: string) => Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`);

  it('well-formed frames pass through byte for byte, however they are cut', async () => {
    const all = Buffer.concat([frame('{"a":1}'), frame('{"b":"é"}'), frame('')]);
    const cuts = [all.subarray(0, 5), all.subarray(5, 30), all.subarray(30, 31), all.subarray(31)];
    const { out, log } = await guarded(cuts);
    expect(out.equals(all)).toBe(true);
    expect(log).toEqual([]);
  });

  it('Content-Length: 4000000000 is skipped as it streams by: nothing of it is passed on (so nothing is buffered), the next frame is read', async () => {
    const big = 4_000_000_000;
    expect(big).toBeGreaterThan(MAX_FRAME_BYTES);
    const mib = Buffer.alloc(1024 * 1024, 0x20);
    const { out, log } = await guarded([Buffer.from(`Content-Length: ${big}\r\n\r\n`), mib, mib]);
    expect(out.length).toBe(0);
    expect(log).toEqual([`specgate: skipped a message of ${big} bytes (at most ${MAX_FRAME_BYTES}; a document over the file cap is not checked)`]);
    // One past the cap, streamed through a MiB at a time (the same buffer: the guard keeps none), then a frame.
    const guard = frameScreen(() => {});
    const passed: Buffer[] = [];
    guard.on('data', (c: Buffer) => passed.push(c));
    guard.write(Buffer.from(`Content-Length: ${MAX_FRAME_BYTES + 1}\r\n\r\n`));
    for (let left = MAX_FRAME_BYTES + 1; left > 0; left -= mib.length) guard.write(left >= mib.length ? mib : mib.subarray(0, left));
    expect(passed).toEqual([]);
    guard.write(frame('{"next":true}'));
    await new Promise((r) => setTimeout(r, 20));
    expect(Buffer.concat(passed).toString()).toMatch(/\r\n\r\n\{"next":true\}$/);
  });

  it('a negative, non-numeric, doubled or missing Content-Length, a line that is no header, and an endless header end the input', async () => {
    for (const [head, why] of [
      ['Content-Length: -5', 'is not a byte count'],
      ['Content-Length: 12abc', 'is not a byte count'],
      ['Content-Length: 1\r\nContent-Length: 1', 'two Content-Length'],
      ['Content-Type: x', 'without Content-Length'],
      ['GET / HTTP/1.1', 'not "Name: value"'],
    ] as const) {
      const { out, log, ended } = await guarded([Buffer.from(`${head}\r\n\r\n{}`), frame('{}')]);
      expect(out.length, head).toBe(0);
      expect(ended, head).toBe(true);
      expect(log[0], head).toContain(why);
    }
    const endless = await guarded([Buffer.from('X-Pad: ' + 'a'.repeat(MAX_HEADER_BYTES + 1))]);
    expect(endless.ended).toBe(true);
    expect(endless.log[0]).toContain(`longer than ${MAX_HEADER_BYTES} bytes`);
  });

  it('the server on Content-Length: -5 drops the connection and exits with one log line, no stack trace (it waited forever)', async () => {
    const s = start(projectCorpusCopy());
    expect(await s.until('"id":1')).toBe(true);
    s.raw('Content-Length: -5\r\n\r\n{}');
    const code = await Promise.race([s.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
    expect(code).toBe(1);
    expect(s.stderr).toContain('specgate: closing the connection: Content-Length "-5" is not a byte count');
    expect(s.stderr).not.toMatch(/\n\s+at /);
  });
});
