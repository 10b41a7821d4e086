import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
}

const MB = 1_000_000;
const CAP_RULES = /^(parse\/too-large|parse\/markdown-too-large|parse\/too-deep|parse\/aliases|limits\/)/;

/** Repeats `unit(i)` until the text is `bytes` long. */
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
      const at = text.indexOf('"errors": [') + '"errors": ['.length;
      const extra = fill('', bytes - text.length, (i) => JSON.stringify({ ...(rows[i % rows.length] as object), upstream: `Padding${i}Error` }) + ',\n');
      return text.slice(0, at) + extra + text.slice(at);
    },
  },
  {
    name: 'JSON map (every row broken)',
    file: 'spec/v2/interop-map.json',
    args: ['check', 'interop-map'],
    make(root, bytes) {
      // Every field of every row has the wrong type: ajv reports each, the worst case for the schema rule.
      const text = readFileSync(path.join(root, this.file), 'utf8');
      const at = text.indexOf('"errors": [') + '"errors": ['.length;
      const row = '{"upstream":1,"jsonrpc":"x","grpc":2,"http":"y","serverWhen":3,"clientProjection":4,"reason":5},\n';
      return text.slice(0, at) + fill('', bytes - text.length, () => row) + text.slice(at);
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

/** Runs every kind at every size; `scratch` is removed by the caller. */
export function runHostile(root: string, cli: string, scratch: string, sizes: number[], say: (s: string) => void): HostileRow[] {
  const base = generateCorpus(root, path.join(scratch, 'base'), 1).root;
  const preload = path.join(scratch, 'max-rss.cjs');
  const rss = path.join(scratch, 'max-rss.txt');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(rss)}, JSON.stringify(process.resourceUsage())));\n`);
  const rows: HostileRow[] = [];
  say('| input | size | bytes | CPU ms | CPU ms per MB | wall ms | peak MiB | exit | findings | caps reported |');
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const kind of KINDS) {
    for (const mb of sizes) {
      const dir = path.join(scratch, 'run');
      rmSync(dir, { recursive: true, force: true });
      cpSync(base, dir, { recursive: true });
      const text = kind.make(dir, mb * MB);
      writeFileSync(path.join(dir, kind.file), text);
      const out = path.join(scratch, 'out.json');
      rmSync(rss, { force: true });
      rmSync(out, { force: true });
      const started = process.hrtime.bigint();
      const r = spawnSync(process.execPath, ['--require', preload, cli, ...kind.args, '--root', dir, '--format', 'json', '--output', out], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, SPECGATE_CACHE_DIR: path.join(scratch, 'cache') } });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const usage = JSON.parse(readFileSync(rss, 'utf8')) as { maxRSS: number; userCPUTime: number; systemCPUTime: number };
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
      say(`| ${kind.name} | ${mb} MB | ${text.length} | ${cpuMs.toFixed(0)} | ${(cpuMs / (text.length / MB)).toFixed(0)} | ${ms.toFixed(0)} | ${peakMiB.toFixed(0)} | ${row.exit} | ${row.findings} | ${caps} |`);
    }
  }
  rmSync(path.join(scratch, 'run'), { recursive: true, force: true });
  return rows;
}
