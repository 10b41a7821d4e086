// The `prepare` step (after the build): install the pre-commit hook. It reports what it did in one
// line and never fails `npm install` / `npm ci` — not even when the hook code cannot load.
try {
  const { installHook } = await import('./install-hook.js');
  const { printable } = await import('../core/reporters/printable.js');
  const r = installHook();
  // The message quotes paths from the environment and git's config (INIT_CWD, core.hooksPath): escaped.
  process.stderr.write(`specgate: ${printable(r.message)}\n`);
} catch (e) {
  process.stderr.write(`specgate: pre-commit hook not installed: ${String((e as Error)?.message ?? e).split('\n')[0]}\n`);
}
process.exitCode = 0;
export {};
