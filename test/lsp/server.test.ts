import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient } from '../../scripts/bench/lsp-client.js';
import { CLI, projectCorpusCopy } from '../helpers/env.js';
import { positionOf } from '../helpers/positions.js';

/*
 * `specgate lsp` driven by a real client over stdio (vscode-languageserver-protocol), on a copy of
 * this project's corpus. One server for the file: the steps build on each other as an editing
 * session does. Set SPECGATE_LSP_TRANSCRIPT=1 to print the transcript (docs/editor.md shows one).
 */

const MAP = 'spec/v2/interop-map.json';
const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const CONFIG = 'specgate.config.json';

let root: string;
let client: LspClient;
let mapText: string;

const only = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code);
/** An LSP range (0-based) from the 1-based position of a needle. */
const lspRange = (text: string, needle: string) => {
  const p = positionOf(text, needle);
  return { start: { line: p.line - 1, character: p.column - 1 }, end: { line: p.endLine - 1, character: p.endColumn - 1 } };
};

beforeAll(async () => {
  root = projectCorpusCopy();
  mapText = readFileSync(path.join(root, MAP), 'utf8');
  client = new LspClient(CLI, root);
  const init = await client.initialize();
  expect(init.capabilities.codeActionProvider).toBeTruthy();
  expect(init.capabilities.hoverProvider).toBe(true);
});

afterAll(() => {
  if (process.env.SPECGATE_LSP_TRANSCRIPT) process.stdout.write(`${client.transcript.join('\n')}\n`);
  client.kill();
});

describe('specgate lsp', () => {
  let camel: string;
  let diagnostic: Diagnostic;

  it('opening the map with a CamelCase reason publishes one reason-upper-snake diagnostic at the value, the rule id as its code', async () => {
    camel = mapText.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"');
    const published = client.atVersion(MAP, 1);
    await client.open(MAP, camel);
    const { diagnostics } = await published;
    const mine = only(diagnostics, 'interop-map/reason-upper-snake');
    expect(mine).toHaveLength(1);
    diagnostic = mine[0]!;
    expect(diagnostic.range).toEqual(lspRange(camel, '"TaskNotFound"'));
    expect(diagnostic.source).toBe('specgate');
    expect(diagnostic.message).toMatch(/must be "TASK_NOT_FOUND".*RFC 0211 §A/);
    // One mistake, one diagnostic: the schema's pattern, broken at the same place, is left to the rule.
    expect(diagnostics.map((d) => d.code)).toEqual(['interop-map/reason-upper-snake']);
  });

  it('hover on the diagnostic names the rule, its description and RFC section', async () => {
    const h = await client.hover(MAP, diagnostic.range.start.line, diagnostic.range.start.character + 2);
    const value = (h!.contents as { value: string }).value;
    expect(value).toContain('**interop-map/reason-upper-snake** (RFC 0211 §A)');
    expect(value).toContain('UPPER_SNAKE(name minus Error)');
  });

  it('applying its code action clears the diagnostics, and the buffer is the file as saved, byte for byte', async () => {
    const actions = await client.codeActions(MAP, [diagnostic]);
    expect(actions).toHaveLength(1);
    const edits = actions[0]!.edit!.changes![client.uri(MAP)]!;
    const fixed = TextDocument.applyEdits(TextDocument.create(client.uri(MAP), 'json', 1, camel), edits);
    expect(fixed).toBe(mapText);
    const version = await client.edit(MAP, edits.map((e) => ({ range: e.range, text: e.newText })));
    const { diagnostics } = await client.atVersion(MAP, version);
    expect(diagnostics).toEqual([]);
  });

  it('an unsaved edit of an RFC header is a diagnostic; the file on disk is untouched', async () => {
    const onDisk = readFileSync(path.join(root, RFC_0211), 'utf8');
    await client.open(RFC_0211, onDisk);
    await client.atVersion(RFC_0211, 1);
    const edited = onDisk.replace('| **Status** | `Accepted` |', '| **Status** | `Acepted` |');
    const version = await client.change(RFC_0211, edited);
    const { diagnostics } = await client.atVersion(RFC_0211, version);
    const status = only(diagnostics, 'rfcs/status-known');
    expect(status).toHaveLength(1);
    expect(status[0]!.range).toEqual(lspRange(edited, '`Acepted`'));
    expect(readFileSync(path.join(root, RFC_0211), 'utf8')).toBe(onDisk);
  });

  it('cross-file: an unsaved map edit reaches the wire-examples finding on the open RFC', async () => {
    // A code the map moves is judged against the RFC's example (a wrong reason is the map's own finding only).
    const before = await client.change(MAP, mapText.replace('"jsonrpc": -32001', '"jsonrpc": -32011'));
    const rfc = await client.diagnosticsFor(RFC_0211, (p) => only(p.diagnostics, 'wire-examples/positive-passes').length > 0);
    // One map edit, one diagnostic: the example's other failing checks and the map value are its related information.
    const wire = only(rfc.diagnostics, 'wire-examples/positive-passes');
    expect(wire).toHaveLength(1);
    expect(wire[0]!.message).toMatch(/\/a2a\/errors\/0\/jsonrpc is -32011/);
    expect(wire[0]!.relatedInformation?.map((r) => r.location.uri)).toEqual([client.uri(MAP), client.uri(RFC_0211), client.uri(RFC_0211)]);
    await client.atVersion(MAP, before);
    const restored = await client.change(MAP, mapText);
    await client.atVersion(MAP, restored);
  });

  it('closing a document clears its diagnostics', async () => {
    const cleared = client.diagnosticsFor(RFC_0211, (p) => p.diagnostics.length === 0);
    await client.close(RFC_0211);
    expect((await cleared).diagnostics).toEqual([]);
  });

  it('a malformed buffer is a parse diagnostic, and the server stays up', async () => {
    const broken = await client.change(MAP, '{ "a2a": ');
    const { diagnostics } = await client.atVersion(MAP, broken);
    expect(diagnostics.map((d) => d.code)).toEqual(['parse/syntax']);
    const again = await client.change(MAP, mapText);
    expect((await client.atVersion(MAP, again)).diagnostics).toEqual([]);
  });

  it("the workspace root's config: an unsaved buffer's severity applies, hover on a rule id in it", async () => {
    const config = '{\n  "rules": {\n    "interop-map/reason-upper-snake": "warning",\n    "interop-map/schema": "off"\n  }\n}\n';
    await client.open(CONFIG, config);
    const version = await client.change(MAP, camel);
    const { diagnostics } = await client.atVersion(MAP, version);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['interop-map/reason-upper-snake', 2]]);
    const h = await client.hover(CONFIG, 2, 10);
    expect((h!.contents as { value: string }).value).toMatch(/^\*\*interop-map\/reason-upper-snake\*\* \(RFC 0211 §A\)/);
    const bad = await client.change(CONFIG, '{ "rules": { "no/such-rule": "error" } }\n');
    const published = await client.atVersion(CONFIG, bad);
    expect(published.diagnostics.map((d) => d.code)).toEqual(['config']);
    expect(published.diagnostics[0]!.message).toMatch(/no\/such-rule/);
    await client.close(CONFIG);
  });

  it('shutdown and exit end the server with code 0', async () => {
    expect(await client.shutdown()).toBe(0);
  });
});
