import { pathToFileURL } from 'node:url';

interface SarifLog {
  runs: Array<{
    tool: { driver: { rules?: Array<{ id: string }> } };
    originalUriBaseIds?: Record<string, { uri: string }>;
    results?: Array<{ ruleId?: string; ruleIndex?: number; locations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string } } }>; relatedLocations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string } } }>; properties?: Record<string, unknown> }>;
  }>;
}

/**
 * One SARIF log for every command the Action ran (check, errata check, compat): one run (code
 * scanning takes one run per tool and category), the rules of all, each result tagged with the
 * command that found it, and every URI relative to the repository's top (`prefix` is the governed
 * folder's path from there), so the alerts land on the files GitHub knows.
 */
export function mergeSarif(logs: Array<{ step: string; text: string }>, prefix: string, top: string): string {
  const parsed = logs.map(({ step, text }) => ({ step, log: JSON.parse(text) as SarifLog }));
  const first = parsed[0]!.log;
  const run = first.runs[0]!;
  const rules = run.tool.driver.rules ?? (run.tool.driver.rules = []);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results: NonNullable<SarifLog['runs'][number]['results']> = [];
  for (const { step, log } of parsed) {
    for (const r of log.runs.flatMap((x) => (x.results ?? []).map((res) => ({ res, own: x.tool.driver.rules ?? [] })))) {
      const id = r.res.ruleId ?? (r.res.ruleIndex !== undefined ? r.own[r.res.ruleIndex]?.id : undefined);
      if (id !== undefined && !index.has(id)) {
        const descriptor = r.own.find((d) => d.id === id) ?? { id };
        index.set(id, rules.length);
        rules.push(descriptor);
      }
      const res = { ...r.res, ...(id !== undefined ? { ruleId: id, ruleIndex: index.get(id)! } : {}), properties: { ...r.res.properties, command: step } };
      for (const loc of [...(res.locations ?? []), ...(res.relatedLocations ?? [])]) {
        const art = loc.physicalLocation?.artifactLocation;
        if (art?.uri !== undefined && prefix) art.uri = `${prefix.split('/').map(encodeURIComponent).join('/')}/${art.uri}`;
      }
      results.push(res);
    }
  }
  run.results = results;
  if (run.originalUriBaseIds) for (const key of Object.keys(run.originalUriBaseIds)) run.originalUriBaseIds[key] = { uri: `${pathToFileURL(top).href.replace(/\/?$/, '/')}` };
  return `${JSON.stringify({ ...first, runs: [run] }, null, 2)}\n`;
}
