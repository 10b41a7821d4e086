import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applySuppressions, countErrors, prune, suppress } from '../../scripts/core/config/suppressions.js';
import type { Finding } from '../../scripts/core/model/findings.js';
import { projectCorpusCopy, runCli, tempDir } from '../helpers/env.js';

/*
 * No object keyed by input has a prototype (issue 28, point 3): every key of Object.prototype, and
 * `__proto__`, fed as a file name, rule id, map key, config key, baseline entry and capture name.
 * With `"layout": {"interopMap": "__proto__"}` and a baseline of `{}`, countErrors wrote onto
 * Object.prototype and every error of that file was "suppressed" (exit 0).
 */

const KEYS = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

/** Object.prototype is as the runtime made it: no key added, none replaced by a plain value. */
function expectPrototypeIntact(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES);
  const probe: Record<string, unknown> = {};
  for (const k of KEYS) if (k !== '__proto__' && k !== 'constructor') expect(typeof probe[k], k).toBe('function');
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

afterEach(expectPrototypeIntact);

const finding = (file: string, ruleId: string): Finding => ({ ruleId, severity: 'error', file, line: 1, column: 1, message: 'm' }) as Finding;

/** `{"<k>": {"<k>": {"count": n}}}` as text: built in JSON, since `o['__proto__'] = …` in code would set a prototype. */
const baselineText = (k: string, count: number) => `{${JSON.stringify(k)}:{${JSON.stringify(k)}:{"count":${count}}}}`;

describe('every Object.prototype key as a file name, rule id and baseline entry', () => {
  it('the baseline counts, suppresses and prunes them as ordinary keys', () => {
    for (const k of KEYS) {
      const found = countErrors([finding(k, k), finding(k, k)]);
      expect(Object.keys(found), k).toEqual([k]);
      expect(Object.keys(found[k]!), k).toEqual([k]);
      expect(found[k]![k]!.count, k).toBe(2);
      // Nothing recorded: nothing hidden (the exploit hid every error of the file).
      expect(applySuppressions([finding(k, k)], JSON.parse('{}')).findings, k).toHaveLength(1);
      expect(applySuppressions([finding('a.json', k)], JSON.parse('{}')).findings, k).toHaveLength(1);
      expect(applySuppressions([finding(k, 'x/y')], JSON.parse('{}')).findings, k).toHaveLength(1);
      // Recorded as a baseline entry: hidden exactly up to its count.
      const recorded = JSON.parse(baselineText(k, 1));
      expect(applySuppressions([finding(k, k)], recorded).suppressed, k).toBe(1);
      expect(applySuppressions([finding(k, k), finding(k, k)], recorded).findings, k).toHaveLength(2);
      expect(JSON.stringify(suppress(JSON.parse('{}'), found)), k).toBe(baselineText(k, 2));
      expect(JSON.stringify(prune(JSON.parse(baselineText(k, 5)), found)), k).toBe(baselineText(k, 2));
    }
  });
});

describe('end to end: the names come from the tree and the config', () => {
  it('a map named after any Object.prototype key, with a baseline of {}, still fails on its errors', async () => {
    const root = projectCorpusCopy();
    const map = path.join(root, 'spec/v2/interop-map.json');
    writeFileSync(map, readFileSync(map, 'utf8').replace('"reason": "TASK_NOT_FOUND"', '"reason": "task-not-found"'));
    writeFileSync(path.join(root, 'specgate-suppressions.json'), '{}\n');
    let at = map;
    for (const k of KEYS) {
      const next = path.join(root, k);
      renameSync(at, next);
      at = next;
      const config = path.join(root, 'specgate.config.json');
      writeFileSync(config, JSON.stringify({ layout: { interopMap: k } }));
      const r = await runCli(['check', 'interop-map', '--root', root, '-f', 'json']);
      expect({ k, code: r.code }).toEqual({ k, code: 1 });
      expect(JSON.parse(r.stdout).findings.some((f: Finding) => f.file === k && f.ruleId === 'interop-map/reason-upper-snake'), k).toBe(true);
      expectPrototypeIntact();
    }
  });

  it('as a map key, a config key, a rule id in the config, a command, a format and a preset: a finding or one line, never a crash', async () => {
    const root = projectCorpusCopy();
    const mapFile = path.join(root, 'spec/v2/interop-map.json');
    const original = readFileSync(mapFile, 'utf8');
    for (const k of KEYS) {
      // a map key, in the map's root and in one of its objects
      writeFileSync(mapFile, original.replace('{', `{${JSON.stringify(k)}: {"x": 1},`).replace('"pins": {', `"pins": {${JSON.stringify(k)}: {},`));
      const m = await runCli(['check', 'interop-map', '--root', root, '-f', 'json']);
      expect({ k, code: m.code }).toEqual({ k, code: 1 });
      expect(JSON.parse(m.stdout).findings.length, k).toBeGreaterThan(0);
      writeFileSync(mapFile, original);
      // config keys: top level, in layout, in rules
      for (const cfg of [`{${JSON.stringify(k)}: 1}`, `{"layout": {${JSON.stringify(k)}: "x"}}`, `{"rules": {${JSON.stringify(k)}: "off"}}`]) {
        writeFileSync(path.join(root, 'specgate.config.json'), cfg);
        const r = await runCli(['check', 'interop-map', '--root', root]);
        expect({ k, cfg, code: r.code, lines: r.stderr.trim().split('\n').length }).toEqual({ k, cfg, code: 2, lines: 1 });
      }
      // as a severity, in the config and in --rule: the list of severities, not an internal error
      writeFileSync(path.join(root, 'specgate.config.json'), `{"rules": {"interop-map/schema": ${JSON.stringify(k)}}}`);
      const sev = await runCli(['check', 'interop-map', '--root', root]);
      expect({ k, code: sev.code, stderr: sev.stderr }).toEqual({ k, code: 2, stderr: expect.stringMatching(/must be one of|off, on, notice/) });
      writeFileSync(path.join(root, 'specgate.config.json'), '{}');
      const flag = await runCli(['check', 'interop-map', '--root', root, '--rule', `interop-map/schema:${k}`]);
      expect({ k, code: flag.code, stderr: flag.stderr }).toEqual({ k, code: 2, stderr: expect.stringMatching(/^specgate: --rule interop-map\/schema:.*: the severity is one of off, on, notice, warning, error\n$/) });
      for (const args of [[k], ['check', '--root', root, '-f', k], ['check', '--root', root, '--preset', k]]) {
        const r = await runCli(args);
        expect({ k, args, code: r.code }).toEqual({ k, args, code: 2 });
        expect(r.stderr, k).toMatch(/^specgate: unknown (command|option|format|preset) /);
      }
    }
  });

  it('as a capture name, a header name and an ErrorInfo metadata key: judged, never a crash', async () => {
    const dir = tempDir('specgate-proto-captures-');
    mkdirSync(path.join(dir, 'c'));
    for (const [i, k] of KEYS.entries()) {
      const body = `{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found","data":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org","metadata":{${JSON.stringify(k)}:"v"}}]}}`;
      const capture = `{"case": ${JSON.stringify(k)}, "description": "d", "request": {"method": "POST", "path": "/", "headers": {${JSON.stringify(k)}: "x", "A2A-Version": "1.0"}, "body": "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"GetTask\\",\\"params\\":{\\"id\\":\\"t\\"}}"}, "response": {"status": 200, "headers": {${JSON.stringify(k)}: "x", "content-type": "application/json"}, "body": ${JSON.stringify(body)}}}`;
      writeFileSync(path.join(dir, 'c', `${i}-${k}.json`), capture);
    }
    const r = await runCli(['wire', path.join(dir, 'c'), '-f', 'json']);
    expect([0, 1]).toContain(r.code);
    const out = JSON.parse(r.stdout);
    expect(out.findings.filter((f: Finding) => f.ruleId.startsWith('parse/') || f.ruleId.startsWith('corpus/'))).toEqual([]);
  });
});
