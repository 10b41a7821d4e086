// Issue 34 §7: every ```console block in README.md and docs/ is real output of today's build. Each
// block's `$ command` lines run for real (through bash, with `npx specgate …`, `specgate …` and the
// `npm run -s <script>` scripts that run the CLI mapped to `node dist/scripts/cli.js …`), in this
// repository or in the folder the block's marker names, and what they print is compared with the
// block, after normalising only what varies from run to run (timings, the temp folder). The marker
// grammar, the `…` elision and the regeneration one-liner are in docs/testing.md; the decision in
// docs/decisions/doc-transcripts.md.
//
//   SPECGATE_UPDATE_TRANSCRIPTS=1 npx vitest run test/docs/transcripts.test.ts
//
// rewrites every block that differs with today's output, in place.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, PROJECT, tempDir } from '../helpers/env.js';
import { sharedAvailable } from '../helpers/shared.js';

const UPDATE = process.env.SPECGATE_UPDATE_TRANSCRIPTS === '1';

interface Marker {
  skip?: string;
  cwd?: string;
  setup?: string;
}

interface Block {
  page: string;
  /** 0-based index of the opening fence. */
  fence: number;
  marker: Marker;
  body: string[];
}

function pages(): string[] {
  const docs = readdirSync(path.join(PROJECT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f).split(path.sep).join('/'))
    .sort();
  return ['README.md', ...docs];
}

/** `<!-- transcript: key=value key="a value" flag -->` on the line before the fence (blank lines allowed). */
export function parseMarker(line: string): Marker | undefined {
  const m = /^<!--\s*transcript:(.*)-->\s*$/.exec(line.trim());
  if (!m) return undefined;
  const marker: Marker = {};
  for (const a of m[1]!.matchAll(/([a-z]+)(?:=(?:"([^"]*)"|(\S+)))?/g)) {
    const [, key, quoted, bare] = a;
    const value = quoted ?? bare;
    if (key === 'skip') marker.skip = value ?? '';
    else if (key === 'cwd') marker.cwd = value;
    else if (key === 'setup') marker.setup = value;
    else throw new Error(`unknown transcript marker key "${key}" in: ${line}`);
  }
  return marker;
}

function consoleBlocks(page: string): Block[] {
  const lines = readFileSync(path.join(PROJECT, page), 'utf8').split('\n');
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```/.test(lines[i]!)) continue;
    const fence = i;
    const lang = lines[i]!.slice(3).trim();
    const body: string[] = [];
    for (i++; i < lines.length && !/^```/.test(lines[i]!); i++) body.push(lines[i]!);
    if (lang !== 'console') continue;
    let j = fence - 1;
    while (j >= 0 && lines[j]!.trim() === '') j--;
    out.push({ page, fence, marker: (j >= 0 && parseMarker(lines[j]!)) || {}, body });
  }
  return out;
}

/** The block's commands: each `$ ` line and the lines shown after it. */
function commands(body: string[]): string[] {
  return body.filter((l) => l.startsWith('$ ')).map((l) => l.slice(2));
}

/** What varies from run to run and nothing else. */
export function normalise(line: string, temp: string[]): string {
  let l = line;
  for (const t of temp) l = l.split(t).join('$T');
  return l
    .replace(/\(\d+(?:\.\d+)? m?s\)/g, '(N ms)')
    .replace(/"ms": \d+(?:\.\d+)?/g, '"ms": N')
    // a commit of the temp repository (its hash changes with every commit of this one)
    .replace(/\(([0-9a-f]{12})\)/g, '(<commit>)')
    .replace(/ time="\d+(?:\.\d+)?"/g, ' time="N"');
}

/**
 * Does the shown block match the real one? A line that is exactly `…` stands for any number of
 * elided lines (none included); every other line must match, in order.
 */
export function matches(shown: string[], real: string[]): boolean {
  const segments: string[][] = [[]];
  for (const l of shown) {
    if (l === '…') segments.push([]);
    else segments.at(-1)!.push(l);
  }
  const eq = (at: number, seg: string[]) => seg.every((l, k) => real[at + k] === l);
  if (segments.length === 1) return shown.length === real.length && eq(0, shown);
  const first = segments[0]!;
  const last = segments.at(-1)!;
  if (!eq(0, first)) return false;
  const end = real.length - last.length;
  if (end < first.length || !eq(end, last)) return false;
  let at = first.length;
  for (const seg of segments.slice(1, -1)) {
    let found = -1;
    for (let k = at; k + seg.length <= end; k++) if (eq(k, seg)) { found = k; break; }
    if (found < 0) return false;
    at = found + seg.length;
  }
  return true;
}

/** Today's block for the page: the real lines, elided as the shown block was (its head and tail kept). */
export function regenerate(shown: string[], real: string[]): string[] {
  if (!shown.includes('…')) return real;
  const head = shown.indexOf('…');
  const tail = shown.length - 1 - shown.lastIndexOf('…');
  if (head + tail >= real.length) return real;
  return [...real.slice(0, head), '…', ...real.slice(real.length - tail)];
}

/** Shell functions that put the built CLI where the docs say `npx specgate` or `npm run -s <script>`. */
function prelude(): string {
  const scripts = JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const cases = Object.entries(scripts)
    .map(([name, cmd]) => [name, /^node dist\/scripts\/cli\.js(.*)$/.exec(cmd)?.[1]] as const)
    .filter(([, rest]) => rest !== undefined)
    .map(([name, rest]) => `    ${name}) shift; [ "$1" = -- ] && shift; node "$SPECGATE_CLI"${rest} "$@" ;;`)
    .join('\n');
  return `
specgate() { node "$SPECGATE_CLI" "$@"; }
npx() { if [ "$1" = specgate ]; then shift; node "$SPECGATE_CLI" "$@"; else command npx "$@"; fi; }
npm() {
  if [ "$1" = run ] && [ "$2" = -s ]; then
    shift 2
    case "$1" in
${cases}
    *) command npm run -s "$@" ;;
    esac
  else command npm "$@"; fi
}
# This repository's governed corpus (not its code) copied into a folder.
corpus_files() {
  mkdir -p "$1"
  for d in spec schemas invariants RFCS test/wire test/checks docs/PROTOCOL-STATUS.md specgate.config.json specgate-suppressions.json; do
    if [ -e "$SPECGATE_PROJECT/$d" ]; then mkdir -p "$1/$(dirname "$d")"; cp -R "$SPECGATE_PROJECT/$d" "$1/$d"; fi
  done
}
# A folder committed as a fresh git repository.
git_commit_all() { git -C "$1" init -q && git -C "$1" add -A && git -C "$1" commit -qm "$2"; }
# This repository's tracked files (as in the working tree), committed in a fresh git repository.
repo_copy() {
  mkdir -p "$1" && git -C "$SPECGATE_PROJECT" ls-files -z | tar -C "$SPECGATE_PROJECT" --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -C "$1" -xf - && git_commit_all "$1" repository
}
# A temp copy of this repository's governed corpus, committed in a fresh git repository.
corpus_copy() { corpus_files "$1" && git_commit_all "$1" corpus; }
# A copy of upstream's extract (../shared/anchors/openwop-v2), committed in a fresh git repository.
extract_copy() { mkdir -p "$1" && cp -R "$SPECGATE_PROJECT/../shared/anchors/openwop-v2/." "$1" && git_commit_all "$1" extract; }
`;
}

const SEP = '\u001eSPECGATE-TRANSCRIPT';

/** Runs the block's commands in one bash, each one's stdout and stderr together as a terminal shows them. */
function replay(block: Block): { lines: string[]; temp: string[] } {
  const t = tempDir('specgate-transcript-');
  const temp = [t];
  // Every block runs in a committed temp copy (of this repository's tracked files, or of the folder
  // `cwd=` names), so no transcript writes into the project; ../shared beside the copy is the real one.
  const copy = path.join(t, 'repo');
  const lines: string[] = ['set +e', prelude(), `ln -s ${JSON.stringify(path.resolve(PROJECT, '../shared'))} ${JSON.stringify(path.join(t, 'shared'))}`];
  if (!block.marker.cwd) lines.push(`repo_copy ${JSON.stringify(copy)} >/dev/null || exit 96`);
  else lines.push(`mkdir -p ${JSON.stringify(copy)} && cp -R ${JSON.stringify(path.resolve(PROJECT, block.marker.cwd))}/. ${JSON.stringify(copy)} && git_commit_all ${JSON.stringify(copy)} fixture >/dev/null || exit 96`);
  const cwd = copy;
  lines.push(`cd ${JSON.stringify(cwd)} || exit 97`);
  if (block.marker.setup) {
    const script = path.join(PROJECT, 'test/fixtures/transcripts', `${block.marker.setup}.sh`);
    if (!/^[a-z0-9-]+$/.test(block.marker.setup) || !existsSync(script)) throw new Error(`no setup script test/fixtures/transcripts/${block.marker.setup}.sh`);
    // Sourced, in the block's shell: it may cd and set the variables the block names ($copy, …).
    lines.push(`. ${JSON.stringify(script)} >/dev/null 2>&1 </dev/null || { echo "setup ${block.marker.setup} failed" >&2; exit 98; }`);
  }
  commands(block.body).forEach((cmd, i) => {
    lines.push(`printf '\\n${SEP} ${i}\\n'`, `(exit $__rc)`, `{ ${cmd}\n} 2>&1 </dev/null`, '__rc=$?');
  });
  const script = `__rc=0\n${lines.join('\n')}\nprintf '\\n${SEP} end\\n'\n`;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(CI|GITHUB_.*|RUNNER_.*|SPECGATE_.*|NODE_OPTIONS|VITEST.*|npm_.*)$/.test(k)) env[k] = v;
  Object.assign(env, {
    NO_COLOR: '1',
    SPECGATE_CLI: CLI,
    SPECGATE_PROJECT: PROJECT,
    SPECGATE_CACHE_DIR: path.join(t, 'cache'),
    T: t,
    GIT_AUTHOR_NAME: 'Doc Writer',
    GIT_AUTHOR_EMAIL: 'docs@example.org',
    GIT_COMMITTER_NAME: 'Doc Writer',
    GIT_COMMITTER_EMAIL: 'docs@example.org',
    GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
  });
  const r = spawnSync('bash', ['-c', script], { cwd: PROJECT, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  if (r.status !== 0) throw new Error(`the block's shell failed (${r.status}): ${r.stderr}${r.stdout.slice(-2000)}`);
  const chunks = r.stdout.split(new RegExp(`\\n${SEP} (?:\\d+|end)\\n`));
  // chunks[0] is what ran before the first command (nothing); each chunk after is one command's output.
  const real: string[] = [];
  commands(block.body).forEach((cmd, i) => {
    real.push(`$ ${cmd}`);
    const out = chunks[i + 1] ?? '';
    if (out !== '') real.push(...out.replace(/\n$/, '').split('\n'));
  });
  return { lines: real, temp };
}

const blocks = pages().flatMap(consoleBlocks);
const rewrites = new Map<string, Array<{ fence: number; length: number; body: string[] }>>();

afterAll(() => {
  if (!UPDATE) return;
  for (const [page, edits] of rewrites) {
    const file = path.join(PROJECT, page);
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const e of edits.sort((a, b) => b.fence - a.fence)) lines.splice(e.fence + 1, e.length, ...e.body);
    writeFileSync(file, lines.join('\n'));
  }
});

describe('the comparison (what the docs may and may not leave out)', () => {
  it('a `…` line stands for any lines, none included; every other line must match in order', () => {
    const real = ['$ x', 'a', 'b', 'c', 'd'];
    expect(matches(['$ x', 'a', 'b', 'c', 'd'], real)).toBe(true);
    expect(matches(['$ x', '…', 'd'], real)).toBe(true);
    expect(matches(['$ x', 'a', '…', 'c', '…', 'd'], real)).toBe(true);
    expect(matches(['$ x', 'a', 'b', 'c', 'd', '…'], real)).toBe(true);
    expect(matches(['$ x', 'a', 'c', 'd'], real)).toBe(false);
    expect(matches(['$ x', '…', 'c'], real)).toBe(false);
    expect(matches(['$ x', 'c', '…', 'a', '…', 'd'], real)).toBe(false);
    expect(matches(['$ x', 'a', 'b', 'c', 'd', 'e'], real)).toBe(false);
  });

  it('regenerating keeps a block\'s head and tail around its `…`', () => {
    expect(regenerate(['$ x', 'old', '…', 'old'], ['$ x', '1', '2', '3', '4'])).toEqual(['$ x', '1', '…', '4']);
    expect(regenerate(['$ x', 'old'], ['$ x', '1', '2'])).toEqual(['$ x', '1', '2']);
  });

  it('normalises timings, the temp folder and the temp repository\'s commit, and nothing else', () => {
    expect(normalise('  rfcs:  4 files read (97 ms) (1.8 s) "ms": 93.7 time="0.101" /tmp/x/a HEAD (244207117e2d)', ['/tmp/x'])).toBe(
      '  rfcs:  4 files read (N ms) (N ms) "ms": N time="N" $T/a HEAD (<commit>)',
    );
    expect(normalise('✖ 4 problems (0 errors, 4 warnings) specgate 0.1.0', [])).toBe('✖ 4 problems (0 errors, 4 warnings) specgate 0.1.0');
  });

  it('reads the marker before a block, and refuses a key it does not know', () => {
    expect(parseMarker('<!-- transcript: skip="a live host" -->')).toEqual({ skip: 'a live host' });
    expect(parseMarker('<!-- transcript: setup=reason-camel cwd=test/fixtures/eip-process -->')).toEqual({ setup: 'reason-camel', cwd: 'test/fixtures/eip-process' });
    expect(parseMarker('<!-- a comment -->')).toBeUndefined();
    expect(() => parseMarker('<!-- transcript: sikp="x" -->')).toThrow(/unknown transcript marker key/);
  });
});

describe('console transcripts in README.md and docs/ are what today\'s build prints', () => {
  it('finds the blocks (the test is not vacuous)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(30);
  });

  it('every block it does not replay says why', () => {
    const silent = blocks.filter((b) => b.marker.skip !== undefined && b.marker.skip.trim().length < 10);
    expect(silent.map((b) => `${b.page}:${b.fence + 1}`)).toEqual([]);
  });

  it('every block starts with a command', () => {
    expect(blocks.filter((b) => !b.body[0]?.startsWith('$ ')).map((b) => `${b.page}:${b.fence + 1}`)).toEqual([]);
  });

  for (const block of blocks) {
    const where = `${block.page}:${block.fence + 1}`;
    const needsShared = /\.\.\/shared\b|\$extract/.test(block.body.join('\n') + (block.marker.cwd ?? '')) || /^extract/.test(block.marker.setup ?? '');
    if (block.marker.skip !== undefined) {
      it.skip(`${where}: not replayed: ${block.marker.skip}`, () => {});
      continue;
    }
    if (needsShared && !sharedAvailable && process.env.CI !== 'true') {
      it.skip(`${where}: reads ../shared, which is not beside the project`, () => {});
      continue;
    }
    it(`${where}: ${commands(block.body).join(' ; ')}`, () => {
      const { lines, temp } = replay(block);
      const real = lines.map((l) => normalise(l, temp));
      const shown = block.body.map((l) => normalise(l, temp));
      if (matches(shown, real)) return;
      if (UPDATE) {
        const edits = rewrites.get(block.page) ?? [];
        edits.push({ fence: block.fence, length: block.body.length, body: regenerate(block.body, lines.map((l) => temp.reduce((x, t) => x.split(t).join('$T'), l))) });
        rewrites.set(block.page, edits);
        return;
      }
      expect(block.body.join('\n'), `${where} is not what today's build prints (regenerate: SPECGATE_UPDATE_TRANSCRIPTS=1 npx vitest run test/docs/transcripts.test.ts)`).toBe(regenerate(block.body, lines).join('\n'));
    });
  }
});
