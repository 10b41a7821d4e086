import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../scripts/snapshot/build-blob.js';
import { PROJECT, tempDir } from '../helpers/env.js';

/**
 * The main process's heap cap. A few crafted RFCs — a paragraph per line up to the 128 KiB Markdown
 * cap — leave hundreds of MiB of parser garbage each; with V8's default limit the process grew past
 * 1 GiB on five of them (1.39 GB measured) though little of it stays alive. bin/specgate gives node
 * a cap (NODE_FLAGS) on both of its paths, the Action's steps too, and the blob is built with it.
 */

const bin = readFileSync(path.join(PROJECT, 'bin/specgate'), 'utf8');

describe('the heap cap', () => {
  it('is spelled once: the bin, the blob build and the Action name the same flag', () => {
    expect(NODE_FLAGS).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
    expect(bin).toContain(`\nflags="${NODE_FLAGS.join(' ')}"\n`);
    // Both of the bin's node runs take them (the blob's and the plain CLI's).
    expect(bin.match(/"\$node" \$flags /g)).toHaveLength(2);
    const action = readFileSync(path.join(PROJECT, 'action.yml'), 'utf8');
    const nodeRuns = action.match(/^\s*(exec )?node .*$/gm) ?? [];
    expect(nodeRuns.length).toBeGreaterThan(0);
    for (const line of nodeRuns) expect(line).toContain(`node ${NODE_FLAGS.join(' ')} `);
  });

  it.skipIf(!existsSync('/proc/self/status'))('five crafted RFCs stay under 1 GiB through the bin', async () => {
    const root = tempDir('specgate-heap-');
    mkdirSync(path.join(root, 'RFCS'));
    const head = (n: string) => `# RFC ${n}: Paragraphs\n\n| Field | Value |\n| --- | --- |\n| Status | Draft |\n\n## Body\n\n`;
    for (let i = 1; i <= 5; i++) {
      const n = String(i).padStart(4, '0');
      const h = head(n);
      writeFileSync(path.join(root, 'RFCS', `${n}-paragraphs.md`), h + 'a\n\n'.repeat(Math.floor((128 * 1024 - h.length - 10) / 3)));
    }
    // SPECGATE_SNAPSHOT=off: the plain CLI, which the bin execs, so the pid is node's own.
    const child = spawn(path.join(PROJECT, 'bin/specgate'), ['check', 'rfcs', '--no-cache', '--concurrency', 'off', '--format', 'json'], {
      cwd: root,
      env: { ...process.env, SPECGATE_SNAPSHOT: 'off' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let peakKiB = 0;
    const sample = () => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKiB = Math.max(peakKiB, Number(m[1]));
      } catch {
        // gone
      }
    };
    const timer = setInterval(sample, 20);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearInterval(timer);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    expect(peakKiB).toBeGreaterThan(0);
    expect(peakKiB / 1024).toBeLessThan(1024);
  }, 180_000);
});
