import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT, tempDir } from '../helpers/env.js';

/** scripts/core/stdout.ts, as the compiled CLI runs it (tsc's output), in a child process. */
const STDOUT_MODULE = path.join(PROJECT, 'dist/scripts/core/stdout.js');
const child = (body: string) => ['--input-type=module', '-e', `import { writeStdout, stdoutIsTerminal } from ${JSON.stringify(STDOUT_MODULE)};\n${body}`];

describe('standard output without process.stdout', () => {
  it('writes a report larger than a pipe holds, whole, to a slow reader', async () => {
    const size = 3 * 1024 * 1024;
    const proc = spawn(process.execPath, child(`writeStdout('é'.repeat(${size / 2}) + '\\n'); process.exit(0);`), { stdio: ['ignore', 'pipe', 'pipe'] });
    let received = 0;
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // Read slowly, so the child meets a full pipe.
    proc.stdout.on('data', (d: Buffer) => {
      received += d.length;
      proc.stdout.pause();
      setTimeout(() => proc.stdout.resume(), 1);
    });
    const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(received).toBe(size + 1);
  });

  it('on a pipe made non-blocking (by process.stdout) queues what a full pipe refuses, and the exit waits for it', async () => {
    const size = 4 * 1024 * 1024;
    const run = async (waits: boolean) => {
      // Touching process.stdout makes libuv set the pipe non-blocking: writeSync then meets EAGAIN.
      const body = `process.stdout; writeStdout('x'.repeat(${size})); ${waits ? 'await stdoutDrained();' : ''} process.exit(0);`;
      const proc = spawn(process.execPath, child(body).map((a) => a.replace('{ writeStdout, stdoutIsTerminal }', '{ writeStdout, stdoutIsTerminal, stdoutDrained }')), { stdio: ['ignore', 'pipe', 'pipe'] });
      let received = 0;
      proc.stdout.on('data', (d: Buffer) => {
        received += d.length;
        proc.stdout.pause();
        setTimeout(() => proc.stdout.resume(), 2);
      });
      const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
      return { code, received };
    };
    expect(await run(true)).toEqual({ code: 0, received: size });
    // Control: leaving without waiting loses what was queued, so the wait is what keeps it.
    expect((await run(false)).received).toBeLessThan(size);
  });

  it('a reader that goes away early (| head) is not an error', () => {
    const script = `${JSON.stringify(process.execPath)} ${child(`for (let i = 0; i < 200; i++) writeStdout('x'.repeat(65536) + '\\n'); process.stderr.write('done\\n');`)
      .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
      .join(' ')} | head -c 10`;
    const r = spawnSync('bash', ['-o', 'pipefail', '-c', script], { encoding: 'utf8' });
    expect(r.stdout).toBe('xxxxxxxxxx');
    expect(r.stderr).toBe('done\n');
    expect(r.status).toBe(0);
  });

  const shellQuote = (args: string[]) => args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const ask = `process.stderr.write(String(stdoutIsTerminal()));`;

  it('is not a terminal when it is a pipe, a file or /dev/null', () => {
    expect(spawnSync(process.execPath, child(ask), { encoding: 'utf8' }).stderr).toBe('false');
    for (const target of ['/dev/null', path.join(tempDir(), 'out.txt')]) {
      const r = spawnSync('bash', ['-c', `${JSON.stringify(process.execPath)} ${shellQuote(child(ask))} > ${target}`], { encoding: 'utf8' });
      expect(r.stderr, target).toBe('false');
    }
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;

  it.skipIf(!hasScript)('is a terminal when it is one (a pseudo-terminal made by script(1))', () => {
    const r = spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${shellQuote(child(ask))} 2>&1`, '/dev/null'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('true');
  });
});
