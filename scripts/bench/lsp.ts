import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from '../core/base/package-root.js';
import { LspClient } from './lsp-client.js';

/**
 * `npm run bench -- --lsp`: `specgate lsp` on this project's corpus, driven by the test client.
 * The time from a `didChange` of the interop map to the `publishDiagnostics` of that version
 * (median of 50 edits, each waited for before the next, so it includes the debounce), with the
 * default debounce and with none; then the server's memory after 50 and after 500 edits: its heap
 * after a full collection (judged) and its resident set (reported).
 */
const TARGETS = { medianMs: 50, memoryGrowth: 0.1 };
const MAP = 'spec/v2/interop-map.json';

export async function benchLsp(edits = 50, longRun = 500): Promise<number> {
  const root = packageRoot();
  const cli = path.join(root, 'dist/scripts/cli.js');
  const text = readFileSync(path.join(root, MAP), 'utf8');
  // Each edit flips one reason between right and wrong, so every publication differs from the last.
  const variant = (i: number) => (i % 2 ? text : text.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"'));
  const say = (s: string) => process.stdout.write(s + '\n');
  say(`specgate bench --lsp · node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  say('');
  say('| server | edits | median ms | p90 ms | min–max ms | target |');
  say('| --- | ---: | ---: | ---: | ---: | --- |');
  let met = true;
  let mem: { at50: NodeJS.MemoryUsage; at500: NodeJS.MemoryUsage } | undefined;
  for (const debounce of [undefined, 0]) {
    const client = new LspClient(cli, root, ['--expose-gc']);
    try {
      await client.initialize(debounce === undefined ? {} : { debounceMs: debounce });
      await client.open(MAP, variant(0));
      await client.atVersion(MAP, 1, 120_000);
      const run = async (n: number) => {
        const ms: number[] = [];
        for (let i = 1; i <= n; i++) {
          const started = process.hrtime.bigint();
          const version = await client.change(MAP, variant(i), true);
          await client.atVersion(MAP, version, 120_000);
          ms.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
        return ms.sort((a, b) => a - b);
      };
      const ms = await run(edits);
      const median = ms[Math.floor(ms.length / 2)]!;
      const label = debounce === undefined ? 'default debounce' : 'debounce 0 (the check alone)';
      const ok = median <= TARGETS.medianMs;
      if (debounce === undefined) met &&= ok;
      say(`| ${label} | ${edits} | ${median.toFixed(1)} | ${ms[Math.floor(ms.length * 0.9)]!.toFixed(1)} | ${ms[0]!.toFixed(1)}–${ms.at(-1)!.toFixed(1)} | ${debounce === undefined ? `≤ ${TARGETS.medianMs} ms ${ok ? 'met' : 'MISSED'}` : ''} |`);
      if (debounce === undefined) {
        const at50 = await client.memory();
        await run(longRun - edits);
        mem = { at50, at500: await client.memory() };
      }
      await client.shutdown();
    } finally {
      client.kill();
    }
  }
  if (mem) {
    say('');
    say(`| server memory (MiB) | after ${edits} edits | after ${longRun} | growth | target |`);
    say('| --- | ---: | ---: | ---: | --- |');
    for (const [label, key, judged] of [['heap used, after a full GC', 'heapUsed', true], ['resident set (RSS)', 'rss', false]] as const) {
      const [a, b] = [mem.at50[key] / 2 ** 20, mem.at500[key] / 2 ** 20];
      const growth = (b - a) / a;
      const ok = growth <= TARGETS.memoryGrowth;
      if (judged) met &&= ok;
      say(`| ${label} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(growth * 100).toFixed(1)}% | ${judged ? `≤ ${TARGETS.memoryGrowth * 100}% ${ok ? 'met' : 'MISSED'}` : 'reported (V8 keeps freed pages)'} |`);
    }
  }
  return met ? 0 : 1;
}
