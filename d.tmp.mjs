import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parseYamlWithJsYaml } from './dist/scripts/core/yaml-tree.js';
import { parseYamlSubset } from './dist/scripts/core/yaml-subset.js';
for (const f of process.argv.slice(2)) {
  const text = fs.readFileSync(f, 'utf8');
  let t = process.hrtime.bigint();
  const a = parseYamlWithJsYaml(f, text); const ta = Number(process.hrtime.bigint() - t) / 1e6;
  t = process.hrtime.bigint();
  const b = parseYamlSubset(text, true); const tb = Number(process.hrtime.bigint() - t) / 1e6;
  if (!b) { console.log('BAIL', f, a.problems.length ? 'js-yaml problems: ' + a.problems[0].message : ''); continue; }
  const sameV = isDeepStrictEqual(a.value, b.value), sameT = isDeepStrictEqual(a.root, b.tree);
  console.log(sameV && sameT ? 'SAME' : 'DIFF', f, `js-yaml ${ta.toFixed(0)}ms subset ${tb.toFixed(0)}ms`, sameV ? '' : 'value differs', sameT ? '' : 'tree differs');
}
