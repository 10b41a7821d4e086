import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ANCHOR, projectCorpusCopy, runJson, tempCopy } from '../../helpers/env.js';
import type { CliResult, JsonFinding } from '../../helpers/env.js';

export const MAP = 'spec/v2/interop-map.json';
export const MAP_SCHEMA = 'spec/v2/interop-map.schema.json';

/** A repository to sabotage: a temp copy of the upstream anchors or of this project's corpus. */
export interface Target {
  name: string;
  /** CLI arguments that select the layout. */
  args: string[];
  copy(): string;
}

export const TARGETS: Target[] = [
  { name: 'upstream anchors', args: ['--preset', 'openwop'], copy: () => tempCopy(ANCHOR) },
  { name: 'project corpus', args: [], copy: () => projectCorpusCopy() },
];

export function gate(root: string, target: Pick<Target, 'args'>, extra: string[] = []): Promise<CliResult & { findings: JsonFinding[]; summary: any }> {
  return runJson(['check', 'interop-map', '--root', root, ...target.args, ...extra]);
}

function readMap(root: string, rel = MAP): any {
  return JSON.parse(readFileSync(path.join(root, rel), 'utf8'));
}

/** Rewrites a JSON file the way both maps are formatted (2-space indent, final newline). */
function writeJson(file: string, value: unknown): string {
  const text = JSON.stringify(value, null, 2) + '\n';
  writeFileSync(file, text);
  return text;
}

export function editMap(root: string, edit: (map: any) => void, rel = MAP): string {
  const map = readMap(root, rel);
  edit(map);
  return writeJson(path.join(root, rel), map);
}

/** 1-based position of the n-th (1-based) occurrence of `needle` in `text` (one helper, the rule tester's). */
export { positionOf } from '../../helpers/positions.js';

export function byRule(findings: JsonFinding[] | undefined, ruleId: string): JsonFinding[] {
  return (findings ?? []).filter((f) => f.ruleId === ruleId);
}

export const STACK_LINE = /^\s{4}at /m;
