import { cpSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ANCHOR, PROJECT, SHARED, tempDir } from '../helpers/env.js';
import { gitOk } from '../gates/git-repo.js';

/**
 * upstream's layout as issue 37 has it: a temp copy of the openwop-v2 anchor with the shared
 * upstream RFCs laid over it, committed in batches (so the RFC folder has a history), `dist`
 * linked to the built tool and `node_modules` ignored (the cache folder is used).
 */
export function upstreamRepo(opts: { batches?: number; config?: Record<string, unknown> } = {}): string {
  const root = tempDir('specgate-upstream-');
  cpSync(ANCHOR, root, { recursive: true });
  writeFileSync(path.join(root, '.gitignore'), 'dist\nnode_modules\n');
  symlinkSync(path.join(PROJECT, 'dist'), path.join(root, 'dist'));
  if (opts.config) writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify(opts.config, null, 2) + '\n');
  gitOk(root, ['init', '-q', '-b', 'main']);
  gitOk(root, ['add', '-A']);
  gitOk(root, ['commit', '-q', '--no-verify', '-m', 'anchor']);
  const dir = path.join(SHARED, 'anchors/openwop-rfcs/RFCS');
  const files = readdirSync(dir).filter((f) => f.endsWith('.md')).sort();
  const batches = opts.batches ?? 1;
  const size = Math.ceil(files.length / batches);
  for (let b = 0; b < batches; b++) {
    for (const f of files.slice(b * size, (b + 1) * size)) cpSync(path.join(dir, f), path.join(root, 'RFCS', f));
    gitOk(root, ['add', '-A']);
    gitOk(root, ['commit', '-q', '--no-verify', '-m', `upstream RFCs, batch ${b + 1}`]);
  }
  return root;
}
