import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeShared, runCli, tempDir } from '../helpers/env.js';
import { gitOk } from '../gates/git-repo.js';
import { upstreamRepo } from './upstream-repo.js';

/** Debian's chromium (.ci/tools.sh installs it); the tier skips without it, and fails under CI=true. */
const CHROMIUM = process.env.SPECGATE_CHROMIUM ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A headless Chromium with a new empty profile, as a person's browser would open the file. */
async function openBrowser(): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(tempDir('specgate-chromium-'), { executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** Opens `file` at a viewport width; every console error, page error and failed request is kept. */
async function open(ctx: BrowserContext, file: string, width: number): Promise<{ page: Page; problems: string[] }> {
  const page = await ctx.newPage();
  await page.setViewportSize({ width, height: 900 });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  return { page, problems };
}

/** Pixels of a region of a PNG that are not the card's white background. */
function drawnPixels(png: PNG, box: { x: number; y: number; width: number; height: number }): { drawn: number; total: number } {
  let drawn = 0;
  let total = 0;
  // The part of the box on the screenshot (on a phone the graph scrolls sideways in its own box).
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(png.height, Math.floor(box.y + box.height)); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(png.width, Math.floor(box.x + box.width)); x++) {
      const i = (y * png.width + x) * 4;
      total++;
      if (png.data[i]! < 240 || png.data[i + 1]! < 240 || png.data[i + 2]! < 240) drawn++;
    }
  }
  return { drawn, total };
}

const suite = haveChromium ? describeShared : process.env.CI === 'true' ? describeShared : describe.skip;

suite('the html report in a real headless Chromium (upstream layout)', () => {
  let root: string;
  let page: string;
  let json: any;
  let ctx: BrowserContext;
  const shots = process.env.SPECGATE_SCREENSHOTS;

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`chromium not found at ${CHROMIUM} (.ci/tools.sh installs it)`);
    root = upstreamRepo({ batches: 4, config: { preset: 'openwop' } });
    mkdirSync(path.join(root, 'docs'), { recursive: true });
    page = path.join(root, 'docs', 'status.html');
    const r = await runCli(['report', '--root', root, '--format', 'html', '--output', page]);
    expect(r.code, r.stderr).toBe(0);
    json = JSON.parse((await runCli(['report', '--root', root, '--format', 'json'])).stdout);
    ctx = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  for (const [name, width] of [['a phone', 390], ['a wide screen', 1280]] as const) {
    it(`on ${name} (${width} px): no console error, the chart and the graph drawn, nothing wider than the screen`, async () => {
      const { page: p, problems } = await open(ctx, page, width);
      const shot = PNG.sync.read(await p.screenshot({ fullPage: true }));
      if (shots) writeFileSync(path.join(shots, `report-${width}.png`), PNG.sync.write(shot));
      expect(problems).toEqual([]);
      for (const id of ['#history-chart', '#citation-graph']) {
        const box = (await p.locator(id).boundingBox())!;
        expect(box.width).toBeGreaterThan(width * 0.5);
        const { drawn, total } = drawnPixels(shot, box);
        // The stacked bands fill a good part of the chart; circles and lines a part of the graph.
        expect(drawn / total, id).toBeGreaterThan(0.08);
      }
      // No horizontal scrolling of the page itself (a wide table scrolls in its own box).
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await p.close();
    }, 60_000);
  }

  it('shows the numbers of the json report', async () => {
    const { page: p } = await open(ctx, page, 1280);
    const count = async (sel: string) => Number(await p.locator(sel).textContent());
    expect(await count('[data-count="count-rfcs"]')).toBe(json.counts.rfcs);
    expect(await count('[data-count="count-json-schemas"]')).toBe(json.counts.jsonSchemas);
    expect(await count('[data-count="count-openapi-operations"]')).toBe(json.counts.openapiOperations);
    expect(await count('[data-count="count-spec-documents"]')).toBe(json.counts.specDocuments);
    for (const s of json.statuses) expect(await count(`[data-status="${s.status}"]`)).toBe(s.count);
    expect(await count('[data-bucket="all ticked"]')).toBe(json.acceptance.allTicked.length);
    expect(await count('[data-bucket="some ticked"]')).toBe(json.acceptance.some.length);
    expect(await count('[data-bucket="none ticked"]')).toBe(json.acceptance.none.length);
    expect(await count('[data-bucket="no boxes"]')).toBe(json.acceptance.noBoxes.length);
    expect(await count('[data-count="open-questions"]')).toBe(json.openQuestions.length);
    expect(await count('[data-count="errata-pending"]')).toBe(json.errataPending.length);
    expect(await count('[data-count="citation-edges"]')).toBe(json.citations.edges.length);
    expect(await p.locator('#citation-graph line').count()).toBe(json.citations.edges.length);
    // Every RFC links to its file, and the link leads to it.
    const hrefs = await p.locator('#rfcs a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs).toHaveLength(json.rfcs.length);
    for (const [i, href] of hrefs.entries()) {
      expect(decodeURIComponent(new URL(href).pathname)).toBe(path.join(root, json.rfcs[i].file));
      expect(existsSync(new URL(href).pathname)).toBe(true);
    }
    // The chart has one point per commit of the RFC folder's history (up to 40) plus the working tree.
    const commits = Number(gitOk(root, ['rev-list', '--count', 'HEAD', '--', 'RFCS/']));
    expect(await p.locator('#history-chart').getAttribute('aria-label')).toBe(`RFCs per status over ${Math.min(commits, 40) + 1} points of the git history`);
    await p.close();
  }, 60_000);

  it('would see a console error: the same page with an outside image is refused by its policy, and the refusal logged', async () => {
    const bad = path.join(path.dirname(page), 'bad.html');
    writeFileSync(bad, readFileSync(page, 'utf8').replace('<main>', '<main><img src="https://example.invalid/x.png" alt="">'));
    const { page: p, problems } = await open(ctx, bad, 390);
    await p.waitForTimeout(200);
    expect(problems.join('\n')).toMatch(/Content Security Policy|example\.invalid/);
    await p.close();
  }, 60_000);
});
