import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { statePaths, TEMP_MARK } from '../../scripts/core/io/writer.js';
import { CLI, projectCorpusCopy, runCli, tempDir } from '../helpers/env.js';
import { rfcWithErrata } from '../errata/helpers.js';
import { gitOk } from '../gates/git-repo.js';

/*
 * The writer's lock and journal never come from the tree (issue 28, point 1): a pull request can
 * commit `.specgate-errata.journal` and `.specgate-errata.lock`, which an older writer read from the
 * root and trusted. They live under .git/ (or the user's cache outside git), are made 0600 by the
 * writer, read as regular files within a cap, and a journal is trusted only for governed documents
 * inside the root and the temp names the writer makes. Read-only commands never recover.
 */

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const DOC = '# Doc\n\n## §B Versions\n\nThe host sends the old words.\n';
const ERRATUM = '- **`spec/a.md` §B** (`:5`) — replace "old words" with "new words".\n';

const planted: string[] = [];
afterEach(() => {
  // State folders these tests planted outside the tree (the user's cache, for roots outside git).
  for (const dir of planted.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function commitAll(root: string): void {
  gitOk(root, ['add', '-A']);
  gitOk(root, ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'pr']);
}

/** A git repository with one pending erratum (spec/a.md) and RFC 0999 naming it. */
function errataRepo(): string {
  const root = tempDir('specgate-state-');
  mkdirSync(path.join(root, 'spec'));
  mkdirSync(path.join(root, 'RFCS'));
  writeFileSync(path.join(root, 'spec/a.md'), DOC);
  writeFileSync(path.join(root, 'RFCS/0999-errata-case.md'), rfcWithErrata(ERRATUM));
  gitOk(root, ['init', '-q']);
  commitAll(root);
  return root;
}

/** The project's corpus with RFC 0211's Created date broken (rfcs/dates-valid has a fix), in git. */
function fixableRepo(): string {
  const root = projectCorpusCopy();
  const file = path.join(root, RFC_0211);
  writeFileSync(file, readFileSync(file, 'utf8').replace('| **Created** | 2026-09-23 |', '| **Created** | 2026-9-23 |'));
  gitOk(root, ['init', '-q']);
  commitAll(root);
  return root;
}

/**
 * A pull request's journal in the root, as the old writer named it: phase `renaming`, naming as the
 * target a file outside the repository whose hash is public and as the temp a file of the pull
 * request; and one phase `staging` naming an outside file as a temp.
 */
function plantTreeJournal(root: string, phase: 'renaming' | 'staging'): { victim: string; original: string } {
  const outside = tempDir('specgate-victim-');
  const victim = path.join(outside, 'cli.js');
  const original = 'console.log("the installed tool")\n';
  writeFileSync(victim, original);
  const payload = 'console.log("attacker code")\n';
  writeFileSync(path.join(root, 'payload.js'), payload);
  const files =
    phase === 'renaming'
      ? [{ file: 'cli.js', real: victim, tmp: path.join(root, 'payload.js'), before: sha(original), after: sha(payload) }]
      : [{ file: 'spec/a.md', real: path.join(root, 'spec/a.md'), tmp: victim, before: sha('x'), after: sha('y') }];
  writeFileSync(path.join(root, '.specgate-errata.journal'), JSON.stringify({ pid: 1, phase, files }));
  // A lock "held" by a live process (pid 1, this host): the old writer refused every apply.
  writeFileSync(path.join(root, '.specgate-errata.lock'), JSON.stringify({ pid: 1, host: hostname() }));
  return { victim, original };
}

describe('a journal and a lock committed to the tree are ignored and reported', () => {
  it('errata check, apply --dry-run and apply neither rename over nor delete the files a committed journal names', async () => {
    for (const phase of ['renaming', 'staging'] as const) {
      const root = errataRepo();
      const { victim, original } = plantTreeJournal(root, phase);
      commitAll(root);
      for (const args of [['errata', 'check'], ['errata', 'apply', '--dry-run'], ['errata', 'apply']]) {
        const r = await runCli([...args, '--root', root]);
        expect({ phase, args, victim: existsSync(victim) && readFileSync(victim, 'utf8') }).toEqual({ phase, args, victim: original });
        expect(r.stderr).toContain('specgate: ignored .specgate-errata.journal in the working tree and the git index: the writer\'s lock and journal are never read from the tree');
        expect(r.stderr).toContain('specgate: ignored .specgate-errata.lock in the working tree and the git index');
        expect(r.stderr).not.toMatch(/completed the interrupted write|rolled back/);
      }
      // The committed "live" lock did not stop the apply, and the tree's files are still there, untouched.
      expect(readFileSync(path.join(root, 'spec/a.md'), 'utf8')).toContain('new words');
      expect(readFileSync(path.join(root, 'payload.js'), 'utf8')).toBe('console.log("attacker code")\n');
    }
  });

  it('check --fix ignores a committed journal too (the fix is written, nothing it names is touched)', async () => {
    const root = fixableRepo();
    const { victim, original } = plantTreeJournal(root, 'renaming');
    commitAll(root);
    const r = await runCli(['check', 'rfcs', '--root', root, '--fix', '--fix-rule', 'rfcs/dates-valid', '-f', 'json']);
    expect(readFileSync(victim, 'utf8')).toBe(original);
    expect(r.stderr).toContain('specgate: ignored .specgate-errata.journal in the working tree and the git index');
    expect(r.stderr).toContain('specgate: applied 1 fix to 1 file\n');
    expect(readFileSync(path.join(root, RFC_0211), 'utf8')).toContain('| **Created** | 2026-09-23 |');
  });

  it('a journal or lock in the tree that is a link to /dev/zero or a FIFO is never opened (no hang, no memory)', () => {
    const root = errataRepo();
    symlinkSync('/dev/zero', path.join(root, '.specgate-errata.journal'));
    expect(spawnSync('mkfifo', [path.join(root, '.specgate-errata.lock')]).status).toBe(0);
    const r = spawnSync(process.execPath, [CLI, 'errata', 'apply', '--root', root], { encoding: 'utf8', timeout: 30_000 });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('specgate: ignored .specgate-errata.journal in the working tree:');
    expect(r.stderr).toContain('specgate: ignored .specgate-errata.lock in the working tree:');
    expect(readFileSync(path.join(root, 'spec/a.md'), 'utf8')).toContain('new words');
  });
});

describe('the state folder: under .git/, made by the writer, read with care', () => {
  it('in git the lock and journal are under .git/specgate, 0600, and gone after the run', async () => {
    const root = errataRepo();
    const state = statePaths(root);
    expect(state.where).toBe('git');
    expect(state.dir).toBe(path.join(realpathSync(root), '.git', 'specgate'));
    // Paused right after the journal is written, the state files are looked at, then the run goes on.
    const modes = await new Promise<{ lock: number; journal: number; dir: number; code: number | null }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'errata', 'apply', '--root', root], { env: { ...process.env, SPECGATE_WRITER_PAUSE: '1500@journal written' }, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      const seen = { lock: 0, journal: 0, dir: 0 };
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        if (!seen.lock && err.includes('specgate-writer-step: journal written\n')) {
          seen.lock = statSync(state.lock).mode & 0o777;
          seen.journal = statSync(state.journal).mode & 0o777;
          seen.dir = statSync(state.dir).mode & 0o777;
        }
      });
      child.on('close', (code) => resolve({ ...seen, code }));
    });
    expect(modes).toEqual({ lock: 0o600, journal: 0o600, dir: 0o700, code: 0 });
    expect(existsSync(state.dir)).toBe(false);
    expect(readFileSync(path.join(root, 'spec/a.md'), 'utf8')).toContain('new words');
  });

  it('outside git the state is in the user cache, never in the tree', () => {
    const root = tempDir('specgate-state-nogit-');
    const state = statePaths(root);
    expect(state.where).toBe('cache');
    expect(state.dir.startsWith(realpathSync(root) + path.sep)).toBe(false);
    expect(statePaths(root, { XDG_CACHE_HOME: path.join(root, 'cache') }).dir.startsWith(realpathSync(root))).toBe(false);
  });

  it('a journal in the state folder naming a file outside the root, or a temp that is not the writer\'s, is refused in one line; nothing it names is touched', async () => {
    const root = errataRepo();
    const real = realpathSync(root);
    const state = statePaths(root);
    const outside = tempDir('specgate-victim-');
    const victim = path.join(outside, 'victim.md');
    writeFileSync(victim, 'old\n');
    const entries = [
      { file: '../victim.md', real: victim },
      { file: 'spec/a.md', real: victim },
      { file: 'spec/a.md', real: path.join(real, 'spec/a.md'), tmp: victim },
      { file: 'package.json', real: path.join(real, 'package.json') },
    ];
    for (const e of entries) {
      mkdirSync(state.dir, { recursive: true, mode: 0o700 });
      const tmp = e.tmp ?? path.join(path.dirname(e.real), `.${path.basename(e.real)}${TEMP_MARK}0123456789abcdef.tmp`);
      writeFileSync(e.real === victim ? victim : path.join(real, 'payload'), 'old\n');
      writeFileSync(state.journal, JSON.stringify({ pid: 1, root: real, phase: 'staging', files: [{ file: e.file, real: e.real, tmp, before: sha('old\n'), after: sha('new\n') }] }), { mode: 0o600 });
      const r = await runCli(['errata', 'apply', '--root', root]);
      expect({ e, code: r.code }).toEqual({ e, code: 2 });
      expect(r.stderr).toMatch(/^specgate: the writer's journal .*writer\.journal (names .*|belongs .*); nothing was done with it \(inspect it, then remove it\)\n$/);
      expect(readFileSync(victim, 'utf8')).toBe('old\n');
      rmSync(state.journal);
    }
  });

  it('a journal in the state folder that is a link to /dev/zero or a FIFO is refused unread; a lock that is one is stale', async () => {
    const root = errataRepo();
    const state = statePaths(root);
    mkdirSync(state.dir, { recursive: true, mode: 0o700 });
    symlinkSync('/dev/zero', state.journal);
    let r = await runCli(['errata', 'apply', '--root', root]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: the writer's journal .* is a symlink \(never followed\); nothing was done with it/);
    rmSync(state.journal);
    expect(spawnSync('mkfifo', [state.journal]).status).toBe(0);
    r = await runCli(['errata', 'apply', '--root', root]);
    expect(r.stderr).toMatch(/^specgate: the writer's journal .* is a FIFO \(named pipe\), not a regular file; nothing was done with it/);
    rmSync(state.journal);
    symlinkSync('/dev/zero', state.lock);
    r = await runCli(['errata', 'apply', '--root', root]);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(root, 'spec/a.md'), 'utf8')).toContain('new words');
    expect(existsSync(state.dir)).toBe(false);
  });

  it('a read-only command leaves a pending journal alone and says so; the next writing command finishes it', async () => {
    const root = tempDir('specgate-state-nogit-');
    mkdirSync(path.join(root, 'spec'));
    mkdirSync(path.join(root, 'RFCS'));
    writeFileSync(path.join(root, 'RFCS/0999-errata-case.md'), rfcWithErrata('- **`spec/b.md` §B** (`:5`) — replace "old words" with "new words".\n'));
    writeFileSync(path.join(root, 'spec/b.md'), DOC);
    writeFileSync(path.join(root, 'spec/a.md'), 'old\n');
    const tmp = path.join(realpathSync(root), `spec/.a.md${TEMP_MARK}0123456789abcdef.tmp`);
    writeFileSync(tmp, 'new\n');
    const state = statePaths(root);
    planted.push(state.dir);
    mkdirSync(state.dir, { recursive: true, mode: 0o700 });
    writeFileSync(state.journal, JSON.stringify({ pid: 1, root: realpathSync(root), phase: 'renaming', files: [{ file: 'spec/a.md', real: path.join(realpathSync(root), 'spec/a.md'), tmp, before: sha('old\n'), after: sha('new\n') }] }), { mode: 0o600 });
    for (const args of [['errata', 'check'], ['errata', 'apply', '--dry-run']]) {
      const r = await runCli([...args, '--root', root]);
      expect(r.stderr).toContain(`specgate: an interrupted write left its journal ${state.journal}; the next \`errata apply\` or \`check --fix\` finishes it (this command writes nothing)\n`);
      expect(readFileSync(path.join(root, 'spec/a.md'), 'utf8')).toBe('old\n');
      expect(existsSync(tmp)).toBe(true);
    }
    // check, with or without --fix-dry-run, does not touch the writer's state at all
    for (const args of [['check', 'rfcs'], ['check', 'rfcs', '--fix-dry-run']]) {
      const r = await runCli([...args, '--root', root]);
      expect(r.stderr).not.toContain('completed the interrupted write');
      expect(readFileSync(path.join(root, 'spec/a.md'), 'utf8')).toBe('old\n');
      expect(existsSync(state.journal)).toBe(true);
    }
    const r = await runCli(['errata', 'apply', '--root', root]);
    expect(r.stderr).toContain('specgate: completed the interrupted write of spec/a.md\n');
    expect(readFileSync(path.join(root, 'spec/a.md'), 'utf8')).toBe('new\n');
    expect(existsSync(tmp)).toBe(false);
    expect(existsSync(state.dir)).toBe(false);
  });
});

describe('--fix writes governed documents only, never through a symlink', () => {
  it('an RFC that is a symlink to .github/workflows/ci.yml does not make check --fix write the workflow', async () => {
    const root = fixableRepo();
    const rfc = path.join(root, RFC_0211);
    const broken = readFileSync(rfc, 'utf8');
    mkdirSync(path.join(root, '.github/workflows'), { recursive: true });
    writeFileSync(path.join(root, '.github/workflows/ci.yml'), broken);
    rmSync(rfc);
    symlinkSync('../.github/workflows/ci.yml', rfc);
    const r = await runCli(['check', 'rfcs', '--root', root, '--fix', '--fix-rule', 'rfcs/dates-valid', '-f', 'json']);
    expect(readFileSync(path.join(root, '.github/workflows/ci.yml'), 'utf8')).toBe(broken);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`specgate: nothing written: ${RFC_0211} passes through the symlink ${RFC_0211} (never written through); --fix writes governed documents only\n`);
    // clean control: the same RFC as a regular file is fixed
    rmSync(rfc);
    writeFileSync(rfc, broken);
    const fixed = await runCli(['check', 'rfcs', '--root', root, '--fix', '--fix-rule', 'rfcs/dates-valid', '-f', 'json']);
    expect(fixed.stderr).toBe('specgate: applied 1 fix to 1 file\n');
    expect(readFileSync(rfc, 'utf8')).toContain('| **Created** | 2026-09-23 |');
  });
});
