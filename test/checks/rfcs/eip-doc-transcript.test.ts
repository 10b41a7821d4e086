import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT, spawnCli, tempDir } from '../../helpers/env.js';

/*
 * docs/configuration.md's transcript of the eip preset is the real output of today's build on
 * test/fixtures/eip-process (two EIPs written for it, a config extending specgate:eip), copied
 * into a fresh git repository; `check --fix` then rewrites the loose date as the docs say.
 */
it('the eip preset transcript in docs/configuration.md is what check prints', () => {
  const docs = readFileSync(path.join(PROJECT, 'docs/configuration.md'), 'utf8');
  const section = docs.slice(docs.indexOf('### The `eip` preset (EIP-1)'));
  const block = /```text\n\$ npx specgate (check rfcs -f compact)\n([\s\S]*?)```/.exec(section);
  expect(block, 'the transcript block').not.toBeNull();
  const root = tempDir();
  cpSync(path.join(PROJECT, 'test/fixtures/eip-process'), root, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: root });
  const r = spawnCli([...block![1]!.split(' '), '--no-cache'], { cwd: root });
  expect(r.stdout).toBe(block![2]);
  expect(r.code).toBe(1);
  spawnCli(['check', 'rfcs', '--fix', '--no-cache'], { cwd: root });
  expect(readFileSync(path.join(root, 'EIPS/eip-9.md'), 'utf8')).toMatch(/^created: 2026-03-01$/m);
});
