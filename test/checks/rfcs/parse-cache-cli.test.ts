import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/env.js';
import type { JsonFinding } from '../../helpers/env.js';
import { generateCorpus } from '../../../scripts/bench/synthetic.js';
import { RFC_0211, mutate, projectCopy } from './helpers.js';

/** `check rfcs invariants` with the parse cache in `cacheDir`; findings without timings. */
function check(root: string, cacheDir: string, extra: string[] = []): { code: number; stderr: string; findings: JsonFinding[] } {
  const r = runCli(['check', 'rfcs', 'invariants', '--root', root, '--format', 'json', ...extra], { env: { SPECGATE_CACHE_DIR: cacheDir } });
  let findings: JsonFinding[] = [];
  try {
    findings = (JSON.parse(r.stdout) as { findings: JsonFinding[] }).findings;
  } catch {
    // the assertion on code/stderr tells
  }
  return { code: r.code, stderr: r.stderr, findings };
}

/**
 * A block quote takes RFC 0211 out of the markdown subset (micromark parses it); the other RFCs
 * stay in it.
 */
function leaveSubset(root: string): void {
  mutate(root, RFC_0211, '## Summary\n', '## Summary\n\n> A block quote, which only micromark parses.\n');
}

/** A copy whose RFC 0211 is outside the subset and has an unknown status, and an empty cache folder. */
function approvedCopy(): { root: string; cacheDir: string } {
  const { root } = projectCopy();
  leaveSubset(root);
  mutate(root, RFC_0211, '| **Status** | `Accepted` |', '| **Status** | `Approved` |');
  return { root, cacheDir: path.join(tempDir(), 'cache') };
}

const statusFinding = (f: JsonFinding[]) => f.find((x) => x.ruleId === 'rfcs/status-known' && x.file === RFC_0211);
const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []);

describe('the RFC parse cache through `check`', () => {
  it('a hit gives the same findings as a miss, positions included; a changed file misses', () => {
    const { root, cacheDir } = approvedCopy();
    const miss = check(root, cacheDir);
    expect(miss.code, miss.stderr).toBe(1);
    expect(statusFinding(miss.findings)).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
    const stored = entries(cacheDir);
    // A repository with few RFCs caches every extract, the subset parser's and micromark's.
    expect(stored.length).toBe(readdirSync(path.join(root, 'RFCS')).filter((f) => /^\d{4}-/.test(f)).length);
    const hit = check(root, cacheDir);
    expect(hit.findings).toEqual(miss.findings);
    expect(entries(cacheDir)).toEqual(stored);

    mutate(root, RFC_0211, '| **Status** | `Approved` |', '| **Status** | `Drafty` |');
    const changed = check(root, cacheDir);
    expect(statusFinding(changed.findings)?.message).toContain('"Drafty"');
    expect(entries(cacheDir).length).toBe(stored.length + 1);
  });

  it('a warm run reads the cache, and --no-cache neither reads nor writes it', () => {
    const { root, cacheDir } = approvedCopy();
    const first = check(root, cacheDir);
    expect(statusFinding(first.findings)).toBeDefined();
    // Tamper with the entry of RFC 0211: a run that reads the cache sees the tampered status.
    const entry = entries(cacheDir).map((f) => path.join(cacheDir, f)).find((f) => readFileSync(f, 'utf8').includes('"Approved"'))!;
    writeFileSync(entry, readFileSync(entry, 'utf8').replaceAll('"Approved"', '"Accepted"'));
    expect(statusFinding(check(root, cacheDir).findings)).toBeUndefined();
    const fresh = check(root, cacheDir, ['--no-cache']);
    expect(fresh.findings).toEqual(first.findings);

    const unused = path.join(tempDir(), 'never-made');
    const none = check(root, unused, ['--no-cache']);
    expect(none.findings).toEqual(first.findings);
    expect(existsSync(unused)).toBe(false);
  });

  it('with more than 100 RFCs, only the files micromark parses are cached, and hits give the same findings', () => {
    const { root: source } = projectCopy();
    const root = path.join(tempDir(), 'x6');
    generateCorpus(source, root, 6);
    expect(readdirSync(path.join(root, 'RFCS')).length).toBeGreaterThan(100);
    leaveSubset(root);
    const cacheDir = path.join(tempDir(), 'cache');
    const miss = check(root, cacheDir);
    expect(miss.code, miss.stderr).toBeLessThan(2);
    expect(entries(cacheDir).length).toBe(1);
    expect(readFileSync(path.join(cacheDir, entries(cacheDir)[0]!), 'utf8')).toContain('"number":"0211"');
    const hit = check(root, cacheDir);
    expect(hit.findings).toEqual(miss.findings);
  });

  it('an unwritable cache folder still gives the findings', () => {
    const { root } = approvedCopy();
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder\n');
    const blocked = check(root, path.join(file, 'cache'));
    expect(blocked.code, blocked.stderr).toBe(1);
    expect(blocked.stderr).toBe('');
    expect(blocked.findings).toEqual(check(root, path.join(tempDir(), 'cache'), ['--no-cache']).findings);
    expect(statusFinding(blocked.findings)).toBeDefined();
  });
});
