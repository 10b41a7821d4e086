import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}
import { UsageError } from './errors.js';

/** node:util parseArgs, with its errors turned into one-line usage errors. */
export function parseCommandArgs(argv: string[], options: Options, allowPositionals = true): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals, strict: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]!);
  }
}
