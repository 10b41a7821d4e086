import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeShared, runCli, spawnCli, tempDir } from '../helpers/env.js';
import { upstreamRepo } from './upstream-repo.js';

/** The json report of a root, parsed. */
async function jsonReport(root: string, extra: string[] = []): Promise<any> {
  const r = await runCli(['report', '--root', root, '--format', 'json', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** The rows of the Markdown table under `## title`. */
function mdTable(md: string, title: string): string[][] {
  const part = md.split(`## ${title}\n`)[1]!.split('\n## ')[0]!;
  return part.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---')).slice(1).map((l) => l.slice(2, -2).split(' | '));
}

describe('specgate report on this repository', () => {
  it('json: version 1, the counts, every RFC once with its status, and statuses summing to the RFCs', async () => {
    const j = await jsonReport('.');
    expect(j.version).toBe(1);
    const files = readdirRfcs();
    expect(j.counts.rfcs).toBe(files.length);
    expect(j.rfcs.map((r: any) => r.file).sort()).toEqual(files.map((f) => `RFCS/${f}`).sort());
    expect(j.statuses.reduce((n: number, s: any) => n + s.count, 0)).toBe(j.rfcs.length);
    for (const r of j.rfcs) expect(readFileSync(r.file, 'utf8')).toContain(`\`${r.status}\``);
  });

  it('markdown and the terminal tables show the json numbers', async () => {
    const j = await jsonReport('.');
    const md = (await runCli(['report', '--format', 'markdown'])).stdout;
    expect(mdTable(md, 'RFCs by status')).toEqual(j.statuses.map((s: any) => [s.status, String(s.count)]));
    expect(mdTable(md, 'Corpus').map((r) => Number(r[1]))).toEqual([j.counts.specDocuments, j.counts.jsonSchemas, j.counts.openapiOperations, j.counts.rfcs]);
    const text = (await runCli(['report'])).stdout;
    for (const s of j.statuses) expect(text).toMatch(new RegExp(`^${s.status}\\s+${s.count}$`, 'm'));
  });

  it("docs/commands/report.md shows this repository's report as it is", async () => {
    const page = readFileSync('docs/commands/report.md', 'utf8');
    const shown = page.split('```console\n$ npx specgate report\n')[1]!.split('```')[0]!;
    expect(shown).toBe((await runCli(['report'])).stdout);
  });

  it('a usage error for an unknown format, with nothing written', async () => {
    const out = path.join(tempDir(), 'r.txt');
    const r = await runCli(['report', '--format', 'pdf', '--output', out]);
    expect(r.code).toBe(2);
    // The one list's error (core/reporters/index.ts), as every command gives it.
    expect(r.stderr).toMatch(/unknown format "pdf" \(known: stylish, compact, json, sarif, github, junit, gitlab, markdown, html\)/);
    expect(existsSync(out)).toBe(false);
  });
});

function readdirRfcs(): string[] {
  return readdirSync('RFCS').filter((f: string) => /^\d{4}-.*\.md$/.test(f) && !f.startsWith('0000-'));
}

describeShared("specgate report on upstream's layout (the openwop-v2 anchor with the shared upstream RFCs over it)", () => {
  let root: string;
  let j: any;
  beforeAll(async () => {
    root = upstreamRepo({ batches: 3, config: { preset: 'openwop' } });
    j = await jsonReport(root);
  }, 120_000);

  it('the acceptance tally puts every Accepted RFC in exactly one bucket, by its boxes', () => {
    const accepted = j.rfcs.filter((r: any) => r.role === 'accepted').map((r: any) => r.number).sort();
    const a = j.acceptance;
    expect([...a.allTicked, ...a.some, ...a.none, ...a.noBoxes].sort()).toEqual(accepted);
    for (const r of a.rfcs) {
      const bucket = r.ticked + r.open === 0 ? a.noBoxes : r.open === 0 ? a.allTicked : r.ticked === 0 ? a.none : a.some;
      expect(bucket).toContain(r.rfc);
    }
    // upstream's RFCs have all four kinds but "no boxes" rarely; the tally is not degenerate.
    expect(a.allTicked.length).toBeGreaterThan(0);
    expect(a.some.length + a.none.length).toBeGreaterThan(0);
  });

  it('each RFC its text cites by number is an edge of the graph, in and out agree', () => {
    for (const e of j.citations.edges) {
      const from = j.rfcs.find((r: any) => r.number === e.from);
      expect(readFileSync(path.join(root, from.file), 'utf8')).toMatch(new RegExp(`(?:RFCs?[ -]?(?:\\d{4}\\s*/\\s*)*|RFCs?/)${e.to}`, "i"));
      expect(j.rfcs.find((r: any) => r.number === e.to).citedBy).toContain(e.from);
    }
    expect(j.citations.edges.length).toBeGreaterThan(50);
  });

  it('the last status change comes from the header history (Updated row "Active → Accepted")', () => {
    const withUpdated = j.rfcs.find((r: any) => /\| \*\*Updated\*\* *\| (\d{4}-\d\d-\d\d) \(Active → Accepted/.test(readFileSync(path.join(root, r.file), 'utf8')));
    expect(withUpdated.lastChange.what).toBe('Active → Accepted');
  });

  it('markdown shows the acceptance buckets and the status counts of the json', async () => {
    const md = (await runCli(['report', '--root', root, '--format', 'markdown'])).stdout;
    expect(mdTable(md, 'Acceptance criteria of Accepted RFCs').map((r) => Number(r[1]))).toEqual([j.acceptance.allTicked.length, j.acceptance.some.length, j.acceptance.none.length, j.acceptance.noBoxes.length]);
    expect(mdTable(md, 'RFCs by status').map((r) => Number(r[1]))).toEqual(j.statuses.map((s: any) => s.count));
    expect(mdTable(md, 'RFCs')).toHaveLength(j.rfcs.length);
  });

  it('a run with the inputs of an earlier one replays its output; a status change or a new RFC is seen', () => {
    const first = spawnCli(['report', '--root', root]);
    expect(first.code, first.stderr).toBe(0);
    expect(spawnCli(['report', '--root', root]).stdout).toBe(first.stdout);
    const file = path.join(root, 'RFCS', '0034-otel-collector-test-seam.md');
    const text = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, text.replace(/(\| \*\*Status\*\* *\| )`Draft`/, '$1`Active`'));
      const draft = (out: string) => Number(/^Draft\s+(\d+)$/m.exec(out)![1]);
      expect(draft(spawnCli(['report', '--root', root]).stdout)).toBe(draft(first.stdout) - 1);
      writeFileSync(path.join(root, 'RFCS', '0099-new.md'), text);
      expect(spawnCli(['report', '--root', root]).stdout).toMatch(/^RFCs\s+63$/m);
    } finally {
      writeFileSync(file, text);
      rmSync(path.join(root, 'RFCS', '0099-new.md'), { force: true });
    }
    expect(spawnCli(['report', '--root', root]).stdout).toBe(first.stdout);
  });

  it('hostile RFC text is escaped in markdown and html: no tag, no link, no cell break', async () => {
    const file = path.join(root, 'RFCS', '0003-agent-packs.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('# RFC 0003: Agent Packs', '# RFC 0003: &lt;script&gt;alert(1)&lt;/script&gt; \\[x](javascript:alert(1)) | &lt;img src=x onerror=alert(2)&gt;'));
    try {
      const md = (await runCli(['report', '--root', root, '--format', 'markdown'])).stdout;
      const row = md.split('\n').find((l) => l.includes('0003-agent-packs.md'))!;
      expect(row).not.toMatch(/<script|<img|(?<!\\)\]\(javascript/);
      expect(row).toContain('&lt;script&gt;');
      expect(row.split(/(?<!\\)\|/).length).toBe(6);
      const html = (await runCli(['report', '--root', root, '--format', 'html', '--history', '0'])).stdout;
      expect(html).not.toMatch(/<script|<img|href="javascript/i);
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    } finally {
      writeFileSync(file, text);
    }
  });
});
