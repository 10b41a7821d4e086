import { parseCommandArgs } from '../core/args.js';
import { FAMILIES } from '../checks/registry.js';

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { format: { type: 'string', short: 'f' } }, false);
  const families = await Promise.all(Object.values(FAMILIES).map((load) => load()));
  const rules = families.flatMap((f) => f.rules.map((r) => ({ family: f.name, id: r.id, rfc: r.rfc, severity: r.defaultSeverity ?? 'error', description: r.description })));
  if (values.format === 'json') process.stdout.write(JSON.stringify(rules, null, 2) + '\n');
  else for (const r of rules) process.stdout.write(`${r.id.padEnd(44)} ${r.severity.padEnd(8)} ${r.rfc.padEnd(28)} ${r.description}\n`);
  return 0;
}
