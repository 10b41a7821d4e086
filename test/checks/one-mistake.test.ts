import { describe, expect, it } from 'vitest';
import { parseJson } from '../../scripts/core/parse/json-tree.js';
import { PROJECT } from '../helpers/env.js';
import { checkFindings } from '../helpers/check-families.js';
import { OverlaySource } from '../helpers/overlay.js';
import { positionOf } from '../helpers/positions.js';

/** Issue 15 §2: one mistake in the map yields one finding, at its place, from the rule that names it. */
const MAP = 'spec/v2/interop-map.json';
const all = ['interop-map', 'invariants', 'rfcs', 'wire-examples'];

async function findingsWith(edit: (text: string) => string, families = all) {
  const source = new OverlaySource(PROJECT, { [MAP]: edit });
  return { text: source.text(MAP)!, findings: await checkFindings(source, { families }) };
}

/** The findings an edit adds to the project corpus's own (it has warnings of its own: sibling Affects paths). */
async function addedBy(edit: (text: string) => string) {
  const key = (f: { ruleId: string; file: string; line: number; column: number; message: string }) => `${f.ruleId} ${f.file}:${f.line}:${f.column} ${f.message}`;
  const control = new Set((await findingsWith((t) => t)).findings.map(key));
  const after = await findingsWith(edit);
  return { text: after.text, findings: after.findings.filter((f) => !control.has(key(f))) };
}

describe('one mistake, one finding', () => {
  it('control: the project corpus has no error in the map and no "visited nothing"', async () => {
    const { findings } = await findingsWith((t) => t);
    expect(findings.filter((f) => f.file === MAP)).toEqual([]);
    expect(findings.filter((f) => /visited nothing/.test(f.message))).toEqual([]);
  });

  it('a trailing comma in the map: one parse finding at the comma (its own line), no "visited nothing" anywhere', async () => {
    const { text, findings } = await findingsWith((t) => t.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TASK_NOT_FOUND",'));
    const errors = findings.filter((f) => f.severity === 'error' && (f.file === MAP || /visited nothing/.test(f.message)));
    const at = positionOf(text, '"TASK_NOT_FOUND",');
    expect(errors).toEqual([expect.objectContaining({ ruleId: 'parse/syntax', file: MAP, line: at.line, column: at.column + '"TASK_NOT_FOUND"'.length })]);
    expect(errors[0]!.message).toMatch(/trailing comma/);
  });

  it('a trailing comma in an array is placed at the comma too', () => {
    const doc = parseJson('x.json', '[\n  1,\n  2,\n]\n');
    expect(doc.problems).toHaveLength(1);
    expect(doc.lines.at(doc.problems[0]!.start)).toEqual({ line: 3, column: 4 });
  });

  it('a CamelCase reason is reported once, by interop-map/reason-upper-snake (not also by the schema pattern)', async () => {
    const { text, findings } = await findingsWith((t) => t.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"'), ['interop-map']);
    const at = positionOf(text, '"TaskNotFound"');
    expect(findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['interop-map/reason-upper-snake', at.line, at.column]]);
  });

  it('a CamelCase reason, every family checked: one finding at the map; RFC 0211\'s positive wire example is not blamed', async () => {
    const { text, findings } = await addedBy((t) => t.replace('"reason": "TASK_NOT_FOUND"', '"reason": "TaskNotFound"'));
    const at = positionOf(text, '"TaskNotFound"');
    expect(findings.map((f) => [f.ruleId, f.file, f.line, f.column])).toEqual([['interop-map/reason-upper-snake', MAP, at.line, at.column]]);
  });

  it("a moved error code, every family checked: one finding on RFC 0211's positive wire example, the map value and the example's other checks related", async () => {
    const { text, findings } = await addedBy((t) => t.replace('"jsonrpc": -32001', '"jsonrpc": -32011'));
    expect(findings.map((f) => [f.ruleId, f.file])).toEqual([['wire-examples/positive-passes', 'RFCS/0211-a2a-error-details-are-errorinfo.md']]);
    expect(findings[0]!.message).toContain("the interop map's /a2a/errors/0/jsonrpc is -32011 (TaskNotFoundError)");
    const at = positionOf(text, '-32011');
    expect(findings[0]!.related?.[0]).toMatchObject({ file: MAP, line: at.line, column: at.column });
    expect(findings[0]!.related).toHaveLength(3);
  });

  it.each([
    ['an a2a.operations row (http optional there)', '"http": "POST /message:send"'],
    ['an a2a.errors row (http required there)', '"http": 404'],
  ])('a misspelt key "htttp" in %s: one finding at the key with a "did you mean", no "missing required" echo', async (_where, original) => {
    const { text, findings } = await addedBy((t) => t.replace(original, original.replace('"http"', '"htttp"')));
    const at = positionOf(text, '"htttp"');
    expect(findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['interop-map/schema', at.line, at.column]]);
    expect(findings[0]!.message).toMatch(/^unexpected property "htttp" in \/a2a\/\w+\/\d+ — did you mean "http"\?/);
  });

  it('a misspelt A2A error name: one finding with a "did you mean", no hint that copies the typo, no "missing row"', async () => {
    const { text, findings } = await findingsWith((t) => t.replace('"upstream": "TaskNotFoundError"', '"upstream": "TaskNotFoundEror"'), ['interop-map']);
    const at = positionOf(text, '"TaskNotFoundEror"');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ ruleId: 'interop-map/errors-complete', line: at.line, column: at.column });
    expect(findings[0]!.message).toContain('did you mean "TaskNotFoundError"?');
    expect(findings.some((f) => f.message.includes('TASK_NOT_FOUND_EROR'))).toBe(false);
  });

  it('a name far from every A2A error still gets the parentheses hint', async () => {
    const { findings } = await findingsWith((t) => t.replace('"upstream": "TaskNotFoundError"', '"upstream": "QuotaExceeded"'), ['interop-map']);
    const unknown = findings.find((f) => f.message.includes('"QuotaExceeded"'))!;
    expect(unknown.message).toContain('write a non-A2A row in parentheses');
  });

  it('a misspelt name key "upstreem" on an a2a.errors row, every family checked: the schema finding alone (the row is skipped by the rules that read it)', async () => {
    const { text, findings } = await addedBy((t) => t.replace('"upstream": "TaskNotFoundError"', '"upstreem": "TaskNotFoundError"'));
    const at = positionOf(text, '"upstreem"');
    expect(findings.map((f) => [f.ruleId, f.file, f.line, f.column])).toEqual([['interop-map/schema', MAP, at.line, at.column]]);
    expect(findings[0]!.message).toMatch(/^unexpected property "upstreem" in \/a2a\/errors\/0 — did you mean "upstream"\?/);
  });

  it('a wrong-typed field (jsonrpc code as a string) on an a2a.errors row, every family checked: one schema finding at the value', async () => {
    const { text, findings } = await addedBy((t) => t.replace('"jsonrpc": -32001', '"jsonrpc": "-32001"'));
    const at = positionOf(text, '"-32001"');
    expect(findings.map((f) => [f.ruleId, f.file, f.line, f.column])).toEqual([['interop-map/schema', MAP, at.line, at.column]]);
    expect(findings[0]!.message).toMatch(/\/a2a\/errors\/0\/jsonrpc must be integer/);
  });

  it('a wrong-typed field on an a2a.operations row: one schema finding, the operation rules skip the row', async () => {
    const { text, findings } = await addedBy((t) => t.replace('"http": "POST /message:send"', '"http": 42'));
    const at = positionOf(text, '42');
    expect(findings.map((f) => [f.ruleId, f.file, f.line, f.column])).toEqual([['interop-map/schema', MAP, at.line, at.column]]);
  });

  it.each([
    ['a misspelt key', '"runStaus": "pending"', '"runStaus"'],
    ['a wrong-typed value', '"runStatus": ["pending"]', '["pending"]'],
  ])('%s on an a2a.taskState row: one schema finding, no "run status has no default row" for the status it stands for', async (_what, edited, needle) => {
    const { text, findings } = await addedBy((t) => t.replace('"runStatus": "pending"', edited));
    const at = positionOf(text, needle);
    expect(findings.map((f) => [f.ruleId, f.file, f.line, f.column])).toEqual([['interop-map/schema', MAP, at.line, at.column]]);
  });

  it('every a2a.errors row of the wrong shape: the schema findings alone, no "visited nothing" from the rules that skip them', async () => {
    let rows = 0;
    const { findings } = await findingsWith((t) => {
      const map = JSON.parse(t);
      map.a2a.errors = map.a2a.errors.map((row: Record<string, unknown>) => ({ ...row, clientProjection: 4 }));
      rows = map.a2a.errors.length;
      return JSON.stringify(map, null, 2);
    }, ['interop-map']);
    expect(findings.map((f) => [f.ruleId, f.pointer])).toEqual(Array.from({ length: rows }, (_, i) => ['interop-map/schema', `/a2a/errors/${i}/clientProjection`]));
  });

  it.each(['null', '{}', '[null]'])('a2a.errors = %s, every family checked: no "visited nothing" from the wire examples the broken map leaves unjudged', async (value) => {
    const { findings } = await findingsWith((t) => {
      const map = JSON.parse(t);
      map.a2a.errors = JSON.parse(value);
      return JSON.stringify(map, null, 2);
    });
    const errors = findings.filter((f) => f.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((f) => f.file === MAP)).toBe(true);
    expect(findings.filter((f) => /visited nothing/.test(f.message))).toEqual([]);
  });

  it('control: a rule that visited nothing while nothing else fails is still a finding', async () => {
    const { findings } = await findingsWith((t) => {
      const map = JSON.parse(t);
      map.mcp.features = [];
      return JSON.stringify(map, null, 2);
    }, ['interop-map']);
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([['interop-map/mcp-profile-pattern', 'error']]);
    expect(findings[0]!.message).toMatch(/visited nothing, so it cannot pass/);
  });

  describe('rule 7a\'s count of named rows is a guard: it speaks only when no other rule names the mistake', () => {
    const dropRow = (t: string) => {
      const map = JSON.parse(t);
      map.a2a.errors = map.a2a.errors.filter((r: { upstream: string }) => r.upstream !== 'TaskNotFoundError');
      return JSON.stringify(map, null, 2);
    };
    const run = (severities: Record<string, 'off'> = {}) => checkFindings(new OverlaySource(PROJECT, { [MAP]: dropRow }), { families: ['interop-map'], severities });

    it('a row removed: errors-complete names it, and the count is not said again', async () => {
      const findings = await run();
      expect(findings.map((f) => [f.ruleId, f.pointer])).toEqual([['interop-map/errors-complete', '/a2a/errors']]);
      expect(findings[0]!.message).toContain('no row for TaskNotFoundError');
    });

    it('with errors-complete off, the count is the finding', async () => {
      const findings = await run({ 'interop-map/errors-complete': 'off' });
      expect(findings.map((f) => [f.ruleId, f.severity, f.pointer])).toEqual([['interop-map/reason-upper-snake', 'error', '/a2a/errors']]);
      const named = (JSON.parse(new OverlaySource(PROJECT, {}).text(MAP)!).a2a.errors as { upstream: string }[]).filter((r) => !r.upstream.startsWith('(')).length;
      expect(findings[0]!.message).toContain(`visited ${named - 1} named row(s); the reason rule expects exactly ${named} (RFC 0211 §A)`);
    });
  });

  it('control: a row of the right shape that names the wrong status is still reported by its rule', async () => {
    const { findings } = await addedBy((t) => t.replace('"runStatus": "pending"', '"runStatus": "running"'));
    expect(findings.map((f) => f.ruleId)).toContain('interop-map/task-state-default-row');
    expect(findings.map((f) => f.ruleId)).not.toContain('interop-map/schema');
  });
});
