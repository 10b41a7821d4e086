/**
 * Whether this run is inside a V8 startup snapshot (scripts/snapshot/entry.ts sets it when the heap
 * is deserialized). Node 20 has no dynamic `import()` of a file there, so what needs one (a
 * plugin) throws `plainRunNeeded()` before anything is written, and the launcher runs the plain
 * CLI instead (bin/specgate: the entry's exit code 75).
 */
export const snapshotRun = { active: false };

/** The error that ends a snapshot run unstarted; cli-main.ts passes it through, never prints it. */
export function plainRunNeeded(why: string): Error {
  return Object.assign(new Error(`the startup snapshot cannot run this: ${why}`), { plainRunNeeded: true as const });
}

export function isPlainRunNeeded(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { plainRunNeeded?: unknown }).plainRunNeeded === true;
}
