import { parseYaml } from './dist/scripts/core/yaml-tree.js';
const text = process.argv[2].replace(/\\n/g, '\n');
const d = parseYaml('x', text);
const show = (n, ind='') => { if (!n) return console.log(ind+'undefined'); const s = JSON.stringify(text.slice(n.start, n.end)); console.log(`${ind}${n.kind} ${n.start}-${n.end} ${s}`); if (n.kind==='object') for (const e of n.entries) { console.log(`${ind}  key ${JSON.stringify(e.key)} ${e.keyStart}-${e.keyEnd}`); show(e.value, ind+'    '); } if (n.kind==='array') for (const i of n.items) show(i, ind+'  '); };
console.log(JSON.stringify(d.value), JSON.stringify(d.problems));
show(d.root);
