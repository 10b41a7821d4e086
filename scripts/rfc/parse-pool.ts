import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Concurrency } from '../core/base/concurrency.js';
import { FILES_PER_WORKER, MAX_CONCURRENCY } from '../core/base/concurrency.js';
import { FatalError } from '../core/base/errors.js';
import type { ReaderTitles } from './document.js';
import type { WorkerAnswer, WorkerJob } from './parse-worker.js';

/**
 * Parsing RFCs a run finds uncached in parallel (ESLint's `--concurrency`): on a cold run of 2,000
 * RFCs the main thread spent 17 of 21 s in micromark and its garbage collection
 * (docs/decisions/cold-parse-workers.md). Each worker makes the reading with the main thread's own
 * function (parse-reading.ts) and sends back the body of its cache entry; the main thread writes
 * the entry and reads the document from it as from a cache hit.
 *
 * A worker is a child process of the same node running parse-worker.js, started with V8's
 * single-threaded garbage collector: on this 2-core machine two worker threads of one process
 * were slower than the main thread alone (23.9 s against 21.4 s), their parallel collectors' helper
 * threads contending for the cores; V8's collector can only be chosen when a process starts.
 */

/** Each worker's heap (V8's old generation): an RFC is at most 128 KB and its tree tens of MB; with MAX_CONCURRENCY workers, under half the 1 GiB a run may use. */
export const WORKER_HEAP_MIB = 96;
/** RFCs sent to a worker at a time: few messages, and the main thread's first readings come back early. */
const BATCH = 8;

/** One worker, as the pool drives it (a child process; a test gives its own). */
export interface ParseWorker {
  send(jobs: WorkerJob[]): void;
  /** `answers` for each batch sent, in order; `gone` once, when it ended or failed (answered or not). */
  listen(answers: (a: unknown) => void, gone: () => void): void;
  end(): void;
}

/** How many workers parse `uncached` RFCs under the setting: 0 for none. */
export function workerCount(uncached: number, setting: Concurrency, parallelism = os.availableParallelism?.() ?? os.cpus().length): number {
  if (setting === 'off' || uncached === 0) return 0;
  if (typeof setting === 'number') return Math.min(setting, MAX_CONCURRENCY, uncached);
  // One worker only moves the parse off the main thread, which then waits: no faster (measured).
  const n = Math.min(MAX_CONCURRENCY, parallelism, Math.floor(uncached / FILES_PER_WORKER));
  return n >= 2 ? n : 0;
}

/** The built worker module beside this one; under a test runner of the sources, the build's (the test setup builds it). */
export function workerModule(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  const built = here.endsWith('.ts') ? here.replace(/[\\/]scripts[\\/]rfc[\\/]parse-pool\.ts$/, '/dist/scripts/rfc/parse-worker.js') : here.replace(/parse-pool\.js$/, 'parse-worker.js');
  return existsSync(built) ? built : undefined;
}

/**
 * Parses the texts in `count` workers. One promise a job, in the jobs' order: the body of its
 * cache entry; rejected with the error the main thread's parse would have thrown (same class,
 * same message); or undefined when its worker died (out of memory, crashed, could not start)
 * before answering, and the caller parses that one on the main thread, which decides as it
 * always did. Never a hang: a worker that ends takes its unanswered jobs with it as undefined,
 * and the workers end when every job is answered.
 */
export function parseInWorkers(jobs: readonly WorkerJob[], titles: ReaderTitles, count: number, spawn: () => ParseWorker = () => processWorker(titles)): Promise<string | undefined>[] {
  const settle: Array<{ resolve: (body: string | undefined) => void; reject: (e: Error) => void }> = [];
  const promises = jobs.map((_, i) => new Promise<string | undefined>((resolve, reject) => void (settle[i] = { resolve, reject })));
  // A job nobody asks for again (its run stopped) must not end the process as an unhandled rejection.
  for (const p of promises) p.catch(() => undefined);
  let next = 0;
  let live = 0;
  const start = () => {
    let worker: ParseWorker;
    try {
      worker = spawn();
    } catch {
      return;
    }
    live++;
    let inFlight: number[] = [];
    let gone = false;
    // Once a worker: the jobs nobody took are the main thread's when no worker is left.
    const leave = () => {
      if (gone) return;
      gone = true;
      for (const i of inFlight) settle[i]!.resolve(undefined);
      inFlight = [];
      if (--live === 0) while (next < jobs.length) settle[next++]!.resolve(undefined);
      worker.end();
    };
    const feed = () => {
      inFlight = [];
      if (next >= jobs.length) return leave();
      for (let k = 0; k < BATCH && next < jobs.length; k++) inFlight.push(next++);
      worker.send(inFlight.map((i) => jobs[i]!));
    };
    worker.listen((answers) => {
      if (gone) return;
      inFlight.forEach((i, k) => {
        const a = (Array.isArray(answers) ? answers[k] : undefined) as WorkerAnswer | undefined;
        if (a && 'body' in a && typeof a.body === 'string') settle[i]!.resolve(a.body);
        else if (a && 'error' in a && a.error && typeof a.error.message === 'string') settle[i]!.reject(a.error.fatal ? new FatalError(a.error.message) : new Error(a.error.message));
        else settle[i]!.resolve(undefined);
      });
      feed();
    }, leave);
    feed();
  };
  for (let k = 0; k < count && k < jobs.length; k++) start();
  if (live === 0) for (const s of settle) s.resolve(undefined);
  return promises;
}

/** A child process of this node running parse-worker.js: nothing inherited on stdio, its heap capped, the collector single-threaded. */
export function processWorker(titles: ReaderTitles): ParseWorker {
  const module = workerModule();
  if (!module) throw new Error('no built parse worker');
  const child = fork(module, [JSON.stringify(titles)], {
    execArgv: ['--single-threaded-gc', `--max-old-space-size=${WORKER_HEAP_MIB}`],
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
  });
  return {
    send: (jobs) => void child.send(jobs),
    listen(answers, gone) {
      child.on('message', answers);
      child.on('error', gone);
      child.on('exit', gone);
    },
    end: () => void child.kill(),
  };
}
