import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectCorpusCopy, runCli, runJson } from '../helpers/env.js';

describe('input rules under --preset openwop', () => {
  const root = projectCorpusCopy();
  rmSync(path.join(root, 'spec/v2/errors.json'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('corpus/missing-file names "specgate\'s RFC 0001 §A" (upstream\'s RFC 0001 §1 does not state it) in the message and SARIF help', async () => {
    const missing = (await runJson(['check', '--root', root, '--preset', 'openwop'])).findings.filter((f) => f.file === 'spec/v2/errors.json');
    expect(missing.map((f) => [f.ruleId, f.rfc, f.message.endsWith("(specgate's RFC 0001 §A)")])).toEqual([['corpus/missing-file', "specgate's RFC 0001 §A", true]]);
    const own = (await runJson(['check', '--root', root])).findings.filter((f) => f.file === 'spec/v2/errors.json');
    expect(own.map((f) => [f.ruleId, f.rfc, f.message.endsWith(' (RFC 0001 §A)')])).toEqual([['corpus/missing-file', 'RFC 0001 §A', true]]);
    const sarif = JSON.parse((await runCli(['check', '--root', root, '--preset', 'openwop', '--format', 'sarif'])).stdout);
    const rule = sarif.runs[0].tool.driver.rules.find((x: { id: string }) => x.id === 'corpus/missing-file');
    expect(rule.help.text).toContain("This rule enforces specgate's RFC 0001 §A;");
  }, 120_000);
});
