import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverConfig } from '../../scripts/core/config/config.js';
import { tempDir } from '../helpers/env.js';

/*
 * A config planted above the repository (/tmp/specgate.config.json, a home folder) must never
 * govern a run: outside git there is no upward search, in git it stops at the work-tree top.
 */
describe('hostile: configuration discovered above the repository', () => {
  it('outside git, a specgate.config.json above the folder searched from is not used', () => {
    const planted = tempDir('specgate-hostile-config-');
    writeFileSync(path.join(planted, 'specgate.config.json'), '{ "preset": "openwop" }');
    const root = path.join(planted, 'checkout');
    mkdirSync(path.join(root, 'docs'), { recursive: true });
    expect(discoverConfig(root)).toBeUndefined();
    expect(discoverConfig(path.join(root, 'docs'))).toBeUndefined();
    // clean control: the root's own config
    writeFileSync(path.join(root, 'specgate.config.json'), '{}');
    expect(discoverConfig(root)).toBe(path.join(root, 'specgate.config.json'));
  });

  it('in git, the search goes up to the work-tree top and no higher', () => {
    const planted = tempDir('specgate-hostile-config-');
    writeFileSync(path.join(planted, 'specgate.config.json'), '{}');
    const top = path.join(planted, 'repo');
    mkdirSync(path.join(top, '.git'), { recursive: true });
    mkdirSync(path.join(top, 'sub'));
    expect(discoverConfig(path.join(top, 'sub'))).toBeUndefined();
    writeFileSync(path.join(top, 'specgate.config.json'), '{}');
    expect(discoverConfig(path.join(top, 'sub'))).toBe(path.join(top, 'specgate.config.json'));
  });
});
