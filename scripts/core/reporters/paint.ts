import type { ReportEnv } from './types.js';

/** An SGR colour around `s` when the run is coloured (--color, FORCE_COLOR, a terminal). */
export function paint(env: Pick<ReportEnv, 'color'>, code: string, s: string): string {
  return env.color ? `\u001b[${code}m${s}\u001b[0m` : s;
}
