import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeOrder } from '../../../scripts/core/base/locale-order.js';
import { Corpus } from '../../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { buildReport } from '../../../scripts/report/build.js';
import { PROJECT } from '../../helpers/env.js';
import { OverlaySource } from '../../helpers/overlay.js';

/*
 * `localeOrder` is localeCompare's order without building ICU's collator where the strings tell
 * it alone (RFC numbers and file names). Held to localeCompare's sign over strings that share
 * starts and mix the characters it decides with those it hands on (a seeded generator: the same
 * pairs every run), and counted: the report of this repository asks localeCompare nothing.
 */

afterEach(() => vi.restoreAllMocks());

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('localeOrder', () => {
  it('has localeCompare\'s sign for every pair (plain characters, both cases, others, prefixes)', () => {
    const next = random(37);
    const alphabets = ['-./0123456789', '-./0123456789abcz', '-./0123456789ABCZ', '-./09aAbBzZ_ é~#:ß', 'RFCS/0001-x.md'];
    let fast = 0;
    const real = String.prototype.localeCompare;
    for (let k = 0; k < 40_000; k++) {
      const alpha = alphabets[k % alphabets.length]!;
      const word = () => Array.from({ length: Math.floor(next() * 6) }, () => alpha[Math.floor(next() * alpha.length)]).join('');
      const start = word();
      const [a, b] = [start + word(), start + word()];
      let asked = false;
      const spy = vi.spyOn(String.prototype, 'localeCompare').mockImplementation(function (this: string, that: string) {
        asked = true;
        return real.call(this, that);
      });
      const got = localeOrder(a, b);
      spy.mockRestore();
      if (!asked) fast++;
      expect(Math.sign(got), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(Math.sign(real.call(a, b)));
    }
    // Most pairs are decided without ICU (the plain alphabets), some are handed on.
    expect(fast).toBeGreaterThan(20_000);
    expect(fast).toBeLessThan(40_000);
  });

  it('the report of this repository sorts without localeCompare (no collator is built)', async () => {
    const corpus = new Corpus(new OverlaySource(PROJECT), presetLayout('specgate'));
    corpus.useParseCache = false;
    const spy = vi.spyOn(String.prototype, 'localeCompare');
    const model = await buildReport(corpus);
    expect(model.rfcs.length).toBeGreaterThan(2);
    expect(spy).not.toHaveBeenCalled();
  });
});
