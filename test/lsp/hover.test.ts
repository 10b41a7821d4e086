import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { hoverAt } from '../../scripts/lsp/hover.js';

/* Hover names the RFC section of the process the workspace's preset follows. */

const config = TextDocument.create('file:///r/specgate.config.json', 'json', 1, '{ "rules": { "rfcs/status-known": "error", "rfcs/title-row-matches": "on" } }\n');
const hover = async (id: string, preset?: string) => {
  const h = await hoverAt(config, { line: 0, character: config.getText().indexOf(id) + 2 }, [], preset);
  return (h!.contents as { value: string }).value.split('\n')[0];
};

describe('hover on a rule id', () => {
  it("cites this project's RFC 0001 under specgate", async () => {
    expect(await hover('rfcs/status-known', 'specgate')).toBe('**rfcs/status-known** (RFC 0001 §C)');
    expect(await hover('rfcs/status-known')).toBe('**rfcs/status-known** (RFC 0001 §C)');
  });

  it("cites upstream's RFC 0001 under openwop, and names specgate's RFC for an opt-in rule", async () => {
    expect(await hover('rfcs/status-known', 'openwop')).toBe('**rfcs/status-known** (RFC 0001 §3)');
    expect(await hover('rfcs/title-row-matches', 'openwop')).toBe("**rfcs/title-row-matches** (specgate's RFC 0001 §B)");
  });
});
