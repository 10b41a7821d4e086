import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { generateCorpus } from './synthetic.js';

/**
 * `npm run bench -- --hostile`: one run of the gate on each kind of hostile input at 1, 4 and
 * 16 MB (10^6 bytes), with its wall time, peak memory (the child's max RSS) and the caps it
 * reported. Each input is one file of this repository's corpus blown up to the size; the rest of
 * the corpus is as it is. Bounded means every run finishes, under 1 GiB, in time that grows no
 * faster than the input (or stops at a stated cap, reported as a finding).
 */
export interface HostileRow {
  kind: string;
  mb: number;
  bytes: number;
  ms: number;
  /** User + system CPU time of the child: on a shared machine, wall time also measures the neighbours. */
  cpuMs: number;
  peakMiB: number;
  exit: number;
  /** Rule ids of cap findings (parse/too-large, parse/markdown-too-large, limits/findings-per-file, …) with their counts. */
  caps: string;
  findings: number;
}

interface Kind {
  name: string;
  /** The file blown up, relative to the corpus root. */
  file: string;
  make(root: string, bytes: number): string;
  args: string[];
  /** A shape of a fixed size (issue 35's: small input, superlinear work): run once, at the first size. */
  fixed?: true;
}

const MB = 1_000_000;
/** The JSON, YAML and Markdown size caps (core/parse/json-tree.ts, core/parse/yaml-tree.ts, core/parse/corpus.ts): inputs built to fill a cap stop just under it. */
const MAX_JSON = 4 * 1024 * 1024 - 64;
const MAX_YAML = 4 * 1024 * 1024 - 64;
const MAX_MARKDOWN = 128 * 1024;
const CAP_RULES = /^(parse\/too-large|parse\/markdown-too-large|parse\/markdown-too-complex|parse\/too-deep|parse\/aliases|limits\/)/;

/** Repeats `unit(i)` until the text is `bytes` long. */
/** The map's text with `rows` laid at the start of its a2a.errors array. */
function intoErrors(text: string, rows: string): string {
  const at = text.indexOf('"errors": [') + '"errors": ['.length;
  return text.slice(0, at) + rows + text.slice(at);
}

function fill(head: string, bytes: number, unit: (i: number) => string, tail = ''): string {
  const parts = [head];
  let n = head.length + tail.length;
  for (let i = 0; n < bytes; i++) {
    const u = unit(i);
    parts.push(u);
    n += u.length;
  }
  parts.push(tail);
  return parts.join('');
}

function invariantEntries(root: string): { head: string; entries: string[] } {
  const text = readFileSync(path.join(root, 'invariants/invariants.yaml'), 'utf8');
  const first = text.search(/^ {2}- id: /m);
  return { head: text.slice(0, first), entries: text.slice(first).split(/(?=^ {2}- id: )/m).map((e) => (e.endsWith('\n') ? e : e + '\n')) };
}

const KINDS: Kind[] = [
  {
    name: 'JSON map (rows repeated)',
    file: 'spec/v2/interop-map.json',
    args: ['check', 'interop-map'],
    make(root, bytes) {
      const map = JSON.parse(readFileSync(path.join(root, this.file), 'utf8')) as { a2a: { errors: unknown[] } };
      const rows = map.a2a.errors;
      const text = JSON.stringify(map, null, 2);
      return intoErrors(text, fill('', bytes - text.length, (i) => JSON.stringify({ ...(rows[i % rows.length] as object), upstream: `Padding${i}Error` }) + ',\n'));
    },
  },
  {
    name: 'JSON map (every row broken)',
    file: 'spec/v2/interop-map.json',
    args: ['check', 'interop-map'],
    make(root, bytes) {
      // Every field of every row has the wrong type: ajv reports each, the worst case for the schema rule.
      const text = readFileSync(path.join(root, this.file), 'utf8');
      const row = '{"upstream":1,"jsonrpc":"x","grpc":2,"http":"y","serverWhen":3,"clientProjection":4,"reason":5},\n';
      return intoErrors(text, fill('', bytes - text.length, () => row));
    },
  },
  {
    name: 'YAML invariants (block)',
    file: 'invariants/invariants.yaml',
    args: ['check', 'invariants'],
    make(root, bytes) {
      const { head, entries } = invariantEntries(root);
      return fill(head, bytes, (i) => entries[i % entries.length]!.replace(/^( {2}- id: )([\w-]+)/m, `$1$2-copy-${i}`));
    },
  },
  {
    name: 'YAML invariants (flow style)',
    file: 'invariants/invariants.yaml',
    args: ['check', 'invariants'],
    make(root, bytes) {
      // JSON is YAML's flow style: each entry of the real file written as one flow mapping.
      const yaml = createRequire(import.meta.url)('js-yaml') as typeof import('js-yaml');
      const doc = yaml.load(readFileSync(path.join(root, this.file), 'utf8')) as { invariants: { id: string }[] };
      const list = doc.invariants;
      return fill('{version: 1, invariants: [\n', bytes, (i) => JSON.stringify({ ...list[i % list.length]!, id: `${list[i % list.length]!.id}-copy-${i}` }) + ',\n', ']}\n');
    },
  },
  {
    name: 'RFC markdown',
    file: 'RFCS/0211-a2a-error-details-are-errorinfo.md',
    args: ['check', 'rfcs', '--no-cache'],
    make(root, bytes) {
      const text = readFileSync(path.join(root, this.file), 'utf8');
      const body = text.slice(text.indexOf('\n## Motivation'), text.indexOf('\n## Errata'));
      return fill(text, bytes, (i) => body.replace(/\n## /g, `\n## P${i} `));
    },
  },
  {
    name: 'errata target markdown',
    file: 'spec/v1/a2a-integration.md',
    args: ['errata', 'apply'],
    make(root, bytes) {
      const text = readFileSync(path.join(root, this.file), 'utf8');
      return fill(text, bytes, (i) => `\n## Z${i} Padding\n\nParagraph ${i} with *emphasis*, \`code\` and a [link](#z${i}).\n- item\n- item\n`);
    },
  },
  {
    name: 'JSON map ({} rows)',
    file: 'spec/v2/interop-map.json',
    args: ['check', 'interop-map'],
    make(root, bytes) {
      // A value in three bytes, each missing every required property of a row (issue 28: 4.19 MB peaked at 3.6 GB).
      const text = readFileSync(path.join(root, this.file), 'utf8');
      return intoErrors(text, '{},'.repeat(Math.max(0, Math.floor((Math.min(bytes, MAX_JSON) - text.length) / 3))));
    },
  },
  {
    name: 'YAML invariants (empty entries)',
    file: 'invariants/invariants.yaml',
    args: ['check', 'invariants'],
    make(root, bytes) {
      // A node in four bytes (issue 28: 3.9 MB peaked at 2.3 GB).
      const text = readFileSync(path.join(root, this.file), 'utf8');
      const at = text.search(/^ {2}- id: /m);
      return text.slice(0, at) + '  -\n'.repeat(Math.max(0, Math.floor((Math.min(bytes, MAX_YAML) - text.length) / 4))) + text.slice(at);
    },
  },
  {
    name: 'unknown client projections (did you mean)',
    file: 'spec/v2/interop-map.json',
    args: ['check', 'interop-map'],
    make(root, bytes) {
      // Half the bytes in registry codes, half in map rows naming codes the registry lacks, all of one length.
      const registryFile = path.join(root, 'spec/v2/errors.json');
      const registry = JSON.parse(readFileSync(registryFile, 'utf8')) as Record<string, unknown>;
      const list = Object.values(registry).find(Array.isArray) as Record<string, unknown>[];
      const proto = { ...list[0]!, description: undefined };
      const map = JSON.parse(readFileSync(path.join(root, this.file), 'utf8')) as { a2a: { errors: Record<string, unknown>[] } };
      const row = map.a2a.errors.find((r) => typeof r.upstream === 'string' && !r.upstream.startsWith('('))!;
      const padded = (i: number) => ({ ...row, upstream: `(Padding${i})`, clientProjection: `UNREGISTER_${String(i).padStart(7, '0')}`, reason: undefined });
      const rowBytes = JSON.stringify(padded(0)).length + 1;
      const n = Math.floor(Math.min(bytes, MAX_JSON) / 2 / Math.max(rowBytes, JSON.stringify({ ...proto, code: 'REGISTERED_0000000' }).length + 1));
      for (let i = 0; i < n; i++) list.push({ ...proto, code: `REGISTERED_${String(i).padStart(7, '0')}` });
      writeFileSync(registryFile, JSON.stringify(registry));
      for (let i = 0; i < n; i++) map.a2a.errors.push(padded(i));
      return JSON.stringify(map);
    },
  },
  {
    name: 'wire capture (error.data entries)',
    file: 'captures/hostile.json',
    args: ['wire', 'captures/hostile.json'],
    make(_root, bytes) {
      // One answer whose error.data has as many entries as fit (issue 28: 193 KB took 54 s; a probe answer is at most 1 MiB).
      const n = Math.floor(Math.min(bytes, MAX_JSON) / 14);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'task not found', data: Array.from({ length: n }, (_, i) => ({ x: i })) } });
      const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 't-1' } });
      return JSON.stringify({ request: { method: 'POST', path: '/a2a', headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' }, body: request }, response: { status: 200, headers: { 'content-type': 'application/json' }, body } });
    },
  },
  {
    name: 'RFC wire example (error.data entries)',
    file: 'RFCS/0211-a2a-error-details-are-errorinfo.md',
    args: ['check', 'wire-examples', '--no-cache'],
    make(root, bytes) {
      // RFC 0211's negative example with as many entries as the Markdown cap allows (issue 28: 17 s).
      const text = readFileSync(path.join(root, this.file), 'utf8');
      const negative = /("data": )\{ "reason": "TASK_NOT_FOUND", "scope": "tenant" \}/;
      const room = Math.min(bytes, MAX_MARKDOWN) - Buffer.byteLength(text) - 64;
      return text.replace(negative, (_m, key: string) => `${key}[${'{"x":1},'.repeat(Math.max(0, Math.floor(room / 8)))}{"x":1}]`);
    },
  },
  {
    name: 'RFC count (small RFCs)',
    file: 'RFCS/0001-rfc-process.md',
    args: ['check', 'rfcs', '--no-cache'],
    make(root, bytes) {
      // Small valid-looking RFCs of about 500 bytes (issue 28: 100,000 of them took 206 s and 2.7 GB).
      const rfc = (n: string) => `# RFC ${n}: Padding\n\n| Field | Value |\n| --- | --- |\n| **RFC** | ${n} |\n| **Title** | Padding |\n| **Status** | \`Draft\` |\n| **Author(s)** | A (@a) |\n| **Created** | 2026-05-01 |\n| **Updated** | 2026-05-01 |\n| **Affects** | \`RFCS/\` |\n| **Compatibility** | \`additive\` |\n| **Supersedes** | — |\n| **Superseded by** | — |\n\n## Summary\n\nPadding.\n`;
      const one = Buffer.byteLength(rfc('10000'));
      for (let i = 0; i < Math.floor(bytes / one); i++) writeFileSync(path.join(root, 'RFCS', `${10_000 + i}-padding.md`), rfc(String(10_000 + i)));
      return readFileSync(path.join(root, this.file), 'utf8');
    },
  },
  {
    name: 'glob patterns (invariant tests)',
    file: 'invariants/invariants.yaml',
    args: ['check', 'invariants'],
    make(root, bytes) {
      const { head, entries } = invariantEntries(root);
      const protocol = entries.find((e) => /tier: protocol/.test(e))!;
      // Distinct globs, each at the wildcard cap, one entry in 50 past it (refused, reported).
      const globs = (i: number) => Array.from({ length: 40 }, (_, j) => `      - "test/**/x${i}-${j}*-${'a'.repeat(j % 7)}*.test.ts${(i * 40 + j) % 50 === 0 ? '/*/*' : ''}"`).join('\n');
      return fill(head, bytes, (i) => protocol.replace(/^( {2}- id: )([\w-]+)/m, `$1$2-globs-${i}`).replace(/^ {4}tests:\n(?: {6}- .*\n)+/m, `    tests:\n${globs(i)}\n`));
    },
  },
];

/** `levels` lines of 10 aliases of the line above (a "billion laughs"), after the document's first line. */
function aliasBomb(text: string, levels: number): string {
  let lines = `x-b0: &b0 [${Array(10).fill('lol').join(', ')}]\n`;
  for (let i = 1; i <= levels; i++) lines += `x-b${i}: &b${i} [${Array(10).fill(`*b${i - 1}`).join(', ')}]\n`;
  const at = text.indexOf('\n') + 1;
  return text.slice(0, at) + lines + text.slice(at);
}

/**
 * The errata target padded to about 100 KB with one short section per item, and RFC 0211's errata
 * list led by `items` items against it (`drift`: quoting text that is not there, so each is
 * searched for its closest wording). Returns the target's text.
 */
function errataAtScale(root: string, file: string, items: number, drift: boolean): string {
  let text = readFileSync(path.join(root, file), 'utf8');
  for (let i = 0; text.length < 100_000; i++) text += `\n### §Z${i} — Padding\n\nParagraph ${i} with *emphasis*, \`code\` and words to find.\n`;
  const rfcFile = path.join(root, 'RFCS/0211-a2a-error-details-are-errorinfo.md');
  const list = Array.from({ length: items }, (_, i) =>
    drift ? `- **\`${file}\`** — replace "Paragraph ${i} without emphasis words" with "Paragraph ${i} now".\n` : `- **\`${file}\` §Z${i}** — replace "Paragraph ${i} with" with "Paragraph ${i} now with".\n`,
  ).join('');
  writeFileSync(rfcFile, readFileSync(rfcFile, 'utf8').replace('\n## Errata\n\n', `\n## Errata\n\n${list}`));
  return text;
}

/** Issue 35's shapes: small inputs within the byte caps whose work grew faster than their size. */
const SHAPES: Kind[] = [
  {
    name: 'YAML aliases (90, 10^9 nodes expanded, through the parse cache)',
    file: 'spec/v2/openapi.yaml',
    args: ['check'],
    fixed: true,
    make(root) {
      return aliasBomb(readFileSync(path.join(root, this.file), 'utf8'), 9);
    },
  },
  {
    name: 'RFC nested lists closed by a shallower item (128 KiB)',
    file: 'RFCS/0211-a2a-error-details-are-errorinfo.md',
    args: ['check', 'rfcs', '--no-cache'],
    fixed: true,
    make(root) {
      const text = readFileSync(path.join(root, this.file), 'utf8');
      // Filled to the Markdown cap in bytes (the RFC has multi-byte characters; the units are ASCII).
      return fill(text, MAX_MARKDOWN - 64 - (Buffer.byteLength(text) - text.length), (i) => `- a${i}\n  - b\n`);
    },
  },
  {
    name: 'errata apply (600 items × 100 KB target)',
    file: 'spec/v1/a2a-integration.md',
    args: ['errata', 'apply', '--dry-run'],
    fixed: true,
    make(root) {
      return errataAtScale(root, this.file, 600, false);
    },
  },
  {
    name: 'errata check (600 items × 100 KB target)',
    file: 'spec/v1/a2a-integration.md',
    args: ['errata', 'check'],
    fixed: true,
    make(root) {
      return errataAtScale(root, this.file, 600, false);
    },
  },
  {
    name: 'errata check (300 drifting items × 100 KB document)',
    file: 'spec/v1/a2a-integration.md',
    args: ['errata', 'check'],
    fixed: true,
    make(root) {
      return errataAtScale(root, this.file, 300, true);
    },
  },
  {
    name: 'JSON map (one key repeated)',
    file: 'spec/v2/interop-map.json',
    args: ['check', 'interop-map'],
    make(root, bytes) {
      // One value to JSON.parse, a value each in the position tree (issue 35: 4 MiB peaked at 1.45 GiB).
      const text = readFileSync(path.join(root, this.file), 'utf8');
      const at = text.indexOf('{') + 1;
      const n = Math.max(0, Math.floor((Math.min(bytes, MAX_JSON) - text.length - 16) / 6));
      return `${text.slice(0, at)}"x-dup": {${'"a":1,'.repeat(n)}"a":1},${text.slice(at)}`;
    },
  },
];

/** Runs every kind at every size; `scratch` is removed by the caller. */
export function runHostile(root: string, cli: string, scratch: string, sizes: number[], say: (s: string) => void): HostileRow[] {
  const base = generateCorpus(root, path.join(scratch, 'base'), 1).root;
  const preload = path.join(scratch, 'max-rss.cjs');
  const rss = path.join(scratch, 'max-rss.txt');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(rss)}, JSON.stringify(process.resourceUsage())));\n`);
  const rows: HostileRow[] = [];
  say('| input | size | bytes | CPU ms | CPU ms per MB | wall ms | peak MiB | exit | findings | caps reported |');
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  // SPECGATE_BENCH_KINDS=word,word runs only the kinds whose name holds one of the words.
  const only = process.env.SPECGATE_BENCH_KINDS?.split(',').filter(Boolean);
  for (const kind of [...KINDS, ...SHAPES].filter((k) => !only || only.some((w) => k.name.includes(w)))) {
    for (const mb of kind.fixed ? sizes.slice(0, 1) : sizes) {
      const dir = path.join(scratch, 'run');
      rmSync(dir, { recursive: true, force: true });
      cpSync(base, dir, { recursive: true });
      const text = kind.make(dir, mb * MB);
      mkdirSync(path.dirname(path.join(dir, kind.file)), { recursive: true });
      writeFileSync(path.join(dir, kind.file), text);
      const out = path.join(scratch, 'out.json');
      rmSync(rss, { force: true });
      rmSync(out, { force: true });
      const started = process.hrtime.bigint();
      // The heap is capped at 2 GiB so a runaway build cannot take the machine's memory: a run that passes it ends in exit 134.
      const r = spawnSync(process.execPath, ['--max-old-space-size=2048', '--require', preload, process.env.SPECGATE_BENCH_CLI ?? cli, ...kind.args, '--root', dir, '--format', 'json', '--output', out], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, SPECGATE_CACHE_DIR: path.join(scratch, 'cache') } });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      let usage = { maxRSS: 0, userCPUTime: 0, systemCPUTime: 0 };
      try {
        usage = JSON.parse(readFileSync(rss, 'utf8'));
      } catch {
        // killed before its exit handler ran (out of heap): no figures
      }
      const peakMiB = usage.maxRSS / 1024;
      const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
      let findings: { ruleId: string }[] = [];
      try {
        const parsed = JSON.parse(readFileSync(out, 'utf8')) as { findings?: { ruleId: string }[] };
        findings = parsed.findings ?? [];
      } catch {
        // no report: the exit code and stderr say why
      }
      const counts = new Map<string, number>();
      for (const f of findings) if (CAP_RULES.test(f.ruleId)) counts.set(f.ruleId, (counts.get(f.ruleId) ?? 0) + 1);
      const caps = [...counts].map(([id, n]) => `${id} ×${n}`).join(', ') || (r.status === 2 ? `exit 2: ${String(r.stderr).split('\n')[0]}` : '—');
      const row: HostileRow = { kind: kind.name, mb, bytes: text.length, ms, cpuMs, peakMiB, exit: r.status ?? -1, caps, findings: findings.length };
      rows.push(row);
      say(`| ${kind.name} | ${kind.fixed ? '—' : `${mb} MB`} | ${text.length} | ${cpuMs.toFixed(0)} | ${(cpuMs / (text.length / MB)).toFixed(0)} | ${ms.toFixed(0)} | ${peakMiB.toFixed(0)} | ${row.exit} | ${row.findings} | ${caps} |`);
    }
  }
  rmSync(path.join(scratch, 'run'), { recursive: true, force: true });
  return rows;
}
