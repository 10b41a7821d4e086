import { UsageError } from '../base/errors.js';
import type { ConfiguredSeverity } from '../model/findings.js';
import { SEVERITY_ELSEWHERE } from '../config/config.js';

/** The words a severity is set with, in the config and on the command line. */
const SEVERITY_WORDS: readonly ConfiguredSeverity[] = ['off', 'on', 'notice', 'warning', 'error'];

/** `check`'s `--rule ID:SEVERITY` (repeatable): a severity for this run, over the config's. */
export const RULE_OPTIONS = {
  rule: { type: 'string', multiple: true },
} as const;

export const RULE_HELP = `      --rule ID:SEVERITY         set a rule's severity for this run, over the config (repeatable):
                                 off, on, notice, warning or error; ESLint's 'ID: off' is read too
`;

/**
 * `--rule` values as ESLint writes them (`--rule 'rfcs/status-known: off'`), without its JSON
 * braces: the id up to the last colon, the severity after it, spaces ignored. The old meaning
 * (the rule whose findings `--fix` repairs) is refused with the flag that has it now.
 */
export function parseRuleFlags(values: Record<string, unknown>): Record<string, ConfiguredSeverity> {
  const raw = Array.isArray(values.rule) ? (values.rule as string[]) : [];
  const out: Record<string, ConfiguredSeverity> = {};
  const fixing = values.fix === true || values['fix-dry-run'] === true;
  for (const item of raw) {
    const at = item.lastIndexOf(':');
    if (at < 0) {
      throw new UsageError(
        fixing
          ? `--rule ${item}: --rule sets a severity now (--rule ${item}:off); to fix only this rule's findings, use --fix-rule ${item}`
          : `--rule ${item}: give a severity, as in --rule '${item}: off' (off, on, notice, warning or error)`,
      );
    }
    const id = item.slice(0, at).trim().replace(/^["']|["']$/g, '');
    const word = item.slice(at + 1).trim().replace(/^["']|["']$/g, '');
    if (!id) throw new UsageError(`--rule ${item}: no rule id before the ":"`);
    if (!(SEVERITY_WORDS as string[]).includes(word)) {
      const elsewhere = SEVERITY_ELSEWHERE[word];
      const hint = elsewhere ? `; did you mean "${elsewhere[0]}"? ("${word}" is how ${elsewhere[1]} spell${elsewhere[1].includes(' and ') ? '' : 's'} it)` : '';
      throw new UsageError(`--rule ${item}: the severity is one of ${SEVERITY_WORDS.join(', ')}${hint}`);
    }
    out[id] = word as ConfiguredSeverity;
  }
  return out;
}
