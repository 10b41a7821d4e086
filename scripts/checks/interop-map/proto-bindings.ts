/**
 * A small, tolerant reader of the `google.api.http` bindings in a .proto file: for each
 * `rpc Name(...) returns (...) { option (google.api.http) = { get: "/path" ... }; }` it yields
 * the primary verb and path. `additional_bindings` (e.g. the `/{tenant}` variants) and
 * anything else in the option are skipped. Not a proto parser: unknown syntax is stepped over.
 */

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | string;

export interface ProtoBinding {
  rpc: string;
  verb: HttpVerb;
  path: string;
  /** Offsets of the rpc name. */
  rpcStart: number;
  rpcEnd: number;
  /** Offsets from the verb key to the end of the path string. */
  start: number;
  end: number;
}

interface Token {
  kind: 'ident' | 'string' | 'punct' | 'other';
  text: string;
  /** The decoded value of a string token. */
  value?: string;
  start: number;
  end: number;
}

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const IDENT = /[A-Za-z_][\w.]*/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? n : nl + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? n : close + 2;
    } else if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
    } else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_') {
      IDENT.lastIndex = i;
      const word = IDENT.exec(text)![0];
      tokens.push({ kind: 'ident', text: word, start: i, end: i + word.length });
      i += word.length;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < n && text[j] !== c && text[j] !== '\n') {
        if (text[j] === '\\' && j + 1 < n) {
          value += text[j + 1];
          j += 2;
        } else value += text[j++];
      }
      const end = Math.min(n, j + 1);
      tokens.push({ kind: 'string', text: text.slice(i, end), value, start: i, end });
      i = end;
    } else if ('{}()[]<>:;,=.'.includes(c)) {
      tokens.push({ kind: 'punct', text: c, start: i, end: i + 1 });
      i++;
    } else {
      tokens.push({ kind: 'other', text: c, start: i, end: i + 1 });
      i++;
    }
  }
  return tokens;
}

/** Index of the token closing the bracket opened at `open`, or the last token when unbalanced. */
function closing(tokens: Token[], open: number): number {
  const o = tokens[open]!.text;
  const c = o === '{' ? '}' : o === '(' ? ')' : ']';
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'punct') continue;
    if (t.text === o) depth++;
    else if (t.text === c && --depth === 0) return k;
  }
  return tokens.length - 1;
}

function isPunct(t: Token | undefined, p: string): boolean {
  return t?.kind === 'punct' && t.text === p;
}

export function parseProtoBindings(text: string): ProtoBinding[] {
  const tokens = tokenize(text);
  const bindings: ProtoBinding[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const name = tokens[k + 1];
    if (t.kind !== 'ident' || t.text !== 'rpc' || name?.kind !== 'ident' || !isPunct(tokens[k + 2], '(')) continue;
    // The rpc header ends at `{` (a body) or `;` outside parentheses.
    let j = k + 2;
    let parens = 0;
    for (; j < tokens.length; j++) {
      const u = tokens[j]!;
      if (isPunct(u, '(')) parens++;
      else if (isPunct(u, ')')) parens--;
      else if (parens === 0 && (isPunct(u, '{') || isPunct(u, ';'))) break;
    }
    if (!isPunct(tokens[j], '{')) {
      k = j;
      continue;
    }
    const bodyEnd = closing(tokens, j);
    const binding = httpOption(tokens, j + 1, bodyEnd);
    if (binding) bindings.push({ rpc: name.text, rpcStart: name.start, rpcEnd: name.end, ...binding });
    k = bodyEnd;
  }
  return bindings;
}

/** The primary binding of the first `option (google.api.http) = { … }` between two tokens. */
function httpOption(tokens: Token[], from: number, to: number): Omit<ProtoBinding, 'rpc' | 'rpcStart' | 'rpcEnd'> | undefined {
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (
      t.kind === 'ident' &&
      t.text === 'option' &&
      isPunct(tokens[k + 1], '(') &&
      tokens[k + 2]?.text === 'google.api.http' &&
      isPunct(tokens[k + 3], ')') &&
      isPunct(tokens[k + 4], '=') &&
      isPunct(tokens[k + 5], '{')
    ) {
      return primaryRule(tokens, k + 5, closing(tokens, k + 5));
    }
  }
  return undefined;
}

/** `verb: "path"` at the top level of an HttpRule block, or `custom: { kind: "…" path: "…" }`. */
function primaryRule(tokens: Token[], open: number, close: number): Omit<ProtoBinding, 'rpc' | 'rpcStart' | 'rpcEnd'> | undefined {
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k]!;
    if (isPunct(t, '{')) {
      k = closing(tokens, k);
      continue;
    }
    if (t.kind !== 'ident') continue;
    const colon = isPunct(tokens[k + 1], ':') ? k + 1 : k;
    const value = tokens[colon + 1];
    if (VERBS.has(t.text) && value?.kind === 'string') {
      return { verb: t.text.toUpperCase(), path: value.value ?? '', start: t.start, end: value.end };
    }
    if (t.text === 'custom' && isPunct(value, '{')) {
      const end = closing(tokens, colon + 1);
      const field = (f: string) => {
        for (let m = colon + 2; m < end; m++) {
          const v = tokens[m + 2];
          if (tokens[m]!.text === f && isPunct(tokens[m + 1], ':') && v?.kind === 'string') return v;
        }
        return undefined;
      };
      const kind = field('kind');
      const path = field('path');
      if (kind && path) return { verb: (kind.value ?? '').toUpperCase(), path: path.value ?? '', start: t.start, end: path.end };
      k = end;
    }
  }
  return undefined;
}
