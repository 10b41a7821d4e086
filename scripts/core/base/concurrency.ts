import { UsageError } from './errors.js';

/**
 * How many worker processes may parse RFCs a run finds uncached (`--concurrency`, as ESLint's):
 * `off` parses on the main thread, a number of 1 or more forces that many workers whenever any RFC
 * is uncached, `auto` (the default) starts two or more only for a batch large enough to pay for them
 * (scripts/rfc/parse-pool.ts; docs/decisions/cold-parse-workers.md). Set once per process by the
 * command line, before anything is read.
 */
export type Concurrency = 'auto' | 'off' | number;

/** Workers are never more than this, whatever is asked (memory: docs/limits.md). */
export const MAX_CONCURRENCY = 4;

/**
 * Uncached RFCs per worker under `auto`, which starts two or more or none: on the 2-core bench
 * machine two workers made a cold run of 2,000 uncached RFCs 20-25% faster and runs of 260 and
 * 1,000 slower (the workers' cold JIT, and the cores the main thread's own work needs);
 * docs/decisions/cold-parse-workers.md.
 */
export const FILES_PER_WORKER = 512;

let setting: Concurrency = 'auto';

export function parseConcurrency(value: string): Concurrency {
  if (value === 'auto' || value === 'off') return value;
  if (/^[1-9][0-9]*$/.test(value)) return Math.min(Number(value), MAX_CONCURRENCY);
  throw new UsageError(`--concurrency takes a number of workers, off or auto, not ${JSON.stringify(value)}`);
}

export function setConcurrency(value: Concurrency): void {
  setting = value;
}

export function concurrency(): Concurrency {
  return setting;
}
