import path from 'node:path';
import { statSync } from 'node:fs';
import { Corpus } from './corpus.js';
import { FatalError } from './errors.js';
import { loadConfig } from './config.js';
import type { LoadedConfig } from './config.js';
import type { SeveritySetting } from './engine.js';
import type { CheckResult } from './findings.js';
import type { FileSource } from './source.js';
import { FsSource } from './source.js';
import { writeOutputFile } from './writer.js';
import { packageVersion } from './package-root.js';
import { loadReporter } from './reporters/index.js';
import type { RuleInfo } from './reporters/types.js';
import type { CliIo } from './io.js';
import { processIo } from './io.js';

export const TOOL_NAME = 'specgate';
export const TOOL_VERSION = packageVersion();

/** Options every command shares. */
export const COMMON_OPTIONS = {
  root: { type: 'string' },
  preset: { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  staged: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CommonValues {
  root?: string;
  preset?: string;
  config?: string;
  format?: string;
  output?: string;
  staged?: boolean;
}

export interface OpenedCorpus {
  corpus: Corpus;
  severities: Record<string, SeveritySetting>;
}

/** Resolves root, layout and source (working tree, or the git index with --staged). */
export async function openCorpus(values: CommonValues): Promise<OpenedCorpus> {
  const root = path.resolve(values.root ?? '.');
  try {
    if (!statSync(root).isDirectory()) throw new Error();
  } catch {
    throw new FatalError(`root is not a directory: ${values.root ?? '.'}`);
  }
  let source: FileSource;
  if (values.staged) {
    const { GitIndexSource } = await import('./git-source.js');
    source = await GitIndexSource.open(root);
  } else source = new FsSource(root);
  // With --staged, the repository's own config file is read from the index like everything else.
  const config = loadConfig(root, values, values.staged ? source : undefined);
  return { corpus: new Corpus(source, config.layout), severities: await configuredSeverities(config) };
}

/** The config's rule severities, checked against every command's rules (loaded only when the config names any). */
export async function configuredSeverities(config: Pick<LoadedConfig, 'severities' | 'ruleAt'>): Promise<Record<string, SeveritySetting>> {
  if (Object.keys(config.severities).length === 0) return {};
  const { resolveConfiguredRules } = await import('../rules-registry.js');
  return resolveConfiguredRules(config.severities, config.ruleAt);
}

/** Formats a result and writes it to stdout or `--output` (atomically). */
export async function emit(result: CheckResult, values: CommonValues, corpus: Corpus | undefined, rules: RuleInfo[], io: CliIo = processIo): Promise<void> {
  const reporter = await loadReporter(values.format ?? 'stylish');
  const text = reporter(result, {
    sourceOf: (file) => corpus?.cachedText(file) ?? corpus?.text(file),
    root: corpus?.root ?? process.cwd(),
    toolName: TOOL_NAME,
    toolVersion: TOOL_VERSION,
    rules,
    color: !values.output && (values.format ?? 'stylish') === 'stylish' && io.stdout.isTTY === true && !process.env.NO_COLOR,
  });
  if (values.output) writeAtomic(values.output, text);
  else io.stdout.write(text);
}

/** `--output`: a regular file or a new path, written atomically (core/writer.ts); anything else is a one-line error. */
export function writeAtomic(file: string, text: string): void {
  writeOutputFile(file, text);
}
