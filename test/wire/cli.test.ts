import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT, projectCorpusCopy, runCli, runJson, spawnJson, tempDir } from '../helpers/env.js';
import { errorInfo, lineCol, offsetOf, rpcError } from './helpers.js';

/** A capture file in the fixtures' format. */
function writeCapture(dir: string, name: string, body: string, headers: Record<string, string> = { 'A2A-Version': '1.0' }): string {
  const file = path.join(dir, `${name}.json`);
  const capture = {
    case: name,
    description: 'test',
    request: { method: 'POST', path: '/a2a', headers: { 'Content-Type': 'application/json', ...headers }, body: '{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t-1"}}' },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body },
  };
  writeFileSync(file, JSON.stringify(capture, null, 2) + '\n');
  return file;
}

describe('specgate wire: usage', () => {
  it.each([
    [[], /name at least one capture/],
    [['--unknown', 'a.json'], /--unknown and --unreadable go together/],
    [['x.json', '--versions', '1.0, beta'], /--versions wants versions like 1\.0,0\.3/],
    [['x.json', '--versions', '1.0', '--card', 'c.json'], /--card or --versions, not both/],
    [['x.json', '--binding', 'grpc'], /--binding is jsonrpc or http\+json/],
    [['x.json', '--bogus'], /unknown option "--bogus"/],
  ])('%j exits 2 with one line', async (args, message) => {
    const r = await runCli(['wire', ...args]);
    expect(r.code).toBe(2);
    // One line of its own; a mistake in how the command was called is followed by a pointer to its usage.
    const [line, pointer, ...rest] = r.stderr.trimEnd().split('\n');
    expect(line).toMatch(message);
    // …followed by where its usage is, never the usage itself.
    if (pointer !== undefined) expect(pointer).toBe('run "specgate wire --help" for its usage');
    expect(rest).toEqual([]);
    expect(r.stdout).toBe('');
  });
});

describe('specgate wire: bad input is a located finding', () => {
  it('a capture that is not JSON (the built binary, end to end)', async () => {
    const dir = tempDir();
    const f = path.join(dir, 'broken.json');
    writeFileSync(f, '{"case": "x",\n  "response": ');
    const r = spawnJson(['wire', f]);
    expect(r.code).toBe(1);
    expect(r.findings).toMatchObject([{ ruleId: 'parse/syntax', line: 2 }]);
  });

  it('a capture without a response, and one whose body is not a string', async () => {
    const dir = tempDir();
    const a = path.join(dir, 'no-response.json');
    writeFileSync(a, '{\n  "case": "x",\n  "request": {}\n}\n');
    const b = path.join(dir, 'object-body.json');
    writeFileSync(b, '{\n  "response": {\n    "status": 200,\n    "body": {"jsonrpc": "2.0"}\n  }\n}\n');
    const r = await runJson(['wire', a, b]);
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => [path.basename(f.file), f.ruleId, f.line])).toEqual([
      ['no-response.json', 'wire/capture-format', 1],
      ['object-body.json', 'wire/capture-format', 4],
    ]);
  });

  it('a capture file named on the command line that does not exist is an error (exit 2), not a finding', async () => {
    const missing = path.join(tempDir(), 'nope.json');
    const r = await runJson(['wire', missing]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`specgate: capture file not found: ${missing}\n`);
  });

  it('a folder without captures is nothing to judge (exit 2), never a pass', async () => {
    const r = await runJson(['wire', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: nothing to judge: the folder .* holds no \*\.json capture\n$/);
  });

  it('a root without the RFC 0211 wire schemas cannot judge: one line naming them (exit 2)', async () => {
    const dir = tempDir();
    cpSync(path.join(PROJECT, 'spec/v2/interop-map.json'), path.join(dir, 'spec/v2/interop-map.json'), { recursive: true });
    const f = writeCapture(dir, 'ok', rpcError(-32001, [errorInfo('TASK_NOT_FOUND')]));
    const r = await runJson(['wire', '--root', dir, f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: .* has no RFC 0211 §A wire schema schemas\/v2\/a2a-jsonrpc-error\.schema\.json and no RFC 0211 §B wire schema schemas\/v2\/google-rpc-status\.schema\.json, which RFC 0211.s wire checks judge by \(add them, or point "layout\.wireSchemas" in specgate\.config\.json at yours\)\n$/);
  });

  it('a root without the interop map cannot judge, and says so in one line (exit 2)', async () => {
    const dir = tempDir();
    const f = writeCapture(dir, 'ok', rpcError(-32001, [errorInfo('TASK_NOT_FOUND')]));
    const r = await runJson(['wire', '--root', dir, f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: .* has no interop map spec\/v2\/interop-map\.json and no RFC 0211 §A wire schema .*, which the "specgate" preset expects.*\n$/);
  });
});

describe('specgate wire: a located §A finding in a capture written here', () => {
  it('points at the data object inside the escaped body string, and a clean capture exits 0', async () => {
    const dir = tempDir();
    const bad = writeCapture(dir, 'legacy', rpcError(-32001, { reason: 'TASK_NOT_FOUND', scope: 'tenant' }));
    const good = writeCapture(dir, 'good', rpcError(-32001, [errorInfo('TASK_NOT_FOUND')]));
    const r = await runJson(['wire', bad, good]);
    expect(r.code).toBe(1);
    const text = readFileSync(bad, 'utf8');
    expect(r.findings).toMatchObject([{ ruleId: 'wire/jsonrpc-data-shape', pointer: '/response/body', ...lineCol(text, offsetOf(text, '{\\"reason\\"')) }]);
    expect(r.findings[0]!.message).toMatch(/^body \/error\/data: TaskNotFoundError \(-32001\): error\.data is an object/);
    expect((await runJson(['wire', good])).code).toBe(0);
  });

  it('--card reads the offered versions from supportedInterfaces (§E)', async () => {
    const dir = tempDir();
    const card = path.join(dir, 'card.json');
    writeFileSync(card, JSON.stringify({ name: 'peer', supportedInterfaces: [{ url: 'http://127.0.0.1/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] }));
    const f = writeCapture(dir, 'v', rpcError(-32009, [errorInfo('VERSION_NOT_SUPPORTED', { metadata: { supportedVersions: '1.0,0.3' } })]), { 'A2A-Version': '99.0' });
    const r = await runJson(['wire', '--card', card, f]);
    expect(r.code).toBe(1);
    expect(r.findings).toMatchObject([{ ruleId: 'wire/supported-versions-format' }]);
    expect((await runJson(['wire', '--versions', '1.0,0.3', f])).code).toBe(0);
  });

  it('--format github and --table work from the project root', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'c'));
    const f = writeCapture(path.join(dir, 'c'), 'html', '<!DOCTYPE html>\n<p>no</p>');
    const gh = await runCli(['wire', f, '--format', 'github'], { cwd: PROJECT });
    expect(gh.code).toBe(1);
    expect(gh.stdout).toMatch(/^::error /m);
    const t = await runCli(['wire', '--table', path.join(dir, 'c')]);
    expect(t.stdout).toContain('| html | 1.0 (A2A-Version 1.0) | fail | §C | wire/binding-shape |');
  });

  it('--table with a format other than markdown is one line, exit 2 (it printed the Markdown table as if it were json or html)', async () => {
    const dir = tempDir();
    const f = writeCapture(dir, 'good', rpcError(-32001, [errorInfo('TASK_NOT_FOUND')]));
    for (const format of ['json', 'html', 'sarif']) {
      const r = await runCli(['wire', '--table', '-f', format, f]);
      expect(r.stderr.trim().split('\n')[0]).toBe(`specgate: --table prints a Markdown table: it takes --format markdown or none (got "${format}"; without --table, --format ${format} reports the findings)`);
      expect(r.stdout).toBe('');
      expect(r.code).toBe(2);
    }
    expect((await runCli(['wire', '--table', '-f', 'markdown', f])).stdout).toContain('| good | 1.0 (A2A-Version 1.0) | pass |');
  });

  it("--table: a capture's case name and version header are pull-request text: they end no cell, open no HTML, link or code", async () => {
    const dir = tempDir();
    const evil = 'a | b `c` <script>x</script> [l](javascript:x) *e*';
    writeCapture(dir, evil.replace(/[/<>|*:]/g, '_'), rpcError(-32001, [errorInfo('TASK_NOT_FOUND')]), { 'A2A-Version': '1.0 | <img src=x>' });
    const file = path.join(dir, readdirSync(dir)[0]!);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"case": "[^"]*"/, `"case": ${JSON.stringify(evil)}`));
    const t = await runCli(['wire', '--table', dir]);
    const row = t.stdout.split('\n')[2]!;
    // Six cell borders: none from the case or the header.
    expect(row.replace(/\\\|/g, '').match(/\|/g)).toHaveLength(6);
    expect(row).not.toMatch(/<script|<img|(?<!\\)\]\(|(?<!\\)`/);
    expect(row).toContain('a \\| b \\`c\\` &lt;script&gt;x&lt;/script&gt; \\[l\\]\\(javascript\\:x\\) \\*e\\*');
  });
});

describe('specgate wire: findings cite under the preset, as check does', () => {
  it("a missing --card names this project's RFC 0001 §A by name under openwop (upstream's §A is another section)", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'spec/v2'), { recursive: true });
    mkdirSync(path.join(dir, 'RFCS'));
    mkdirSync(path.join(dir, 'schemas/v2'), { recursive: true });
    writeFileSync(path.join(dir, 'spec/v2/interop-map.json'), '{"a2a":{"errors":[]}}\n');
    // The wire schemas the judge needs (a missing one is exit 2, one line); the card is what is missing.
    for (const f of ['a2a-jsonrpc-error.schema.json', 'google-rpc-status.schema.json']) writeFileSync(path.join(dir, 'schemas/v2', f), readFileSync(path.join(PROJECT, 'schemas/v2', f)));
    const cap = writeCapture(dir, 'x', '{}');
    const cites = async (preset: string) => {
      const r = await runJson(['wire', cap, '--root', dir, '--preset', preset, '--card', 'nocard.json']);
      return r.findings.filter((f) => f.ruleId === 'corpus/missing-file').map((f) => [f.ruleId, f.rfc, f.message.endsWith(`(${f.rfc})`)]);
    };
    expect(await cites('openwop')).toEqual([['corpus/missing-file', "specgate's RFC 0001 §A", true]]);
    expect(await cites('specgate')).toEqual([['corpus/missing-file', 'RFC 0001 §A', true]]);
  });
});

describe("specgate wire: the configuration's exceptions settle its findings as check's", () => {
  it('an exception with a reason accepts the finding at its capture and pointer (exit 0); ignores drop the capture', async () => {
    const root = projectCorpusCopy();
    const bad = writeCapture(root, 'legacy', rpcError(-32001, { reason: 'TASK_NOT_FOUND', scope: 'tenant' }));
    const config = (c: unknown) => writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify(c) + '\n');
    expect((await runJson(['wire', '--root', root, bad])).findings.map((f) => f.ruleId)).toEqual(['wire/jsonrpc-data-shape']);
    config({ exceptions: [{ file: 'legacy.json', pointer: '/response/body', rule: 'wire/jsonrpc-data-shape', reason: 'the legacy host is retired next month' }] });
    const accepted = await runJson(['wire', '--root', root, bad]);
    expect([accepted.code, accepted.findings]).toEqual([0, []]);
    config({ ignores: ['legacy.json'] });
    expect((await runJson(['wire', '--root', root, bad])).findings).toEqual([]);
  });
});
