import { parseCommandArgs } from '../core/args.js';
import { FAMILIES } from '../checks/registry.js';

interface Listed {
  group: string;
  id: string;
  rfc: string;
  severity: string;
  description: string;
}

/** Every rule any command can report: the check families, then wire, probe, errata and compat. */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { format: { type: 'string', short: 'f' } }, false);
  const families = await Promise.all(Object.values(FAMILIES).map((load) => load()));
  const [{ WIRE_RULE_LIST }, { PROBE_RULES }, { ERRATA_RULES }, { RULE_INFOS: COMPAT_RULES }] = await Promise.all([
    import('../wire/rules.js'),
    import('../probe/findings.js'),
    import('../errata/rules.js'),
    import('../compat/rules.js'),
  ]);
  const rules: Listed[] = families.flatMap((f) =>
    f.rules.map((r) => ({ group: `check ${f.name}`, id: r.id, rfc: r.rfc, severity: r.defaultSeverity ?? 'error', description: r.description })),
  );
  const seen = new Set(rules.map((r) => r.id));
  for (const [group, list] of [['wire', WIRE_RULE_LIST], ['probe', PROBE_RULES], ['errata', ERRATA_RULES], ['compat', COMPAT_RULES]] as const) {
    for (const r of list) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      rules.push({ group, id: r.id, rfc: r.rfc, severity: r.defaultSeverity ?? 'error', description: r.description });
    }
  }
  if (values.format === 'json') process.stdout.write(JSON.stringify(rules, null, 2) + '\n');
  else for (const r of rules) process.stdout.write(`${r.id.padEnd(46)} ${r.severity.padEnd(8)} ${r.rfc.padEnd(22)} ${r.description}\n`);
  return 0;
}
