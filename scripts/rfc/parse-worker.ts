import { FatalError } from '../core/base/errors.js';
import { asciiJson } from '../core/cache/parse-cache.js';
import type { ReaderTitles } from './document.js';
import { toEntry } from './load.js';
import { parseReading } from './parse-reading.js';

/**
 * A parse worker (parse-pool.ts): reads the RFC texts it is sent with the main thread's own
 * function and sends back each reading as the body of its cache entry. It reads no file and
 * writes nothing; the main thread authenticates and writes the entries. Run as a child process
 * of the main one, the process's titles as its one argument.
 */
export type WorkerJob = { file: string; text: string };
export type WorkerAnswer = { body: string } | { error: { message: string; fatal: boolean } };

const titles = JSON.parse(process.argv[2] ?? '{}') as ReaderTitles;

function answer(jobs: WorkerJob[]): WorkerAnswer[] {
  return jobs.map(({ file, text }) => {
    try {
      // Only texts that passed the Markdown container caps are sent (rfc/set.ts peekMarkdownText).
      return { body: asciiJson(toEntry(parseReading(file, text, titles), true)) };
    } catch (e) {
      // Sent back to be thrown on the main thread as it would have been there.
      return { error: { message: e instanceof Error ? e.message : String(e), fatal: e instanceof FatalError } };
    }
  });
}

process.on('message', (jobs: WorkerJob[]) => process.send?.(answer(jobs)));
// The main process gone (its run failed, it was killed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
