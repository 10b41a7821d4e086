import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { github } from '../../scripts/core/reporters/github.js';
import { editJson, projectCorpusCopy, runCli, runJson, tempDir } from '../helpers/env.js';
import { sampleEnv, sampleResult } from './findings-fixture.js';

const COMMAND = /^::(error|warning) file=([^,]+),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=([^:]+)::(.*)$/;

/** A copy of this repository's corpus with two sabotages in the map. */
function sabotaged(): string {
  const dir = projectCorpusCopy();
  editJson(path.join(dir, 'spec/v2/interop-map.json'), (m) => {
    m.a2a.errors[0].unexpected = true;
    m.a2a.errors[1].clientProjection = 'no_such_code';
  });
  return dir;
}

describe('--format github', () => {
  it('writes one workflow command per finding, warnings as ::warning', async () => {
    const lines = github(sampleResult(), sampleEnv('/repo')).trimEnd().split('\n');
    expect(lines[0]).toBe(
      '::error file=spec/v2/interop-map.json,line=12,col=19,endLine=12,endColumn=37,title=interop-map/reason-upper-snake::reason "TaskNotFound" should be "TASK_NOT_FOUND" (RFC 0211 §A)%0Ahttps://github.com/specgate/specgate/blob/main/docs/rules.md#interop-map-reason-upper-snake',
    );
    expect(lines[1]).toMatch(/^::warning file=spec\/v2\/dir with space\/über map\.json,line=4,col=3,endLine=6,endColumn=4,title=interop-map\/closed-schema::/);
    expect(lines).toHaveLength(3);
  });

  it('escapes what the workflow-command syntax reserves', async () => {
    const result = sampleResult();
    result.findings = [{ ...result.findings[0]!, file: 'a,b:c.json', message: '100% sure\nsecond line' }];
    expect(github(result, sampleEnv('/repo'))).toBe(
      '::error file=a%2Cb%3Ac.json,line=12,col=19,endLine=12,endColumn=37,title=interop-map/reason-upper-snake::100%25 sure%0Asecond line%0Ahttps://github.com/specgate/specgate/blob/main/docs/rules.md#interop-map-reason-upper-snake\n',
    );
  });

  it('through the CLI: the same findings as --format json, each as a command', async () => {
    const dir = sabotaged();
    const json = await runJson(['check', 'interop-map', '--root', dir]);
    const r = await runCli(['check', 'interop-map', '--root', dir, '--format', 'github']);
    expect(r.code).toBe(1);
    expect(json.findings.length).toBeGreaterThanOrEqual(2);
    const commands = r.stdout.trimEnd().split('\n').map((l) => COMMAND.exec(l));
    expect(commands.every(Boolean)).toBe(true);
    expect(commands.map((m) => `${m![1]} ${m![2]}:${m![3]}:${m![4]}-${m![5]}:${m![6]} ${m![7]}`)).toEqual(
      json.findings.map((f) => `${f.severity} ${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.ruleId}`),
    );
  });
});

describe('parse findings under every reporter', () => {
  it("a JSON file's cites RFC 8259, a YAML file's YAML 1.2 (never both)", async () => {
    const dir = projectCorpusCopy();
    writeFileSync(path.join(dir, 'spec/v2/interop-map.json'), '{\n  "a2a": \n');
    writeFileSync(path.join(dir, 'invariants/invariants.yaml'), '');
    for (const format of ['stylish', 'compact', 'json', 'sarif', 'github']) {
      const r = await runCli(['check', 'interop-map', 'invariants', '--root', dir, '--format', format]);
      expect(r.code, format).toBe(1);
      const lines = r.stdout.split('\n');
      const about = (needle: string) => lines.filter((l) => l.includes(needle)).join('\n');
      expect(about('not valid JSON'), format).toMatch(/not valid JSON: .*\(RFC 8259\)/);
      expect(about('expected a YAML document'), format).toContain('expected a YAML document (YAML 1.2)');
      expect(r.stdout, format).not.toContain('RFC 8259 (JSON), YAML 1.2');
    }
  });
});

describe('--output FILE', () => {
  for (const format of ['stylish', 'json', 'github', 'sarif']) {
    it(`writes the ${format} report to the file, creating its folder, and nothing to stdout`, async () => {
      const dir = sabotaged();
      const out = path.join(tempDir(), 'reports', 'nested', `report.${format}`);
      const r = await runCli(['check', 'interop-map', '--root', dir, '--format', format, '--output', out]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      const written = readFileSync(out, 'utf8');
      const direct = (await runCli(['check', 'interop-map', '--root', dir, '--format', format])).stdout;
      // Timings differ between two runs; everything else is the same report.
      const stable = (s: string) => s.replace(/"ms": [\d.]+/g, '"ms": 0').replace(/\([\d.]+ m?s\)$/gm, '(time)').replace(/"(start|end)TimeUtc": "[^"]+"/g, '');
      expect(stable(written)).toBe(stable(direct));
      expect(readdirSync(path.dirname(out))).toEqual([`report.${format}`]);
    });
  }

  it('writes nothing when the run fails with a usage error', async () => {
    const out = path.join(tempDir(), 'report.json');
    const r = await runCli(['check', '--format', 'nope', '--output', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it('an output path that is a folder is a one-line error, exit 2', async () => {
    const out = tempDir();
    mkdirSync(path.join(out, 'x'));
    const r = await runCli(['check', 'interop-map', '--format', 'json', '--output', path.join(out, 'x')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(out)).toEqual(['x']);
  });
});
