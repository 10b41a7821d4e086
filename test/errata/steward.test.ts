import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/env.js';
import { rfcWithErrata } from './helpers.js';

/*
 * The steward's workflow: a dry run shows every item that applies even when another is refused,
 * --item applies a subset, each item is reported once, hints repeat the flags that found the
 * repository, long lines get a word view, and stdout holds only the chosen format.
 */

const LONG_HEAD = 'A host that serves many tenants keeps a separate cursor for each of them, and it never hands one tenant the cursor of another, even when';
const DOC = [
  '# Doc',
  '',
  '## §B Paging',
  '',
  'The host keeps the first words here.',
  '',
  '## §C Cursors',
  '',
  `${LONG_HEAD} both tenants ask for the same page at the same moment.`,
  '',
  '## Labels',
  '',
  '**E. Shapes.** The shared words sit under E.',
  '',
  '**F. Next.** The shared words sit under F too.',
  '',
].join('\n');
const ERRATA = [
  '- **`doc.md` §B** (`:5`) — replace "the first words" with "the amended words".',
  '- **`doc.md` §B** (`:5`) — replace "words that are nowhere" with "anything".',
  '- **`doc.md` §C** (`:9`) — replace "at the same moment" with "within one second".',
  '- **`doc.md` E.** (`:13`) — replace "The shared words sit under" with "The label E ends where F begins, and its words sit under"',
  '',
].join('\n');
const RFC = 'RFCS/0999-errata-case.md';

function repo(): string {
  const root = tempDir('specgate-steward-');
  mkdirSync(path.join(root, 'RFCS'));
  writeFileSync(path.join(root, 'doc.md'), DOC);
  writeFileSync(path.join(root, RFC), rfcWithErrata(ERRATA));
  return root;
}

describe('errata: the steward workflow', () => {
  it('a dry run with a refused item still shows the patch of every item that applies, marks the refused one once, and writes nothing', async () => {
    const root = repo();
    const r = await runCli(['errata', 'apply', '--dry-run', '--rfc', '0999', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`${RFC}:10 {2}doc\\.md §B {2}refused \\(see its finding\\)`));
    expect(r.stderr).toMatch(/nothing will be written unless every selected item applies/);
    expect(readFileSync(path.join(root, 'doc.md'), 'utf8')).toBe(DOC);
    // The refusal's reason is said once, by its finding.
    const all = r.stdout + r.stderr;
    expect(all.match(/§Errata item 2 /g)).toHaveLength(1);
    // The patch of items 1, 3 and 4 applies with git and gives what they say.
    const patch = r.stdout.slice(r.stdout.indexOf('--- a/'), r.stdout.lastIndexOf('\n\n') + 1);
    const dir = tempDir('specgate-patch-');
    writeFileSync(path.join(dir, 'doc.md'), DOC);
    const git = spawnSync('git', ['apply', '-'], { cwd: dir, input: patch, encoding: 'utf8' });
    expect(git.status, git.stderr).toBe(0);
    const after = readFileSync(path.join(dir, 'doc.md'), 'utf8');
    expect(after).toContain('The host keeps the amended words here.');
    expect(after).toContain('within one second.');
    // The label E. ends at F. (same family, another letter): the quoted words are E's alone.
    expect(after).toContain('**E. Shapes.** The label E ends where F begins, and its words sit under E.');
    expect(after).toContain('**F. Next.** The shared words sit under F too.');
  }, 120_000);

  it('a long changed line gets a word view (on stderr); the patch keeps whole lines', async () => {
    const r = await runCli(['errata', 'apply', '--dry-run', '--rfc', '0999', '--item', '3', '--root', repo()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('doc.md:9: …');
    expect(r.stderr).toContain('[-at-]{+within+} [-the-]{+one+} [-same moment-]{+second+}.');
    expect(r.stdout).toContain(`+${LONG_HEAD} both tenants ask for the same page within one second.`);
    expect(r.stdout).not.toContain('{+');
  }, 120_000);

  it('--item applies a subset, says which items were left, and each item is reported once', async () => {
    const root = repo();
    const r = await runCli(['errata', 'apply', '--rfc', '0999', '--item', '1', '--item', '4', '--root', root]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('left for later (not selected with --item): items 2, 3 of RFC 0999');
    expect(r.stderr).toContain('wrote 1 file(s)');
    for (const line of [9, 12]) expect(r.stderr.match(new RegExp(`${RFC}:${line} `, 'g')), `item at line ${line}`).toHaveLength(1);
    for (const line of [10, 11]) expect(r.stderr).not.toContain(`${RFC}:${line} `);
    const after = readFileSync(path.join(root, 'doc.md'), 'utf8');
    expect(after).toContain('the amended words');
    expect(after).toContain('at the same moment');
    const bad = await runCli(['errata', 'apply', '--item', '1', '--root', root]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--item numbers the items of one RFC; name it with --rfc NNNN/);
    expect((await runCli(['errata', 'apply', '--rfc', '0999', '--item', '7', '--root', root])).stderr).toMatch(/--item 7: RFC 0999 lists errata items 1–4/);
  }, 120_000);

  it('--item: an item not selected that is already applied is reported so, not left for later (control: the pending ones are)', async () => {
    const root = repo();
    expect((await runCli(['errata', 'apply', '--rfc', '0999', '--item', '1', '--root', root])).code).toBe(0);
    const applied = `${RFC}:9  doc.md §B  already applied: the new text is at doc.md:5`;
    // As without --item: item 1 is already applied.
    expect((await runCli(['errata', 'check', '--rfc', '0999', '--root', root])).stderr).toContain(applied);
    // (--item belongs to apply; the dry run first, then the write.)
    for (const sub of ['--dry-run', 'apply']) {
      const r = await runCli(['errata', 'apply', ...(sub === 'apply' ? [] : [sub]), '--rfc', '0999', '--item', '3', '--root', root, '--format', 'json']);
      expect(r.code, `${sub}: ${r.stderr}`).toBe(0);
      expect(r.stderr, sub).toContain(applied);
      expect(r.stderr, sub).toContain('left for later (not selected with --item): items 2, 4 of RFC 0999');
      const doc = JSON.parse(r.stdout) as { errata: Array<{ index: number; status: string }>; findings: Array<{ ruleId: string; message: string }> };
      expect(doc.errata.map((o) => [o.index, o.status]), sub).toEqual([[1, 'already-applied'], [2, 'left'], [3, sub === 'apply' ? 'applied' : 'would-apply'], [4, 'left']]);
      // The refused item 2 is not selected: judging item 1 quietly reports nothing of item 2's.
      expect(doc.findings.filter((f) => /item 2\b/.test(f.message)), sub).toEqual([]);
    }
  }, 120_000);

  it('with an item refused, the hint names the items that apply (--item), since the RFC alone would write nothing', async () => {
    const root = repo();
    const r = await runCli(['errata', 'check', '--root', root, '--format', 'json']);
    expect(r.code).toBe(1);
    const messages = (JSON.parse(r.stdout) as { findings: Array<{ ruleId: string; message: string }> }).findings.filter((f) => f.ruleId === 'errata/not-applied').map((f) => f.message);
    expect(messages).toHaveLength(3);
    for (const m of messages) expect(m).toContain(`run \`specgate errata apply --rfc 0999 --item 1 --item 3 --item 4 --root ${root}\``);
    // The hint works: those items apply, and errata check then names only the refused one.
    expect((await runCli(['errata', 'apply', '--rfc', '0999', '--item', '1', '--item', '3', '--item', '4', '--root', root])).code).toBe(0);
    const after = JSON.parse((await runCli(['errata', 'check', '--root', root, '--format', 'json'])).stdout) as { findings: Array<{ ruleId: string }> };
    expect(after.findings.map((f) => f.ruleId).filter((id) => id === 'errata/not-applied')).toEqual([]);
  }, 120_000);

  it("a fix hint repeats --root, --preset and --config; check --format sarif prints only SARIF", async () => {
    const root = repo();
    writeFileSync(path.join(root, RFC), rfcWithErrata(ERRATA.split('\n')[0]! + '\n'));
    writeFileSync(path.join(root, 'gate.json'), JSON.stringify({ preset: 'specgate' }));
    const r = await runCli(['errata', 'check', '--root', root, '--preset', 'specgate', '--config', path.join(root, 'gate.json'), '--format', 'json']);
    expect(r.code).toBe(1);
    const hint = (JSON.parse(r.stdout) as { findings: Array<{ message: string }> }).findings[0]!.message;
    // Every item applies: the RFC alone, no --item.
    expect(hint).toContain(`run \`specgate errata apply --rfc 0999 --root ${root} --preset specgate --config ${path.join(root, 'gate.json')}\``);
    const sarif = await runCli(['errata', 'check', '--root', root, '--format', 'sarif']);
    expect(sarif.code).toBe(1);
    expect(JSON.parse(sarif.stdout)).toMatchObject({ version: '2.1.0' });
    expect(sarif.stderr).toContain('not applied (see its finding)');
  }, 120_000);
});
