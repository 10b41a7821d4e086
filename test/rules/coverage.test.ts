import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRules } from '../../scripts/rules-registry.js';
import { PROJECT } from '../helpers/env.js';

/*
 * Every registered rule has a sabotage somewhere: an invalid example in its metadata (check rules
 * and compat rules alike, run one rule at a time by test/rules/examples.test.ts), an errata
 * fixture case (test/fixtures/errata/cases/<name>/case.json), or — for rules judged on live hosts,
 * SDK captures or git ranges — an end-to-end test named here that asserts the id. What is left
 * is listed in GAPS, which must shrink: a rule that gains a case must leave it.
 */

/** Rules whose sabotage is an end-to-end test (the file must assert the id). */
const END_TO_END: Record<string, string> = {
  'limits/too-many-files': 'test/hostile/bounds-volume.test.ts',
  'limits/too-much-rfc-text': 'test/hostile/rfc-text-cap.test.ts',
  'wire-examples/positive-passes': 'test/wire/wire-examples.test.ts',
  'wire-examples/negative-fails-as-labelled': 'test/wire/wire-examples.test.ts',
  'corpus/unreadable-file': 'test/hostile/read.test.ts',
  'parse/invalid-utf8': 'test/hostile/read.test.ts',
  'parse/too-large': 'test/hostile/read.test.ts',
  'parse/markdown-too-complex': 'test/hostile/markdown-complexity.test.ts',
  'parse/markdown-too-large': 'test/core/engine/input-rules.test.ts',
  'parse/aliases': 'test/core/engine/input-rules.test.ts',
  'limits/findings-per-file': 'test/core/engine/input-rules.test.ts',
  'parse/bom': 'test/core/engine/input-rules.test.ts',
  'parse/binary': 'test/core/engine/input-rules.test.ts',
  'compat/openapi-too-complex': 'test/hostile/bounds-compat.test.ts',
  'compat/claim-contradicted': 'test/compat/compat-cli.test.ts',
  'compat/schema-file-removed': 'test/compat/compat-cli.test.ts',
  'compat/schema-file-added': 'test/compat/compat-cli.test.ts',
  'compat/file-moved': 'test/compat/compat-cli.test.ts',
  'compat/base-unreadable': 'test/compat/compat-cli.test.ts',
  'compat/openapi-document-removed': 'test/compat/compat-gate.test.ts',
  'compat/openapi-document-added': 'test/compat/compat-gate.test.ts',
  'compat/data-file-removed': 'test/compat/file-kinds.test.ts',
  'compat/data-file-added': 'test/compat/file-kinds.test.ts',
  'compat/file-renamed': 'test/compat/file-kinds.test.ts',
  'rfcs/status-document-current': 'test/report/status-document.test.ts',
};

/** Rules with no sabotage yet. Each is a debt; the test fails when one is paid and still listed. */
const GAPS: string[] = [];

function errataFixtureIds(): Set<string> {
  const dir = path.join(PROJECT, 'test/fixtures/errata/cases');
  const ids = new Set<string>();
  for (const name of readdirSync(dir)) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, name, 'case.json'), 'utf8');
    } catch {
      continue;
    }
    for (const f of (JSON.parse(text) as { findings?: Array<{ ruleId: string }> }).findings ?? []) ids.add(f.ruleId);
  }
  return ids;
}

describe('every rule has a sabotage case', () => {
  it('each registered id is covered by a rule test, an errata fixture, an end-to-end test, or is a listed gap', async () => {
    const ids = (await allRules()).map((r) => r.id);
    // A rule's own invalid examples (meta.examples) are run by examples.test.ts (check rules) and
    // command-examples.test.ts (wire, probe, errata, compat, input): they cover it by themselves.
    const withExamples = (await allRules()).filter((r) => r.examples?.invalid.length).map((r) => r.id);
    const covered = new Set([...errataFixtureIds(), ...withExamples]);
    for (const [id, file] of Object.entries(END_TO_END)) {
      expect(readFileSync(path.join(PROJECT, file), 'utf8'), `${file} asserts ${id}`).toMatch(new RegExp(`['"\`]${id.replace(/[/-]/g, '\\$&')}['"\`]`));
      covered.add(id);
    }
    const uncovered = ids.filter((id) => !covered.has(id));
    expect(uncovered).toEqual(GAPS);
    for (const id of covered) if (!ids.includes(id)) expect.fail(`a test names ${id}, which no rule declares`);
  });
});
