import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { FAMILY_DECLARATIONS } from '../checks/registry.js';
import { loadConfig } from '../core/config/config.js';
import { loadPlugins } from '../core/config/plugins.js';
import { UsageError } from '../core/base/errors.js';
import { checkPresetName, PRESET_NAMES } from '../core/preset/layout.js';
import type { RuleMeta } from '../core/engine/rule.js';
import type { ProcessCitations } from '../core/engine/rule.js';
import { defineRule, presetDefault, presetSetting, ruleAnchor, ruleUnderPreset } from '../core/engine/rule.js';
import { checkCommonValues, writeReport } from '../core/cli/run-env.js';
import type { RuleGroup } from '../rules-registry.js';
import { BUILTIN_RULES, ruleAliases, ruleGroups } from '../rules-registry.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';
import { jsonText } from '../core/reporters/json-text.js';
import { checkTreeFiles, writeTreeFiles } from '../core/io/writer.js';
import { unifiedDiff } from '../core/reporters/unified-diff.js';

const HELP = `usage: specgate list-rules [--root DIR] [--config FILE] [--preset NAME] [--no-plugins] [-f|--format text|json|markdown] [-o|--output FILE] [-h|--help]

Lists every rule any command can report: id, default severity, RFC section, description.
Any id can be set to off, on (its own severity), notice, warning or error in specgate.config.json "rules".
      --root DIR      the repository whose configuration names the preset (default: the working directory)
      --config FILE   the configuration (default: specgate.config.json, searched upward as for check)
      --preset NAME   each rule's default under that preset (default: the configuration's preset, else
                      specgate): a rule the preset's process does not state is "off (opt-in)", and
                      configuration can still turn it on
      --no-plugins    leave out the rules of the plugins the configuration names (a plugin is code)
  -f, --format NAME   text (default), json, or markdown: the index (docs/rules.md; npm run docs:rules
                      writes it with --no-plugins), and with --output its group pages of examples
                      beside it (docs/rules/)
  -o, --output FILE   write the list to FILE instead of stdout
  -h, --help          print this help and exit 0
`;

/** Every rule any command can report: input problems, the check families, then wire, probe, errata and compat. */
export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values } = parseCommandArgs(
    argv,
    {
      root: { type: 'string' },
      config: { type: 'string' },
      preset: { type: 'string' },
      format: { type: 'string', short: 'f' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
      'no-plugins': { type: 'boolean' },
    },
    false,
    HELP,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const format = (values.format as string | undefined) ?? 'text';
  if (!['text', 'json', 'markdown'].includes(format)) throw new UsageError(`list-rules --format is text, json or markdown (got "${format}")`, HELP);
  await checkPresetName(values.preset as string | undefined); // an unknown preset is a usage error, whatever the format
  const groups = await ruleGroups();
  const output = values.output as string | undefined;
  const { preset, citations, root, plugins } = runConfig(values as { root?: string; config?: string; preset?: string; output?: string });
  if (!values['no-plugins']) groups.push(...(await pluginGroups(root, plugins)));
  let text: string;
  if (format === 'markdown') {
    // The index, and beside it (with --output) the group pages its rows link to.
    const pages = output === undefined ? undefined : pagesBeside(output, groups);
    text = markdown(groups, await ruleAliases(), pages?.folder);
    if (pages) checkTreeFiles(pages.base, pages.files.map(([rel]) => rel), 'a rule page');
    writeReport(output, text, io, root);
    if (pages) writeTreeFiles(pages.base, pages.files, 'a rule page');
    return 0;
  }
  if (format === 'json') text = jsonText(groups.flatMap((g) => g.rules.map((r) => ({ command: g.command, ...ruleUnderPreset(r, preset, citations), ...(r.examples ? { examples: r.examples } : {}), preset, severityUnderPreset: presetDefault(r, preset) })))) + '\n';
  else text = table(groups.flatMap((g) => g.rules), preset, citations);
  writeReport(output, text, io, root);
  return 0;
}

/**
 * Where the group pages of an index written to `output` go: a folder named after it, beside it
 * (docs/rules.md → docs/rules/), each page a file the tree names (writeTreeFiles: never through a
 * symlink, a refused page refuses the run before anything is written).
 */
function pagesBeside(output: string, groups: readonly RuleGroup[]): { base: string; folder: string; files: Array<[string, string]> } {
  const name = path.basename(output);
  const stem = name.replace(/\.[^.]*$/, '');
  const folder = stem && stem !== name ? stem : `${name}-pages`;
  return { base: path.dirname(path.resolve(output)), folder, files: rulePages(groups, name).map(([page, text]) => [`${folder}/${page}.md`, text]) };
}

/** The preset a check run here would use (--preset, else the configuration's, else specgate), and the plugins it would load. */
function runConfig(values: { root?: string; config?: string; preset?: string; output?: string }): { preset: string; citations: ProcessCitations; root: string; plugins: readonly string[] | undefined } {
  const root = checkCommonValues(values);
  const config = loadConfig(root, values);
  return { preset: config.layout.preset, citations: config.layout.process.citations, root, plugins: config.plugins };
}

/** The rules of the configuration's plugins, one group per family, after the built-ins. */
async function pluginGroups(root: string, specs: readonly string[] | undefined): Promise<RuleGroup[]> {
  const loaded = await loadPlugins(root, specs, FAMILY_DECLARATIONS.map((d) => d.name), BUILTIN_RULES);
  const out: RuleGroup[] = [];
  for (const p of loaded.plugins) {
    for (const name of p.families) {
      // A family beside another command (wire, compat, errata) is reported by that command.
      const beside = loaded.commandFamilies?.find((f) => f.family.name === name);
      const family = beside?.family ?? (await loaded.families.find((f) => f.name === name)!.load());
      out.push({ command: `${beside?.command ?? 'check'} ${name} (plugin ${p.name})`, page: name, rules: family.rules.map((r) => defineRule(r)) });
    }
  }
  return out;
}

/** Widest RFC cell; a longer one ends in "…" so the description column always starts clear of it. */
const RFC_WIDTH = 26;

/** The text format: a header row, then one row per rule; columns two spaces apart. */
export function table(rules: readonly RuleMeta[], preset: string, citations?: ProcessCitations): string {
  const shown = (r: RuleMeta) => (presetDefault(r, preset) === 'off' && r.defaultSeverity !== 'off' ? 'off (opt-in)' : r.defaultSeverity);
  const clip = (s: string) => (s.length > RFC_WIDTH ? `${s.slice(0, RFC_WIDTH - 1)}…` : s);
  const rows = [['RULE', `DEFAULT (${preset})`, 'RFC', 'DESCRIPTION'], ...rules.map((r) => [r.id, shown(r), clip(ruleUnderPreset(r, preset, citations).rfc), r.description])];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join('  ') + '\n').join('');
}

/** The folder of the rule pages, beside the index and named after it: docs/rules.md → docs/rules/. */
export const PAGES_FOLDER = 'rules';

/**
 * The page (under PAGES_FOLDER) that shows a rule: its family's or command's name, kebab-case. A
 * rule with a class (compat) is on the page of its class (compat-breaking, ...): a compat example is
 * a diff, and all of them on one page come near the Markdown container budget (docs/rules.md's
 * decision in docs/architecture.md).
 */
export function rulePage(g: RuleGroup, r?: RuleMeta): string {
  const page = (g.page ?? g.command).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'rules';
  return r?.class ? `${page}-${r.class}` : page;
}

/**
 * docs/rules.md, the index: one table per command; every row has the anchor the rule's `docs` link
 * names, and its id links to the rule's section of its group's page (rulePages).
 */
export function markdown(groups: readonly RuleGroup[], aliases: Readonly<Record<string, string[]>>, folder = PAGES_FOLDER): string {
  const total = groups.reduce((n, g) => n + g.rules.length, 0);
  const out = [
    '# Rules',
    '',
    '<!-- Generated by `npm run docs:rules` (specgate list-rules --format markdown); do not edit by hand. -->',
    '',
    `Every finding of every command comes from one of these ${total} rules. Set any of them to \`off\`, \`on\`, \`notice\`,`,
    '`warning` or `error` under `"rules"` in `specgate.config.json`; an unknown id there is a configuration error.',
    '`on` enables a rule at its own severity, finding by finding (a rule that reports some findings as warnings',
    'keeps doing so); a fixed severity applies to every finding of the rule.',
    'Compat rules carry the class of the change they report (`breaking`, `additive`, `editorial`);',
    'additive and editorial ones are `off` by default, so they show only in the classification table',
    'until configured. The presets column names the presets that leave the rule on: a preset\'s config',
    '(`rules` in scripts/presets/NAME.json) turns off what its process does not state; a config that',
    'extends it turns one back on under `"rules"` (`specgate list-rules --preset NAME`).',
    'The RFC column names this project\'s RFCs; a "<preset>: …" entry names the section of that preset\'s own',
    'process (upstream\'s RFC 0001 or template for `openwop`), which its findings cite instead.',
    'A rule marked fixable attaches an unambiguous repair to some of its findings: `specgate check --fix`',
    'applies it and `specgate lsp` offers it as a quick fix (docs/editor.md).',
    `Each id links to the rule on its group's page under \`${folder}/\` (one page per check family or command):`,
    'its description and its examples (its `meta.examples`, which the rule tests run).',
  ];
  for (const g of groups) {
    const classes = g.rules.some((r) => r.class);
    const fixes = g.rules.some((r) => r.fixable);
    const head = ['id', ...(classes ? ['class'] : []), ...(fixes ? ['fixable'] : []), 'default', 'presets', 'RFC', 'description'];
    const pages = [...new Set(g.rules.map((r) => `${folder}/${rulePage(g, r)}.md`))];
    out.push('', `## ${g.command}`, '', `Examples: ${pages.map((p) => `[${p}](${p})`).join(', ')}.`, '');
    out.push(`| ${head.join(' | ')} |`, `|${' --- |'.repeat(head.length)}`);
    for (const r of g.rules) {
      const cells = [
        `<a id="${ruleAnchor(r.id)}"></a>[\`${r.id}\`](${folder}/${rulePage(g, r)}.md#${ruleAnchor(r.id)})`,
        ...(classes ? [r.class ?? ''] : []),
        ...(fixes ? [r.fixable ? 'fixable' : ''] : []),
        r.defaultSeverity,
        onUnder(r.id),
        cell([r.rfc, ...Object.entries(r.rfcByPreset ?? {}).map(([p, rfc]) => `${p}: ${rfc}`)].join('; ')),
        cell(r.description),
      ];
      out.push(`| ${cells.join(' | ')} |`);
    }
  }
  const retired = Object.entries(aliases);
  if (retired.length) {
    out.push('', '## Retired ids', '', 'Still accepted in configuration; setting one sets every rule that replaced it (unless that rule is set itself).', '');
    for (const [id, to] of retired) out.push(`- \`${id}\`: ${to.length} rules (${to.map((t) => `\`${t}\``).join(', ')})`);
  }
  return out.join('\n') + '\n';
}

/**
 * The group pages (docs/rules/<page>.md), in the index's order: each rule of the groups that share
 * the page, under its anchor, with its description and its examples. A plugin's family gets a page
 * of its own name, as a built-in family does.
 */
export function rulePages(groups: readonly RuleGroup[], index = `${PAGES_FOLDER}.md`): Array<[page: string, text: string]> {
  const byPage = new Map<string, Array<{ g: RuleGroup; rules: RuleMeta[] }>>();
  for (const g of groups) {
    for (const r of g.rules) {
      const parts = byPage.get(rulePage(g, r)) ?? [];
      byPage.set(rulePage(g, r), parts);
      if (parts.at(-1)?.g !== g) parts.push({ g, rules: [] });
      parts.at(-1)!.rules.push(r);
    }
  }
  return [...byPage].map(([page, parts]) => {
    const classes = [...new Set(parts.flatMap((p) => p.rules.map((r) => r.class)))];
    const title = parts.map((p) => `\`${p.g.command}\``).join(', ') + (classes.length === 1 && classes[0] ? ` (${classes[0]} changes)` : '');
    const out = [
      `# Rules: ${title}`,
      '',
      '<!-- Generated by `npm run docs:rules` (specgate list-rules --format markdown); do not edit by hand. -->',
      '',
      `The rules of ${title} in [the rule list](../${index}) (severities, presets, RFC sections), each with its own examples (its \`meta.examples\`, which the rule tests run): an invalid example lists what the rule reports (message id, line and column) and, for a fixable rule, the text its fixes give.`,
    ];
    for (const { g, rules } of parts) {
      if (parts.length > 1) out.push('', `## ${g.command}`);
      if (g.examples) out.push('', `A rule of \`${g.command}\` runs through that command: ${g.examples}`);
      else if (rules.some((r) => r.examples && [...r.examples.valid, ...r.examples.invalid].some((c) => c.base))) {
        out.push('', 'A compat rule\'s example is a base and a head version of a file, compared as `specgate compat` compares a git base with the working tree (the rule turned on): where the change is reported, and the diff from base to head.');
      } else if (g.command.startsWith('check')) out.push('', 'A check rule\'s example runs over the example\'s files.');
      for (const r of rules) out.push(...ruleSection(r, parts.length > 1 ? '###' : '##', index));
    }
    return [page, out.join('\n') + '\n'];
  });
}

/** One rule on its page: the anchor its index row links to, its description, its examples. */
function ruleSection(r: RuleMeta, heading: string, index: string): string[] {
  const out = ['', `${heading} <a id="${ruleAnchor(r.id)}"></a>\`${r.id}\``, '', `${r.description.replace(/\n/g, ' ').replace(/(?<![.!?])$/, '.')} Default \`${r.defaultSeverity}\` ([its row in the rule list](../${index}#${ruleAnchor(r.id)})).`];
  if (!r.examples) return [...out, '', 'No examples.'];
  return [...out, ...ruleExamples(r)];
}

/** The built-in presets whose `rules` do not turn the rule off ("all" when none does). */
function onUnder(id: string): string {
  const on = PRESET_NAMES.filter((p) => presetSetting(id, p) !== 'off');
  return on.length === PRESET_NAMES.length ? 'all' : on.join(', ');
}

/** A rule's examples: each case's files, what it reports and the fixed text. */
function ruleExamples(r: RuleMeta): string[] {
  if ([...r.examples!.valid, ...r.examples!.invalid].some((c) => c.base)) return versionExamples(r);
  const out: string[] = [];
  const files = (f: Readonly<Record<string, string>>) => Object.entries(f).flatMap(([file, text], i) => [...(i ? [''] : []), `\`${file}\`:`, '', fence(text, file)]);
  const options = (o: Readonly<Record<string, unknown>> | undefined) => (o ? ['', `Options: \`${JSON.stringify(o)}\``] : []);
  for (const c of r.examples!.invalid) {
    out.push('', `Incorrect: ${c.name}`, ...options(c.options), '', ...files(c.files), '');
    for (const e of c.errors) out.push(`- \`${e.messageId}\`${e.line !== undefined ? ` at ${e.file ?? ''}${e.file ? ':' : 'line '}${e.line}${e.column !== undefined ? `:${e.column}` : ''}` : ''}: ${formatExample(r, e)}`);
    if (c.output) out.push('', 'Fixed:', '', ...files(c.output));
  }
  for (const c of r.examples!.valid) out.push('', `Correct: ${c.name}`, ...options(c.options), '', ...files(c.files));
  return out;
}

/**
 * The examples of a rule that compares two versions (compat), compactly, as there is one per kind
 * of change: each reported change with where it is reported and the diff from base to head (one
 * line of context); each change the rule does not report by its name.
 */
function versionExamples(r: RuleMeta): string[] {
  const out = [''];
  const hunks = (file: string, base: string, head: string) => unifiedDiff(file, base, head, 1).replace(/\n$/, '').split('\n').filter((l) => !/^(---|\+\+\+) /.test(l));
  const fenced = (lines: string[]) => ['', '  ```diff', ...lines.map((l) => `  ${l}`), '  ```'];
  for (const c of r.examples!.invalid) {
    const base = c.base ?? {};
    const changed = [...new Set([...Object.keys(base), ...Object.keys(c.files)])].filter((f) => base[f] !== c.files[f]);
    const where = c.errors.map((e) => `\`${e.messageId}\`${e.pointer !== undefined ? ` at \`${e.pointer || '/'}\`` : e.line !== undefined ? ` at line ${e.line}` : ''}${e.file && (changed.length > 1 || e.file !== changed[0]) ? ` of \`${e.file}\`` : ''}`).join('; ');
    // One file changed: it is named once, on the bullet; several: each diff under its name.
    if (changed.length === 1) out.push(`- Reported: ${c.name} (${where}), \`${changed[0]}\`:`, ...fenced(hunks(changed[0]!, base[changed[0]!] ?? '', c.files[changed[0]!] ?? '')), '');
    else out.push(`- Reported: ${c.name} (${where}):`, ...changed.flatMap((f) => ['', `  \`${f}\`:`, ...fenced(hunks(f, base[f] ?? '', c.files[f] ?? ''))]), '');
  }
  for (const c of r.examples!.valid) out.push(`- Not reported: ${c.name}`);
  return out;
}

/** The message an example expects, its template filled where the example gives the data. */
function formatExample(r: RuleMeta, e: { messageId: string; data?: Readonly<Record<string, string | number>> }): string {
  const template = r.messages?.[e.messageId] ?? '';
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, n: string) => (e.data?.[n] !== undefined ? String(e.data[n]) : m));
}

function fence(text: string, file: string): string {
  const lang = /\.json$/.test(file) ? 'json' : /\.ya?ml$/.test(file) ? 'yaml' : /\.md$/.test(file) ? 'markdown' : '';
  const ticks = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
