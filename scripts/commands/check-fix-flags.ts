import { UsageError } from '../core/base/errors.js';

// The fix flags of `check`, apart from the fixer itself (./check-fix.ts), which loads only when a run fixes.

/** The flags of `check` that fix. */
export const FIX_OPTIONS = {
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  'fix-type': { type: 'string', multiple: true },
  'fix-rule': { type: 'string', multiple: true },
} as const;

export const FIX_HELP = `fix options (the working tree only; each repair is spliced into the file, nothing else changes):
      --fix                      apply every fix (all files or none), then check again and report what remains
      --fix-dry-run              print the unified diff --fix would write; write nothing
      --fix-type SEVERITY        fix only findings of this severity: error, warning, notice (repeatable, or comma-separated)
      --fix-rule ID              fix only this rule's findings (repeatable, or comma-separated)
`;

const FIX_TYPES = ['error', 'warning', 'notice'];

/** Whether the run fixes; the flags' combinations checked before anything is read (exit 2 with one line). */
export function checkFixFlags(values: Record<string, unknown>): boolean {
  const fixing = values.fix === true || values['fix-dry-run'] === true;
  const types = list(values['fix-type']);
  if (!fixing) {
    if (types.length || list(values['fix-rule']).length) throw new UsageError(`--${types.length ? 'fix-type' : 'fix-rule'} limits --fix or --fix-dry-run; give one of them`);
    return false;
  }
  if (values.staged) throw new UsageError('--fix applies to the working tree; it cannot be combined with --staged');
  for (const t of types) if (!FIX_TYPES.includes(t)) throw new UsageError(`--fix-type ${t}: expected one of ${FIX_TYPES.join(', ')}`);
  if (values['fix-dry-run'] === true && values['max-warnings'] !== undefined) throw new UsageError('--max-warnings judges the check after --fix; --fix-dry-run only prints the diff (exit 0)');
  if (values.quiet === true && types.length && !types.includes('error')) throw new UsageError(`--quiet fixes errors only; with --fix-type ${types.join(',')} nothing would be fixed`);
  return true;
}

export function list(v: unknown): string[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  return items.flatMap((s: string) => s.split(',')).map((s) => s.trim()).filter(Boolean);
}
