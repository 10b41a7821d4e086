/*
 * A rule beside `specgate wire` (a family with `command: 'wire'`): it is given the capture files
 * the command judges (`ctx.given.captures`, and the §D pair in `ctx.given.pair`) and reads them
 * through the corpus, after wire's own checks. Here: a host's answers name no server stack.
 */

const BANNERS = /^(x-powered-by|server)$/i;

/** A capture as `specgate wire` reads one: the exchange, the answer's headers (if any) on line 10. */
const capture = (headers) =>
  [
    '{',
    '  "request": {',
    '    "method": "POST",',
    '    "path": "/a2a",',
    '    "headers": { "Content-Type": "application/json", "A2A-Version": "1.0" },',
    `    "body": ${JSON.stringify(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'task-1' } }))}`,
    '  },',
    '  "response": {',
    '    "status": 200,',
    ...(headers === undefined ? [] : [`    "headers": ${JSON.stringify(headers)},`]),
    `    "body": ${JSON.stringify(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { id: 'task-1', status: { state: 'completed' } } }))}`,
    '  }',
    '}',
    '',
  ].join('\n');

/** @type {import('specgate/rules').Rule} */
export const noServerBanner = {
  id: 'captures/no-server-banner',
  rfc: 'SECURITY.md §Disclosure',
  description: 'A captured A2A answer names no server stack (no `X-Powered-By` or `Server` header): the host discloses nothing an attacker can use.',
  docs: 'https://example.org/specgate-plugin-example#captures-no-server-banner',
  messages: { banner: 'the answer names its server stack in "{{header}}: {{value}}"; drop the header' },
  examples: {
    valid: [
      { name: 'an answer with a content type only', files: { 'captures/get-task.json': capture({ 'content-type': 'application/json' }) } },
      { name: 'an answer captured without its headers (it names nothing)', files: { 'captures/get-task.json': capture(undefined) } },
    ],
    invalid: [
      {
        name: 'an Express host says so (reported at the header)',
        files: { 'captures/get-task.json': capture({ 'content-type': 'application/json', 'x-powered-by': 'Express' }) },
        errors: [{ messageId: 'banner', file: 'captures/get-task.json', line: 10, pointer: '/response/headers/x-powered-by', data: { header: 'x-powered-by', value: 'Express' } }],
      },
    ],
  },
  run(ctx) {
    /** @type {import('specgate/rules/testing').WireGiven} */
    const given = ctx.given;
    for (const file of [...given.captures, ...(given.pair ?? [])]) {
      // A capture that does not read is wire's own finding (read once, memoized): nothing more here.
      const doc = ctx.corpus.json(file, 'a wire capture');
      if (!doc) continue;
      // Each capture read is judged: one captured without its headers names no server stack either.
      ctx.visit();
      const headers = doc.value?.response?.headers;
      if (!headers || typeof headers !== 'object') continue;
      for (const [header, value] of Object.entries(headers)) {
        if (!BANNERS.test(header)) continue;
        const pointer = `/response/headers/${header.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        ctx.report({ at: { doc, pointer, on: 'key' }, messageId: 'banner', data: { header, value: String(value) } });
      }
    }
  },
};
