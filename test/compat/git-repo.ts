import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/env.js';
import { MINIMAL_CORPUS } from './minimal-corpus.js';

/** Template repositories by their files and commit message (TempRepo.init). */
const templates = new Map<string, string>();

/** A throw-away git repository in a temp dir, with helpers to edit files and commit. */
export class TempRepo {
  constructor(readonly dir: string) {}

  /**
   * A repository whose one commit holds `files`: a copy (its .git included) of a template made by
   * git once per test file for the same files, so a test costs a file copy instead of three git runs.
   */
  static init(files: Record<string, string> = MINIMAL_CORPUS, message = 'base corpus'): TempRepo {
    const key = JSON.stringify([files, message]);
    let template = templates.get(key);
    // A template goes with the temp folders of the test file that made it.
    if (template === undefined || !existsSync(template)) {
      const made = new TempRepo(tempDir('specgate-compat-template-'));
      made.git('init', '-q', '-b', 'main');
      for (const [rel, text] of Object.entries(files)) made.write(rel, text);
      made.commit(message);
      template = made.dir;
      templates.set(key, template);
    }
    const repo = new TempRepo(tempDir('specgate-compat-'));
    cpSync(template, repo.dir, { recursive: true });
    return repo;
  }

  git(...args: string[]): string {
    return execFileSync('git', ['-c', 'user.name=Compat Test', '-c', 'user.email=compat@example.test', '-c', 'commit.gpgsign=false', ...args], {
      cwd: this.dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  commit(message: string): string {
    this.git('add', '-A');
    this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.head();
  }

  /** HEAD's commit, as git resolves it (a loose or packed ref, a detached HEAD, a .git file). */
  head(): string {
    return this.git('rev-parse', 'HEAD').trim();
  }

  /**
   * Commits made by one `git fast-import` instead of three git runs each: the i-th holds HEAD's
   * files with `series[i]`'s written over them. Returns their ids in order; HEAD, the index and the
   * work tree stay as they are.
   */
  commitEach(series: Record<string, string>[], message: string): string[] {
    const parent = this.head();
    const chunks: Buffer[] = [];
    const data = (text: string) => {
      const bytes = Buffer.from(text);
      chunks.push(Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n'));
    };
    series.forEach((files, i) => {
      chunks.push(Buffer.from(`commit refs/specgate-test/series-${i + 1}\nmark :${i + 1}\ncommitter Compat Test <compat@example.test> 1700000000 +0000\n`));
      data(`${message} (${i + 1})`);
      chunks.push(Buffer.from(`from ${parent}\n`));
      for (const [rel, text] of Object.entries(files)) {
        chunks.push(Buffer.from(`M 100644 inline ${rel}\n`));
        data(text);
      }
    });
    const marks = path.join(this.dir, '.git', 'specgate-test-marks');
    execFileSync('git', ['fast-import', '--quiet', `--export-marks=${marks}`], { cwd: this.dir, input: Buffer.concat(chunks), stdio: ['pipe', 'ignore', 'pipe'] });
    const ids = new Map(readFileSync(marks, 'utf8').trim().split('\n').map((line) => line.split(' ') as [string, string]));
    return series.map((_, i) => ids.get(`:${i + 1}`)!);
  }

  path(rel: string): string {
    return path.join(this.dir, rel);
  }

  read(rel: string): string {
    return readFileSync(this.path(rel), 'utf8');
  }

  write(rel: string, text: string): void {
    mkdirSync(path.dirname(this.path(rel)), { recursive: true });
    writeFileSync(this.path(rel), text);
  }

  editJson(rel: string, edit: (v: any) => void): void {
    const v = JSON.parse(this.read(rel));
    edit(v);
    this.write(rel, JSON.stringify(v, null, 2) + '\n');
  }

  replace(rel: string, from: string | RegExp, to: string): void {
    const text = this.read(rel);
    const next = text.replace(from, to);
    if (next === text) throw new Error(`${rel}: nothing replaced for ${String(from)}`);
    this.write(rel, next);
  }

  move(from: string, to: string): void {
    mkdirSync(path.dirname(this.path(to)), { recursive: true });
    renameSync(this.path(from), this.path(to));
  }

  remove(rel: string): void {
    rmSync(this.path(rel), { recursive: true, force: true });
  }

  /** 1-based line of the first line containing `needle`. */
  lineOf(rel: string, needle: string): number {
    const i = this.read(rel).split('\n').findIndex((l) => l.includes(needle));
    if (i < 0) throw new Error(`${rel}: "${needle}" not found`);
    return i + 1;
  }
}
