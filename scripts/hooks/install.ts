// The `prepare` step (after the build): install the pre-commit hook. It reports what it did in one
// line and never fails `npm install` / `npm ci` — not even when the hook code cannot load.
try {
  const { installHook } = await import('./install-hook.js');
  const r = installHook();
  process.stderr.write(`specgate: ${r.message}\n`);
} catch (e) {
  process.stderr.write(`specgate: pre-commit hook not installed: ${String((e as Error)?.message ?? e).split('\n')[0]}\n`);
}
process.exitCode = 0;
export {};
