/** Minimal glob matching (`**`, `*`, `?`, `{a,b}`, leading `!` negation) for paths already listed. */
export default function matches(file: string, patterns: readonly string[]): boolean {
  let ok = false;
  for (const p of patterns) {
    if (p.startsWith('!')) {
      if (toRegExp(p.slice(1)).test(file)) ok = false;
    } else if (toRegExp(p).test(file)) ok = true;
  }
  return ok;
}

const cache = new Map<string, RegExp>();

export function toRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (re) return re;
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        out += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end === -1) out += '\\{';
      else {
        out += '(?:' + glob.slice(i + 1, end).split(',').map(escape).join('|') + ')';
        i = end;
      }
    } else out += escape(c);
  }
  re = new RegExp(`^${out}$`);
  cache.set(glob, re);
  return re;
}

function escape(s: string): string {
  return s.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
}
