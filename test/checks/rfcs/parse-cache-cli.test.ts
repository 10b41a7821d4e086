import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/env.js';
import type { JsonFinding } from '../../helpers/env.js';
import { generateCorpus } from '../../../scripts/bench/synthetic.js';
import { RFC_0211, mutate, projectCopy } from './helpers.js';

// Both come from tempDir() (projectCopy too): removed when the file ends (test/helpers/temp-dirs.ts).
const tmp = tempDir;
const copy = () => projectCopy().root;

/** `check rfcs invariants` with the parse cache in `cacheDir`; findings without timings. */
async function check(root: string, cacheDir: string, extra: string[] = []): Promise<{ code: number; stderr: string; findings: JsonFinding[] }> {
  const r = await runCli(['check', 'rfcs', 'invariants', '--root', root, '--format', 'json', ...extra], { env: { SPECGATE_CACHE_DIR: cacheDir } });
  let findings: JsonFinding[] = [];
  try {
    findings = (JSON.parse(r.stdout) as { findings: JsonFinding[] }).findings;
  } catch {
    // the assertion on code/stderr tells
  }
  return { code: r.code, stderr: r.stderr, findings };
}

/** A copy whose RFC 0211 has an unknown status, and an empty cache folder. */
function approvedCopy(): { root: string; cacheDir: string } {
  const root = copy();
  mutate(root, RFC_0211, '| **Status** | `Accepted` |', '| **Status** | `Approved` |');
  return { root, cacheDir: path.join(tmp(), 'cache') };
}

const statusFinding = (f: JsonFinding[]) => f.find((x) => x.ruleId === 'rfcs/status-known' && x.file === RFC_0211);
/** The RFC entries (the YAML documents' values sit beside them as `.yaml.json`). */
const entries = (cacheDir: string) => {
  const dir = path.join(cacheDir, 'parsed');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.yaml.json')) : [];
};
/** Distinct texts of the RFC files (a cache entry per text, not per file). */
const rfcTexts = (root: string) => new Set(readdirSync(path.join(root, 'RFCS')).filter((f) => /^\d{4}-/.test(f) && !f.startsWith('0000-')).map((f) => readFileSync(path.join(root, 'RFCS', f), 'utf8'))).size;

describe('the RFC parse cache through `check`', () => {
  it('a hit gives the same findings as a miss, positions included; a changed file misses', async () => {
    const { root, cacheDir } = approvedCopy();
    const miss = await check(root, cacheDir);
    expect(miss.code, miss.stderr).toBe(1);
    expect(statusFinding(miss.findings)).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
    const stored = entries(cacheDir);
    expect(stored.length).toBe(rfcTexts(root));
    const hit = await check(root, cacheDir);
    expect(hit.findings).toEqual(miss.findings);
    expect(entries(cacheDir)).toEqual(stored);

    mutate(root, RFC_0211, '| **Status** | `Approved` |', '| **Status** | `Drafty` |');
    const changed = await check(root, cacheDir);
    expect(statusFinding(changed.findings)?.message).toContain('"Drafty"');
    expect(entries(cacheDir).length).toBe(stored.length + 1);
  });

  it('a warm run reads the cache, and --no-cache neither reads nor writes it', async () => {
    const { root, cacheDir } = approvedCopy();
    const first = await check(root, cacheDir);
    expect(statusFinding(first.findings)).toBeDefined();
    // Tamper with the entry of RFC 0211: its body no longer matches the hash in its header, so it
    // is a miss (parsed again, same findings), never read as it is now.
    const entry = entries(cacheDir).map((f) => path.join(cacheDir, 'parsed', f)).find((f) => readFileSync(f, 'utf8').includes('"Approved"'))!;
    writeFileSync(entry, readFileSync(entry, 'utf8').replaceAll('"Approved"', '"Accepted"'));
    expect((await check(root, cacheDir)).findings).toEqual(first.findings);
    expect(readFileSync(entry, 'utf8')).toContain('"Approved"'); // written afresh
    const fresh = await check(root, cacheDir, ['--no-cache']);
    expect(fresh.findings).toEqual(first.findings);

    const unused = path.join(tmp(), 'never-made');
    const none = await check(root, unused, ['--no-cache']);
    expect(none.findings).toEqual(first.findings);
    expect(existsSync(unused)).toBe(false);
  });

  it('with more than 100 RFCs every file is cached too (no size threshold), and hits give the same findings', async () => {
    const root = path.join(tmp(), 'x6');
    generateCorpus(copy(), root, 6);
    expect(readdirSync(path.join(root, 'RFCS')).length).toBeGreaterThan(100);
    const cacheDir = path.join(tmp(), 'cache');
    const miss = await check(root, cacheDir);
    expect(miss.code, miss.stderr).toBeLessThan(2);
    expect(entries(cacheDir).length).toBe(rfcTexts(root));
    const hit = await check(root, cacheDir);
    expect(hit.findings).toEqual(miss.findings);
  });

  it('an unwritable cache folder still gives the findings', async () => {
    const { root } = approvedCopy();
    const file = path.join(tmp(), 'a-file');
    writeFileSync(file, 'not a folder\n');
    const blocked = await check(root, path.join(file, 'cache'));
    expect(blocked.code, blocked.stderr).toBe(1);
    expect(blocked.stderr).toBe('');
    expect(blocked.findings).toEqual((await check(root, path.join(tmp(), 'cache'), ['--no-cache'])).findings);
    expect(statusFinding(blocked.findings)).toBeDefined();
  });
});
