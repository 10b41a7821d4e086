import type { ConfiguredSeverity, Finding } from '../core/model/findings.js';
import type { Layout } from '../core/preset/layout.js';
import type { OverlaySource } from '../core/io/overlay-source.js';
import type { ExampleFiles } from '../core/engine/rule.js';
import type { CommandFamily, ExampleRun, ValidRuleCase } from '../core/engine/rule-tester.js';
import { RULE_INFOS } from './rules.js';
import type { CompareSides, compareSources as CompareSources } from './compare.js';

/** How the example's base is named in its messages ("since base"). */
export const EXAMPLE_REF = 'base';

function memory(files: ExampleFiles, Overlay: typeof OverlaySource): OverlaySource {
  const source = new Overlay(undefined);
  for (const [file, text] of Object.entries(files)) source.set(file, text);
  return source;
}

/** An example's two sides, as `specgate compat` compares a git base with the working tree. */
async function exampleSides(c: Pick<ValidRuleCase, 'base' | 'files' | 'options' | 'preset'>, severities: Record<string, ConfiguredSeverity> = {}): Promise<CompareSides> {
  const [{ presetLayout }, { OverlaySource }] = await Promise.all([import('../core/preset/layout.js'), import('../core/io/overlay-source.js')]);
  return {
    // An example may place a document elsewhere than the preset (`options.layout`: the OpenAPI examples are JSON).
    layout: { ...presetLayout(c.preset ?? 'specgate'), ...(c.options?.layout as Partial<Layout> | undefined) },
    ref: EXAMPLE_REF,
    base: memory(c.base ?? {}, OverlaySource),
    head: memory(c.files, OverlaySource),
    // No git: files are paired by path, then by `$id` or similar text (pairing.ts), as files git does not track yet.
    renames: () => new Map(),
    severities,
  };
}

/** An example's base and head compared as `specgate compat` compares two sides: its changes, and their findings at `severities`. */
export async function compareExample(c: Pick<ValidRuleCase, 'base' | 'files' | 'options' | 'preset'>, severities: Record<string, ConfiguredSeverity> = {}): ReturnType<typeof CompareSources> {
  // Loaded when an example runs: list-rules reads this family's rules only.
  const { compareSources } = await import('./compare.js');
  return compareSources(await exampleSides(c, severities));
}

/** A finding about reading the example's files, not about a change: the example itself is wrong. */
const isProblem = (f: Finding) => /^(parse|corpus|limits)\//.test(f.ruleId) || f.ruleId === 'compat/base-unreadable';

/**
 * The compat family: its rules, and its run on in-memory inputs: the example's `base` and `files`
 * (the head) are compared as `specgate compat` compares a git base with the working tree
 * (compareSources: the same pairing, differs, locations and messages), with the rule under test
 * turned on (additive and editorial rules are off by default). Only that rule's findings are
 * compared: one change can be a neighbouring kind too (a renamed property is also an added one),
 * which that rule's own examples show.
 */
export const COMPAT_FAMILY: CommandFamily = {
  command: 'compat',
  group: 'compat',
  page: 'compat',
  rules: RULE_INFOS,
  async run(rule, files, { base, options, preset }): Promise<ExampleRun> {
    const { isRuleModule, runAfterJudge } = await import('../core/engine/rule-tester.js');
    if (isRuleModule(rule)) {
      // A plugin's rule beside the compat family: given the base side and the classified changes, after the judge; the head is its corpus.
      const [{ compatFamily }, { Corpus }] = await Promise.all([import('./compare.js'), import('../core/parse/corpus.js')]);
      const sides = await exampleSides({ files, ...(base ? { base } : {}), ...(options ? { options } : {}), ...(preset ? { preset } : {}) });
      const head = new Corpus(sides.head, sides.layout);
      head.useParseCache = false;
      return runAfterJudge(rule, head, { text: (file) => head.cachedText(file) ?? head.text(file) }, compatFamily(sides), { ...base, ...files });
    }
    const result = await compareExample({ files, ...(base ? { base } : {}), ...(options ? { options } : {}), ...(preset ? { preset } : {}) }, { [rule.id]: 'on' });
    return {
      findings: result.findings.filter((f) => f.ruleId === rule.id),
      problems: result.findings.filter((f) => f.ruleId !== rule.id && isProblem(f)),
      output: {},
    };
  },
};
