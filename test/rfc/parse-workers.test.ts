import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../scripts/bench/synthetic.js';
import { FatalError } from '../../scripts/core/base/errors.js';
import { DEFAULT_TITLES } from '../../scripts/rfc/document.js';
import type { ParseWorker } from '../../scripts/rfc/parse-pool.js';
import { parseInWorkers, workerCount } from '../../scripts/rfc/parse-pool.js';
import { parseReading } from '../../scripts/rfc/parse-reading.js';
import { asciiJson } from '../../scripts/core/cache/parse-cache.js';
import { toEntry } from '../../scripts/rfc/load.js';
import { runCli, tempDir } from '../helpers/env.js';
import { projectCopy } from '../checks/rfcs/helpers.js';

/*
 * Uncached RFCs parsed in parallel worker processes (scripts/rfc/parse-pool.ts, `--concurrency`):
 * the same findings as the main thread's parse, the same error when a parse throws, no hang when a
 * worker dies, and no worker at all for a small corpus. Work is counted (`check --debug`'s
 * "RFC parse workers"), never timed.
 */

type Run = { code: number; stderr: string; findings: unknown[]; workers: number; parsed: number };

async function check(root: string, cacheDir: string, extra: string[]): Promise<Run> {
  const r = await runCli(['check', '--root', root, '--format', 'json', '--debug', ...extra], { env: { SPECGATE_CACHE_DIR: cacheDir } });
  let findings: unknown[] = [];
  try {
    findings = (JSON.parse(r.stdout) as { findings: unknown[] }).findings;
  } catch {
    // the assertion on code/stderr tells
  }
  const work = /work: ([^\n]*)/.exec(r.stderr)?.[1] ?? '';
  return { code: r.code, stderr: r.stderr, findings, workers: Number(/RFC parse workers (\d+)/.exec(work)?.[1] ?? 0), parsed: Number(/RFC readings parsed (\d+)/.exec(work)?.[1] ?? 0) };
}

const entries = (cacheDir: string) => {
  const dir = path.join(cacheDir, 'parsed');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.yaml.json')).sort() : [];
};

describe('RFC parse workers through `check`', () => {
  it('a corpus of 300 RFCs: the same findings and cache entries with workers forced on as off; a warm run starts none', async () => {
    const root = path.join(tempDir(), 'x15');
    generateCorpus(projectCopy().root, root, 15);
    const rfcs = readdirSync(path.join(root, 'RFCS')).length;
    expect(rfcs).toBeGreaterThanOrEqual(300);
    const offCache = path.join(tempDir(), 'off');
    const onCache = path.join(tempDir(), 'on');
    const off = await check(root, offCache, ['--concurrency', 'off']);
    const on = await check(root, onCache, ['--concurrency', '2']);
    expect(off.code, off.stderr).toBeLessThan(2);
    expect(off.findings.length).toBeGreaterThan(0);
    expect(off.workers).toBe(0);
    // Started per batch the reader is told of (the cited RFCs, then the rest), two at a time.
    expect(on.workers).toBeGreaterThanOrEqual(2);
    expect(on.workers % 2).toBe(0);
    expect(on.code).toBe(off.code);
    expect(on.findings).toEqual(off.findings);
    // Every reading made (in a worker or not) is counted, and its entry written by the main process.
    expect(on.parsed).toBe(off.parsed);
    // The readings' entries; a main-thread parse also keeps the last tree of its first few files
    // (rfc/parse-reading.ts, for a later splice), which workers do not.
    const readings = (dir: string) => entries(dir).filter((f) => !f.endsWith('.rfc-tree.json'));
    expect(readings(onCache)).toEqual(readings(offCache));
    expect(entries(offCache).length - readings(offCache).length).toBeLessThanOrEqual(4);
    for (const f of readings(onCache).slice(0, 20)) expect(readFileSync(path.join(onCache, 'parsed', f), 'utf8').split('\n').slice(1).join('\n')).toBe(readFileSync(path.join(offCache, 'parsed', f), 'utf8').split('\n').slice(1).join('\n'));
    // Warm: every reading is a hit, so nothing is left for a worker.
    const warm = await check(root, onCache, []);
    expect(warm.workers).toBe(0);
    expect(warm.parsed).toBe(0);
    expect(warm.findings).toEqual(off.findings);
    // auto: as many workers as its rule gives for the batch (none for 300 RFCs), none after one RFC is edited.
    const autoCache = path.join(tempDir(), 'auto');
    const cold = await check(root, autoCache, []);
    expect(cold.findings).toEqual(off.findings);
    expect(cold.workers).toBe(workerCount(rfcs, 'auto'));
    const file = path.join(root, 'RFCS', readdirSync(path.join(root, 'RFCS')).find((f) => /^\d{4}-.*\.md$/.test(f))!);
    writeFileSync(file, readFileSync(file, 'utf8') + '\nOne more line.\n');
    const edited = await check(root, autoCache, []);
    expect(edited.workers).toBe(0);
    expect(edited.parsed).toBe(1);
  });

  it("this repository's own corpus (4 RFCs) starts no worker, cold or warm", async () => {
    const { root } = projectCopy();
    const cacheDir = path.join(tempDir(), 'cache');
    const cold = await check(root, cacheDir, []);
    expect(cold.parsed).toBeGreaterThan(0);
    expect(cold.workers).toBe(0);
    expect((await check(root, cacheDir, [])).workers).toBe(0);
  });

  it('--concurrency takes a number, off or auto; anything else is one line, exit 2', async () => {
    const { root } = projectCopy();
    const r = await runCli(['check', '--root', root, '--concurrency', 'lots']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--concurrency');
  });
});

describe('the parse pool', () => {
  const titles = DEFAULT_TITLES;
  const good = (n: number) => `# RFC 01${String(n).padStart(2, '0')}: T${n}\n\n## Summary\n\nText ${n}.\n`;
  // Nested past the nesting cap: the parse throws (the corpus refuses such a file before it gets here).
  const DEEP = 'text\n\n' + '> '.repeat(5000) + 'x\n';

  it('a reading made in a worker is the body the main thread makes', async () => {
    const jobs = [0, 1, 2].map((n) => ({ file: `RFCS/01${n}0-t.md`, text: good(n) }));
    const bodies = await Promise.all(parseInWorkers(jobs, titles, 2));
    // Both made after the text passed the container caps (the worker is sent no other text).
    expect(bodies).toEqual(jobs.map((j) => asciiJson(toEntry(parseReading(j.file, j.text, titles), true))));
  });

  it('a parse that throws in a worker throws the same error on the main thread; the other jobs are answered', async () => {
    let thrown: unknown;
    try {
      parseReading('RFCS/0999-deep.md', DEEP, titles);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(FatalError);
    const [before, bad, after] = parseInWorkers([{ file: 'RFCS/0100-a.md', text: good(1) }, { file: 'RFCS/0999-deep.md', text: DEEP }, { file: 'RFCS/0101-b.md', text: good(2) }], titles, 1);
    await expect(bad).rejects.toBeInstanceOf(FatalError);
    await expect(bad).rejects.toThrow((thrown as Error).message);
    expect(typeof (await before)).toBe('string');
    expect(typeof (await after)).toBe('string');
  });

  it('a worker that dies, cannot start or answers nonsense never hangs: its jobs come back undefined (parsed on the main thread)', async () => {
    const jobs = Array.from({ length: 30 }, (_, n) => ({ file: `RFCS/01${n}-t.md`, text: good(n) }));
    let started = 0;
    const dies = (): ParseWorker => {
      started++;
      let gone: () => void = () => undefined;
      return { send: () => setTimeout(() => gone(), 1), listen: (_a, g) => void (gone = g), end: () => undefined };
    };
    expect(await Promise.all(parseInWorkers(jobs, titles, 3, dies))).toEqual(jobs.map(() => undefined));
    expect(started).toBe(3);
    const cannot = (): ParseWorker => {
      throw new Error('no fork');
    };
    expect(await Promise.all(parseInWorkers(jobs, titles, 2, cannot))).toEqual(jobs.map(() => undefined));
    const nonsense = (): ParseWorker => {
      let answer: (a: unknown) => void = () => undefined;
      return { send: () => setTimeout(() => answer({ not: 'a list' }), 1), listen: (a) => void (answer = a), end: () => undefined };
    };
    expect(await Promise.all(parseInWorkers(jobs, titles, 2, nonsense))).toEqual(jobs.map(() => undefined));
  });

  it('auto starts none for fewer than 2 × 512 uncached RFCs or on one core, and never more than 4', () => {
    expect(workerCount(300, 'auto', 8)).toBe(0);
    expect(workerCount(1023, 'auto', 8)).toBe(0);
    expect(workerCount(1024, 'auto', 8)).toBe(2);
    expect(workerCount(2000, 'auto', 1)).toBe(0);
    expect(workerCount(2000, 'auto', 2)).toBe(2);
    expect(workerCount(2000, 'auto', 16)).toBe(3);
    expect(workerCount(100_000, 'auto', 16)).toBe(4);
    expect(workerCount(2000, 'off', 16)).toBe(0);
    expect(workerCount(3, 4, 1)).toBe(3);
  });
});
