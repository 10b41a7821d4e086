import path from 'node:path';
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';
import type { Layout } from './layout.js';
import { LAYOUT_KEYS, presetLayout } from './layout.js';
import type { SeveritySetting } from './engine.js';

export const CONFIG_FILE = 'specgate.config.json';

export interface LoadedConfig {
  layout: Layout;
  severities: Record<string, SeveritySetting>;
  /** The config file used, repository-relative, if any. */
  file?: string;
}

/**
 * The layout for a run: `--preset`, else the config file (`--config`, or specgate.config.json at
 * the root), else this project's own layout.
 */
export function loadConfig(root: string, opts: { preset?: string; config?: string }): LoadedConfig {
  const configPath = opts.config ? path.resolve(opts.config) : path.join(root, CONFIG_FILE);
  let raw: string | undefined;
  try {
    raw = readFileSync(configPath, 'utf8');
  } catch {
    if (opts.config) throw new UsageError(`config file not found: ${opts.config}`);
  }
  if (raw === undefined) return { layout: presetLayout(opts.preset ?? 'specgate'), severities: {} };
  let cfg: Record<string, unknown>;
  try {
    cfg = JSON.parse(raw) as Record<string, unknown>;
  } catch (e) {
    throw new UsageError(`${path.relative(process.cwd(), configPath) || configPath}: not valid JSON (${(e as Error).message})`);
  }
  if (!cfg || typeof cfg !== 'object' || Array.isArray(cfg)) throw new UsageError(`${configPath}: expected a JSON object`);
  const allowed = new Set(['$schema', 'preset', 'layout', 'rules']);
  for (const k of Object.keys(cfg)) if (!allowed.has(k)) throw new UsageError(`${configPath}: unknown key "${k}" (allowed: ${[...allowed].join(', ')})`);
  const layout = presetLayout(opts.preset ?? (typeof cfg.preset === 'string' ? cfg.preset : 'specgate'));
  const overrides = (cfg.layout ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(overrides)) {
    if (!(LAYOUT_KEYS as readonly string[]).includes(k)) throw new UsageError(`${configPath}: unknown layout key "${k}" (known: ${LAYOUT_KEYS.join(', ')})`);
    (layout as unknown as Record<string, unknown>)[k] = v;
  }
  const severities: Record<string, SeveritySetting> = {};
  for (const [id, v] of Object.entries((cfg.rules ?? {}) as Record<string, unknown>)) {
    if (v !== 'off' && v !== 'warning' && v !== 'error') throw new UsageError(`${configPath}: rule "${id}" must be "off", "warning" or "error"`);
    severities[id] = v;
  }
  return { layout, severities, file: path.relative(root, configPath) };
}
