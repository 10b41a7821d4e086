import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, PROJECT, tempDir } from '../helpers/env.js';

/*
 * `list-rules --format markdown --output FILE` writes the index and, beside it, the group pages its
 * rows link to: each through the writer, never through a symlink planted in the tree.
 */

/** A repository whose config loads a plugin with one family (`alpha`) of one rule with one example. */
function repoWithPlugin(): string {
  const root = tempDir('specgate-pages-');
  const rule = { id: 'alpha/always-fine', rfc: 'RFC 1', description: 'Alpha is always fine.', examples: { valid: [{ name: 'an alpha that passes', files: { 'specgate.config.json': '{}\n' } }], invalid: [] } };
  mkdirSync(path.join(root, 'plugins'));
  writeFileSync(path.join(root, 'plugins/alpha.mjs'), `export default { name: 'p', families: [{ name: 'alpha', description: 'd', rules: [{ ...${JSON.stringify(rule)}, run() {} }] }] };\n`);
  writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ plugins: ['./plugins/alpha.mjs'] }));
  return root;
}

describe('list-rules --format markdown --output', () => {
  it("writes the index and the group pages beside it; a plugin family's rules land on a page of its own name", async () => {
    const root = repoWithPlugin();
    const r = await runCli(['list-rules', '--format', 'markdown', '--output', 'docs/rules.md'], { cwd: root });
    expect(r).toMatchObject({ code: 0, stdout: '' });
    const index = readFileSync(path.join(root, 'docs/rules.md'), 'utf8');
    expect(index).toContain('| <a id="alpha-always-fine"></a>[`alpha/always-fine`](rules/alpha.md#alpha-always-fine) |');
    const alpha = readFileSync(path.join(root, 'docs/rules/alpha.md'), 'utf8');
    expect(alpha).toContain('<a id="alpha-always-fine"></a>`alpha/always-fine`');
    expect(alpha).toContain('Correct: an alpha that passes');
    // The built-in pages are the committed ones, plus the plugin's.
    const committed = readdirSync(path.join(PROJECT, 'docs/rules')).sort();
    expect(readdirSync(path.join(root, 'docs/rules')).sort()).toEqual([...committed, 'alpha.md'].sort());
    expect(readFileSync(path.join(root, 'docs/rules/rfcs.md'), 'utf8')).toBe(readFileSync(path.join(PROJECT, 'docs/rules/rfcs.md'), 'utf8'));
    // --no-plugins: the built-in rules only (the index as committed); stdout is the index alone.
    const plain = await runCli(['list-rules', '--format', 'markdown', '--no-plugins'], { cwd: root });
    expect(plain.stdout).toBe(readFileSync(path.join(PROJECT, 'docs/rules.md'), 'utf8'));
  });

  it('refuses a pages folder that is a symlink out of the tree: one line, exit 2, nothing written', async () => {
    const root = tempDir('specgate-pages-');
    const outside = tempDir('specgate-outside-');
    mkdirSync(path.join(root, 'docs'));
    symlinkSync(outside, path.join(root, 'docs/rules'));
    const r = await runCli(['list-rules', '--format', 'markdown', '--output', 'docs/rules.md'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('specgate: cannot write rules/input.md: rules is a symlink (never written through); a rule page is written as a regular file inside the repository\n');
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(root, 'docs/rules.md'))).toBe(false);
    expect(lstatSync(path.join(root, 'docs/rules')).isSymbolicLink()).toBe(true);
  });

  it('refuses a page that is a symlink: the file it points at is untouched, nothing written', async () => {
    const root = tempDir('specgate-pages-');
    const outside = tempDir('specgate-outside-');
    writeFileSync(path.join(outside, 'victim'), 'untouched');
    mkdirSync(path.join(root, 'docs/rules'), { recursive: true });
    symlinkSync(path.join(outside, 'victim'), path.join(root, 'docs/rules/probe.md'));
    const r = await runCli(['list-rules', '--format', 'markdown', '--output', 'docs/rules.md'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: cannot write rules\/probe\.md: rules\/probe\.md is a symlink \(never written through\)/);
    expect(readFileSync(path.join(outside, 'victim'), 'utf8')).toBe('untouched');
    expect(readdirSync(path.join(root, 'docs/rules'))).toEqual(['probe.md']);
    expect(existsSync(path.join(root, 'docs/rules.md'))).toBe(false);
  });
});
