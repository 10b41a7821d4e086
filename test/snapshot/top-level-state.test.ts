import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT } from '../helpers/env.js';

/**
 * The startup snapshot evaluates specgate's modules when the blob is built (scripts/snapshot/),
 * so whatever a module reads while it loads is the builder's, frozen into every later run: its
 * stdout (a dead stream: `processIo` printed nothing), its environment, working directory,
 * arguments, clock. This gate walks each module's top-level code (not into functions, getters or
 * class members, which run later) and names every such read. The equivalence matrix
 * (launcher.test.ts) is the gate on behaviour; this one names the line.
 */

/** What a module must not read while it loads. */
const PROCESS_STATE = new Set(['stdout', 'stderr', 'stdin', 'env', 'cwd', 'argv', 'execArgv', 'hrtime', 'uptime', 'pid']);

/** Entry points that are never evaluated inside a snapshot (their own processes, the build, the bench). */
const OUTSIDE = [/^bench\//, /^build\//, /^snapshot\//, /^rfc\/parse-worker\.ts$/, /^lsp\/server\.ts$/, /^action\/main\.ts$/, /^hooks\/install\.ts$/, /^cli\.ts$/];

export function topLevelReads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${what}`);
  const visit = (n: ts.Node): void => {
    // Code that runs later, when called: not at load.
    if (ts.isFunctionLike(n) || ts.isClassDeclaration(n) || ts.isClassExpression(n)) return;
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)) {
      const obj = n.expression.text;
      const name = n.name.text;
      if (obj === 'process' && PROCESS_STATE.has(name)) at(n, `process.${name}`);
      if (obj === 'os' || (obj === 'Date' && name === 'now') || (obj === 'Math' && name === 'random')) at(n, `${obj}.${name}`);
    }
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'Date') at(n, 'new Date');
    ts.forEachChild(n, visit);
  };
  for (const statement of source.statements) visit(statement);
  return found;
}

function modules(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return modules(dir, r);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [r] : [];
  });
}

describe("no module of the CLI reads the process's state while it loads", () => {
  it('scripts/**: none', () => {
    const scripts = path.join(PROJECT, 'scripts');
    const reads = modules(scripts)
      .filter((m) => !OUTSIDE.some((re) => re.test(m)))
      .flatMap((m) => topLevelReads(m, readFileSync(path.join(scripts, m), 'utf8')));
    expect(reads).toEqual([]);
  });

  it("finds what it looks for: main's processIo, a top-level env read, a clock; not a function's", () => {
    expect(topLevelReads('a.ts', 'export const processIo = { stdout: process.stdout, stderr: process.stderr };')).toEqual(['a.ts:1: process.stdout', 'a.ts:1: process.stderr']);
    expect(topLevelReads('b.ts', "const debug = process.env.X === '1';\nconst started = Date.now();\nconst t = new Date();")).toEqual(['b.ts:1: process.env', 'b.ts:2: Date.now', 'b.ts:3: new Date']);
    expect(topLevelReads('c.ts', 'export const io = { get stdout() { return process.stdout; } };\nexport function f() { return process.env.X; }\nconst g = () => os.homedir();')).toEqual([]);
  });
});
