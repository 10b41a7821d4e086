import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/env.js';
import { corpusRepo, gitOk } from '../gates/git-repo.js';

/*
 * Hostile round 5 (docs/decisions/hostile-round-5.md): each test is a failure the round found,
 * met the way a user meets it.
 */

describe('hostile round 5: the report page reads git history within its bounds', () => {
  it('RFC versions in the history larger than the page reads in all leave out old points, never "spawnSync git ENOBUFS"', () => {
    const { root } = corpusRepo();
    // Nine versions of a 32 MiB RFC (288 MiB together: more than the 256 MiB of git's output the page once buffered).
    const versions = 9;
    for (let i = 0; i < versions; i++) {
      writeFileSync(path.join(root, 'RFCS/0501-big.md'), `# RFC 0501: big ${i}\n` + 'a'.repeat(32 * 1024 * 1024));
      gitOk(root, ['add', '-A']);
      gitOk(root, ['commit', '-q', '--no-verify', '-m', `big ${i}`]);
    }
    // clean control: an ordinary commit after them is a point of the chart
    const rfc = path.join(root, 'RFCS/0211-a2a-error-details-are-errorinfo.md');
    writeFileSync(rfc, readFileSync(rfc, 'utf8').replace('# RFC 0211: an', '# RFC 0211: An'));
    gitOk(root, ['commit', '-q', '--no-verify', '-am', 'title']);
    const r = spawnCli(['report', '--format', 'html', '-o', 'status.html'], { cwd: root });
    expect(r.stderr).not.toMatch(/internal error|ENOBUFS/);
    expect(r.code).toBe(0);
    const page = readFileSync(path.join(root, 'status.html'), 'utf8');
    const points = Number(/RFCs per status over (\d+) point/.exec(page)?.[1]);
    // every commit of the RFC folder is a point (the big versions count under no status), then the working tree
    expect(points).toBe(versions + 3);
  });
});
