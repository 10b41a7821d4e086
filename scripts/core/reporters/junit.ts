import type { Finding } from '../model/findings.js';
import { docsUrlOf } from './github.js';
import { printable } from '../base/printable.js';
import type { Reporter } from './types.js';

/**
 * JUnit XML, as Jenkins, GitLab (`artifacts:reports:junit`) and Azure Pipelines read it, in the
 * shape of ESLint's junit formatter: one <testsuite> per file with findings, one failing
 * <testcase> per error or warning (its `type` says which), a notice as a skipped case; then one
 * passing case per check family, so a clean run is a suite of passes rather than no tests at all.
 * Input text is made printable first (XML 1.0 cannot carry most control characters), then escaped.
 */
export const junit: Reporter = (result, env) => {
  const docs = new Map(env.rules.map((r) => [r.id, r.docs]));
  const byFile = new Map<string, Finding[]>();
  for (const f of result.findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const out = ['<?xml version="1.0" encoding="utf-8"?>'];
  const failures = result.findings.filter((f) => f.severity !== 'notice').length;
  const tests = result.findings.length + result.families.length;
  const skipped = result.findings.length - failures;
  out.push(`<testsuites name="${attr(env.toolName)}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}">`);
  for (const [file, findings] of byFile) {
    const failed = findings.filter((f) => f.severity !== 'notice').length;
    out.push(`  <testsuite name="${attr(file)}" tests="${findings.length}" failures="${failed}" errors="0" skipped="${findings.length - failed}" time="0">`);
    for (const f of findings) {
      const name = `${f.ruleId} at ${f.line}:${f.column}`;
      out.push(`    <testcase name="${attr(name)}" classname="${attr(file)}" file="${attr(file)}" line="${f.line}" time="0">`);
      const body = text(`${file}:${f.line}:${f.column}: ${f.severity} ${f.message} [${f.ruleId}]${f.pointer ? `\nat ${f.pointer}` : ''}\n${docsUrlOf(docs.get(f.ruleId), f.ruleId)}`);
      if (f.severity === 'notice') out.push(`      <skipped message="${attr(f.message)}"/>`);
      else out.push(`      <failure message="${attr(f.message)}" type="${f.severity}">${body}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  const families = result.families;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = families.reduce((n, s) => n + s.ms, 0);
  out.push(`  <testsuite name="${attr(env.toolName)}" tests="${families.length}" failures="0" errors="0" skipped="0" time="${seconds(total)}">`);
  for (const s of families) out.push(`    <testcase name="${attr(s.family)}" classname="${attr(env.toolName)}" time="${seconds(s.ms)}"/>`);
  out.push('  </testsuite>', '</testsuites>');
  return out.join('\n') + '\n';
};

function text(s: string): string {
  return printable(s, '\n').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(s: string): string {
  return text(printable(s)).replace(/"/g, '&quot;');
}
