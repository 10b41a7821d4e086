/**
 * The operationIds of an OpenAPI document without building its whole YAML tree. Parsing a
 * large OpenAPI file dominates the gate's run time, and rule 2 needs only
 * `paths.<path>.<verb>.operationId`. The scan reads block-style YAML line by line, looks only
 * at the lines on those three levels, and gives up (returns undefined) on anything there it
 * does not fully understand — flow collections, anchors, merge keys, tabs, several documents —
 * so the caller can fall back to the real parser.
 */

export const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

interface KeyLine {
  key: string;
  /** The rest of the line after `key:`, without a trailing comment. */
  value: string;
}

/** `key: value` (plain or quoted key), or undefined for anything else (a sequence item, a scalar line). */
export function keyLine(content: string): KeyLine | undefined {
  const q = content[0];
  let key: string;
  let rest: string;
  if (q === '"' || q === "'") {
    let j = 1;
    while (j < content.length) {
      if (q === '"' && content[j] === '\\') j += 2;
      else if (content[j] === q && q === "'" && content[j + 1] === "'") j += 2;
      else if (content[j] === q) break;
      else j++;
    }
    if (j >= content.length) return undefined;
    const raw = content.slice(0, j + 1);
    try {
      key = q === '"' ? (JSON.parse(raw) as string) : raw.slice(1, -1).replace(/''/g, "'");
    } catch {
      return undefined;
    }
    const after = content.slice(j + 1).trimStart();
    if (!after.startsWith(':') || (after.length > 1 && after[1] !== ' ')) return undefined;
    rest = after.slice(1);
  } else {
    if (q === undefined || '?&*!|>%@`{[#,'.includes(q) || (q === '-' && (content.length === 1 || content[1] === ' '))) return undefined;
    let j = -1;
    for (;;) {
      j = content.indexOf(':', j + 1);
      if (j < 0) return undefined;
      if (j + 1 === content.length || content[j + 1] === ' ') break;
    }
    const hash = content.indexOf(' #');
    if (hash >= 0 && hash < j) return undefined;
    key = content.slice(0, j).trimEnd();
    rest = content.slice(j + 1);
  }
  return { key, value: rest.replace(/(^|\s)#.*$/, '').trim() };
}

function scalar(value: string): string | undefined {
  if (value === '' || /^[[{&*!|>@`%]/.test(value)) return undefined;
  if (value.startsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return undefined;
    }
  }
  if (value.startsWith("'")) return value.length > 1 && value.endsWith("'") ? value.slice(1, -1).replace(/''/g, "'") : undefined;
  return value;
}

/** The operationIds under `paths`, or undefined when the text is not plain block YAML the scan can trust. */
export function scanOperationIds(text: string): Set<string> | undefined {
  if (/^(---|\.\.\.|%)/m.test(text) || /^[ ]*\t/m.test(text) || /^\s*[{[]/.test(text)) return undefined;
  const ids = new Set<string>();
  let inPaths = false;
  let pathIndent = -1;
  let verbIndent = -1;
  let opIndent = -1;
  let inVerb = false;
  /** Lines more indented than this continue a scalar (plain, quoted or block), so none is a key. */
  let skipDeeperThan = Infinity;
  /** Indent of the last key whose value starts on the next line (it may be a block sequence). */
  let sequenceAt = -1;
  const lines = text.split(/\r?\n|\r/);
  for (const raw of lines) {
    const content = raw.trimStart();
    if (content === '' || content.startsWith('#')) continue;
    const indent = raw.length - content.length;
    if (indent > skipDeeperThan) continue;
    skipDeeperThan = Infinity;
    // Lines below the three levels the scan reads are not looked at.
    if (indent > 0 && (!inPaths || (inVerb && opIndent !== -1 && indent > opIndent) || (!inVerb && verbIndent !== -1 && indent > verbIndent))) continue;
    const kv = keyLine(content);
    if (!kv && indent === sequenceAt && /^-( |$)/.test(content)) {
      // An item of a block sequence written at its key's own indent ("parameters:\n- name: …").
      skipDeeperThan = indent;
      continue;
    }
    if (kv) {
      sequenceAt = kv.value === '' ? indent : -1;
      if (kv.value !== '') skipDeeperThan = indent;
    }
    if (indent === 0) {
      if (!kv) return undefined;
      inPaths = kv.key === 'paths';
      if (inPaths && kv.value !== '') return undefined;
      pathIndent = verbIndent = opIndent = -1;
      inVerb = false;
      continue;
    }
    if (pathIndent === -1) pathIndent = indent;
    if (indent <= pathIndent) {
      // A path: its value must be a block mapping.
      if (indent < pathIndent || !kv || kv.value !== '') return undefined;
      verbIndent = opIndent = -1;
      inVerb = false;
      continue;
    }
    if (verbIndent === -1) verbIndent = indent;
    if (indent <= verbIndent) {
      if (indent < verbIndent || !kv || kv.key === '<<') return undefined;
      inVerb = HTTP_METHODS.has(kv.key);
      if (inVerb && kv.value !== '') return undefined;
      opIndent = -1;
      continue;
    }
    if (opIndent === -1) opIndent = indent;
    if (indent < opIndent || !kv || kv.key === '<<') return undefined;
    if (kv.key !== 'operationId') continue;
    const id = scalar(kv.value);
    if (id === undefined) return undefined;
    ids.add(id);
  }
  return ids;
}
