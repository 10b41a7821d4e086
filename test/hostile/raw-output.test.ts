import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { actionSummary } from '../../scripts/action/summary.js';
import { CLI, projectCorpusCopy, runCli } from '../helpers/env.js';

/*
 * Issue 35, point 4: nothing raw. ajv's own logger printed a governed schema's text on stderr
 * (escape sequences, `::stop-commands::`); the Action's job summary rendered pull-request text as
 * Markdown and HTML; the implicit bidi marks (U+200E, U+200F, U+061C) passed raw in every format.
 */

/** ESC (clear screen), a GitHub workflow command on a line of its own, a bidi override. */
const EVIL = '\u001b[2J\n::stop-commands::pwned\u202e';

describe("ajv's warnings go through the printable filter", () => {
  it('a governed schema with a hostile unknown format: no escape, no workflow command, no bidi mark on stderr', () => {
    const root = projectCorpusCopy();
    const file = path.join(root, 'spec/v2/interop-map.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties = { ...schema.properties, note: { type: 'string', format: EVIL } };
    writeFileSync(file, JSON.stringify(schema, null, 2));
    const r = spawnSync(process.execPath, [CLI, 'check', 'interop-map', '--root', root, '--no-cache'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status, r.stderr).toBeLessThan(2);
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
    // The warning itself is kept, escaped, on a line of specgate's own.
    expect(r.stderr).toContain('specgate: warning: unknown format "\\x1b[2J\\n::stop-commands::pwned\\u202e" ignored in schema');
  });
});

/** Every node of a Markdown tree (remark with GFM, as GitHub renders the summary). */
function nodes(md: string): Array<{ type: string; url?: string; value?: string }> {
  const out: Array<{ type: string; url?: string; value?: string }> = [];
  const walk = (n: any) => {
    out.push(n);
    for (const c of n.children ?? []) walk(c);
  };
  walk(unified().use(remarkParse).use(remarkGfm).parse(md));
  return out;
}

describe('the job summary escapes pull-request text for Markdown and HTML', () => {
  const hostile = '<img src=x onerror=alert(1)> <!-- hide --> [click](javascript:alert(1)) ![t](https://tracker.example/p.png) **bold** _em_ ~~gone~~ `code` $x^2$ @octo-org/team #12 | cell';
  const summary = actionSummary({
    steps: [
      {
        step: 'check',
        code: 1,
        report: {
          findings: [{ ruleId: 'rfcs/header-table', severity: 'error', file: `RFCS/0001-x)(evil.md`, line: 3, column: 1, message: hostile }],
          summary: { errors: 1, warnings: 0, families: [{ family: `fam<b>${hostile}`, files: 1, visited: 1, errors: 1, warnings: 0 }] },
        },
      },
    ],
    failed: ['check'],
    broken: [hostile],
    base: 'main',
    sarif: 'specgate.sarif',
    failOn: 'error',
    env: { GITHUB_REPOSITORY: 'acme/spec', GITHUB_SHA: 'abc123' },
  });

  it('no HTML, image, emphasis, strikethrough or foreign link in the rendered tree; the text reads as written', () => {
    const all = nodes(summary);
    expect(all.filter((n) => n.type === 'html')).toEqual([]);
    expect(all.filter((n) => n.type === 'image')).toEqual([]);
    expect(all.filter((n) => n.type === 'emphasis' || n.type === 'delete' || n.type === 'inlineMath')).toEqual([]);
    // The summary's own bold (the verdict) only.
    expect(all.filter((n) => n.type === 'strong').length).toBe(1);
    // The summary's one link: the finding's line at the commit, whole (the `)` of the file name does not end it).
    const links = all.filter((n) => n.type === 'link') as any[];
    expect(links.filter((l) => l.url.startsWith('https://github.com/')).map((l) => l.url)).toEqual(['https://github.com/acme/spec/blob/abc123/RFCS/0001-x%29%28evil.md#L3']);
    // remark links a bare URL found in text (cmark-gfm, GitHub's renderer, does not after the escaped
    // `:`); such a link shows exactly where it goes, never other text.
    for (const l of links.filter((x) => !x.url.startsWith('https://github.com/'))) expect(l.children.map((c: any) => c.value).join('')).toBe(l.url);
    const text = all.filter((n) => n.type === 'text').map((n) => n.value).join('');
    expect(text).toContain(hostile.replace(' | cell', ''));
    // Every row keeps its table's cells: commands 4, families 5, rules 3 (a `|` in the text splits none).
    const tables = all.filter((n) => n.type === 'table') as any[];
    for (const t of tables) expect(new Set(t.children.map((row: any) => row.children.length)).size).toBe(1);
    expect(tables.map((t) => t.children[0].children.length)).toEqual([4, 5, 3]);
  });

  it('control and bidi characters are escaped in the summary too', () => {
    const s = actionSummary({ steps: [], failed: [], broken: [`a\u001b[31m\u200f\u061c\u202eb`], base: 'main', sarif: 'x', failOn: 'error', env: {} });
    expect(s).not.toMatch(/[\u001b\u061c\u200e\u200f\u202a-\u202e]/);
  });
});

describe('every bidirectional mark is escaped in every format', () => {
  const MARKS = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
  const RAW = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

  function hostileName(): { root: string; file: string } {
    const root = projectCorpusCopy();
    const rfc = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
    const text = readFileSync(path.join(root, rfc), 'utf8').replace('| **Created** | 2026-09-23 |', '| **Created** | 2026-9-23 |');
    rmSync(path.join(root, rfc));
    const file = `RFCS/0211-evil${MARKS}.md`;
    writeFileSync(path.join(root, file), text);
    return { root, file };
  }
  const corpus = hostileName();

  it.each(['stylish', 'compact', 'json', 'sarif', 'github', 'junit', 'gitlab'])('check -f %s', async (format) => {
    const r = await runCli(['check', 'rfcs', '--root', corpus.root, '-f', format]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('0211-evil');
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stderr).not.toMatch(RAW);
    // The machine formats keep the exact name: the same JSON value (SARIF's URIs are percent-encoded).
    if (['json', 'gitlab'].includes(format)) expect(JSON.stringify(JSON.parse(r.stdout))).toContain(corpus.file);
  });
});
