import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, PROJECT, spawnCli } from '../helpers/env.js';

const VERSION = (JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { version: string }).version;

describe('the CLI (dist/scripts/cli.js)', () => {
  it('--version prints the version in package.json', () => {
    const r = spawnCli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('SARIF names the same version', () => {
    const r = spawnCli(['check', 'interop-map', '--format', 'sarif']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).runs[0].tool.driver.version).toBe(VERSION);
  });

  it('a reader that went away (`| head`) ends the run quietly, with its own exit code', async () => {
    // The pipe is closed before the CLI writes, so its first write meets EPIPE.
    const child = spawn(process.execPath, [CLI, 'list-rules'], { cwd: PROJECT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('an unknown command is a usage error (2) in one line', () => {
    const r = spawnCli(['no-such-command']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('specgate: unknown command "no-such-command"');
    expect(r.stderr).toBe('specgate: unknown command "no-such-command"\nrun "specgate --help" for the commands\n');
  });
});
