import { describe, expect, it } from 'vitest';
import { loadFamilies } from '../../../scripts/checks/registry.js';
import { rfcText } from '../../../scripts/checks/rfcs/example-rfcs.js';
import { runFamilies } from '../../../scripts/core/engine/engine.js';
import { Corpus } from '../../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { withProcess } from '../../../scripts/core/preset/process.js';
import type { ProcessOverrides } from '../../../scripts/core/preset/process.js';
import { OverlaySource } from '../../helpers/overlay.js';

/*
 * rfcs/number-matches words the title line as the process writes it (`titleLine`), not as
 * `RFC NNNN: Title` whatever the process: a repository whose documents are KEPs titled
 * `# KEP-0007: Title` was told its title line "does not read "RFC NNNN: Title"".
 */
async function numberMatches(over: ProcessOverrides, files: Record<string, string>) {
  const layout = presetLayout('specgate');
  layout.process = withProcess(layout.process, over);
  const corpus = new Corpus(new OverlaySource(files), layout);
  corpus.useParseCache = false;
  const { findings } = await runFamilies({ corpus, families: await loadFamilies(['rfcs']) });
  return findings.filter((f) => f.ruleId === 'rfcs/number-matches').map((f) => `${f.file} ${f.messageId}: ${f.message.replace(/ \([^)]*\)$/, '')}`);
}

const rows = (n: string) => [['RFC', n]] as const;

describe("rfcs/number-matches: the title line in the process's words", () => {
  it('a KEP process (`KEP-{number}: {title}`): each title-line message spells the KEP form', async () => {
    const found = await numberMatches(
      { documentNoun: 'KEP', titleLine: 'KEP-{number}: {title}' },
      {
        'RFCS/0007-other-number.md': rfcText('KEP-0008: Sample', rows('0007')),
        'RFCS/0009-no-number.md': rfcText('Sample', rows('0009')),
        'RFCS/0010-no-title.md': 'A KEP without its title line.\n',
        'RFCS/0011-fine.md': rfcText('KEP-0011: Fine', rows('0011')),
      },
    );
    expect(found).toEqual([
      'RFCS/0007-other-number.md titleNumber: title line says KEP-0008, but the file name says 0007',
      'RFCS/0009-no-number.md titleForm: title line "Sample" does not read "KEP-NNNN: Title"',
      'RFCS/0010-no-title.md noTitle: no title line; the file must start with "# KEP-NNNN: Title"',
    ]);
  });

  it("a title before the number's word (`{title} (BIP {number})`)", async () => {
    const found = await numberMatches(
      { documentNoun: 'BIP', titleLine: '{title} (BIP {number})' },
      { 'RFCS/0007-sample.md': rfcText('Sample (BIP 0008)', rows('0007')), 'RFCS/0009-sample.md': rfcText('BIP 0009: Sample', rows('0009')) },
    );
    expect(found).toEqual([
      'RFCS/0007-sample.md titleNumber: title line says BIP 0008, but the file name says 0007',
      'RFCS/0009-sample.md titleForm: title line "BIP 0009: Sample" does not read "Title (BIP NNNN)"',
    ]);
  });

  it('control: the default process still says "RFC NNNN: Title"', async () => {
    const found = await numberMatches({}, { 'RFCS/0007-sample.md': rfcText('RFC 0008: Sample', rows('0007')), 'RFCS/0009-sample.md': rfcText('Sample', rows('0009')) });
    expect(found).toEqual([
      'RFCS/0007-sample.md titleNumber: title line says RFC 0008, but the file name says 0007',
      'RFCS/0009-sample.md titleForm: title line "Sample" does not read "RFC NNNN: Title"',
    ]);
  });
});
