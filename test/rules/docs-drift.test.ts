import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { markdown, PAGES_FOLDER, rulePages } from '../../scripts/commands/list-rules.js';
import { MAX_CONTAINER_WORK, markdownComplexity } from '../../scripts/core/parse/markdown-bounds.js';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { ruleAliases, ruleGroups } from '../../scripts/rules-registry.js';
import { PROJECT } from '../helpers/env.js';

const PKG = JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { homepage?: string };
const DOCS = path.join(PROJECT, 'docs');
const read = (rel: string) => readFileSync(path.join(DOCS, rel), 'utf8');

/** docs/rules.md and every page under docs/rules/, by path relative to docs/. */
function committedPages(): string[] {
  return ['rules.md', ...readdirSync(path.join(DOCS, PAGES_FOLDER)).map((n) => `${PAGES_FOLDER}/${n}`)];
}

describe('docs/rules.md and docs/rules/*.md', () => {
  it('are what `specgate list-rules --format markdown --output docs/rules.md` writes from the registry (regenerate with npm run docs:rules)', async () => {
    const groups = await ruleGroups();
    expect(read('rules.md')).toBe(markdown(groups, await ruleAliases()));
    const pages = rulePages(groups);
    // No page missing, none left over from a group that is gone.
    expect(readdirSync(path.join(DOCS, PAGES_FOLDER)).sort()).toEqual(pages.map(([page]) => `${page}.md`).sort());
    for (const [page, text] of pages) expect(read(`${PAGES_FOLDER}/${page}.md`), page).toBe(text);
  });

  it("have the anchor every rule's docs link names, and its examples on the page its row links to", async () => {
    const index = read('rules.md');
    for (const g of await ruleGroups()) {
      for (const r of g.rules) {
        // An absolute URL (SARIF helpUri, hovers): the repository's docs/rules.md, from package.json homepage.
        const [file, anchor] = r.docs.split('#');
        expect(file, r.id).toBe(`${String(PKG.homepage).replace(/#.*$/, '')}/blob/main/docs/rules.md`);
        const row = index.split('\n').find((l) => l.startsWith(`| <a id="${anchor}"></a>`));
        expect(row, r.id).toBeDefined();
        const [, page] = /\]\((rules\/[a-z0-9-]+\.md)#/.exec(row!) ?? [];
        expect(page, r.id).toBeDefined();
        const section = read(page!).split(`<a id="${anchor}"></a>\`${r.id}\``)[1]?.split(/\n#{2,3} <a id="/)[0];
        expect(section, `${r.id} on ${page}`).toBeDefined();
        // Every case of the rule's examples is on its page (a compat case by its name, on its bullet).
        for (const c of [...(r.examples?.invalid ?? []), ...(r.examples?.valid ?? [])]) expect(section, `${r.id}: ${c.name}`).toContain(c.name);
      }
    }
  });

  it('every link between them resolves: the page exists and holds the anchor', () => {
    let links = 0;
    for (const rel of committedPages()) {
      const tree = parseMarkdown(`docs/${rel}`, read(rel)).tree as Root;
      visit(tree, 'link', (node: Link) => {
        if (/^[a-z]+:/.test(node.url)) return;
        links++;
        const [target, anchor] = node.url.split('#');
        const file = target ? path.posix.join(path.posix.dirname(rel), target) : rel;
        expect(existsSync(path.join(DOCS, file)), `${rel} → ${node.url}`).toBe(true);
        if (anchor) expect(read(file), `${rel} → ${node.url}`).toContain(`<a id="${anchor}"></a>`);
      });
    }
    expect(links).toBeGreaterThan(500);
  });

  it('each page stays well under the Markdown caps (at most a quarter of the container budget: split a group that grows past it)', () => {
    for (const rel of committedPages()) {
      const measured = { work: 0 };
      expect(markdownComplexity(read(rel), measured), rel).toBeUndefined();
      expect(measured.work, rel).toBeLessThanOrEqual(MAX_CONTAINER_WORK / 4);
    }
  });
});
