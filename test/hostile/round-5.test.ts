import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempDir } from '../helpers/env.js';
import { corpusRepo, gitOk } from '../gates/git-repo.js';

/*
 * Hostile round 5 (docs/decisions/hostile-round-5.md): each test is a failure the round found,
 * met the way a user meets it.
 */

describe('hostile round 5: the report page reads git history within its bounds', () => {
  it('RFC versions in the history larger than the page reads in all leave out old points, never "spawnSync git ENOBUFS"', () => {
    const { root } = corpusRepo();
    // Nine versions of a 32 MiB RFC (288 MiB together: more than the 256 MiB of git's output the page once buffered).
    const versions = 9;
    for (let i = 0; i < versions; i++) {
      writeFileSync(path.join(root, 'RFCS/0501-big.md'), `# RFC 0501: big ${i}\n` + 'a'.repeat(32 * 1024 * 1024));
      gitOk(root, ['add', '-A']);
      gitOk(root, ['commit', '-q', '--no-verify', '-m', `big ${i}`]);
    }
    // clean control: an ordinary commit after them is a point of the chart
    const rfc = path.join(root, 'RFCS/0211-a2a-error-details-are-errorinfo.md');
    writeFileSync(rfc, readFileSync(rfc, 'utf8').replace('# RFC 0211: an', '# RFC 0211: An'));
    gitOk(root, ['commit', '-q', '--no-verify', '-am', 'title']);
    const r = spawnCli(['report', '--format', 'html', '-o', 'status.html'], { cwd: root });
    expect(r.stderr).not.toMatch(/internal error|ENOBUFS/);
    expect(r.code).toBe(0);
    const page = readFileSync(path.join(root, 'status.html'), 'utf8');
    const points = Number(/RFCs per status over (\d+) point/.exec(page)?.[1]);
    // every commit of the RFC folder is a point (the big versions count under no status), then the working tree
    expect(points).toBe(versions + 3);
  });
});

describe('hostile round 5: what reaches a terminal, a CI log or a page', () => {
  /** A repository whose RFC 0211 title holds `mark` between two letters. */
  function titled(mark: string): string {
    const { root } = corpusRepo();
    const rfc = path.join(root, 'RFCS/0211-a2a-error-details-are-errorinfo.md');
    writeFileSync(rfc, readFileSync(rfc, 'utf8').replace('# RFC 0211: an', `# RFC 0211: a${mark}n`));
    return root;
  }

  it.each([
    ['RLM', '\u200f'],
    ['LRM', '\u200e'],
    ['ALM', '\u061c'],
  ])('a bidi mark (%s) in an RFC title is never printed raw: check (every format) and report (every format)', (_name, mark) => {
    const root = titled(mark);
    for (const format of ['stylish', 'compact', 'json', 'github', 'sarif']) {
      const r = spawnCli(['check', 'rfcs', '--format', format], { cwd: root });
      expect(r.code, format).toBe(1);
      // the title-row finding quotes the title (so the mark reached the output path)
      expect(r.stdout, format).toMatch(/title|Title/);
      expect(r.stdout.includes(mark), format).toBe(false);
    }
    for (const format of ['text', 'markdown', 'html', 'json']) {
      const r = spawnCli(['report', '--format', format, '--history', '0'], { cwd: root });
      expect(r.code, format).toBe(0);
      expect(r.stdout, format).toContain('ErrorInfo');
      expect(r.stdout.includes(mark), format).toBe(false);
    }
  });

  it('a bidi override in an RFC title is shown as an escape on the page, as on a terminal', () => {
    const root = titled('\u202e');
    const page = spawnCli(['report', '--format', 'html', '--history', '0'], { cwd: root });
    expect(page.code).toBe(0);
    expect(page.stdout.includes('\u202e')).toBe(false);
    expect(page.stdout).toContain('a\\u202en A2A error');
    const text = spawnCli(['report', '--history', '0'], { cwd: root });
    expect(text.stdout).toContain('a\\u202en A2A error');
  });

  it('a file name the config names that begins "::" never begins a line of stylish or compact output (a GitHub workflow command)', () => {
    const { root } = corpusRepo();
    const name = '::error file=README.md::forged.md';
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ layout: { statusDocument: { file: name } } }));
    for (const format of ['stylish', 'compact']) {
      const r = spawnCli(['check', 'rfcs', '--format', format], { cwd: root });
      expect(r.code, format).toBe(1);
      // the finding is there, its file name shown with the colon escaped
      expect(r.stdout, format).toContain('\\x3a:error file=README.md::forged.md');
      expect(r.stdout.split('\n').filter((l) => /^\s*::/.test(l)), format).toEqual([]);
    }
    // the github format's own annotations are the only workflow commands, the name inside them encoded
    const gh = spawnCli(['check', 'rfcs', '--format', 'github'], { cwd: root });
    const commands = gh.stdout.split('\n').filter((l) => /^\s*::/.test(l));
    expect(commands.length).toBeGreaterThan(0);
    for (const l of commands) expect(l).toMatch(/^::(error|warning|notice) file=[^:]*,line=/);
  });
});

describe('hostile round 5: the report over many citations', () => {
  it('RFCs that cite every other one: the page says the graph is too large to draw instead of drawing every citation', async () => {
    const MAX_GRAPH_EDGES: number = (await import('../../scripts/report/svg.js')).MAX_GRAPH_EDGES;
    const { root } = corpusRepo();
    // n RFCs each citing all n: n(n-1) citations between the folder's RFCs, past the drawing's cap.
    const n = Math.ceil(Math.sqrt(MAX_GRAPH_EDGES)) + 10;
    const numbers = Array.from({ length: n }, (_, i) => String(3000 + i).padStart(4, '0'));
    const prose = numbers.map((x) => `RFC ${x}`).join(', ');
    for (const x of numbers) {
      writeFileSync(path.join(root, `RFCS/${x}-generated.md`), `# RFC ${x}: generated\n\n| Field | Value |\n| --- | --- |\n| **RFC** | ${x} |\n| **Title** | generated |\n| **Status** | \`Draft\` |\n\n## Summary\n\nCites ${prose}.\n`);
    }
    const r = spawnCli(['report', '--format', 'html', '--history', '0', '--no-cache'], { cwd: root });
    expect(r.code).toBe(0);
    const edges = Number(/data-count="citation-edges">(\d+)</.exec(r.stdout)?.[1]);
    expect(edges).toBeGreaterThan(MAX_GRAPH_EDGES);
    // the page carries no line per citation, and says why
    expect((r.stdout.match(/<line /g) ?? []).length).toBeLessThan(100);
    expect(r.stdout).toContain(`${edges} citations between`);
    expect(r.stdout).toContain('too many to draw');
    // clean control: the project's four RFCs' citations are drawn
    const small = spawnCli(['report', '--format', 'html', '--history', '0', '--no-cache'], { cwd: corpusRepo().root });
    expect(small.stdout).toContain('id="citation-graph"');
  });
});

describe('hostile round 5: the status document a config names', () => {
  it.each(['package.json', '.github/workflows/map.json', 'docs/.husky/hooks.json'])('a JSON file that runs programs (%s) is never written by --fix, whatever the config calls it', (file) => {
    const { root } = corpusRepo();
    // The config names the file as the interop map (holding a map with a fixable reason), so the map's fixer would write it.
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const map = readFileSync(path.join(root, 'spec/v2/interop-map.json'), 'utf8');
    writeFileSync(target, map.replace('"reason": "TASK_NOT_FOUND"', '"reason": "task-not-found"'));
    const before = readFileSync(target, 'utf8');
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ layout: { interopMap: file } }));
    const r = spawnCli(['check', 'interop-map', '--fix'], { cwd: root });
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect(r.stderr).toContain(`nothing written: ${file} configures programs that run`);
    expect(r.code).toBe(2);
    // clean control: the same map at a document's path is fixed
    writeFileSync(path.join(root, 'spec/v2/interop-map.json'), before);
    writeFileSync(path.join(root, 'specgate.config.json'), '{}');
    spawnCli(['check', 'interop-map', '--fix'], { cwd: root });
    expect(readFileSync(path.join(root, 'spec/v2/interop-map.json'), 'utf8')).toBe(map);
  });

  it('the status document must be Markdown: a config naming package.json is a one-line configuration error, and nothing is written', () => {
    const { root } = corpusRepo();
    writeFileSync(path.join(root, 'package.json'), '{"name":"x"}\n');
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ layout: { statusDocument: { file: 'package.json' } } }));
    const r = spawnCli(['check', 'rfcs', '--fix'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('"layout.statusDocument.file" must be a Markdown file');
    expect(readFileSync(path.join(root, 'package.json'), 'utf8')).toBe('{"name":"x"}\n');
    // clean control: a Markdown status document is written
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ layout: { statusDocument: { file: 'STATUS.md' } } }));
    writeFileSync(path.join(root, 'STATUS.md'), '');
    spawnCli(['check', 'rfcs', '--fix'], { cwd: root });
    expect(readFileSync(path.join(root, 'STATUS.md'), 'utf8')).toMatch(/^# Protocol status\n/);
  });
});

describe('hostile round 5: the language server\'s bytes', () => {
  it('a bidi override and mark an RFC title holds reach the editor escaped in the JSON, never as raw bytes (the same text once decoded)', async () => {
    const { spawn } = await import('node:child_process');
    const { pathToFileURL } = await import('node:url');
    const { CLI } = await import('../helpers/env.js');
    const { root } = corpusRepo();
    const rel = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
    const text = readFileSync(path.join(root, rel), 'utf8').replace('# RFC 0211: an', '# RFC 0211: a\u202e\u200fn');
    const server = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { cwd: root });
    let out = Buffer.alloc(0);
    const published = new Promise<void>((resolve) => {
      server.stdout.on('data', (d: Buffer) => {
        out = Buffer.concat([out, d]);
        if (out.includes('textDocument/publishDiagnostics') && out.includes('title-row-matches')) resolve();
      });
    });
    const send = (m: unknown) => {
      const b = Buffer.from(JSON.stringify(m));
      server.stdin.write(`Content-Length: ${b.length}\r\n\r\n`);
      server.stdin.write(b);
    };
    try {
      send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: pathToFileURL(root).href, capabilities: {} } });
      send({ jsonrpc: '2.0', method: 'initialized', params: {} });
      send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: pathToFileURL(path.join(root, rel)).href, languageId: 'markdown', version: 1, text } } });
      await published;
      const bytes = out.toString('utf8');
      expect(bytes.includes('\u202e')).toBe(false);
      expect(bytes.includes('\u200f')).toBe(false);
      // the diagnostic quotes the title, escaped in the JSON
      expect(bytes).toContain('a\\u202e\\u200fn A2A error');
    } finally {
      server.kill();
    }
  }, 60_000);
});

describe('hostile round 5: config discovery from a path argument', () => {
  it('a committed folder link out of the repository, named on the command line, is not a root: its config and plugin are never read', () => {
    const { root } = corpusRepo();
    const elsewhere = tempDir('specgate-elsewhere-');
    const marker = path.join(tempDir('specgate-marker-'), 'PWNED');
    mkdirSync(path.join(elsewhere, 'RFCS'));
    writeFileSync(path.join(elsewhere, 'RFCS/0001-x.md'), readFileSync(path.join(root, 'RFCS/0001-rfc-process.md')));
    writeFileSync(path.join(elsewhere, 'specgate.config.json'), JSON.stringify({ plugins: ['./evil.cjs'] }));
    writeFileSync(path.join(elsewhere, 'evil.cjs'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran'); module.exports = {};\n`);
    symlinkSync(elsewhere, path.join(root, 'pkg'));
    gitOk(root, ['add', 'pkg']);
    gitOk(root, ['commit', '-q', '--no-verify', '-m', 'link']);
    spawnCli(['check', 'pkg/RFCS/0001-x.md'], { cwd: root });
    expect(existsSync(marker)).toBe(false);
    // clean control: a real package folder's config governs the files named in it
    mkdirSync(path.join(root, 'sub/RFCS'), { recursive: true });
    writeFileSync(path.join(root, 'sub/RFCS/0001-x.md'), readFileSync(path.join(root, 'RFCS/0001-rfc-process.md')));
    writeFileSync(path.join(root, 'sub/specgate.config.json'), JSON.stringify({ plugins: ['./evil.cjs'] }));
    writeFileSync(path.join(root, 'sub/evil.cjs'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran'); module.exports = {};\n`);
    spawnCli(['check', 'sub/RFCS/0001-x.md'], { cwd: root });
    expect(existsSync(marker)).toBe(true);
  });
});
