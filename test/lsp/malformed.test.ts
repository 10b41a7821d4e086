import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_BUFFER_CHARS } from '../../scripts/lsp/document-screen.js';
import { CLI, projectCorpusCopy } from '../helpers/env.js';

/*
 * Issue 35, point 4/5: one malformed didOpen (no textDocument, a uri or text of the wrong type, a
 * URI that does not parse) must not break the language server, and the open buffers are bounded
 * in total (MAX_OPEN_BUFFER_CHARS, docs/limits.md). Through the real server process.
 */

const MAP = 'spec/v2/interop-map.json';
const RFC = 'RFCS/0001-rfc-process.md';

class Server {
  readonly proc: ChildProcess;
  stdout = '';
  stderr = '';
  constructor(root: string) {
    this.proc = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout!.on('data', (d: Buffer) => (this.stdout += d.toString('utf8')));
    this.proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString('utf8')));
    this.send({ id: 1, method: 'initialize', params: { processId: null, rootUri: pathToFileURL(root).href, capabilities: {}, initializationOptions: { debounceMs: 0 } } });
    this.send({ method: 'initialized', params: {} });
  }
  send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.proc.stdin!.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }
  async until(needle: string | RegExp): Promise<boolean> {
    for (let i = 0; i < 600; i++) {
      if (typeof needle === 'string' ? this.stdout.includes(needle) : needle.test(this.stdout)) return true;
      if (this.proc.exitCode !== null) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }
}

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.proc.kill();
});

function start(root: string): Server {
  const s = new Server(root);
  servers.push(s);
  return s;
}

describe('specgate lsp: a malformed didOpen is dropped; the server keeps answering', () => {
  const root = projectCorpusCopy();
  const rfcUri = pathToFileURL(path.join(root, RFC)).href;
  const mapUri = pathToFileURL(path.join(root, MAP)).href;
  const mapText = readFileSync(path.join(root, MAP), 'utf8');
  const rfcText = readFileSync(path.join(root, RFC), 'utf8');

  it.each([
    ['no params', undefined],
    ['no textDocument', {}],
    ['textDocument null', { textDocument: null }],
    ['textDocument a string', { textDocument: 'file:///x' }],
    ['uri a number', { textDocument: { uri: 5, languageId: 'markdown', version: 1, text: 'x' } }],
    ['uri an object', { textDocument: { uri: { a: 1 }, languageId: 'markdown', version: 1, text: { b: 2 } } }],
    ['uri not a URI', { textDocument: { uri: '::not a uri', languageId: 'markdown', version: 1, text: 'x' } }],
    ['text a number, in the workspace', { textDocument: { uri: rfcUri, languageId: 'markdown', version: 1, text: 5 } }],
    ['text an object, in the workspace', { textDocument: { uri: rfcUri, languageId: 'markdown', version: 1, text: { a: 1 } } }],
    ['text missing, in the workspace', { textDocument: { uri: rfcUri, languageId: 'markdown', version: 1 } }],
    ['version a string', { textDocument: { uri: rfcUri, languageId: 'markdown', version: 'one', text: rfcText } }],
  ])('%s', async (_name, params) => {
    const s = start(root);
    s.send({ method: 'textDocument/didOpen', ...(params === undefined ? {} : { params }) });
    // Later valid requests: an RFC opened and checked, the map opened with a mistake, a hover answered.
    s.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: rfcUri, languageId: 'markdown', version: 2, text: rfcText } } });
    s.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: mapUri, languageId: 'json', version: 1, text: mapText.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"') } } });
    expect(await s.until('interop-map/reason-upper-snake'), s.stderr).toBe(true);
    s.send({ id: 7, method: 'textDocument/hover', params: { textDocument: { uri: rfcUri }, position: { line: 0, character: 0 } } });
    expect(await s.until('"id":7'), s.stderr).toBe(true);
    expect(await s.until(`"uri":"${rfcUri}"`), s.stderr).toBe(true);
    expect(s.stdout).not.toMatch(/check failed/);
    expect(s.stderr).not.toMatch(/TypeError|Error:|at .*\.js:\d+/);
    if (params !== undefined) expect(s.stdout).toMatch(/specgate: ignoring a malformed textDocument\/didOpen: /);
    expect(s.proc.exitCode).toBeNull();
  });

  it('a malformed didChange and didClose are dropped too', async () => {
    const s = start(root);
    s.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: mapUri, languageId: 'json', version: 1, text: mapText } } });
    s.send({ method: 'textDocument/didChange', params: { textDocument: { uri: mapUri, version: 2 }, contentChanges: [{ text: 5 }] } });
    s.send({ method: 'textDocument/didChange', params: { textDocument: { uri: mapUri, version: 3 }, contentChanges: [{ range: { start: 'x' }, text: 'y' }] } });
    s.send({ method: 'textDocument/didClose', params: { textDocument: { uri: 7 } } });
    s.send({ method: 'textDocument/didChange', params: { textDocument: { uri: mapUri, version: 4 }, contentChanges: [{ text: mapText.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"') }] } });
    expect(await s.until('interop-map/reason-upper-snake'), s.stderr).toBe(true);
    expect(s.stdout).toMatch(/ignoring a malformed textDocument\/didChange: a change has no text/);
    expect(s.stdout).toMatch(/ignoring a malformed textDocument\/didChange: a change has a range that is not one/);
    expect(s.stdout).toMatch(/ignoring a malformed textDocument\/didClose: its uri is not a string/);
    expect(s.stderr).not.toMatch(/TypeError|at .*\.js:\d+/);
  });
});

describe('specgate lsp: the open buffers are bounded in total', () => {
  it(`past ${MAX_OPEN_BUFFER_CHARS} characters a buffer is not kept (a log line); closing one makes room`, async () => {
    const root = projectCorpusCopy();
    const s = start(root);
    // Three notes of 30 Mi characters each (under the one-file cap): the third would pass the total.
    const big = 'x'.repeat(30 * 1024 * 1024);
    const uri = (n: number) => pathToFileURL(path.join(root, `notes-${n}.txt`)).href;
    for (const n of [1, 2, 3]) s.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: uri(n), languageId: 'plaintext', version: 1, text: big } } });
    expect(await s.until(/not keeping .*notes-3\.txt \(31457280 characters\): the open buffers would pass 67108864 characters in all/), s.stderr).toBe(true);
    expect(s.stdout).not.toMatch(/not keeping .*notes-[12]\.txt/);
    // A change that would grow a kept buffer past the total closes it.
    s.send({ method: 'textDocument/didChange', params: { textDocument: { uri: uri(2), version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: big }] } });
    expect(await s.until(/closing .*notes-2\.txt: with this change the open buffers could pass/), s.stderr).toBe(true);
    // Closed: room for the third.
    s.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: uri(3), languageId: 'plaintext', version: 2, text: big } } });
    s.send({ id: 9, method: 'specgate/memory' });
    expect(await s.until('"id":9'), s.stderr).toBe(true);
    expect(s.stdout.match(/not keeping .*notes-3\.txt/g)?.length).toBe(1);
    expect(s.proc.exitCode).toBeNull();
  });
});
