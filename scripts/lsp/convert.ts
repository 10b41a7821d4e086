import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { CodeAction, Diagnostic, WorkspaceEdit } from 'vscode-languageserver/node';
import { CodeActionKind, DiagnosticSeverity } from 'vscode-languageserver/node';
import type { EditorFinding, PositionedEdit } from './workspace.js';

/** What a diagnostic carries for its quick fix. */
interface FixData {
  edits: PositionedEdit[];
}

function uriOf(root: string, file: string): string {
  return pathToFileURL(path.join(root, file)).href;
}

/** A finding as an LSP diagnostic: the rule id as its code, the fix's edits kept in `data` for the code action. */
export function toDiagnostic(root: string, f: EditorFinding): Diagnostic {
  const d: Diagnostic = {
    range: { start: { line: f.line - 1, character: f.column - 1 }, end: { line: f.endLine - 1, character: f.endColumn - 1 } },
    severity: f.severity === 'error' ? DiagnosticSeverity.Error : f.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    code: f.ruleId,
    source: 'specgate',
    message: f.message,
  };
  if (f.related?.length) {
    d.relatedInformation = f.related.map((r) => ({
      location: { uri: uriOf(root, r.file), range: { start: { line: r.line - 1, character: r.column - 1 }, end: { line: r.endLine - 1, character: r.endColumn - 1 } } },
      message: r.message,
    }));
  }
  if (f.edits) d.data = { edits: f.edits } satisfies FixData;
  return d;
}

/** The quick fix of a diagnostic that carries one. */
export function quickFix(root: string, d: Diagnostic): CodeAction | undefined {
  const data = d.data as FixData | undefined;
  if (!data?.edits?.length) return undefined;
  const edit: WorkspaceEdit = { changes: {} };
  for (const e of data.edits) (edit.changes![uriOf(root, e.file)] ??= []).push({ range: e.range, newText: e.newText });
  return { title: `Fix: ${(typeof d.message === "string" ? d.message : d.message.value).replace(/ \(RFC [^)]*\)$/, '')}`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit };
}
