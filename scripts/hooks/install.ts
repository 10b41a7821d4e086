// The `prepare` step (after the build): install the pre-commit hook. It reports what it did in one
// line and never fails `npm install` / `npm ci` — not even when the hook code cannot load.
try {
  const { installHook } = await import('./install-hook.js');
  const { printable } = await import('../core/base/printable.js');
  const r = installHook();
  // The message quotes paths from the environment and git's config (INIT_CWD, core.hooksPath): escaped.
  process.stderr.write(`specgate: ${printable(r.message)}\n`);
} catch (e) {
  // The error may quote file names from the tree; printable() may be what failed to load, so its
  // character set (control characters, DEL, C1, line separators, bidi overrides) is escaped here.
  const first = String((e as Error)?.message ?? e).split('\n')[0]!;
  const shown = first.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const n = c.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  });
  process.stderr.write(`specgate: pre-commit hook not installed: ${shown}\n`);
}
process.exitCode = 0;
export {};
