import { parseCommandArgs } from '../core/cli/args.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';

const HELP = `usage: specgate lsp [--stdio] [--no-plugins] [-h|--help]

A Language Server over stdio: diagnostics for the governed files (RFCs, the interop map and its
schema, the invariants, the config) from the editor's unsaved buffers, quick fixes, hover on rule
ids. The workspace root's specgate.config.json picks the preset and severities. See docs/editor.md.
      --stdio       what editors pass; stdio is the only transport
      --no-plugins  load no plugin the configuration names (a plugin is code; docs/plugins.md)
  -h, --help    print this help and exit 0
`;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values } = parseCommandArgs(argv, { stdio: { type: 'boolean' }, 'no-plugins': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, false, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const { startServer } = await import('../lsp/server.js');
  startServer(undefined, { plugins: values['no-plugins'] !== true });
  // The connection ends the process on `exit`; until then the server lives on stdin.
  return new Promise<number>(() => {});
}
