/**
 * Verdicts on real answers of @a2a-js/sdk 1.3.0, pinned after reading each capture
 * (../shared/fixtures/a2a-js-sdk-1.3.0, read in place; mutations go to temp copies).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { judgeExchange } from '../../scripts/wire/judge.js';
import type { WireContext } from '../../scripts/wire/types.js';
import { describeShared, runCli, runJson, SDK_FIXTURES, tempDir } from '../helpers/env.js';
import { lineCol, offsetOf, projectContext, sdkCapture } from './helpers.js';

let ctx: WireContext;
beforeAll(async () => {
  ctx = await projectContext();
});

describeShared('real SDK captures', () => {
  it.each([
    // GetTask on an unknown id at A2A-Version 1.0: -32001 with one ErrorInfo TASK_NOT_FOUND in a2a-protocol.org.
    ['v1only-a-GetTask-unknown', 'pass', []],
    // A2A-Version 99.0: -32009 with ErrorInfo VERSION_NOT_SUPPORTED; no supportedVersions (a SHOULD, recorded).
    ['v1only-f-version-99', 'pass', []],
    // The /compat endpoint refuses charset latin9 with express's HTML error page (status 415).
    ['compat-h-bad-charset', 'fail', ['C']],
    // GET on the JSON-RPC URL: express's "Cannot GET /compat" HTML page (status 404).
    ['compat-h-GET-endpoint', 'fail', ['C']],
    // A 0.3-path answer (no header, tasks/pushNotificationConfig/set): -32003 without data.
    ['compat-v03-x-push-not-supported', 'out-of-scope', []],
    // A2A-Version 0.3: -32001 without data from the 0.3 handler.
    ['compat-v03hdr-a-tasks-get-unknown', 'out-of-scope', []],
    // -32602 with an ErrorInfo whose reason INVALID_PARAMS is not an A2A reason: §A asks for BadRequest.
    ['compat-v10-g-params-missing-id', 'warn', ['A']],
  ])('%s is judged %s', (name, verdict, sections) => {
    const j = judgeExchange(sdkCapture(name).exchange, ctx);
    expect(j.verdict, JSON.stringify(j.results)).toBe(verdict);
    expect(j.sections).toEqual(sections);
  });

  it('the HTML refusal is a §C binding-shape error placed on the body in the capture', async () => {
    const { file, text } = sdkCapture('compat-h-bad-charset');
    const r = await runJson(['wire', file]);
    expect(r.code).toBe(1);
    expect(r.findings).toMatchObject([{ ruleId: 'wire/binding-shape', severity: 'error', pointer: '/response/body', ...lineCol(text, offsetOf(text, '<!DOCTYPE html>')) }]);
    expect(r.findings[0]!.message).toContain('(RFC 0211 §C)');
  });

  it('the -32602 warning lands on the ErrorInfo inside the escaped body string', async () => {
    const { file, text } = sdkCapture('v1only-g-params-array');
    const r = await runJson(['wire', file]);
    expect(r.code).toBe(0);
    const at = offsetOf(text, '{\\"@type\\"');
    expect(r.findings).toMatchObject([{ ruleId: 'wire/invalid-params-no-a2a-reason', severity: 'warning', ...lineCol(text, at) }]);
  });

  it('a 0.3-path answer turns red for §A when the request is relabelled 1.0 (the scope rule is what keeps it out)', async () => {
    const src = path.join(SDK_FIXTURES, 'compat-v03-a-tasks-get-unknown.json');
    const cap = JSON.parse(readFileSync(src, 'utf8'));
    cap.request.headers['A2A-Version'] = '1.0';
    const copy = path.join(tempDir(), 'relabelled.json');
    writeFileSync(copy, JSON.stringify(cap, null, 2) + '\n');
    const r = await runJson(['wire', copy]);
    expect(r.code).toBe(1);
    expect(r.findings).toMatchObject([{ ruleId: 'wire/jsonrpc-data-shape', pointer: '/response/body' }]);
    expect(r.findings[0]!.message).toMatch(/error\.data is missing/);
  });

  it('a request without A2A-Version to the 1.0-only endpoint: in scope and passing with --versions 1.0', async () => {
    const { exchange } = sdkCapture('v1only-a-GetTask-unknown-no-header');
    const r = await runJson(['wire', '--versions', '1.0', path.join(SDK_FIXTURES, 'v1only-a-GetTask-unknown-no-header.json')]);
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([]);
    expect(judgeExchange(exchange, { ...ctx, offeredVersions: ['1.0'] }).scope).toMatchObject({ version: '1.0', why: 'the card offers 1.0 only' });
  });

  it('over the whole folder: the only errors are the three HTML refusals', async () => {
    const r = await runJson(['wire', SDK_FIXTURES]);
    expect(r.code).toBe(1);
    const errors = r.findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => path.basename(f.file)).sort()).toEqual(['compat-h-GET-endpoint.json', 'compat-h-bad-charset.json', 'compat-h-oversize-body.json']);
    expect(new Set(errors.map((f) => f.ruleId))).toEqual(new Set(['wire/binding-shape']));
    const table = await runCli(['wire', '--table', SDK_FIXTURES]);
    expect(table.stdout.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| case') && !l.startsWith('| ---')).length).toBe(44);
  });
});
