import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createConnection } from 'vscode-languageserver/node';
import { createProtocolConnection, DidOpenTextDocumentNotification, InitializedNotification, InitializeRequest, LogMessageNotification, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_FILE } from '../../scripts/core/config/config.js';
import { printable } from '../../scripts/core/base/printable.js';
import { FsSource } from '../../scripts/core/io/source.js';
import { sha256, statePaths, TEMP_MARK } from '../../scripts/core/io/writer.js';
import { installHook } from '../../scripts/hooks/install-hook.js';
import { startServer } from '../../scripts/lsp/server.js';
import { Workspace } from '../../scripts/lsp/workspace.js';
import type { CompatResult } from '../../scripts/compat/compare.js';
import { table } from '../../scripts/compat/output.js';
import { verdictTable } from '../../scripts/wire/table.js';
import { rfcWithErrata } from '../errata/helpers.js';
import { git, gitOk } from '../gates/git-repo.js';
import { PROJECT, projectCorpusCopy, runCli, tempDir } from '../helpers/env.js';

/*
 * Human-readable tables outside the reporters (compat's classification table, wire's --table):
 * every string in them comes from the compared files, the RFCs or the captures, so a control
 * character there is shown escaped and can neither clear the screen nor fake a verdict.
 */
const ESC = '\u001b';
const EVIL = `${ESC}[2J${ESC}[H✔ all legs passed\u202e`;
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;

describe('hostile bounds: terminal injection in the commands own tables', () => {
  it("compat's stylish table escapes file names, pointers, reasons, the ref and the RFC claim", () => {
    const at = { line: 1, column: 1, endLine: 1, endColumn: 2 };
    const r = {
      ref: `main${EVIL}`,
      commit: '0123456789abcdef',
      head: 'working tree',
      changes: [
        { ...at, file: `schemas/${EVIL}.schema.json`, baseFile: `old${EVIL}.json`, subject: 'schema', pointer: `/properties/${EVIL}`, class: 'breaking', kind: 'property-removed', reason: `property "${EVIL}" removed`, declaredBy: { ...at, rfc: 'RFCS/0001-x.md', number: `0001${EVIL}` } },
      ],
      findings: [],
      claims: [{ rfc: `RFCS/0002-${EVIL}.md`, claim: `additive${EVIL}`, affects: [`schemas/${EVIL}.json`], breaking: 1, holds: false, findings: [] }],
      rfcsInRange: ['RFCS/0002-x.md'],
      schemaFiles: 1,
      dataFiles: 0,
      openapiFiles: 0,
    } as unknown as CompatResult;
    const out = table(r, { color: false } as never);
    expect(out).not.toMatch(CONTROLS);
    expect(out.split('\\x1b[2J').length - 1).toBe(9);
  });

  it("wire's --table escapes the case names and the scope's reason", () => {
    const out = verdictTable([{ case: `captures/${EVIL}.json`, judgement: { verdict: 'pass', sections: [], results: [], notes: [], scope: { version: `1.0${EVIL}`, why: `the card says ${EVIL}` } as never } }]);
    expect(out).not.toMatch(CONTROLS);
    // Each cell is Markdown text (core/base/printable.ts markdownText): the escape character is shown escaped, never raw, in all three cells.
    expect(out.split('\\[2J').length - 1).toBe(3);
  });
});

/*
 * The lines the commands write themselves, outside any reporter: the --fix-dry-run diff, the
 * refused-file and recovery lines of --fix and errata, errata's status lines, the language
 * server's error log, the hook installer's lines and the debug stack. Each quotes input (a file's
 * name or text, a journal in the tree, a config key, the environment), so each is shown escaped.
 */
const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
/** ESC, BEL and a C1 CSI: clear the screen, ring the bell, start a sequence on a VT220. */
const HOSTILE = `${ESC}[2J\u0007\u009b`;
const SHOWN = '\\x1b[2J\\x07\\x9b';
/** What may reach a terminal from those writes: no control character but the line structure (and a diff's tabs). */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

/** A copy of the corpus with RFC 0211's Created date broken (rfcs/dates-valid has a fix), optionally under another name and with an edit of its text. */
function withFixableRfc(opts: { name?: string; edit?: (text: string) => string } = {}): { root: string; file: string } {
  const root = projectCorpusCopy();
  const text = readFileSync(path.join(root, RFC_0211), 'utf8').replace('| **Created** | 2026-09-23 |', '| **Created** | 2026-9-23 |');
  const file = opts.name ?? RFC_0211;
  if (file !== RFC_0211) rmSync(path.join(root, RFC_0211));
  writeFileSync(path.join(root, file), (opts.edit ?? ((t) => t))(text));
  return { root, file };
}

/**
 * A journal a killed run left (phase renaming: the temp is complete, the target still old), in the
 * writer's state folder, for a governed file named `name`. The next writer completes it and says so on stderr.
 */
function plantJournal(root: string, name: string): void {
  const real = path.join(realpathSync(root), name);
  const tmp = path.join(path.dirname(real), `.${path.basename(name)}${TEMP_MARK}0123456789abcdef.tmp`);
  mkdirSync(path.dirname(real), { recursive: true });
  writeFileSync(real, 'old\n');
  writeFileSync(tmp, 'new\n');
  const { journal, dir } = statePaths(root);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(journal, JSON.stringify({ pid: 1, root: realpathSync(root), phase: 'renaming', files: [{ file: name, real, tmp, before: sha256('old\n'), after: sha256('new\n') }] }), { mode: 0o600 });
}

describe('hostile bounds: terminal injection in the lines the commands write themselves', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('check --fix-dry-run shows a file text with control characters escaped; tabs and CRLF ends stay, so an ordinary diff still applies', async () => {
    const { root } = withFixableRfc({ name: `RFCS/0300-evil${HOSTILE}.md`, edit: (t) => t.replace('(@davidscotttufts)', `(@david${HOSTILE}\tx)`) });
    const r = await runCli(['check', 'rfcs', '--root', root, '--fix-dry-run', '--fix-rule', 'rfcs/dates-valid']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout).toContain(` | **Author(s)** | David Tufts (@david${SHOWN}\tx) |\n-| **Created** | 2026-9-23 |\n+| **Created** | 2026-09-23 |\n`);
    // The header names the file as git quotes it (the diff library's own quoting).
    expect(r.stdout).toContain('--- "a/RFCS/0300-evil\\033[2J\\a\\302\\233.md"\n');

    // Clean control: ordinary text with a tab, in a CRLF file, in a git repository: `git apply --check` takes the diff.
    const plain = withFixableRfc({ edit: (t) => t.replace('(@davidscotttufts)', '(@david\tx)').replace(/\n/g, '\r\n') });
    gitOk(plain.root, ['init', '-q']);
    const dry = await runCli(['check', 'rfcs', '--root', plain.root, '--fix-dry-run', '--fix-rule', 'rfcs/dates-valid']);
    expect(dry.stdout).toContain('-| **Created** | 2026-9-23 |\r\n+| **Created** | 2026-09-23 |\r\n');
    writeFileSync(path.join(plain.root, 'fix.patch'), dry.stdout);
    expect(git(plain.root, ['apply', '--check', 'fix.patch'])).toMatchObject({ code: 0, stderr: '' });
  });

  it('check --fix names a file it refuses (changed to invalid UTF-8 between the check and the fix) escaped', async () => {
    const { root, file } = withFixableRfc({ name: `RFCS/0300-evil${HOSTILE}.md` });
    // The seam: the file is replaced right after the check first reads it, as an editor saving meanwhile would.
    const read = FsSource.prototype.read;
    let reads = 0;
    vi.spyOn(FsSource.prototype, 'read').mockImplementation(function (this: FsSource, rel: string) {
      const got = read.call(this, rel);
      if (rel === file && ++reads === 1) writeFileSync(path.join(root, file), Buffer.from([0xff, 0x0a]));
      return got;
    });
    const r = await runCli(['check', 'rfcs', '--root', root, '--fix-dry-run', '--fix-rule', 'rfcs/dates-valid']);
    expect(r.stderr).toBe(`specgate: RFCS/0300-evil${SHOWN}.md is not valid UTF-8 text; its fixes were not applied\nspecgate: 0 fixes in 0 files would be applied; nothing written\n`);
  });

  it('check --fix shows the recovery of a journal in the tree escaped (it names a file with control characters)', async () => {
    const { root } = withFixableRfc();
    plantJournal(root, `spec/${HOSTILE}.md`);
    const r = await runCli(['check', 'rfcs', '--root', root, '--fix', '--fix-rule', 'rfcs/dates-valid', '-f', 'json']);
    expect(r.stderr).toBe(`specgate: completed the interrupted write of spec/${SHOWN}.md\nspecgate: applied 1 fix to 1 file\n`);
    expect(readFileSync(path.join(root, `spec/${HOSTILE}.md`), 'utf8')).toBe('new\n');
  });

  it("errata shows the journal's recovery, its status lines and its diff header escaped (file names from the tree and the RFC)", async () => {
    const root = tempDir('specgate-hostile-errata-');
    const target = `spec/v2/a${HOSTILE}.md`;
    mkdirSync(path.join(root, 'spec/v2'), { recursive: true });
    mkdirSync(path.join(root, 'RFCS'), { recursive: true });
    writeFileSync(path.join(root, target), '# Doc\n\n## §B Versions\n\nThe host sends the old words.\n');
    writeFileSync(path.join(root, 'RFCS/0999-errata-case.md'), rfcWithErrata(`- **\`${target}\` §B** (\`:5\`) — replace "old words" with "new words".\n`));
    plantJournal(root, `spec/${HOSTILE}.md`);
    const r = await runCli(['errata', 'apply', '--dry-run', '--root', root]);
    expect(r.stderr).not.toMatch(RAW);
    expect(r.stdout).not.toMatch(RAW);
    // a dry run never recovers: it says the journal waits
    expect(r.stderr).toContain('specgate: an interrupted write left its journal ');
    expect(r.stderr).toContain(`RFCS/0999-errata-case.md:9  spec/v2/a${SHOWN}.md §B  would apply: replaces the old text at spec/v2/a${SHOWN}.md:5\n`);
    expect(r.stdout).toContain(`# spec/v2/a${SHOWN}.md: writes `);
    // With a machine format on stdout the status lines still go to stderr, escaped; the JSON keeps the name exact.
    const json = await runCli(['errata', 'apply', '--dry-run', '--root', root, '-f', 'json']);
    expect(json.stderr).toContain(`RFCS/0999-errata-case.md:9  spec/v2/a${SHOWN}.md §B  would apply`);
    expect(json.stderr).not.toMatch(RAW);
    expect(JSON.parse(json.stdout).errata[0].target).toContain(target);
    // the dry runs left the planted journal for a writing command; it is not the tree's, so it goes here
    rmSync(statePaths(root).dir, { recursive: true, force: true });
  });

  it("the language server's error log escapes a failed check's message (it may quote a workspace file)", async () => {
    // No input is known to make a check throw (bad input becomes findings), so the failure is injected.
    vi.spyOn(Workspace.prototype, 'check').mockRejectedValue(new Error(`cannot read spec/${HOSTILE}.md`));
    const root = tempDir('specgate-hostile-lsp-');
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    startServer(createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)));
    const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const logged = new Promise<string>((resolve) => client.onNotification(LogMessageNotification.type, (p) => resolve(p.message)));
    client.listen();
    try {
      await client.sendRequest(InitializeRequest.type, { processId: null, rootUri: pathToFileURL(root).href, capabilities: {}, workspaceFolders: null });
      await client.sendNotification(InitializedNotification.type, {});
      await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: pathToFileURL(path.join(root, 'doc.md')).href, languageId: 'markdown', version: 1, text: '# doc\n' } });
      const message = await logged;
      expect(message.split('\n')[0]).toBe(`specgate: check failed: Error: cannot read spec/${SHOWN}.md`);
      // The stack keeps its lines; nothing else of it is raw.
      expect(message).not.toMatch(RAW);
    } finally {
      client.dispose();
      toServer.end();
      toClient.end();
    }
  });

  it('the hook installer quotes a broken config escaped when it falls back to the default layout', () => {
    const root = tempDir('specgate-hostile-hook-');
    gitOk(root, ['init', '-q']);
    writeFileSync(path.join(root, CONFIG_FILE), JSON.stringify({ [`evil${HOSTILE}`]: 1 }));
    let said = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((said += String(chunk)), true));
    const r = installHook({ packageRoot: root, env: {} });
    expect(r.outcome).toBe('installed');
    expect(said).toBe(`specgate: ${path.join(root, CONFIG_FILE)}:1:2: unknown key "evil${SHOWN}" in the config (see config.schema.json); the hook uses the default layout until it is fixed and \`npm run prepare\` runs again\n`);
  });

  it("the prepare step's line escapes the paths it quotes (INIT_CWD here)", () => {
    // The built script, as `npm ci` runs it; INIT_CWD outside the package makes it skip before touching git.
    const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: `/elsewhere/${HOSTILE}` };
    delete env.CI;
    delete env.SPECGATE_SKIP_HOOK;
    const r = spawnSync(process.execPath, [path.join(PROJECT, 'dist/scripts/hooks/install.js')], { encoding: 'utf8', env });
    expect(r.stderr).toBe(`specgate: npm was run in /elsewhere/${SHOWN}, not in this package: no pre-commit hook\n`);
    expect(r.status).toBe(0);
  });

  it("the prepare step's fallback (its modules cannot load) escapes the load error, without printable()", () => {
    // The installer alone, in a folder whose name holds every character printable() escapes (but NUL,
    // which no file name holds, and the line break the fallback cuts at): importing install-hook.js
    // fails with an error quoting the path, as a file name from the tree would be quoted.
    const every = Array.from({ length: 0x10000 }, (_, n) => String.fromCharCode(n)).filter((c) => c !== '\0' && c !== '\n' && printable(c) !== c && !/[\ud800-\udfff]/.test(c));
    const hooks = path.join(tempDir('specgate-hostile-prepare-'), `evil${every.join('')}`, 'hooks');
    mkdirSync(hooks, { recursive: true });
    cpSync(path.join(PROJECT, 'dist/scripts/hooks/install.js'), path.join(hooks, 'install.js'));
    const r = spawnSync(process.execPath, [path.join(hooks, 'install.js')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^specgate: pre-commit hook not installed: Cannot find module '.*install-hook\.js' imported from .*\n$/);
    const line = r.stderr.slice(0, -1);
    expect(printable(line)).toBe(line);
    // As printable() shows them, but tab and carriage return by number too.
    const shown = printable(every.join('')).replace('\\t', '\\x09').replace('\\r', '\\x0d');
    expect(line).toContain(`/evil${shown}/hooks/install-hook.js'`);
    for (const escape of ['\\x1b', '\\x9b', '\\u202e', '\\u2066']) expect(line).toContain(escape);
  });

  it('an internal error, and with SPECGATE_DEBUG its stack, are escaped', async () => {
    const { main } = await import('../../scripts/cli-main.js');
    let stderr = '';
    const io = { stdout: { write: (): never => { throw new Error(`cannot write ${HOSTILE}`); }, isTTY: false }, stderr: { write: (t: string) => void (stderr += t) } };
    vi.stubEnv('SPECGATE_DEBUG', '1');
    try {
      expect(await main(['--help'], io as never)).toBe(2);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(stderr).not.toMatch(RAW);
    expect(stderr).toMatch(new RegExp(`^specgate: internal error: cannot write \\\\x1b\\[2J\\\\x07\\\\x9b\\nError: cannot write \\\\x1b\\[2J\\\\x07\\\\x9b\\n    at `));
  });
});
