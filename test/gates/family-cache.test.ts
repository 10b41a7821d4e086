// Issue 32 §3: each family's findings kept by the content of what it read. A run after an edit
// replays the families that did not read the edit and runs the others; whatever changed, its
// findings are those of a run without any cache (--no-cache). Work is counted, never timed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { familyCacheWork } from '../../scripts/core/engine/family-cache.js';
import { projectCorpusCopy, runJson, tempDir } from '../helpers/env.js';

const MAP = 'spec/v2/interop-map.json';
const RFC = 'RFCS/0208-v2-a2a-mcp-operation-mappings.md';

function setup() {
  const root = projectCorpusCopy();
  const cache = tempDir();
  // In-process (cli-main), so the whole-run result cache (the bin's fast path) never answers: each family meets its own cache.
  const check = async () => {
    const before = { ...familyCacheWork };
    const r = await runJson(['check', '--root', root, '--cache-location', cache]);
    return { ...r, replayed: familyCacheWork.replayed - before.replayed, kept: familyCacheWork.kept - before.kept };
  };
  const fresh = () => runJson(['check', '--root', root, '--no-cache']);
  const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(root, file), change(readFileSync(path.join(root, file), 'utf8')));
  return { root, check, fresh, edit };
}

describe('the family findings cache', () => {
  it('after an RFC edit, replays the families that did not read it and runs the ones that did', async () => {
    const { check, fresh, edit } = setup();
    const first = await check();
    expect(first.replayed).toBe(0);
    expect(first.kept).toBe(4);
    edit(RFC, (t) => `${t}\n<!-- an edit -->\n`);
    const second = await check();
    // interop-map and wire-examples read no RFC; invariants and rfcs did.
    expect(second.replayed).toBe(2);
    expect(second.kept).toBe(2);
    const none = await fresh();
    expect(second.findings).toEqual(none.findings);
    expect(second.code).toBe(none.code);
    expect(second.summary.families.map((f: { family: string; files: number }) => [f.family, f.files])).toEqual(none.summary.families.map((f: { family: string; files: number }) => [f.family, f.files]));
  });

  it('a map made wrong is judged again, never replayed', async () => {
    const { check, fresh, edit } = setup();
    await check();
    edit(MAP, (t) => t.replace(/"reason": "([A-Z_]+)"/, '"reason": "$1_WRONG"'));
    const second = await check();
    const none = await fresh();
    expect(none.findings.some((f) => f.ruleId.startsWith('interop-map/'))).toBe(true);
    expect(second.findings).toEqual(none.findings);
    expect(second.code).toBe(1);
  });

  it('an RFC deleted changes what a glob lists: the families that listed it run again', async () => {
    const { root, check, fresh } = setup();
    await check();
    rmSync(path.join(root, RFC));
    const second = await check();
    const none = await fresh();
    expect(second.findings).toEqual(none.findings);
    expect(second.code).toBe(none.code);
  });

  it('an RFC added is judged: every family that lists the RFC folder runs again, not only the first to list it', async () => {
    // The RFC set is listed once a run (rfc/set.ts): the family that came second (rfcs) kept no
    // question about the listing, so it replayed its findings and a new RFC went unjudged (exit 0).
    const { root, check, fresh } = setup();
    await check();
    writeFileSync(path.join(root, 'RFCS/0999-new.md'), '# RFC 0999: New\n\nno header, no sections\n');
    const second = await check();
    const none = await fresh();
    expect(none.findings.some((f) => f.file === 'RFCS/0999-new.md' && f.ruleId === 'rfcs/header-table')).toBe(true);
    expect(second.findings).toEqual(none.findings);
    expect(second.code).toBe(none.code);
  });

  it('an unchanged tree replays every family, with the same findings', async () => {
    const { check, fresh } = setup();
    await check();
    const second = await check();
    expect(second.replayed).toBe(4);
    expect(second.findings).toEqual((await fresh()).findings);
  });
});
