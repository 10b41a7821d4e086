import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import module from 'node:module';
import { enableCompileCache } from '../../../scripts/compile-cache.js';
import { frameEntry, readEntry, secretFolderName } from '../../../scripts/core/replay/cache-entry.js';
import { openParseCache } from '../../../scripts/core/cache/parse-cache.js';
import { cacheSecret, cacheSecretFile } from '../../../scripts/core/replay/user-cache.js';
import { replayable, resultPlan, RESULTS_KIND } from '../../../scripts/result-replay.js';
import { tempDir } from '../../helpers/env.js';

/*
 * Every cache entry is authenticated with an HMAC under a per-user secret (core/replay/user-cache.ts,
 * core/replay/cache-entry.ts): an entry framed with any other secret is a miss, whatever the folder.
 * The parse cache and the whole-run result cache hide errors without running code when trusted.
 */

describe('a cache entry is read only when made with the user secret', () => {
  it('a planted parse entry (framed with another secret) is a miss; one specgate wrote is a hit', () => {
    const root = tempDir();
    const dir = path.join(tempDir(), 'cache', 'parsed');
    const cache = openParseCache(root, dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'k.json'), frameEntry('parsed', 'k.json', Buffer.from('{"findings":[]}'), randomBytes(32)));
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', { findings: ['one'] });
    expect(openParseCache(root, dir).get('k')).toEqual({ findings: ['one'] });
  });

  it('a planted whole-run result (framed with another secret) is never replayed; one specgate wrote is', () => {
    const cwd = tempDir();
    mkdirSync(path.join(cwd, 'node_modules'));
    const plan = resultPlan(['check', 'interop-map'], { ...process.env, SPECGATE_CACHE_DIR: path.join(tempDir(), 'cache') }, cwd)!;
    const run = Buffer.from(JSON.stringify({ v: 1, code: 0, output: [[1, Buffer.from('forged: no problems\n').toString('base64')]], inputs: [] }));
    mkdirSync(path.join(plan.dir, RESULTS_KIND), { recursive: true });
    writeFileSync(path.join(plan.dir, RESULTS_KIND, plan.key), frameEntry(RESULTS_KIND, plan.key, run, randomBytes(32)));
    expect(replayable(plan)).toBeUndefined();
    writeFileSync(path.join(plan.dir, RESULTS_KIND, plan.key), frameEntry(RESULTS_KIND, plan.key, run, cacheSecret(cwd, true)!));
    expect(replayable(plan)?.code).toBe(0);
  });

  it('an entry is bound to its kind and key: the user secret over another name is a miss', () => {
    const dir = tempDir();
    const secret = randomBytes(32);
    mkdirSync(path.join(dir, 'parsed'));
    writeFileSync(path.join(dir, 'parsed', 'a.json'), frameEntry('parsed', 'a.json', Buffer.from('1'), secret));
    expect(readEntry(dir, 'parsed', 'a.json', secret)?.toString()).toBe('1');
    // renamed, with its header rewritten to the new name: the HMAC covers the name
    writeFileSync(path.join(dir, 'parsed', 'b.json'), readFileSync(path.join(dir, 'parsed', 'a.json'), 'latin1').replace(' a.json ', ' b.json '), 'latin1');
    expect(readEntry(dir, 'parsed', 'b.json', secret)).toBeUndefined();
  });
});

describe("Node's compile cache (V8 code Node runs: specgate cannot frame its files)", () => {
  it('is in a folder whose name is an HMAC under the user secret, never a name a pull request can plant into', () => {
    const m = module as typeof module & { enableCompileCache?: (dir?: string) => unknown };
    const saved = m.enableCompileCache;
    const asked: Array<string | undefined> = [];
    m.enableCompileCache = (dir) => asked.push(dir); // as Node ≥ 22.1 has it (this may be Node 20)
    try {
      const root = tempDir();
      const cache = path.join(tempDir(), 'cache');
      const env = { ...process.env, XDG_CACHE_HOME: path.join(tempDir('specgate-home-'), 'cache') };
      enableCompileCache(['check', '--root', root, '--cache-location', cache], env);
      expect(asked).toHaveLength(1);
      expect(asked[0]).not.toBe(path.join(cache, 'node-compile'));
      expect(asked[0]).toBe(path.join(cache, secretFolderName('node-compile', cacheSecret(root, false, env)!)));
      // another user (another secret) has another folder
      expect(secretFolderName('node-compile', randomBytes(32))).not.toBe(path.basename(asked[0]!));
    } finally {
      m.enableCompileCache = saved;
    }
  });
});

describe('the per-user secret', () => {
  const home = () => ({ XDG_CACHE_HOME: path.join(tempDir('specgate-home-'), 'cache') });

  it('is made on first use: 32 random bytes, 0600, in a 0700 folder of the user cache; the fast path never makes it', () => {
    const env = home();
    const root = tempDir();
    expect(cacheSecret(root, false, env)).toBeUndefined();
    const made = cacheSecret(root, true, env)!;
    expect(made.length).toBe(32);
    const file = cacheSecretFile(env);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(cacheSecret(tempDir(), false, env)).toEqual(made);
  });

  it.skipIf(process.getuid?.() === undefined)('is not read when others may read it, when it is a symlink, or when its folder is writable by others; the run that writes replaces or mends it', () => {
    const readable = home();
    const old = cacheSecret(tempDir(), true, readable)!;
    chmodSync(cacheSecretFile(readable), 0o644);
    expect(cacheSecret(tempDir(), false, readable)).toBeUndefined();
    const replaced = cacheSecret(tempDir(), true, readable)!;
    expect(replaced.length).toBe(32);
    expect(replaced.equals(old)).toBe(false); // others may have read the old one
    expect(statSync(cacheSecretFile(readable)).mode & 0o777).toBe(0o600);

    const linked = home();
    const elsewhere = path.join(tempDir(), 'key');
    const planted = randomBytes(32);
    writeFileSync(elsewhere, planted, { mode: 0o600 });
    mkdirSync(path.dirname(cacheSecretFile(linked)), { recursive: true, mode: 0o700 });
    symlinkSync(elsewhere, cacheSecretFile(linked));
    expect(cacheSecret(tempDir(), false, linked)).toBeUndefined();
    const made = cacheSecret(tempDir(), true, linked)!;
    expect(made.equals(planted)).toBe(false);
    expect(readFileSync(elsewhere).equals(planted)).toBe(true); // the link was replaced, never written through

    const open = home();
    const kept = cacheSecret(tempDir(), true, open)!;
    chmodSync(path.dirname(cacheSecretFile(open)), 0o777);
    expect(cacheSecret(tempDir(), false, open)).toBeUndefined();
    // a folder of this user (an older specgate's, or made under umask 002) is made private again
    expect(cacheSecret(tempDir(), true, open)?.equals(kept)).toBe(true);
    expect(statSync(path.dirname(cacheSecretFile(open))).mode & 0o777).toBe(0o700);
  });

  it('is refused inside the governed tree or its work tree (a checkout under umask 077 makes a committed one 0600)', () => {
    const top = tempDir('specgate-repo-');
    mkdirSync(path.join(top, '.git'));
    const root = path.join(top, 'gov');
    mkdirSync(root);
    const env = { XDG_CACHE_HOME: path.join(top, '.cache') };
    const planted = cacheSecretFile(env);
    mkdirSync(path.dirname(planted), { recursive: true, mode: 0o700 });
    const bytes = randomBytes(32);
    writeFileSync(planted, bytes, { mode: 0o600 });
    expect(cacheSecret(root, true, env)).toBeUndefined();
    expect(cacheSecret(top, true, env)).toBeUndefined();
    expect(readFileSync(planted).equals(bytes)).toBe(true); // left as it is: nothing is made inside a tree
    expect(cacheSecret(tempDir(), false, env)?.length).toBe(32);
  });
});
