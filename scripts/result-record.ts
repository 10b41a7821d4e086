import { openCache } from './core/cache/cache.js';
import { startRecording, stopRecording } from './core/replay/observed-reads.js';
import type { RecordedRun, ResultPlan } from './result-replay.js';
import { RESULTS_KIND } from './result-replay.js';

/**
 * The recording half of the result cache (`scripts/result-replay.ts`), loaded on a miss: every
 * observation of the disk (`core/replay/observed-reads.ts`) and every byte written to stdout and stderr while the
 * CLI runs. `store` keeps them in the cache folder when the run may be replayed: the command said
 * so (`cacheableRun`), nothing made it uncacheable, and it ended 0 or 1 (never a usage or internal
 * error, nor a report that could not be written).
 */
export function startResultRecording(plan: ResultPlan): { store(code: number): void } {
  startRecording();
  const output: Array<[1 | 2, Buffer]> = [];
  const restore = [tap(process.stdout, 1, output), tap(process.stderr, 2, output)];
  return {
    store(code) {
      for (const undo of restore) undo();
      const recorded = stopRecording();
      if ((code !== 0 && code !== 1) || !('observations' in recorded)) return;
      const run: RecordedRun = { v: 1, code, output: output.map(([stream, bytes]) => [stream, bytes.toString('base64')]), inputs: recorded.observations, ...(recorded.report ? { report: recorded.report } : {}) };
      // The same folder and rule as every entry (core/cache/cache.ts): never one git tracks or does not ignore.
      openCache(plan.root, plan.dir)?.set(RESULTS_KIND, plan.key, JSON.stringify(run));
    },
  };
}

/** Copies what is written to `stream` into `output` (as bytes, as the stream encodes them), and returns how to stop. */
function tap(stream: NodeJS.WriteStream, id: 1 | 2, output: Array<[1 | 2, Buffer]>): () => void {
  const write = stream.write;
  stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8';
    output.push([id, typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk as Uint8Array)]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof stream.write;
  return () => {
    stream.write = write;
  };
}
