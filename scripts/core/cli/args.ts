import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { didYouMeanHint } from '../base/did-you-mean.js';
import { UsageError } from '../base/errors.js';

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
    const { values, positionals } = parseArgs({ args: withNegativeNumbers(argv, options), options, allowPositionals, strict: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (e) {
    throw new UsageError(explain(argv, options, allowPositionals, e as Error & { code?: string }), usage);
  }
}

/**
 * `--max-warnings -1` as ESLint takes it: parseArgs refuses a value that starts with `-` as
 * ambiguous, but a negative number is never a flag, so it is joined to its option (`--max-warnings=-1`).
 */
function withNegativeNumbers(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    // After `--` every argument is a positional, as parseArgs reads them.
    if (argv[i] === '--') return out.concat(argv.slice(i));
    const name = optionName(argv[i]!, options);
    const next = argv[i + 1];
    if (name !== undefined && options[name]!.type === 'string' && next !== undefined && /^-\d+$/.test(next)) out.push(`${argv[i++]}=${next}`);
    else out.push(argv[i]!);
  }
  return out;
}

/** Our own wording for what parseArgs refused, found from its tokens rather than its message. */
function explain(argv: string[], options: Options, allowPositionals: boolean, e: Error & { code?: string }): string {
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  const flags = Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
  for (const t of tokens) {
    if (t.kind === 'positional' && !allowPositionals) return `unexpected argument "${t.value}": this command takes no positional arguments`;
    if (t.kind !== 'option') continue;
    const o = options[t.name];
    if (!o) return `unknown option "${t.rawName}"${shortFlagHint(t.rawName, options) ?? didYouMeanHint(t.rawName, flags.filter((f) => f.startsWith('--')))}`;
    const shown = shownOption(t.name, options);
    if (o.type === 'string' && t.value === undefined) return `option ${shown} needs a value`;
    if (o.type === 'boolean' && t.value !== undefined) return `option ${shown} takes no value (got "${t.value}")`;
  }
  // A value that starts with "-" (`-o -q`): parseArgs takes it for a flag.
  const raw = e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? /Option '(-\w|--[\w-]+)'/.exec(e.message)?.[1] : undefined;
  const name = raw === undefined ? undefined : optionName(raw, options);
  if (name !== undefined) return `option ${shownOption(name, options)} needs a value (one that starts with "-" is written --${name}=-…)`;
  // Anything else parseArgs refuses: its first line, quotes balanced.
  return (e.message.split('\n')[0] ?? 'invalid arguments').replace(/'/g, '"').replace(/\. To specify a positional.*$/, '');
}

/**
 * A one-letter flag is one edit from every other one, so edit distance says nothing: `-x` gets a
 * suggestion only when it is a known short flag in the other case (`-Q` → `-q`) or a long option
 * written with one dash (`-format` → `--format`); otherwise none. Undefined for a long flag.
 */
function shortFlagHint(raw: string, options: Options): string | undefined {
  if (raw.startsWith('--')) return undefined;
  const letter = raw.slice(1);
  if (letter.length > 1 && options[letter]) return `; did you mean "--${letter}"?`;
  const other = Object.entries(options).find(([, o]) => o.short !== undefined && o.short !== letter && o.short.toLowerCase() === letter.toLowerCase());
  return other ? `; did you mean "-${other[1].short}"?` : '';
}

/** The option an argument names (`--output` or `-o` → `output`), if it names one. */
function optionName(arg: string, options: Options): string | undefined {
  if (arg.startsWith('--')) return options[arg.slice(2)] ? arg.slice(2) : undefined;
  return Object.keys(options).find((k) => options[k]!.short !== undefined && arg === `-${options[k]!.short}`);
}

/** An option as messages name it: `-o/--output`, or `--root`. */
function shownOption(name: string, options: Options): string {
  const short = options[name]?.short;
  return short ? `-${short}/--${name}` : `--${name}`;
}
