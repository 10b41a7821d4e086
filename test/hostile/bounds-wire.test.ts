import { beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../scripts/core/parse/json-tree.js';
import { exchangeFromCapture } from '../../scripts/wire/capture.js';
import { judgeExchange } from '../../scripts/wire/judge.js';
import type { WireContext } from '../../scripts/wire/types.js';
import { errorInfo, exchange, projectContext, rpcError } from '../wire/helpers.js';

let ctx: WireContext;
beforeAll(async () => {
  ctx = await projectContext();
});

const good = rpcError(-32001, [errorInfo('TASK_NOT_FOUND')]);

describe('hostile bounds: wire answers that JSON.parse or a client would refuse', () => {
  it('a body with a byte-order mark is not a JSON-RPC response (JSON.parse throws on it)', () => {
    const j = judgeExchange(exchange('\ufeff' + good), ctx);
    expect(j.verdict).toBe('fail');
    expect(j.results.map((r) => r.ruleId)).toEqual(['wire/binding-shape']);
    expect(j.results[0]!.message).toMatch(/byte-order mark, which JSON\.parse rejects/);
  });

  it('a JSON answer labelled text/plain is a finding on its Content-Type header', () => {
    const ex = exchange(good);
    ex.response.headers = { 'Content-Type': 'text/plain; charset=utf-8' };
    const j = judgeExchange(ex, ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/binding-shape', target: '/response/headers/Content-Type' }]);
    expect(j.results[0]!.message).toMatch(/JSON labelled "text\/plain; charset=utf-8"/);
  });

  it('clean control: the same answer labelled application/json (or +json) passes', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/problem+json']) {
      const ex = exchange(good);
      ex.response.headers = { 'content-type': type };
      expect(judgeExchange(ex, ctx).verdict).toBe('pass');
    }
  });

  it('HTTP status 1e20 (an integer, but no status) is a capture-format problem at /response/status', () => {
    for (const status of ['1e20', '99', '600', '200.5']) {
      const { exchange: ex, problems } = exchangeFromCapture(parseJson('c.json', `{"response": {"status": ${status}, "headers": {}, "body": ""}}`));
      expect(ex).toBeUndefined();
      expect(problems).toEqual([{ pointer: '/response/status', message: 'response.status must be an HTTP status code: an integer from 100 to 599' }]);
    }
    expect(exchangeFromCapture(parseJson('c.json', '{"response": {"status": 404, "headers": {}, "body": ""}}')).problems).toEqual([]);
  });
});
