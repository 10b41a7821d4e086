const HELP = `usage: specgate lsp [--stdio]

A Language Server over stdio: diagnostics for the governed files (RFCs, the interop map and its
schema, the invariants, the config) from the editor's unsaved buffers, quick fixes, hover on rule
ids. The workspace root's specgate.config.json picks the preset and severities. See docs/editor.md.
`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  // --stdio is what editors pass; stdio is the only transport.
  const unknown = argv.filter((a) => a !== '--stdio');
  if (unknown.length) {
    const { UsageError } = await import('../core/errors.js');
    throw new UsageError(`lsp: unknown argument ${unknown[0]} (the server speaks over stdio only)`);
  }
  const { startServer } = await import('../lsp/server.js');
  startServer();
  // The connection ends the process on `exit`; until then the server lives on stdin.
  return new Promise<number>(() => {});
}
