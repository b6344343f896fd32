/**
 * Conflicts DynamoDB Local never produces: TransactionCanceledException with TransactionConflict
 * on every route that writes in a transaction (retried with backoff, then 409), and a record
 * that changes between a handler's read and its conditional write (re-read and retried, then 409).
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { buildOpenApiDocument } from '../../lambdas/openapi/document.ts';
import { routes } from '../../lambdas/routes.ts';
import { WRITE_ATTEMPTS } from '../../lambdas/services/outcomes.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { TRANSACTION_ATTEMPTS } from '../../lambdas/store/write.ts';
import {
  ROUTE_REQUESTS,
  SECRET,
  arrangeWorld,
  invoke,
  transactionCanceled,
  type RouteRequest,
  type SentCall,
} from '../contract/faults.ts';
import { createOpenApiValidator } from '../contract/openapi-validator.ts';

const ddb = mockClient(DynamoDBDocumentClient);
const validator = createOpenApiValidator(buildOpenApiDocument());
/** The answer matches the OpenAPI document for its route and status. */
const expectDocumented = (req: RouteRequest, status: number, body: unknown) =>
  expect(validator.checkResponse(req.method, routes.find((r) => r.routeKey === req.routeKey)!.path, status, body)).toEqual([]);

beforeAll(() => {
  process.env.TABLE_NAME = 'faults-conflicts-table';
  // The open mode, said explicitly (an unset AUTH_MODE fails every request).
  process.env.AUTH_MODE = 'off';
  process.env.AWS_REGION = 'us-east-1';
  process.env.LOG_LEVEL = 'silent';
});
afterAll(() => ddb.restore());

const request = (label: string): RouteRequest => {
  const r = ROUTE_REQUESTS.find((x) => x.label === label);
  if (!r) throw new Error(label);
  return r;
};

/** The routes whose request writes with TransactWriteItems, and the 409 message each gives. */
const TRANSACTIONAL: { req: RouteRequest; mensagem: string }[] = [
  // A category write holds its name claim in the same transaction.
  { req: request('create categoria'), mensagem: MESSAGES.conflitoConcorrente },
  { req: request('update categoria'), mensagem: MESSAGES.conflitoConcorrente },
  { req: request('remove categoria'), mensagem: MESSAGES.conflitoConcorrente },
  { req: request('create categoria with Idempotency-Key'), mensagem: MESSAGES.idempotenciaEmAndamento },
  { req: request('create cliente in a category with Idempotency-Key'), mensagem: MESSAGES.idempotenciaEmAndamento },
  {
    req: { ...request('create cliente without category'), label: 'create cliente in a category', body: { nome: 'X', valorContrato: 1, categoria: { id: 1 } } },
    mensagem: MESSAGES.conflitoConcorrente,
  },
  { req: request('update cliente, move to another category'), mensagem: MESSAGES.conflitoConcorrente },
  { req: request('remove cliente in a category'), mensagem: MESSAGES.conflitoConcorrente },
];

const transactions = (sent: readonly SentCall[]) => sent.filter((c) => c.command === 'TransactWriteCommand');
const itemCount = (call: SentCall) => (call.input.TransactItems as unknown[]).length;

describe('TransactionConflict is retried with backoff, then answered 409', () => {
  for (const { req, mensagem } of TRANSACTIONAL) {
    it(`${req.label}: a persistent conflict → ${TRANSACTION_ATTEMPTS} attempts, then 409`, async () => {
      const sent = arrangeWorld(ddb, (call) =>
        call.command === 'TransactWriteCommand' ? transactionCanceled('TransactionConflict', itemCount(call as SentCall)) : undefined,
      );
      const res = await invoke(req);
      expect(res.status, res.text).toBe(409);
      expect(res.body).toEqual({ mensagem });
      expect(res.text).not.toContain(SECRET);
      expectDocumented(req, res.status, res.body);
      const tx = transactions(sent);
      expect(tx).toHaveLength(TRANSACTION_ATTEMPTS);
      // Every attempt is the same transaction (nothing half-applied in between), and it is the last call.
      for (const t of tx) expect(t.input).toEqual(tx[0]!.input);
      expect(sent.at(-1)!.command).toBe('TransactWriteCommand');
      // No write outside the (cancelled) transactions but the id counter.
      const others = sent.filter((c) => c.command !== 'TransactWriteCommand' && c.command !== 'GetCommand');
      for (const o of others) expect(o.input.Key?.pk).toBe(PARTITION_KEYS.sequencia);
    });

    it(`${req.label}: two conflicts, then success → ${req.ok} after 3 attempts`, async () => {
      const sent = arrangeWorld(ddb, (call, before) =>
        call.command === 'TransactWriteCommand' && transactions(before).length < 2
          ? transactionCanceled('TransactionConflict', itemCount(call as SentCall))
          : undefined,
      );
      const res = await invoke(req);
      expect(res.status, res.text).toBe(req.ok);
      expect(transactions(sent)).toHaveLength(3);
      // One id only: the retry reuses the transaction, it does not take a new id from the counter.
      expect(sent.filter((c) => c.input.Key?.pk === PARTITION_KEYS.sequencia).length).toBeLessThanOrEqual(1);
    });

    it(`${req.label}: a conflict, then throttling → 503 + Retry-After`, async () => {
      const sent = arrangeWorld(ddb, (call, before) =>
        call.command === 'TransactWriteCommand'
          ? transactionCanceled(transactions(before).length === 0 ? 'TransactionConflict' : 'ThrottlingError', itemCount(call as SentCall))
          : undefined,
      );
      const res = await invoke(req);
      expect(res.status, res.text).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.body).toEqual({ mensagem: MESSAGES.servicoIndisponivel });
      expect(transactions(sent)).toHaveLength(2);
    });
  }
});

/** A client as DynamoDB returns it in a condition failure (raw AttributeValues): it exists, at another versao. */
const changedClient = { pk: { S: PARTITION_KEYS.cliente }, sk: { N: '1' }, nome: { S: 'Cliente 1' }, versao: { N: '2' } };

describe('a record that changes between the read and the conditional write is read again', () => {
  const sameCategory = request('update cliente, same category');
  const { versao: _versao, ...withoutVersao } = sameCategory.body as Record<string, unknown>;
  // With its history entry, each is one transaction whose first item is the client's own write.
  const write = 'TransactWriteCommand';
  const cases: { req: RouteRequest }[] = [
    { req: { ...sameCategory, label: 'update cliente without versao, same category', body: withoutVersao } },
    { req: request('remove cliente without category') },
  ];
  const clientChanged = (call: SentCall) => transactionCanceled('ConditionalCheckFailed', itemCount(call), changedClient);
  for (const { req } of cases) {
    it(`${req.label}: keeps changing → ${WRITE_ATTEMPTS} read+write rounds, then 409`, async () => {
      const sent = arrangeWorld(ddb, (call) =>
        call.command === write ? clientChanged(call as SentCall) : undefined,
      );
      const res = await invoke(req);
      expect(res.status, res.text).toBe(409);
      expect(res.body).toEqual({ mensagem: MESSAGES.conflitoConcorrente });
      expectDocumented(req, res.status, res.body);
      const writes = sent.filter((c) => c.command === write);
      expect(writes).toHaveLength(WRITE_ATTEMPTS);
      // Each write is preceded by a fresh read of the client.
      const reads = sent.filter((c) => c.command === 'GetCommand' && c.input.Key?.pk === PARTITION_KEYS.cliente);
      expect(reads).toHaveLength(WRITE_ATTEMPTS);
      expect(sent.at(-1)!.command).toBe(write);
    });

    it(`${req.label}: changed once → read again and ${req.ok}`, async () => {
      const sent = arrangeWorld(ddb, (call, before) =>
        call.command === write && before.every((c) => c.command !== write) ? clientChanged(call as SentCall) : undefined,
      );
      const res = await invoke(req);
      expect(res.status, res.text).toBe(req.ok);
      expect(sent.filter((c) => c.command === write)).toHaveLength(2);
    });
  }

  it('update cliente with versao: changed meanwhile → 409 stale versao at once (the sender must reload)', async () => {
    const sent = arrangeWorld(ddb, (call) => (call.command === write ? clientChanged(call as SentCall) : undefined));
    const res = await invoke(sameCategory);
    expect(res).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conflitoVersao } });
    expect(sent.filter((c) => c.command === write)).toHaveLength(1);
  });

  it('remove cliente in a category: its client changed category meanwhile → re-read, retried in a new transaction', async () => {
    const sent = arrangeWorld(ddb, (call, before) =>
      call.command === 'TransactWriteCommand' && transactions(before).length === 0
        ? transactionCanceled('ConditionalCheckFailed', 2, changedClient)
        : undefined,
    );
    const res = await invoke(request('remove cliente in a category'));
    expect(res.status, res.text).toBe(204);
    expect(transactions(sent)).toHaveLength(2);
    // Each attempt reads the client again, and its category's name (kept on the trash copy).
    const reads = sent.filter((c) => c.command === 'GetCommand').map((c) => (c.input as { Key: { pk: string } }).Key.pk);
    expect(reads.filter((pk) => pk === PARTITION_KEYS.cliente)).toHaveLength(2);
    expect(reads.filter((pk) => pk === PARTITION_KEYS.categoria)).toHaveLength(2);
  });
});
