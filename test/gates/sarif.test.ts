import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sarif } from '../../scripts/core/reporters/sarif.js';
import { compileWithAjv } from '../../scripts/core/engine/schema.js';
import type { Validator } from '../../scripts/core/engine/schema.js';
import { editJson, PROJECT, projectCorpusCopy, runCli, runJson, tempDir } from '../helpers/env.js';
import type { CliResult } from '../helpers/env.js';
import { sampleEnv, sampleResult } from './findings-fixture.js';
import { validateSarifFiles } from './sarif-multitool.js';
import type { SarifValidation } from './sarif-multitool.js';

const require = createRequire(import.meta.url);
let officialSchema: Validator;

function writeLog(text: string): string {
  const file = path.join(tempDir('sarif-'), 'out.sarif');
  writeFileSync(file, text);
  return file;
}

const root = '/work/repo root';
const log = () => JSON.parse(sarif(sampleResult(), sampleEnv(root)));

/** Logs the multitool judges: the reporter's own, two broken on purpose, and two written by the CLI. */
const logs = {} as Record<'sample' | 'inverted' | 'noMessage' | 'sabotaged' | 'own', string>;
let sabotaged: CliResult;
let own: { sarif: CliResult; json: Awaited<ReturnType<typeof runJson>> };
let verdicts: Map<string, SarifValidation>;

beforeAll(async () => {
  // The OASIS schema the multitool ships (draft 2020-12), as a second, independent judge.
  const schemaFile = path.join(path.dirname(require.resolve(`@microsoft/sarif-multitool-${process.platform}/package.json`)), 'sarif-2.1.0.json');
  officialSchema = compileWithAjv(JSON.parse(readFileSync(schemaFile, 'utf8')));

  logs.sample = writeLog(sarif(sampleResult(), sampleEnv(root)));
  const inverted = log();
  inverted.runs[0].results[0].locations[0].physicalLocation.region.endLine = 1;
  logs.inverted = writeLog(JSON.stringify(inverted));
  const noMessage = log();
  delete noMessage.runs[0].results[1].message;
  logs.noMessage = writeLog(JSON.stringify(noMessage));

  const dir = projectCorpusCopy();
  editJson(path.join(dir, 'spec/v2/interop-map.json'), (m) => {
    m.unexpectedTopLevelKey = true;
  });
  logs.sabotaged = path.join(dir, 'reports', 'specgate.sarif');
  sabotaged = await runCli(['check', '--root', dir, '--format', 'sarif', '--output', logs.sabotaged]);

  logs.own = path.join(tempDir(), 'own.sarif');
  own = {
    sarif: await runCli(['check', '--format', 'sarif', '--output', logs.own], { cwd: PROJECT }),
    json: await runJson(['check'], { cwd: PROJECT }),
  };

  // One validator run for every log: the .NET tool's startup is most of its cost.
  verdicts = validateSarifFiles(Object.values(logs).filter((f) => existsSync(f)));
});

/** The multitool's findings on one of the logs above. */
function judged(name: keyof typeof logs): SarifValidation {
  const v = verdicts.get(logs[name]);
  if (!v) throw new Error(`${name}: no SARIF log was written`);
  return v;
}

describe('sarif reporter', () => {
  it('passes the SARIF Multitool validator with zero errors, and the OASIS schema', async () => {
    const text = readFileSync(logs.sample, 'utf8');
    expect(judged('sample').errors).toEqual([]);
    expect(officialSchema(JSON.parse(text)), JSON.stringify(officialSchema.errors)).toBe(true);
  });

  it('the validator is a real judge: an inverted region is an error', async () => {
    const { errors } = judged('inverted');
    expect(errors.map((e) => e.ruleId)).toEqual(['SARIF1007']);
    expect(errors[0]!.text).toContain('runs[0].results[0].locations[0].physicalLocation.region');
  });

  it('the validator is a real judge: a result without a message is an error', async () => {
    const { errors } = judged('noMessage');
    expect(errors.map((e) => e.ruleId)).toEqual(['JSON1002']);
    expect(errors[0]!.text).toContain('runs[0].results[1]');
    expect(officialSchema(JSON.parse(readFileSync(logs.noMessage, 'utf8')))).toBe(false);
  });

  it('lists each rule with short and full description and help naming the RFC section', async () => {
    const rules = log().runs[0].tool.driver.rules;
    const reason = rules.find((r: any) => r.id === 'interop-map/reason-upper-snake');
    expect(reason.shortDescription.text).toMatch(/^Every named A2A error row/);
    expect(reason.fullDescription.text).toContain('RFC 0211 §A');
    expect(reason.help.text).toContain('RFC 0211 §A');
    expect(rules.find((r: any) => r.id === 'interop-map/closed-schema').defaultConfiguration.level).toBe('warning');
    // A corpus finding gets a descriptor too, so every result's ruleIndex resolves.
    expect(rules.map((r: any) => r.id)).toContain('parse/json');
  });

  it('gives each result its rule, level, message and a region relative to %SRCROOT%', async () => {
    const run = log().runs[0];
    expect(run.originalUriBaseIds.SRCROOT.uri).toBe('file:///work/repo%20root/');
    const [first, second] = run.results;
    expect(first).toMatchObject({ ruleId: 'interop-map/reason-upper-snake', level: 'error' });
    expect(run.tool.driver.rules[first.ruleIndex].id).toBe(first.ruleId);
    expect(first.message.text).toContain('RFC 0211 §A');
    expect(first.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'spec/v2/interop-map.json', uriBaseId: 'SRCROOT' },
      region: { startLine: 12, startColumn: 19, endLine: 12, endColumn: 37 },
    });
    expect(first.relatedLocations[0].physicalLocation.artifactLocation.uri).toBe('spec/v2/errors.json');
    expect(second.level).toBe('warning');
    expect(second.locations[0].physicalLocation.artifactLocation.uri).toBe('spec/v2/dir%20with%20space/%C3%BCber%20map.json');
  });
});

describe('--format sarif through the CLI', () => {
  it('reports a sabotaged map as a valid SARIF log, located at the map, written with --output', async () => {
    const r = sabotaged;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const text = readFileSync(logs.sabotaged, 'utf8');
    const run = JSON.parse(text).runs[0];
    const hit = run.results.find((x: any) => x.locations[0].physicalLocation.artifactLocation.uri === 'spec/v2/interop-map.json');
    expect(hit, JSON.stringify(run.results.map((x: any) => x.ruleId))).toBeDefined();
    expect(hit.level).toBe('error');
    expect(run.tool.driver.rules.length).toBeGreaterThan(1);
    expect(judged('sabotaged').errors).toEqual([]);
    expect(officialSchema(JSON.parse(text))).toBe(true);
  });

  it("this repository's own check as SARIF: one result per finding of --format json, valid", async () => {
    const { sarif: r, json } = own;
    expect(r.code, r.stderr).toBeLessThan(2);
    expect(json.code, json.stderr).toBeLessThan(2);
    const results = JSON.parse(readFileSync(logs.own, 'utf8')).runs[0].results;
    const key = (ruleId: string, level: string, uri: string, line: number, column: number) => `${ruleId} ${level} ${uri}:${line}:${column}`;
    expect(results.map((x: any) => key(x.ruleId, x.level, decodeURIComponent(x.locations[0].physicalLocation.artifactLocation.uri), x.locations[0].physicalLocation.region.startLine, x.locations[0].physicalLocation.region.startColumn))).toEqual(
      json.findings.map((f) => key(f.ruleId, f.severity, f.file, f.line, f.column)),
    );
    expect(judged('own').errors).toEqual([]);
  });
});
