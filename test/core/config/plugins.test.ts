import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES } from '../../../scripts/rules-registry.js';
import { loadPlugins } from '../../../scripts/core/config/plugins.js';
import { withPluginRules } from '../../../scripts/core/engine/rule-catalog.js';
import { configuredSeverities } from '../../../scripts/core/cli/run-env.js';
import { projectCorpusCopy, runCli, tempDir } from '../../helpers/env.js';

/* core/config/plugins.ts: what the config's `plugins` may name, and the one-line errors otherwise. */

const BUILTIN = ['interop-map', 'invariants', 'rfcs', 'wire-examples'];

/** A plugin module with one family of one rule (no import of specgate: a plugin needs none at run time). */
const pluginSource = (family: string, ruleId = `${family}/always-fine`) =>
  `export default { name: 'p', families: [{ name: ${JSON.stringify(family)}, description: 'd', rules: [{ id: ${JSON.stringify(ruleId)}, rfc: 'RFC 1', description: 'd', run() {} }] }] };\n`;

function repoWith(files: Record<string, string>): string {
  const root = tempDir('specgate-plugins-');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('loadPlugins', () => {
  it('loads a ./path and an installed package, in order, as families the registry can load', async () => {
    const root = repoWith({
      'plugins/a.mjs': pluginSource('alpha'),
      'node_modules/specgate-plugin-beta/package.json': JSON.stringify({ name: 'specgate-plugin-beta', type: 'module', exports: './index.js' }),
      'node_modules/specgate-plugin-beta/index.js': pluginSource('beta'),
    });
    const loaded = await loadPlugins(root, ['./plugins/a.mjs', 'specgate-plugin-beta'], BUILTIN);
    expect(loaded.families.map((f) => f.name)).toEqual(['alpha', 'beta']);
    expect(loaded.rules.map((r) => r.id)).toEqual(['alpha/always-fine', 'beta/always-fine']);
    expect(loaded.plugins).toEqual([
      { name: 'p', spec: './plugins/a.mjs', families: ['alpha'] },
      { name: 'p', spec: 'specgate-plugin-beta', families: ['beta'] },
    ]);
    const family = await loaded.families[0]!.load();
    expect(family.primaryFile({ layout: {} as never, options: {} })).toBe('specgate.config.json');
  });

  it('none configured: nothing imported', async () => {
    expect((await loadPlugins('/nonexistent', undefined, BUILTIN)).families).toEqual([]);
  });

  it.each([
    ['a missing path', {}, './plugins/none.js', /plugin "\.\/plugins\/none\.js" not found/],
    ['a package not installed', {}, 'specgate-plugin-absent', /is not a path starting with \.\/ nor a package installed/],
    ['a module that throws', { 'p.mjs': 'throw new Error("boom\\nsecond line");' }, './p.mjs', /^plugin "\.\/p\.mjs" failed to load: boom$/],
    ['no plugin exported', { 'p.mjs': 'export const x = 1;' }, './p.mjs', /does not export a plugin/],
    ['a built-in family name', { 'p.mjs': pluginSource('rfcs') }, './p.mjs', /family "rfcs" is already taken/],
    ['a rule id outside its family', { 'p.mjs': pluginSource('mine', 'other/rule') }, './p.mjs', /rule ids of family "mine" look like "mine\/subject-constraint"/],
  ])('%s is a one-line usage error', async (_name, files, spec, message) => {
    await expect(loadPlugins(repoWith(files as Record<string, string>), [spec], BUILTIN)).rejects.toThrow(message);
  });

  it('refuses a path whose real path leads out of the repository', async () => {
    const outside = repoWith({ 'evil.mjs': pluginSource('evil') });
    const root = repoWith({});
    symlinkSync(path.join(outside, 'evil.mjs'), path.join(root, 'p.mjs'));
    await expect(loadPlugins(root, ['./p.mjs'], BUILTIN)).rejects.toThrow(/leads out of the repository/);
  });

  it('refuses a package name whose ".." segments lead out of node_modules (Node would resolve it anywhere)', async () => {
    const outside = repoWith({ 'evil.mjs': pluginSource('evil') });
    const root = repoWith({ 'node_modules/.keep': '' });
    const up = '../'.repeat(path.join(root, 'node_modules').split(path.sep).length);
    const spec = `a/${up}${path.join(outside, 'evil.mjs').slice(1)}`;
    await expect(loadPlugins(root, [spec], BUILTIN)).rejects.toThrow(/nor a package name \(a "\." or "\.\." segment/);
  });
});

describe("a plugin family named as a built-in command's (its rule ids would be the built-in ones)", () => {
  // A plugin family "parse", "wire" or "errata" made list-rules list parse/syntax (…) twice, and its
  // findings passed for the built-in rule's (severity, baseline and exceptions keyed by the same id).
  it.each([
    ['parse', 'parse/syntax', undefined, 'list-rules'],
    ['parse', 'parse/syntax', undefined, 'check'],
    ['wire', 'wire/binding-shape', 'wire', 'list-rules'],
    ['errata', 'errata/not-applied', 'errata', 'errata'],
    ['compat', 'compat/property-removed', 'compat', 'wire'],
  ])('family "%s" (rule %s, beside %s) is refused by %s in one line, exit 2', async (family, ruleId, command, cli) => {
    const fam = `{ name: ${JSON.stringify(family)}, description: 'd',${command ? ` command: ${JSON.stringify(command)},` : ''} rules: [{ id: ${JSON.stringify(ruleId)}, rfc: 'RFC 1', description: 'd', run() {} }] }`;
    const root = projectCorpusCopy();
    mkdirSync(path.join(root, 'plugins'));
    writeFileSync(path.join(root, 'plugins/p.mjs'), `export default { name: 'p', families: [${fam}] };\n`);
    writeFileSync(path.join(root, 'specgate.config.json'), '{ "plugins": ["./plugins/p.mjs"] }\n');
    writeFileSync(path.join(root, 'cap.json'), '{}\n');
    const args = cli === 'errata' ? ['errata', 'check'] : cli === 'wire' ? ['wire', path.join(root, 'cap.json')] : [cli];
    const r = await runCli([...args, '--root', root]);
    expect(r.stderr.trim()).toBe(`specgate: plugin "./plugins/p.mjs": family "${family}" is already taken (a built-in family or an earlier plugin's)`);
    expect(r.code).toBe(2);
  });
});

describe("the config's rule ids and plugins", () => {
  const config = (plugins?: string[]) => ({ severities: { 'mine/some-rule': 'warning' as const }, ruleAt: () => 'specgate.config.json:1:2', ...(plugins ? { plugins } : {}) });

  it('an id no rule has is an error without plugins, and let pass when plugins the run does not load may declare it', async () => {
    await expect(configuredSeverities(config(), BUILTIN_RULES)).rejects.toThrow(/unknown rule "mine\/some-rule"/);
    expect(await configuredSeverities(config(['./p.mjs']), BUILTIN_RULES)).toEqual({ 'mine/some-rule': 'warning' });
  });

  it("with the plugins loaded, their rules' ids are checked like the built-ins'", async () => {
    const withMine = withPluginRules(BUILTIN_RULES, [{ id: 'mine/other-rule', rfc: 'x', description: 'x', defaultSeverity: 'error', docs: '', fixable: false }]);
    await expect(configuredSeverities(config(['./p.mjs']), withMine)).rejects.toThrow(/unknown rule "mine\/some-rule"/);
  });

  it("an exception may name a plugin's rule: it accepts the finding, and the id is not unknown", async () => {
    const rule = `{ id: 'alpha/always-wrong', rfc: 'RFC 1', description: 'd', run(ctx) { ctx.visit(); ctx.corpus.text('notes.md'); ctx.report({ at: { file: 'notes.md', range: { line: 2, column: 1, endLine: 2, endColumn: 2 } }, message: 'wrong' }); } }`;
    const root = repoWith({
      'plugins/a.mjs': `export default { name: 'p', families: [{ name: 'alpha', description: 'd', rules: [${rule}] }] };\n`,
      'notes.md': 'x\nx\n',
      'specgate.config.json': '{ "plugins": ["./plugins/a.mjs"] }\n',
    });
    // Sabotage first: the finding is there without the exception.
    const bare = await runCli(['check', 'alpha', '--root', root, '-f', 'compact']);
    expect(bare.stdout).toContain('[alpha/always-wrong]');
    writeFileSync(path.join(root, 'notes.md'), '<!-- specgate-disable-next-line alpha/always-wrong -- known and accepted -->\nx\n');
    const r = await runCli(['check', 'alpha', '--root', root, '-f', 'compact']);
    expect(r.stdout).not.toContain('exceptions/unknown-rule');
    expect(r.stdout).not.toContain('[alpha/always-wrong]');
    expect(r.code).toBe(0);
  });
});

describe('a plugin rule that throws', () => {
  // It was `specgate: internal error: boom`: nothing said whose code threw, nor which rule.
  it.each([
    ['check', undefined, ['check', 'mine']],
    ['errata check', 'errata', ['errata', 'check']],
  ])('under %s: one line naming the plugin and the rule, exit 2', async (_name, command, args) => {
    const fam = `{ name: 'mine', description: 'd',${command ? ` command: ${JSON.stringify(command)},` : ''} rules: [{ id: 'mine/explodes', rfc: 'RFC 1', description: 'd', run() { throw new Error('boom\\nsecond line'); } }] }`;
    const root = projectCorpusCopy();
    mkdirSync(path.join(root, 'plugins'));
    writeFileSync(path.join(root, 'plugins/p.mjs'), `export default { name: 'my-plugin', families: [${fam}] };\n`);
    writeFileSync(path.join(root, 'specgate.config.json'), '{ "plugins": ["./plugins/p.mjs"] }\n');
    const r = await runCli([...args, '--root', root]);
    expect(r.stderr).toBe('specgate: plugin "my-plugin" (./plugins/p.mjs): rule mine/explodes threw: boom\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});
