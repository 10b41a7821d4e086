// The parameter walk of docs/decisions/errata-straight-line.md: depth-first from one function through
// the project functions its parameters reach (PARAM=1; otherwise every call), each expanded once.
// Usage: [PARAM=1] node test/helpers/param-walk.cjs ROOT FILE FUNCTION   (ROOT holds scripts/, tsconfig.json, node_modules)
const path = require('path');
const ts = require(path.resolve(process.argv[2], 'node_modules/typescript'));
const root = path.resolve(process.argv[2]);
const cfg = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} });
const program = ts.createProgram(cfg.fileNames, cfg.options);
const checker = program.getTypeChecker();
const inProject = (f) => f.startsWith(path.join(root, 'scripts') + path.sep);
const rel = (f) => path.relative(path.join(root, 'scripts'), f);
function fnDecl(d) {
  if (!d) return undefined;
  if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isConstructorDeclaration(d)) return d.body ? d : undefined;
  if ((ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) || ts.isPropertyDeclaration(d)) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) return d.initializer;
  return undefined;
}
function callee(call) {
  let e = call.expression;
  let sym = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e);
  if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  let d = sym && sym.declarations && sym.declarations.map(fnDecl).find(Boolean);
  if (!d) {
    const t = checker.getTypeAtLocation(e);
    const s = t && t.getSymbol();
    d = s && s.declarations && s.declarations.map((x) => (ts.isFunctionDeclaration(x) || ts.isMethodDeclaration(x) || ts.isArrowFunction(x) || ts.isFunctionExpression(x)) && x.body ? x : undefined).find(Boolean);
  }
  if (!d || !inProject(d.getSourceFile().fileName)) return undefined;
  return d;
}
const PARAM = process.env.PARAM === '1';
function rootName(e) {
  while (e && (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e))) e = e.expression;
  return e && ts.isIdentifier(e) ? e.text : e && e.kind === ts.SyntaxKind.ThisKeyword ? 'this' : undefined;
}
function mentions(e, tracked) {
  let hit = false;
  const v = (n) => { if (hit) return; if (ts.isIdentifier(n) && tracked.has(n.text)) hit = true; else ts.forEachChild(n, v); };
  v(e);
  return hit;
}
/** Calls that carry a tracked value (argument or receiver), with the callee's parameters that receive one. */
function paramCalls(fn, trackedIn) {
  const tracked = new Set(trackedIn);
  const out = [];
  const visit = (n) => {
    if (n !== fn && ts.isFunctionDeclaration(n)) return;
    if (ts.isVariableDeclaration(n) && n.initializer && mentions(n.initializer, tracked)) {
      const names = (b) => ts.isIdentifier(b) ? [b.text] : b.elements.flatMap((el) => ts.isOmittedExpression(el) ? [] : names(el.name));
      names(n.name).forEach((x) => tracked.add(x));
    }
    if (ts.isCallExpression(n)) {
      const c = callee(n);
      if (c) {
        const recv = ts.isPropertyAccessExpression(n.expression) && mentions(n.expression.expression, tracked);
        const pass = new Set();
        n.arguments.forEach((a, i) => { if (mentions(a, tracked) && c.parameters[i]) { const p = c.parameters[i].name; if (ts.isIdentifier(p)) pass.add(p.text); else pass.add('*' + i); } });
        if (recv) pass.add('this');
        if (pass.size) out.push([c, pass]);
      }
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(fn.body ?? fn, visit);
  return out;
}
function callsIn(fn) {
  const out = [];
  const visit = (n) => {
    if (n !== fn && (ts.isFunctionDeclaration(n))) return;
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) { const c = ts.isCallExpression(n) ? callee(n) : undefined; if (c) out.push(c); }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(fn.body ?? fn, visit);
  return out;
}
const [, , , fileArg, name] = process.argv;
const sf = program.getSourceFile(path.join(root, fileArg));
let start;
ts.forEachChild(sf, (n) => { if (ts.isFunctionDeclaration(n) && n.name && n.name.text === name) start = n; });
const seen = new Set();
const trail = []; // file of each step of the walk
let calls = 0, crossCalls = 0, returnsAcross = 0, errataCore = 0;
const area = (f) => rel(f).split(path.sep)[0];
function walk(fn, tracked) {
  seen.add(fn);
  const file = fn.getSourceFile().fileName;
  trail.push(file);
  const next = PARAM ? paramCalls(fn, tracked) : callsIn(fn).map((c) => [c, new Set()]);
  for (const [c, pass] of next) {
    if (seen.has(c)) continue;
    const cf = c.getSourceFile().fileName;
    calls++;
    if (cf !== file) crossCalls++;
    const pair = [area(file), area(cf)].sort().join('<->');
    if (pair === 'core<->errata') errataCore++;
    walk(c, pass);
    if (cf !== file) { returnsAcross++; trail.push(file); }
  }
}
walk(start, new Set(start.parameters.map((p) => p.name.getText())));
let stays = 0;
for (let i = 0; i < trail.length; i++) if (i === 0 || trail[i] !== trail[i - 1]) stays++;
const files = new Set(trail.map(rel));
console.log(JSON.stringify({ functions: seen.size, calls, stays, files: files.size, returns: returnsAcross, errataCore, fileList: [...files].sort() }, null, 1));
