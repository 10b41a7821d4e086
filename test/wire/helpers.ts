import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { parseJson } from '../../scripts/core/parse/json-tree.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { FsSource } from '../../scripts/core/io/source.js';
import { exchangeFromCapture } from '../../scripts/wire/capture.js';
import { loadWireContext } from '../../scripts/wire/context.js';
import type { Binding, Exchange, WireContext } from '../../scripts/wire/types.js';
import { PROJECT, SDK_FIXTURES } from '../helpers/env.js';

/** The judge's context built from this project's own interop map and RFC 0211 schemas. */
export async function projectContext(opts: { binding?: Binding; offeredVersions?: string[]; root?: string } = {}): Promise<WireContext> {
  const corpus = new Corpus(new FsSource(opts.root ?? PROJECT), presetLayout('specgate'));
  const { ctx, findings } = await loadWireContext(corpus, opts);
  if (!ctx) throw new Error(`no wire context: ${[...findings, ...corpus.problems].map((f) => `${f.file}: ${f.message}`).join('; ')}`);
  return ctx;
}

export function projectMap(): unknown {
  return JSON.parse(readFileSync(path.join(PROJECT, 'spec/v2/interop-map.json'), 'utf8'));
}

/** A real SDK capture, read in place. */
export function sdkCapture(name: string): { exchange: Exchange; file: string; text: string } {
  const file = path.join(SDK_FIXTURES, `${name}.json`);
  const text = readFileSync(file, 'utf8');
  const { exchange } = exchangeFromCapture(parseJson(file, text));
  if (!exchange) throw new Error(`${name} is not a capture`);
  return { exchange, file, text };
}

/** A JSON-RPC error body. */
export function rpcError(code: number, data?: unknown, id: unknown = 1, message = 'an error'): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } });
}

export function errorInfo(reason: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org', ...extra };
}

/** An exchange: a GetTask at A2A-Version 1.0 (or as told) and the given answer. */
export function exchange(body: string, o: { version?: string | null; method?: string; taskId?: string; status?: number; contentType?: string } = {}): Exchange {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (o.version !== null) headers['A2A-Version'] = o.version ?? '1.0';
  return {
    request: { method: 'POST', path: '/a2a', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: o.method ?? 'GetTask', params: { id: o.taskId ?? 't-1' } }) },
    response: { status: o.status ?? 200, headers: { 'content-type': o.contentType ?? 'application/json' }, body },
  };
}

/** Offset of the n-th occurrence of `needle` in `text`. */
export function offsetOf(text: string, needle: string, n = 1): number {
  let i = -1;
  for (let k = 0; k < n; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`"${needle}" not found`);
  }
  return i;
}

/** 1-based line and column of an offset. */
export function lineCol(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
