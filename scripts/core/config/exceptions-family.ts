import { EXCEPTION_RULES, EXCEPTIONS_EXAMPLES_NOTE } from './exceptions.js';
import type { Finding } from '../model/findings.js';
import { READING_RULES } from '../engine/reading-rules.js';
import type { Rule } from '../engine/rule.js';
import type { CommandFamily } from '../engine/rule-tester.js';

/**
 * The exceptions family: the rules of core/config/exceptions.ts, which have no `run` of their own:
 * `specgate check` reports them when it settles the exceptions after its rules ran. The example's
 * files are a repository in memory: the rules its exceptions name (its Markdown files' disable
 * comments, the `exceptions` of its specgate.config.json) run over it one at a time, as the rule
 * tester runs a check rule, then the exceptions are settled over what they found; the findings
 * compared are the exceptions rule's own. `catalog` gives the check rules an exception may name
 * (core cannot import the check families): their ids, the reading rules' and the exceptions rules'
 * are the known ones. Option `report-unused-exceptions: false` is check's
 * --no-report-unused-exceptions.
 */
export function exceptionsFamily(catalog: () => Promise<readonly Rule[]>): CommandFamily {
  return {
    command: 'check',
    group: 'check (exceptions)',
    page: 'exceptions',
    rules: EXCEPTION_RULES,
    examplesNote: EXCEPTIONS_EXAMPLES_NOTE,
    async run(rule, files, { options = {}, preset }) {
      // Loaded when an example runs: list-rules reads this family's rules only.
      const [{ applySeverities }, { CONFIG_FILE }, { rulesNamedInComments, applyExceptions }, { parseJson }, { exampleCorpus, runRuleOn }] = await Promise.all([
        import('../engine/collector.js'),
        import('./config.js'),
        import('./exceptions.js'),
        import('../parse/json-tree.js'),
        import('../engine/rule-tester.js'),
      ]);
      const rules = await catalog();
      const configText = files[CONFIG_FILE];
      const configDoc = configText === undefined ? undefined : parseJson(CONFIG_FILE, configText);
      const raw = configDoc?.value as Record<string, unknown> | undefined;
      const named = new Set([
        ...Object.entries(files).flatMap(([file, text]) => (file.endsWith('.md') ? rulesNamedInComments(text) : [])),
        ...((raw?.exceptions as Array<{ rule?: unknown }> | undefined) ?? []).map((e) => String(e.rule)),
      ]);
      const ran = rules.filter((r) => named.has(r.id));
      const found: Finding[] = [];
      const problems: Finding[] = [];
      for (const r of ran) {
        const run = await runRuleOn(r, files, preset ? { preset } : {});
        found.push(...run.findings);
        problems.push(...run.problems);
      }
      const { corpus } = exampleCorpus(files, { preset, label: 'example repository' });
      const keyAt = (pointer: string) => {
        const at = configDoc?.locate(pointer, 'key');
        return at ? `${CONFIG_FILE}:${at.line}:${at.column}` : undefined;
      };
      const inputIds = READING_RULES.map((r) => r.id);
      const settled = await applyExceptions(
        { findings: found, families: [] },
        {
          corpus,
          config: { ...(raw ? { raw, file: CONFIG_FILE, keyAt } : {}) },
          severities: {},
          read: new Set(Object.keys(files)),
          ran: new Set([...inputIds, ...ran.map((r) => r.id)]),
          known: new Set([...inputIds, ...rules.map((r) => r.id), ...EXCEPTION_RULES.map((r) => r.id)]),
          reportUnused: options['report-unused-exceptions'] !== false,
        },
      );
      problems.push(...applySeverities(corpus.problems, [], {}, corpus.layout.preset));
      return { findings: settled.findings.filter((f) => f.ruleId === rule.id), problems, output: {} };
    },
  };
}
