import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { XMLValidator } from 'fast-xml-parser';
import { parse as parseTestResults } from 'test-results-parser';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../scripts/core/model/findings.js';
import { gitlab } from '../../scripts/core/reporters/gitlab.js';
import { junit } from '../../scripts/core/reporters/junit.js';
import { editJson, projectCorpusCopy, runCli, tempDir } from '../helpers/env.js';
import { sampleEnv, sampleResult } from './findings-fixture.js';

/**
 * The fields GitLab's Code Quality widget reads (its documentation's "Code Quality report
 * format"): an array of issues with description, check_name, fingerprint, a severity from its
 * five-step scale, and a location with a path and a line (`lines.begin` or `positions.begin.line`).
 */
const GITLAB_CODE_QUALITY = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      description: { type: 'string', minLength: 1 },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      location: {
        type: 'object',
        required: ['path'],
        properties: {
          path: { type: 'string', minLength: 1, not: { pattern: '^(/|\\./)' } },
          lines: { type: 'object', required: ['begin'], properties: { begin: { type: 'integer', minimum: 1 } } },
          positions: {
            type: 'object',
            required: ['begin'],
            properties: { begin: { type: 'object', required: ['line'], properties: { line: { type: 'integer', minimum: 1 }, column: { type: 'integer', minimum: 1 } } } },
          },
        },
        anyOf: [{ required: ['lines'] }, { required: ['positions'] }],
      },
    },
  },
};

const validateGitlab = new Ajv2020.default({ allErrors: true, strict: false }).compile(GITLAB_CODE_QUALITY);

/** A result whose text tries to break XML: markup, an entity, a CDATA end, control characters. */
function hostile(): ReturnType<typeof sampleResult> {
  const r = sampleResult();
  r.findings.push({ ...r.findings[0]!, line: 30, message: 'evil <b> & ]]> "quoted" \u0007\u001b[31m\u202e', file: 'a<b>&"c.json' } as Finding);
  r.findings.push({ ...r.findings[1]!, severity: 'notice', line: 40, message: 'only a notice' });
  return r;
}

describe('--format junit', () => {
  it('is well-formed XML that a JUnit consumer reads with the same counts', () => {
    const xml = junit(hostile(), sampleEnv('/repo'));
    expect(XMLValidator.validate(xml)).toBe(true);
    const file = path.join(tempDir(), 'junit.xml');
    writeFileSync(file, xml);
    // test-results-parser: the JUnit reader of testbeats, which takes Jenkins's and GitLab's form
    const parsed = parseTestResults({ type: 'junit', files: [file] });
    // 3 errors and warnings of the sample + the hostile one fail; the notice is skipped; the family passes
    expect(parsed.failed).toBe(4);
    expect(parsed.skipped).toBe(1);
    expect(parsed.passed).toBe(1);
    const failing = parsed.suites.flatMap((s) => s.cases).filter((c) => c.status === 'FAIL');
    expect(failing.map((c) => c.failure)).toContain('evil <b> & ]]> "quoted" \\x07\\x1b[31m\\u202e');
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it('through the CLI: a clean run is a suite of passing families; a sabotaged one fails per finding (exit 1)', async () => {
    const clean = await runCli(['check', 'interop-map', '-f', 'junit']);
    expect(clean.code).toBe(0);
    expect(XMLValidator.validate(clean.stdout)).toBe(true);
    expect(clean.stdout).toContain('<testcase name="interop-map" classname="specgate"');
    const dir = projectCorpusCopy();
    editJson(path.join(dir, 'spec/v2/interop-map.json'), (m) => (m.a2a.errors[0].reason = 'TaskNotFound'));
    const r = await runCli(['check', 'interop-map', '--root', dir, '-f', 'junit']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/<testcase name="interop-map\/reason-upper-snake at \d+:19" classname="spec\/v2\/interop-map\.json"/);
  });
});

describe('--format gitlab (Code Quality)', () => {
  it('validates against the fields GitLab reads; fingerprints are unique in a report', () => {
    const r = hostile();
    // the same rule, file and pointer twice: GitLab keeps one issue per fingerprint, so they differ
    r.findings.push({ ...r.findings[0]!, line: 50 });
    const issues = JSON.parse(gitlab(r, sampleEnv('/repo')));
    expect(validateGitlab(issues), JSON.stringify(validateGitlab.errors)).toBe(true);
    const prints = issues.map((i: { fingerprint: string }) => i.fingerprint);
    expect(new Set(prints).size).toBe(prints.length);
    expect(issues.map((i: { severity: string }) => i.severity)).toEqual(['major', 'minor', 'major', 'major', 'info', 'major']);
  });

  it('through the CLI: a fingerprint stays when lines above the finding move', async () => {
    const dir = projectCorpusCopy();
    const mapFile = path.join(dir, 'spec/v2/interop-map.json');
    editJson(mapFile, (m) => (m.a2a.errors[0].reason = 'TaskNotFound'));
    const before = JSON.parse((await runCli(['check', 'interop-map', '--root', dir, '-f', 'gitlab'])).stdout);
    const { readFileSync } = await import('node:fs');
    writeFileSync(mapFile, readFileSync(mapFile, 'utf8').replace('{', '{\n\n\n'));
    const after = JSON.parse((await runCli(['check', 'interop-map', '--root', dir, '-f', 'gitlab'])).stdout);
    expect(validateGitlab(after)).toBe(true);
    expect(after[0].location.positions.begin.line).toBe(before[0].location.positions.begin.line + 3);
    expect(after.map((i: { fingerprint: string }) => i.fingerprint)).toEqual(before.map((i: { fingerprint: string }) => i.fingerprint));
  });
});
