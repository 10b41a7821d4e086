import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/env.js';
import { TempRepo } from './git-repo.js';

/* The compat tests' repository helper: HEAD is what git says it is, wherever git keeps it. */

describe('TempRepo.head', () => {
  it('is the commit just made, with loose or packed refs (control)', () => {
    const repo = TempRepo.init({ 'a.txt': 'a\n' });
    repo.write('a.txt', 'b\n');
    const made = repo.commit('second');
    expect(made).toMatch(/^[0-9a-f]{40}$/);
    expect(made).toBe(repo.git('log', '-1', '--format=%H').trim());
    repo.git('pack-refs', '--all');
    expect(repo.head()).toBe(made);
  });

  it('in a linked worktree, where .git is a file, not a folder', () => {
    const repo = TempRepo.init({ 'a.txt': 'a\n' });
    const dir = path.join(tempDir('specgate-compat-worktree-'), 'wt');
    repo.git('worktree', 'add', '-q', '-b', 'side', dir);
    const linked = new TempRepo(dir);
    linked.write('a.txt', 'side\n');
    const made = linked.commit('on the side');
    expect(linked.head()).toBe(made);
    expect(made).toBe(repo.git('rev-parse', 'side').trim());
    expect(repo.head()).not.toBe(made);
  });
});
