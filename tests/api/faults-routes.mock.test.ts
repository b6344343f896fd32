/**
 * Faults DynamoDB Local can't produce, injected with aws-sdk-client-mock into every route that
 * touches DynamoDB, at EVERY step of its DynamoDB calls: throttling → 503 + Retry-After;
 * internal errors and timeouts → 500 with the generic message; no SDK text, ARN or stack in
 * any body; after a failing call no further write is sent, and before it only the id counter
 * may have been written (nothing partial).
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { buildOpenApiDocument } from '../../lambdas/openapi/document.ts';
import { routes } from '../../lambdas/routes.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import {
  FAULTS,
  ROUTE_REQUESTS,
  SECRET,
  WRITE_COMMANDS,
  arrangeWorld,
  handlerFor,
  invoke as invokeRoute,
  v2Event,
  type RouteRequest,
  type SentCall,
} from '../contract/faults.ts';
import { createOpenApiValidator } from '../contract/openapi-validator.ts';

const ddb = mockClient(DynamoDBDocumentClient);
const validator = createOpenApiValidator(buildOpenApiDocument());

async function invoke(req: RouteRequest) {
  const res = await invokeRoute(req);
  expect(res.isBase64Encoded).toBe(false); // error bodies are small: never compressed
  return res;
}

/** Every call answers as the world does, except the call number `failAt` (0-based), which throws. */
const arrange = (failAt: number, error?: () => Error): SentCall[] =>
  arrangeWorld(ddb, (call) => (error !== undefined && call.index === failAt ? error() : undefined));

/** Only the id counter may have been written before a failure; nothing after it. */
function expectNothingPartial(sent: SentCall[]): void {
  const failedAt = sent.findIndex((s) => s.failed);
  expect(failedAt).toBeGreaterThanOrEqual(0);
  const before = sent.slice(0, failedAt).filter((s) => WRITE_COMMANDS.has(s.command));
  for (const w of before) expect(w.command === 'UpdateCommand' && w.input.Key?.pk === PARTITION_KEYS.sequencia, JSON.stringify(w)).toBe(true);
  const after = sent.slice(failedAt + 1).filter((s) => WRITE_COMMANDS.has(s.command));
  expect(after).toEqual([]);
}

/** One row of the report table: fault → route → status. */
const observed: string[] = [];

beforeAll(() => {
  process.env.TABLE_NAME = 'faults-mock-table';
  // The open mode, said explicitly (an unset AUTH_MODE fails every request).
  process.env.AUTH_MODE = 'off';
  process.env.AWS_REGION = 'us-east-1';
  process.env.LOG_LEVEL = 'silent';
});
beforeEach(() => ddb.reset());
afterAll(() => {
  ddb.restore();
  if (process.env.FAULTS_REPORT) console.log(observed.join('\n'));
});

describe('every DynamoDB route without faults (the baseline the faults are injected into)', () => {
  it.each(ROUTE_REQUESTS.map((r) => [r.label, r] as const))('%s', async (_label, req) => {
    const sent = arrange(-1);
    const res = await invoke(req);
    expect(res.status, res.text).toBe(req.ok);
    expect(sent.length).toBeGreaterThan(0);
    expect(validator.checkResponse(req.method, routes.find((r) => r.routeKey === req.routeKey)!.path, res.status, res.body)).toEqual([]);
  });
});

describe('faults at every DynamoDB call of every route', () => {
  for (const req of ROUTE_REQUESTS) {
    describe(req.label, () => {
      for (const fault of FAULTS) {
        it(`${fault.name} → ${fault.kind === 'throttling' ? '503 + Retry-After' : '500'}, nothing partial, no internals`, async () => {
          const steps = arrange(-1);
          await invoke(req);
          const stepCount = steps.length;
          const targets = steps
            .map((s, i) => ({ ...s, i }))
            .filter((s) => !fault.transactionOnly || s.command === 'TransactWriteCommand');
          if (fault.transactionOnly && targets.length === 0) {
            // This route sends no transaction: the fault cannot happen here.
            expect(steps.some((s) => s.command === 'TransactWriteCommand')).toBe(false);
            return;
          }
          for (const { i, command } of targets) {
            const sent = arrange(i, fault.make);
            const res = await invoke(req);
            const expected = fault.kind === 'throttling' ? 503 : 500;
            expect(res.status, `${command} #${i}: ${res.text}`).toBe(expected);
            expect(res.body).toEqual({
              mensagem: expected === 503 ? MESSAGES.servicoIndisponivel : MESSAGES.erroInterno,
            });
            if (expected === 503) expect(res.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
            else expect(res.headers['retry-after']).toBeUndefined();
            for (const leak of [SECRET, 'arn:aws', 'Exception', 'Error', 'at ', 'stack', 'lambdas/']) {
              expect(res.text).not.toContain(leak);
            }
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            expect(validator.checkResponse(req.method, routes.find((r) => r.routeKey === req.routeKey)!.path, res.status, res.body)).toEqual([]);
            expectNothingPartial(sent);
            observed.push(`| ${fault.name} | ${req.routeKey} (${req.label}), call ${i + 1}/${stepCount} ${command} | ${res.status} |`);
          }
        });
      }
    });
  }
});

describe('a 5xx logs its cause with the request id, and only there', () => {
  it('writes one JSON line with the error name and message; the body stays generic', async () => {
    process.env.LOG_LEVEL = 'info';
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      arrange(0, FAULTS.find((f) => f.name === 'InternalServerError')!.make);
      const event = v2Event('GET', '/categorias/1');
      const res = await (await handlerFor('GET /categorias/{id}'))(event);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(SECRET);
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        level: 'error',
        routeKey: 'GET /categorias/{id}',
        status: 500,
        requestId: event.requestContext.requestId,
        error: { name: 'InternalServerError' },
      });
      expect(JSON.stringify(logged[0])).toContain(SECRET);
    } finally {
      spy.mockRestore();
      process.env.LOG_LEVEL = 'silent';
    }
  });
});
