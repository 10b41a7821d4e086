import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitEnv, gitText, SAFE_GIT_CONFIG } from '../../scripts/core/io/git.js';
import { projectCorpusCopy, runCli, tempDir } from '../helpers/env.js';
import { rfcWithErrata } from '../errata/helpers.js';
import { git, gitOk } from '../gates/git-repo.js';

/*
 * A repository's own configuration must not run programs while specgate reads it (issue 28,
 * point 6): `core.fsmonitor` in .git/config ran during `--staged` and the errata commands (through
 * `git ls-files`). Every git call goes through core/io/git.ts, which switches such keys off. And a
 * layout path with a line break before `..` no longer passes the config's inside-the-root check.
 */

/** A repository whose .git/config runs a program (writing `marker`) as its fsmonitor hook. */
function repoWithFsmonitor(): { root: string; marker: string } {
  const root = projectCorpusCopy();
  mkdirSync(path.join(root, 'RFCS'), { recursive: true });
  writeFileSync(path.join(root, 'RFCS/0999-errata-case.md'), rfcWithErrata('- **`spec/a.md` §B** (`:5`) — replace "old words" with "new words".\n'));
  mkdirSync(path.join(root, 'spec'), { recursive: true });
  writeFileSync(path.join(root, 'spec/a.md'), '# Doc\n\n## §B Versions\n\nThe host sends the new words.\n');
  gitOk(root, ['init', '-q']);
  gitOk(root, ['add', '-A']);
  gitOk(root, ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'base']);
  const marker = path.join(tempDir('specgate-fsmonitor-'), 'ran');
  const hook = path.join(tempDir('specgate-fsmonitor-'), 'hook.sh');
  writeFileSync(hook, `#!/bin/sh\necho ran >> '${marker}'\nexit 1\n`);
  chmodSync(hook, 0o755);
  gitOk(root, ['config', 'core.fsmonitor', hook]);
  return { root, marker };
}

describe('git runs no program a repository configures', () => {
  it('core.fsmonitor in .git/config does not run during check --staged, errata check and errata apply', async () => {
    const { root, marker } = repoWithFsmonitor();
    // The hook is real: a plain git ls-files in this repository runs it.
    git(root, ['ls-files']);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    for (const args of [['check', 'rfcs', '--staged'], ['errata', 'check'], ['errata', 'apply']]) {
      const r = await runCli([...args, '--root', root]);
      expect({ args, code: r.code === 2 ? r.stderr : 'ran', hookRan: existsSync(marker) }).toEqual({ args, code: 'ran', hookRan: false });
    }
  });

  it('a clean filter that .gitattributes names and .git/config defines does not run when compat compares the working tree', async () => {
    const { root, marker } = repoWithFsmonitor();
    gitOk(root, ['config', '--unset', 'core.fsmonitor']);
    const hook = path.join(tempDir('specgate-filter-'), 'filter.sh');
    writeFileSync(hook, `#!/bin/sh\necho ran >> '${marker}'\ncat\n`);
    chmodSync(hook, 0o755);
    writeFileSync(path.join(root, '.gitattributes'), '* filter=evil\n');
    gitOk(root, ['add', '.gitattributes']);
    gitOk(root, ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'attributes']);
    gitOk(root, ['config', 'filter.evil.clean', hook]);
    gitOk(root, ['config', 'filter.a=b.process', hook]);
    // A working-tree file git must look into (its stat changed), and a schema gone from the head,
    // which makes compat ask git for renames (a diff against the working tree).
    const doc = path.join(root, 'spec/a.md');
    writeFileSync(doc, readFileSync(doc, 'utf8') + '\nmore\n');
    rmSync(path.join(root, 'schemas/v2/run-snapshot.schema.json'));
    // The filter is real: a plain git diff against the working tree runs it.
    git(root, ['diff', '--name-status', 'HEAD']);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    const r = await runCli(['compat', '--base', 'HEAD', '--root', root]);
    expect({ code: r.code === 2 ? r.stderr : 'ran', filterRan: existsSync(marker) }).toEqual({ code: 'ran', filterRan: false });
  });

  it('every call carries the switches; the program variables of the environment are dropped', () => {
    expect(SAFE_GIT_CONFIG.join(' ')).toContain('-c core.fsmonitor=false');
    const env = gitEnv({ GIT_EXTERNAL_DIFF: '/bin/evil', GIT_PAGER: 'evil', GIT_SSH_COMMAND: 'evil', GIT_ASKPASS: 'evil', GIT_INDEX_FILE: '/tmp/index', PATH: '/usr/bin' });
    expect(env).toEqual({ GIT_INDEX_FILE: '/tmp/index', PATH: '/usr/bin', GIT_TERMINAL_PROMPT: '0', GIT_NO_LAZY_FETCH: '1' });
    // git takes the switches (a plain read works with them)
    const root = tempDir('specgate-git-');
    gitOk(root, ['init', '-q']);
    expect(gitText(['rev-parse', '--is-inside-work-tree'], { cwd: root }).trim()).toBe('true');
  });
});

describe('layout paths: a line break cannot hide a `..` from the inside-the-root check', () => {
  it('a layout path with a line break before `..`, or any control character, is refused in one line', async () => {
    for (const value of ['RFCS\n/../../../etc', 'a/\n../x', 'spec\r/..', 'ok\u0085name']) {
      const dir = tempDir('specgate-layout-');
      const file = path.join(dir, 'specgate.config.json');
      writeFileSync(file, JSON.stringify({ layout: { rfcsDir: value } }));
      const r = await runCli(['check', 'rfcs', '--config', file, '--root', dir]);
      expect({ value, code: r.code, lines: r.stderr.trim().split('\n').length }).toEqual({ value, code: 2, lines: 1 });
      expect(r.stderr).toMatch(/"layout\.rfcsDir" must be a repository-relative path with forward slashes that stays inside the root/);
    }
  });
});
