import { accessSync, chmodSync, constants, copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers/env.js';

const require = createRequire(import.meta.url);

export interface SarifIssue {
  ruleId: string;
  level: string;
  text: string;
}

/**
 * The platform binary of @microsoft/sarif-multitool, made runnable. Its package sets the
 * executable bit in a postinstall script, which an npm that blocks dependency install scripts
 * (or `npm ci --ignore-scripts`) skips; so set the bit here, or run a private copy when
 * node_modules is read-only.
 */
function multitoolBinary(): string {
  const pkg = `@microsoft/sarif-multitool-${process.platform}`;
  const bin = require(pkg) as string;
  if (!existsSync(bin)) throw new Error(`${pkg} has no binary at ${bin}`);
  if (process.platform === 'win32' || isExecutable(bin)) return bin;
  try {
    chmodSync(bin, statSync(bin).mode | 0o111);
    if (isExecutable(bin)) return bin;
  } catch {
    // read-only install: fall through to a private copy
  }
  const copy = path.join(tempDir('sarif-multitool-'), path.basename(bin));
  copyFileSync(bin, copy);
  chmodSync(copy, 0o755);
  // The validator reads its SARIF schema beside the binary.
  const schema = path.join(path.dirname(bin), 'sarif-2.1.0.json');
  if (existsSync(schema)) copyFileSync(schema, path.join(path.dirname(copy), 'sarif-2.1.0.json'));
  return copy;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface SarifValidation {
  errors: SarifIssue[];
  warnings: SarifIssue[];
  all: SarifIssue[];
}

/**
 * `Sarif.Multitool validate FILE…` in one run (the .NET tool's startup is most of its cost):
 * each file's findings, told apart by the artifact each result of the validator's log names.
 */
export function validateSarifFiles(files: readonly string[]): Map<string, SarifValidation> {
  const out = path.join(tempDir('sarif-validate-'), 'validation.sarif');
  const r = spawnSync(multitoolBinary(), ['validate', ...files, '--output', out, '--log', 'ForceOverwrite'], {
    encoding: 'utf8',
    env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
  });
  if (r.status !== 0 || !existsSync(out)) throw new Error(`Sarif.Multitool validate failed (${r.status}): ${r.stderr || r.stdout}`);
  const log = JSON.parse(readFileSync(out, 'utf8'));
  const rules: Array<{ id: string; messageStrings?: Record<string, { text: string }> }> = log.runs[0].tool.driver.rules ?? [];
  const byFile = new Map(files.map((f) => [path.resolve(f), [] as SarifIssue[]]));
  for (const res of log.runs[0].results ?? []) {
    const uri: string = res.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '';
    const issues = byFile.get(uri.startsWith('file:') ? fileURLToPath(uri) : path.resolve(uri));
    if (!issues) throw new Error(`Sarif.Multitool reported on a file it was not given: ${uri}`);
    const template = res.message.text ?? rules.find((x) => x.id === res.ruleId)?.messageStrings?.[res.message.id]?.text ?? res.message.id;
    const text = String(template).replace(/\{(\d+)\}/g, (_: string, i: string) => res.message.arguments?.[Number(i)] ?? '');
    issues.push({ ruleId: res.ruleId, level: res.level ?? 'warning', text });
  }
  return new Map(
    files.map((f) => {
      const all = byFile.get(path.resolve(f))!;
      return [f, { errors: all.filter((i) => i.level === 'error'), warnings: all.filter((i) => i.level === 'warning'), all }];
    }),
  );
}
