/**
 * Faults a real DynamoDB Local cannot produce (throttling, transaction conflicts, internal
 * errors), with aws-sdk-client-mock, calling the handler functions directly with v2 events.
 */
import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { RETRY_AFTER_SECONDS } from '../../lambdas/http/errors.ts';
import { CLIENT_COUNT, CLIENTE_LIST_PROJECTION, REF_PROJECTION } from '../../lambdas/store/items.ts';
import { PAGINA_PATH } from '../../lambdas/services/clientes.ts';
import { PK } from '../../lambdas/store/table.ts';
import { TAREFA_PK } from '../../lambdas/store/tarefas.ts';
import { TRANSACTION_ATTEMPTS } from '../../lambdas/store/write.ts';
import { COMMANDS } from '../contract/faults.ts';
import { invoke } from './events.ts';

const { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } = COMMANDS;

const ddb = mockClient(DynamoDBDocumentClient);
const SECRET = 'arn:aws:dynamodb:sa-east-1:123456789012:table/segredo internal detail';
let logs: string[];

beforeAll(() => {
  // The open mode, said explicitly (an unset AUTH_MODE fails every request).
  Object.assign(process.env, { TABLE_NAME: 'mock-table', AWS_REGION: 'us-east-1', LOG_LEVEL: 'info', AUTH_MODE: 'off' });
});
beforeEach(() => {
  ddb.reset();
  // No client has a next tarefa (the whole list reads their partition with the clients).
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': TAREFA_PK.proxima } }).resolves({ Items: [] });
  logs = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logs.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => ddb.restore());

const meta = { $metadata: {} };
const throttled = () => new ProvisionedThroughputExceededException({ message: `Throughput exceeded ${SECRET}`, ...meta });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled ${SECRET}`,
    CancellationReasons: codes.map((Code) => ({ Code })),
    ...meta,
  });
const categoria = { pk: PK.categoria, sk: 3, descricao: 'Varejo', produtos: 0, versao: 1 };

function expectNoInternals(body: string | undefined) {
  expect(body ?? '').not.toMatch(/segredo|arn:aws|Exception|stack|at .*\.ts/);
}

describe('throttling → 503 with Retry-After', () => {
  it.each([
    ['ProvisionedThroughputExceededException', throttled],
    ['ThrottlingException', () => Object.assign(new Error(`Rate exceeded ${SECRET}`), { name: 'ThrottlingException' })],
    ['RequestLimitExceeded', () => Object.assign(new Error(`Limit ${SECRET}`), { name: 'RequestLimitExceeded' })],
  ])('%s on a read', async (_, error) => {
    ddb.on(QueryCommand).rejects(error());
    const { result, json } = await invoke('GET', '/categorias');
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(json).toEqual({ mensagem: MESSAGES.servicoIndisponivel });
    expectNoInternals(result.body);
  });

  it('a transaction cancelled for throttling', async () => {
    ddb.on(GetCommand).resolves({ Item: { sk: 3, descricao: 'Varejo', somaVip: 0 } });
    ddb.on(UpdateCommand).resolves({ Attributes: { produto: 10 } });
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ThrottlingError'));
    const { result, json } = await invoke('POST', '/produtos', { body: { nome: 'X', valorContrato: 1, categoria: { id: 3 } } });
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(json).toEqual({ mensagem: MESSAGES.servicoIndisponivel });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('other failures → 500 without internals', () => {
  it.each([
    ['an SDK error', () => new InternalServerError({ message: `Internal ${SECRET}`, ...meta })],
    ['a network error', () => Object.assign(new Error(`socket hang up ${SECRET}`), { code: 'ECONNRESET' })],
    ['a bug', () => new TypeError(`Cannot read properties of undefined ${SECRET}`)],
  ])('%s', async (_, error) => {
    ddb.on(GetCommand).rejects(error());
    const { result, json } = await invoke('GET', '/produtos/5');
    expect(result.statusCode).toBe(500);
    expect(json).toEqual({ mensagem: MESSAGES.erroInterno });
    expectNoInternals(result.body);
    expect(Object.keys(result.headers ?? {})).not.toContain('retry-after');
  });

  it('a missing TABLE_NAME fails fast with a 500 and says why in the log only', async () => {
    const saved = process.env.TABLE_NAME;
    delete process.env.TABLE_NAME;
    try {
      const { result, json } = await invoke('GET', '/categorias');
      expect(result.statusCode).toBe(500);
      expect(json).toEqual({ mensagem: MESSAGES.erroInterno });
      expect(result.body).not.toContain('TABLE_NAME');
      expect(JSON.parse(logs[0]!).error.message).toContain('TABLE_NAME');
      expect(ddb.calls()).toHaveLength(0);
    } finally {
      process.env.TABLE_NAME = saved;
    }
  });
});

describe('TransactionConflict', () => {
  const body = { nome: 'Conflito', valorContrato: 1, categoria: { id: 3 } };
  beforeEach(() => {
    ddb.on(GetCommand).resolves({ Item: { sk: 3, descricao: 'Varejo', somaVip: 0 } });
    ddb.on(UpdateCommand).resolves({ Attributes: { produto: 42 } });
  });

  it(`is retried ${TRANSACTION_ATTEMPTS} times in all, then mapped to 409`, async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'TransactionConflict'));
    const { result, json } = await invoke('POST', '/produtos', { body });
    expect(result.statusCode).toBe(409);
    expect(json).toEqual({ mensagem: MESSAGES.conflitoConcorrente });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(TRANSACTION_ATTEMPTS);
    expectNoInternals(result.body);
  });

  it('with an Idempotency-Key, a persistent conflict says the request is still in progress', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'TransactionConflict'));
    const { result, json } = await invoke('POST', '/produtos', { body, headers: { 'idempotency-key': 'k-1' } });
    expect(result.statusCode).toBe(409);
    expect(json).toEqual({ mensagem: MESSAGES.idempotenciaEmAndamento });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(TRANSACTION_ATTEMPTS);
  });

  it('that clears on a retry ends in success', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .resolves({});
    const { result, json } = await invoke('POST', '/produtos', { body });
    expect(result.statusCode).toBe(201);
    expect(json).toMatchObject({ id: 42, nome: 'Conflito', categoria: { id: 3, descricao: 'Varejo' }, versao: 1 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('on a client move is retried and then mapped the same way', async () => {
    ddb.on(GetCommand, { Key: { pk: PK.cliente, sk: 8 } }).resolves({
      Item: { pk: PK.cliente, sk: 8, nome: 'M', segmento: '', pontoFocal: '', valorContrato: 1, categoriaId: 2, versao: 4 },
    });
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None', 'None'));
    const { result } = await invoke('PUT', '/produtos', { body: { ...body, id: 8 } });
    expect(result.statusCode).toBe(409);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(TRANSACTION_ATTEMPTS);
  });
});

describe('reads', () => {
  it('a client list reads the categories once (every page of one Query) and never per client', async () => {
    const cat = (sk: number) => ({ sk, descricao: `Cat ${sk}` });
    const cli = (sk: number, categoriaId?: number) => ({
      sk, nome: `C${sk}`, segmento: '', pontoFocal: '', valorContrato: sk, versao: 1, ...(categoriaId ? { categoriaId } : {}),
    });
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': PK.categoria } })
      .resolvesOnce({ Items: [cat(1)], LastEvaluatedKey: { pk: PK.categoria, sk: 1 } })
      .resolvesOnce({ Items: [cat(2)] });
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': PK.cliente } })
      .resolvesOnce({ Items: [cli(1, 1), cli(2)], LastEvaluatedKey: { pk: PK.cliente, sk: 2 } })
      .resolvesOnce({ Items: [cli(3, 2)], LastEvaluatedKey: { pk: PK.cliente, sk: 3 } })
      .resolvesOnce({ Items: [cli(4, 1)] });
    const { result, json } = await invoke('GET', '/produtos');
    expect(result.statusCode).toBe(200);
    expect(json.map((p: { id: number; categoria: unknown }) => [p.id, p.categoria])).toEqual([
      [1, { id: 1, descricao: 'Cat 1' }],
      [2, null],
      [3, { id: 2, descricao: 'Cat 2' }],
      [4, { id: 1, descricao: 'Cat 1' }],
    ]);
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    const of = (pk: string) => queries.filter((q) => q.ExpressionAttributeValues?.[':pk'] === pk);
    // Each page starts where the previous one stopped, with exactly its LastEvaluatedKey.
    expect(of(PK.categoria).map((q) => q.ExclusiveStartKey)).toEqual([undefined, { pk: PK.categoria, sk: 1 }]);
    expect(of(PK.cliente).map((q) => q.ExclusiveStartKey)).toEqual([undefined, { pk: PK.cliente, sk: 2 }, { pk: PK.cliente, sk: 3 }]);
    // Strongly consistent, and only the attributes the answer needs (the categories' counts, which
    // say whether the whole list may be read at all; never the keys' pk; the list never the
    // clients' observacoes).
    for (const q of of(PK.categoria)) expect(q).toMatchObject({ ConsistentRead: true, ProjectionExpression: `${REF_PROJECTION}, ${CLIENT_COUNT}` });
    for (const q of of(PK.cliente)) expect(q).toMatchObject({ ConsistentRead: true, ProjectionExpression: CLIENTE_LIST_PROJECTION });
    expect(CLIENTE_LIST_PROJECTION).not.toMatch(/observacoes/);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });
});

describe('a category created during a client list', () => {
  it('is picked up by reading the categories once more, still without a GetItem per client', async () => {
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': PK.categoria } })
      .resolvesOnce({ Items: [{ sk: 1, descricao: 'Antiga' }] })
      .resolvesOnce({ Items: [{ sk: 1, descricao: 'Antiga' }, { sk: 2, descricao: 'Nova' }] });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': PK.cliente } }).resolves({
      Items: [{ sk: 9, nome: 'N', segmento: '', pontoFocal: '', valorContrato: 1, categoriaId: 2, versao: 1 }],
    });
    const { json } = await invoke('GET', '/produtos');
    expect(json[0].categoria).toEqual({ id: 2, descricao: 'Nova' });
    // The categories twice, the clients and their next tarefas once each.
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(4);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });
});

describe("Lambda's 6 MB response cap", () => {
  it('the whole client list that would exceed it is a 413 saying to use the paged form', async () => {
    const big = Array.from({ length: 16_000 }, (_, sk) => ({
      sk, nome: 'n'.repeat(120), segmento: 's'.repeat(120), pontoFocal: 'p'.repeat(120), valorContrato: 1, versao: 1,
    }));
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': PK.categoria } }).resolves({ Items: [] });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': PK.cliente } }).resolves({ Items: big });
    const { result, json } = await invoke('GET', '/produtos', { headers: { 'accept-encoding': 'identity' } });
    expect(result.statusCode).toBe(413);
    expect(json).toEqual({ mensagem: MESSAGES.listaGrande(PAGINA_PATH) });
    expect(json.mensagem).not.toMatch(/Tente novamente mais tarde/);
    // Compressed, the same list fits.
    logs = [];
    const compressed = await invoke('GET', '/produtos', { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.result.statusCode).toBe(200);
    expect(compressed.result.headers?.['content-encoding']).toBe('gzip');
  });
});

describe('the log line', () => {
  it('is one JSON line per request with method, route, status, duration and request id', async () => {
    ddb.on(GetCommand).resolves({ Item: categoria });
    const { event, result } = await invoke('GET', '/categorias/3');
    expect(result.statusCode).toBe(200);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.endsWith('\n')).toBe(true);
    const line = JSON.parse(logs[0]!);
    expect(line).toEqual({
      level: 'info',
      msg: 'request',
      method: 'GET',
      routeKey: 'GET /categorias/{id}',
      status: 200,
      durationMs: expect.any(Number),
      requestId: event.requestContext.requestId,
    });
  });

  it('carries the cause of a 5xx (name, message, stack), never a 4xx body or the response', async () => {
    ddb.on(GetCommand).rejects(new InternalServerError({ message: `boom ${SECRET}`, ...meta }));
    const { result } = await invoke('DELETE', '/categorias/3');
    expect(result.statusCode).toBe(500);
    const line = JSON.parse(logs[0]!);
    expect(line).toMatchObject({ level: 'error', status: 500, routeKey: 'DELETE /categorias/{id}' });
    expect(line.error).toMatchObject({ name: 'InternalServerError', message: `boom ${SECRET}` });
    expect(line.error.stack).toContain('InternalServerError');

    logs = [];
    await invoke('GET', '/categorias/abc');
    expect(logs).toHaveLength(1);
    const bad = JSON.parse(logs[0]!);
    expect(bad).toMatchObject({ level: 'info', status: 400 });
    expect(bad).not.toHaveProperty('error');
  });

  it('logs the fallback and preflight too', async () => {
    await invoke('OPTIONS', '/categorias', { headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' } });
    await invoke('PATCH', '/categorias');
    expect(logs.map((l) => JSON.parse(l)).map((l) => [l.method, l.routeKey, l.status])).toEqual([
      ['OPTIONS', '$default', 204],
      ['PATCH', '$default', 405],
    ]);
  });
});

describe('no internals in any body', () => {
  it('across every route when the store fails', async () => {
    const failure = new InternalServerError({ message: `store down ${SECRET}`, ...meta });
    ddb.on(GetCommand).rejects(failure);
    ddb.on(QueryCommand).rejects(failure);
    ddb.on(PutCommand).rejects(failure);
    ddb.on(UpdateCommand).rejects(failure);
    ddb.on(DeleteCommand).rejects(failure);
    ddb.on(TransactWriteCommand).rejects(failure);
    const calls: [string, string, unknown?][] = [
      ['GET', '/categorias'],
      ['GET', '/categorias/1'],
      ['POST', '/categorias', { descricao: 'x' }],
      ['PUT', '/categorias', { id: 1, descricao: 'x' }],
      ['DELETE', '/categorias/1'],
      ['GET', '/produtos'],
      ['GET', '/produtos/1'],
      ['POST', '/produtos', { nome: 'x', valorContrato: 1 }],
      ['PUT', '/produtos', { id: 1, nome: 'x', valorContrato: 1 }],
      ['DELETE', '/produtos/1'],
    ];
    for (const [method, path, body] of calls) {
      const { result, json } = await invoke(method, path, body === undefined ? {} : { body });
      expect(result.statusCode, `${method} ${path}`).toBe(500);
      expect(json).toEqual({ mensagem: MESSAGES.erroInterno });
      expectNoInternals(result.body);
    }
  });
});
