import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient } from '../../scripts/bench/lsp-client.js';
import { CLI, projectCorpusCopy, spawnCli } from '../helpers/env.js';

/*
 * The LSP server applies the committed baseline (specgate-suppressions.json) as `specgate check`
 * does: a recorded error is not published; a new one is.
 */
const STATUS = /^(\| \*\*Status\*\* *\| *)`Accepted`/m;
const RECORDED = 'RFCS/0208-v2-a2a-mcp-operation-mappings.md';
const FRESH = 'RFCS/0211-a2a-error-details-are-errorinfo.md';

let root: string;
let client: LspClient;

beforeAll(async () => {
  root = projectCorpusCopy();
  const p = path.join(root, RECORDED);
  writeFileSync(p, readFileSync(p, 'utf8').replace(STATUS, '$1`Acepted`'));
  const recorded = spawnCli(['check', 'rfcs', '--root', root, '--suppress-all', '-f', 'compact']);
  expect(recorded.code, recorded.stderr).toBe(0);
  client = new LspClient(CLI, root);
  await client.initialize();
}, 60_000);

afterAll(() => client.kill());

describe('specgate lsp and the baseline', () => {
  it('a recorded error is not published', async () => {
    const published = client.atVersion(RECORDED, 1);
    await client.open(RECORDED, readFileSync(path.join(root, RECORDED), 'utf8'));
    const { diagnostics } = await published;
    expect(diagnostics.filter((d) => d.severity === 1)).toEqual([]);
  }, 60_000);

  it('a new one is', async () => {
    const text = readFileSync(path.join(root, FRESH), 'utf8').replace(STATUS, '$1`Acepted`');
    const published = client.atVersion(FRESH, 1);
    await client.open(FRESH, text);
    const { diagnostics } = await published;
    expect(diagnostics.filter((d) => d.code === 'rfcs/status-known')).toHaveLength(1);
  }, 60_000);
});
