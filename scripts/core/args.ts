import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { didYouMeanHint } from './did-you-mean.js';
import { UsageError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;
export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * node:util parseArgs (strict). Its errors become one line of our own — an unknown flag names
 * the nearest known one — followed by the command's usage when `usage` is given.
 */
export function parseCommandArgs(argv: string[], options: Options, allowPositionals = true, usage?: string): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals, strict: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (e) {
    throw new UsageError(explain(argv, options, allowPositionals, e as Error & { code?: string }), usage);
  }
}

/** Our own wording for what parseArgs refused, found from its tokens rather than its message. */
function explain(argv: string[], options: Options, allowPositionals: boolean, e: Error & { code?: string }): string {
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  const flags = Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
  for (const t of tokens) {
    if (t.kind === 'positional' && !allowPositionals) return `unexpected argument "${t.value}": this command takes no positional arguments`;
    if (t.kind !== 'option') continue;
    const o = options[t.name];
    if (!o) return `unknown option "${t.rawName}"${didYouMeanHint(t.rawName, flags)}`;
    const shown = o.short ? `-${o.short}/--${t.name}` : `--${t.name}`;
    if (o.type === 'string' && t.value === undefined) return `option ${shown} needs a value`;
    if (o.type === 'boolean' && t.value !== undefined) return `option ${shown} takes no value (got "${t.value}")`;
  }
  // Anything else parseArgs refuses: its first line, quotes balanced.
  return (e.message.split('\n')[0] ?? 'invalid arguments').replace(/'/g, '"').replace(/\. To specify a positional.*$/, '');
}
