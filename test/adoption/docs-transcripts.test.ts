// Issue 34 §7: transcripts in README.md and docs/ are real output of today's build. What can be
// replayed anywhere is: every `$ npx specgate <command> --help` block is compared with the help the
// CLI prints; and no transcript shows a report the reporters cannot print (stylish's "✔ no
// problems" after its "✖ N problems" line, or a hook line of an older hook).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT, runCli } from '../helpers/env.js';

function pages(): string[] {
  const docs = readdirSync(path.join(PROJECT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f));
  return ['README.md', ...docs];
}

/** Fenced blocks of a page, with the line each opens at. */
function blocks(text: string): Array<{ line: number; body: string[] }> {
  const out: Array<{ line: number; body: string[] }> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```/.test(lines[i]!)) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```/.test(lines[i]!); i++) body.push(lines[i]!);
    out.push({ line: start + 1, body });
  }
  return out;
}

/** `$ npx specgate <command> --help` and what follows it up to the next prompt or the block's end. */
function helpTranscripts(): Array<{ where: string; argv: string[]; shown: string }> {
  const found: Array<{ where: string; argv: string[]; shown: string }> = [];
  for (const page of pages()) {
    for (const b of blocks(readFileSync(path.join(PROJECT, page), 'utf8'))) {
      b.body.forEach((l, i) => {
        const m = /^\$ npx specgate ([a-z-]+(?: [a-z-]+)?) --help$/.exec(l);
        if (!m) return;
        const rest = b.body.slice(i + 1);
        const end = rest.findIndex((x) => x.startsWith('$ '));
        found.push({ where: `${page}:${b.line + i + 1}`, argv: [...m[1]!.split(' '), '--help'], shown: `${(end < 0 ? rest : rest.slice(0, end)).join('\n')}\n` });
      });
    }
  }
  return found;
}

describe('transcripts in README.md and docs/', () => {
  const helps = helpTranscripts();

  it('there are help transcripts to compare (the test is not vacuous)', () => {
    expect(helps.length).toBeGreaterThanOrEqual(2);
  });

  for (const t of helps) {
    it(`${t.where}: specgate ${t.argv.join(' ')} prints what the page shows`, async () => {
      const r = await runCli(t.argv);
      expect(r.code).toBe(0);
      expect(t.shown).toBe(r.stdout);
    });
  }

  it('no stylish transcript says "✔ no problems" after "✖ N problems", and no hook transcript is an older hook\'s', () => {
    const wrong: string[] = [];
    for (const page of pages()) {
      for (const b of blocks(readFileSync(path.join(PROJECT, page), 'utf8'))) {
        let red = false;
        b.body.forEach((l, i) => {
          if (l.startsWith('$ ')) red = false;
          if (/^✖ \d+ problems? \(/.test(l)) red = true;
          if (red && /^✔ no problems/.test(l)) wrong.push(`${page}:${b.line + i + 1}: ✔ no problems after ✖`);
          if (/^specgate pre-commit: checking the staged/.test(l)) wrong.push(`${page}:${b.line + i + 1}: the hook now says "specgate: checking the staged …"`);
        });
      }
    }
    expect(wrong).toEqual([]);
  });
});
