/** Idempotent creates (`Idempotency-Key`) through the real local server on DynamoDB Local. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import { PARTITION_KEYS, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';
import { call, createCategoria, raw, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

let n = 0;
const freshKey = () => `chave-${Date.now()}-${++n}`;
const withKey = (key: string) => ({ 'idempotency-key': key });
const claimOf = async (route: string, key: string) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: `${PARTITION_KEYS.idempotencia}#${route}#${key}`, sk: 0 } })))
    .Item;

describe('POST /categorias with Idempotency-Key', () => {
  it('8 parallel POSTs with one key create one record and all answer the same id; a later retry too', async () => {
    const key = freshKey();
    const descricao = `Idempotente ${key}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(api, 'POST', '/categorias', { descricao }, withKey(key))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const first = results[0]!.body;
    for (const r of results) expect(r.body).toEqual(first);
    const list = (await call(api, 'GET', '/categorias')).body as { descricao: string }[];
    expect(list.filter((c) => c.descricao === descricao)).toHaveLength(1);

    const retry = await call(api, 'POST', '/categorias', { descricao }, withKey(key));
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first);
  });

  it('stores the claim with an expiry 24 hours ahead', async () => {
    const key = freshKey();
    const before = Math.floor(Date.now() / 1000);
    const r = await call(api, 'POST', '/categorias', { descricao: 'Com validade' }, withKey(key));
    const claim = await claimOf('POST /categorias', key);
    expect(claim?.[TTL_ATTRIBUTE]).toBeGreaterThanOrEqual(before + LIMITS.idempotencyTtlSeconds);
    expect(claim?.[TTL_ATTRIBUTE]).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + LIMITS.idempotencyTtlSeconds);
    expect(JSON.parse(claim?.responseBody)).toEqual(r.body);
  });

  it('treats bodies equal after validation as the same body (trimming, unknown fields, key order)', async () => {
    const key = freshKey();
    const a = await call(api, 'POST', '/categorias', { descricao: 'Mesma' }, withKey(key));
    const b = await call(api, 'POST', '/categorias', { extra: 1, descricao: '  Mesma ' }, withKey(key));
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
  });

  it('answers 422 for the same key with another body, creating nothing', async () => {
    const key = freshKey();
    const first = await call(api, 'POST', '/categorias', { descricao: 'Primeira' }, withKey(key));
    const other = await call(api, 'POST', '/categorias', { descricao: 'Outra' }, withKey(key));
    expect(other).toMatchObject({ status: 422, body: { mensagem: MESSAGES.idempotenciaCorpoDiferente } });
    const list = (await call(api, 'GET', '/categorias')).body as { descricao: string }[];
    expect(list.some((c) => c.descricao === 'Outra')).toBe(false);
    expect((await call(api, 'POST', '/categorias', { descricao: 'Primeira' }, withKey(key))).body).toEqual(first.body);
  });

  it('treats an expired claim as absent (TTL deletes late): a new record is created', async () => {
    const key = freshKey();
    await api.doc.send(
      new PutCommand({
        TableName: api.tableName,
        Item: {
          pk: `${PARTITION_KEYS.idempotencia}#POST /categorias#${key}`,
          sk: 0,
          bodyHash: 'antigo',
          responseStatus: 201,
          responseBody: JSON.stringify({ id: 424242, descricao: 'Expirada', versao: 1 }),
          [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) - 60,
        },
      }),
    );
    const r = await call(api, 'POST', '/categorias', { descricao: 'Expirada' }, withKey(key));
    expect(r.status).toBe(201);
    expect(r.body.id).not.toBe(424242);
    expect((await call(api, 'GET', `/categorias/${r.body.id}`)).status).toBe(200);
    expect(JSON.parse((await claimOf('POST /categorias', key))?.responseBody)).toEqual(r.body);
  });

  it('does not claim the key when the request fails validation', async () => {
    const key = freshKey();
    expect((await call(api, 'POST', '/categorias', { descricao: '' }, withKey(key))).status).toBe(400);
    expect(await claimOf('POST /categorias', key)).toBeUndefined();
    expect((await call(api, 'POST', '/categorias', { descricao: 'Agora vai' }, withKey(key))).status).toBe(201);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(LIMITS.idempotencyKeyMaxLength + 1)],
    ['with spaces', 'chave com espaço'],
    ['with a tab', 'a\tb'],
  ])('refuses an invalid key (%s) with 400', async (_, key) => {
    const r = await raw(api, 'POST', '/categorias', {
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ descricao: 'Chave ruim' }),
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body.toString())).toEqual({ mensagem: MESSAGES.idempotenciaChaveInvalida(LIMITS.idempotencyKeyMaxLength) });
  });

  it('accepts a key of exactly the maximum length', async () => {
    const key = `${freshKey()}-`.padEnd(LIMITS.idempotencyKeyMaxLength, 'k');
    expect((await call(api, 'POST', '/categorias', { descricao: 'Chave longa' }, withKey(key))).status).toBe(201);
  });
});

describe('POST /produtos with Idempotency-Key', () => {
  it('8 parallel POSTs create one client and count it once', async () => {
    const cat = await createCategoria(api, 'Contagem idempotente');
    const key = freshKey();
    const body = { nome: `Cliente ${key}`, valorContrato: 12000.5, categoria: { id: cat.id } };
    const results = await Promise.all(Array.from({ length: 8 }, () => call(api, 'POST', '/produtos', body, withKey(key))));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(results[0]!.body).toMatchObject({ categoria: { id: cat.id, descricao: 'Contagem idempotente' }, versao: 1 });
    const list = (await call(api, 'GET', '/produtos')).body as { nome: string }[];
    expect(list.filter((p) => p.nome === body.nome)).toHaveLength(1);
    const stored = await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.categoria, sk: cat.id } }));
    expect(stored.Item?.produtos).toBe(1);
    expect((await call(api, 'POST', '/produtos', body, withKey(key))).body).toEqual(results[0]!.body);
    expect((await call(api, 'POST', '/produtos', { ...body, valorContrato: 1 }, withKey(key))).status).toBe(422);
  });

  it('scopes keys per route: the same key creates once on each route', async () => {
    const key = freshKey();
    const cat = await call(api, 'POST', '/categorias', { descricao: 'Escopo' }, withKey(key));
    const cli = await call(api, 'POST', '/produtos', { nome: 'Escopo', valorContrato: 1 }, withKey(key));
    expect([cat.status, cli.status]).toEqual([201, 201]);
    expect(cli.body).toMatchObject({ nome: 'Escopo' });
    expect(await claimOf('POST /categorias', key)).toBeDefined();
    expect(await claimOf('POST /produtos', key)).toBeDefined();
  });

  it('does not claim the key when the category does not exist', async () => {
    const key = freshKey();
    const r = await call(api, 'POST', '/produtos', { nome: 'Órfão', valorContrato: 1, categoria: { id: 5555555 } }, withKey(key));
    expect(r).toMatchObject({ status: 400, body: { mensagem: MESSAGES.categoriaInexistente(5555555) } });
    expect(await claimOf('POST /produtos', key)).toBeUndefined();
  });
});
