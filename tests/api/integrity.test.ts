/**
 * Integrity under races, through the real local server on DynamoDB Local. Each race is staged
 * exactly: the store's test seam holds a write between its reads and its one DynamoDB write
 * (tests/support/write-gate.ts) while the racing request runs, so every test asserts the outcome
 * of the interleaving it names. Plus: a client list over 1 MB (several Query pages) comes back
 * whole.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { batchPut } from '../../lambdas/store/batch.ts';
import { reserveIds } from '../../lambdas/store/ids.ts';
import { isVipValue } from '../../lambdas/contract/limits.ts';
import { toCents } from '../../lambdas/store/aggregates.ts';
import { categoriaKey, CLIENT_COUNT, clienteItem, SEM_CATEGORIA_KEY } from '../../lambdas/store/items.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { holdWrites, openAllGates, writing } from '../support/write-gate.ts';
import { call, createCategoria, createCliente, startApi, type ApiResponse, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ loadHandler: loadHandlerInTestGraph });
});
afterEach(async () => {
  openAllGates();
  expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
});
afterAll(() => api?.close());

/** Clients stored with this category (read from the table itself, not through the API). */
const clientsOf = async (categoriaId: number) =>
  [...(await snapshot(api.doc, api.tableName)).clientes.values()].filter((c) => c.categoriaId === categoriaId).length;

const storedCategoria = async (id: number) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.categoria, sk: id }, ConsistentRead: true }))).Item;

const createIn = (categoriaId: number, i: number) =>
  call(api, 'POST', '/produtos', { nome: `Corrida ${i}`, valorContrato: 10, categoria: { id: categoriaId } });

const statuses = (rs: ApiResponse[]) => rs.map((r) => r.status);

describe('client creates racing the delete of their category', () => {
  it('the delete commits between the creates’ reads and their writes: delete 204, all 20 creates 400, no orphan', async () => {
    const cat = await createCategoria(api, 'Disputa 1');
    const gate = holdWrites(writing('cliente.put'), 20);
    const creates = Array.from({ length: 20 }, (_, i) => createIn(cat.id, i));
    await gate.reached(); // each read the category, took an id, and waits to write
    expect(await call(api, 'DELETE', `/categorias/${cat.id}`)).toMatchObject({ status: 204 });
    gate.releaseAll();
    const results = await Promise.all(creates);
    expect(statuses(results)).toEqual(Array(20).fill(400));
    for (const r of results) expect(r.body).toEqual({ mensagem: MESSAGES.categoriaInexistente(cat.id), campo: 'categoria.id' });
    expect(await storedCategoria(cat.id)).toBeUndefined();
    expect(await clientsOf(cat.id)).toBe(0);
  });

  it('the delete reads the empty category, then 20 creates commit before it writes: delete 409, all 201, count 20', async () => {
    const cat = await createCategoria(api, 'Disputa 2');
    const gate = holdWrites(writing('categoria.delete'));
    const del = call(api, 'DELETE', `/categorias/${cat.id}`);
    await gate.reached();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createIn(cat.id, i)));
    expect(statuses(results)).toEqual(Array(20).fill(201));
    gate.releaseAll();
    expect(await del).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaComClientes } });
    expect((await storedCategoria(cat.id))?.[CLIENT_COUNT]).toBe(20);
    expect(await clientsOf(cat.id)).toBe(20);
  });

  it('10 creates commit, the delete is refused, 10 held creates then commit: delete 409, all 201, count 20', async () => {
    const cat = await createCategoria(api, 'Disputa 3');
    const gate = holdWrites(writing('cliente.put'), 10);
    const held = Array.from({ length: 10 }, (_, i) => createIn(cat.id, i));
    await gate.reached();
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => createIn(cat.id, 10 + i)));
    expect(statuses(first)).toEqual(Array(10).fill(201));
    expect(await call(api, 'DELETE', `/categorias/${cat.id}`)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaComClientes } });
    gate.releaseAll();
    expect(statuses(await Promise.all(held))).toEqual(Array(10).fill(201));
    expect((await storedCategoria(cat.id))?.[CLIENT_COUNT]).toBe(20);
    expect(await clientsOf(cat.id)).toBe(20);
  });
});

describe('a client move racing the delete of its target category', () => {
  it('the target is deleted between the move’s reads and its write: move 400 on categoria.id, the client stays, counts exact', async () => {
    const from = await createCategoria(api, 'Mudança origem');
    const to = await createCategoria(api, 'Mudança destino');
    const c = await createCliente(api, { categoria: { id: from.id } });
    const gate = holdWrites(writing('cliente.replace'));
    const move = call(api, 'PUT', '/produtos', { ...c, categoria: { id: to.id } });
    await gate.reached();
    expect((await call(api, 'DELETE', `/categorias/${to.id}`)).status).toBe(204);
    gate.releaseAll();
    expect(await move).toMatchObject({ status: 400, body: { mensagem: MESSAGES.categoriaInexistente(to.id), campo: 'categoria.id' } });
    expect((await call(api, 'GET', `/produtos/${c.id}`)).body).toEqual(c);
    expect((await storedCategoria(from.id))?.[CLIENT_COUNT]).toBe(1);
  });
});

describe('two edits of one client', () => {
  const edit = (c: { id: number }, nome: string, versao?: number) =>
    call(api, 'PUT', '/produtos', { id: c.id, nome, valorContrato: 1, ...(versao !== undefined ? { versao } : {}) });

  it('with the same versao, the second to write loses: 409 stale, the first one’s values stay', async () => {
    const c = await createCliente(api, {});
    const gate = holdWrites(writing('cliente.replace'));
    const late = edit(c, 'Lenta', 1);
    await gate.reached();
    expect(await edit(c, 'Rápida', 1)).toMatchObject({ status: 200, body: { nome: 'Rápida', versao: 2 } });
    gate.releaseAll();
    expect(await late).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conflitoVersao } });
    expect((await call(api, 'GET', `/produtos/${c.id}`)).body).toMatchObject({ nome: 'Rápida', versao: 2 });
  });

  it('without versao, the second to write reads again and wins (last writer wins): versao 3', async () => {
    const c = await createCliente(api, {});
    const gate = holdWrites(writing('cliente.replace'));
    const late = edit(c, 'Lenta');
    await gate.reached();
    expect((await edit(c, 'Rápida')).status).toBe(200);
    gate.releaseAll();
    expect(await late).toMatchObject({ status: 200, body: { nome: 'Lenta', versao: 3 } });
    expect((await call(api, 'GET', `/produtos/${c.id}`)).body).toMatchObject({ nome: 'Lenta', versao: 3 });
  });

  // A move also writes both categories' totals in its transaction: the loser's must not count.
  const move = (c: { id: number }, categoriaId: number, versao?: number) =>
    call(api, 'PUT', '/produtos', { id: c.id, nome: 'Mudando', valorContrato: 1, categoria: { id: categoriaId }, ...(versao !== undefined ? { versao } : {}) });

  it('two moves with the same versao: the second to write loses with 409, the counts follow the first', async () => {
    const [home, late, fast] = await Promise.all(['Casa', 'Lenta', 'Rápida'].map((n) => createCategoria(api, `Mudança ${n} 1`)));
    const c = await createCliente(api, { categoria: { id: home!.id } });
    const gate = holdWrites(writing('cliente.replace'));
    const slow = move(c, late!.id, 1);
    await gate.reached();
    expect(await move(c, fast!.id, 1)).toMatchObject({ status: 200, body: { categoria: { id: fast!.id }, versao: 2 } });
    gate.releaseAll();
    expect(await slow).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conflitoVersao } });
    expect(await Promise.all([home!, late!, fast!].map((k) => clientsOf(k.id)))).toEqual([0, 0, 1]);
    expect((await Promise.all([home!, late!, fast!].map((k) => storedCategoria(k.id)))).map((k) => k?.[CLIENT_COUNT])).toEqual([0, 0, 1]);
  });

  it('two moves without versao: the second to write reads again and wins, the counts follow it', async () => {
    const [home, late, fast] = await Promise.all(['Casa', 'Lenta', 'Rápida'].map((n) => createCategoria(api, `Mudança ${n} 2`)));
    const c = await createCliente(api, { categoria: { id: home!.id } });
    const gate = holdWrites(writing('cliente.replace'));
    const slow = move(c, late!.id);
    await gate.reached();
    expect((await move(c, fast!.id)).status).toBe(200);
    gate.releaseAll();
    expect(await slow).toMatchObject({ status: 200, body: { categoria: { id: late!.id }, versao: 3 } });
    expect(await Promise.all([home!, late!, fast!].map((k) => clientsOf(k.id)))).toEqual([0, 1, 0]);
    expect((await Promise.all([home!, late!, fast!].map((k) => storedCategoria(k.id)))).map((k) => k?.[CLIENT_COUNT])).toEqual([0, 1, 0]);
  });
});

describe('two renames of one category', () => {
  it('with the same versao, the second to write loses: 409 stale, the first one’s name stays and the other is free', async () => {
    const cat = await createCategoria(api, 'Renomeada');
    const gate = holdWrites(writing('categoria.rename'));
    const late = call(api, 'PUT', '/categorias', { id: cat.id, descricao: 'Nome lento', versao: 1 });
    await gate.reached();
    expect(await call(api, 'PUT', '/categorias', { id: cat.id, descricao: 'Nome rápido', versao: 1 })).toMatchObject({
      status: 200,
      body: { descricao: 'Nome rápido', versao: 2 },
    });
    gate.releaseAll();
    expect(await late).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conflitoVersao } });
    expect((await call(api, 'GET', `/categorias/${cat.id}`)).body).toMatchObject({ descricao: 'Nome rápido', versao: 2 });
    // The loser's name was never claimed.
    expect((await call(api, 'POST', '/categorias', { descricao: 'Nome lento' })).status).toBe(201);
  });
});

describe('category names racing', () => {
  it('two creates of one name both past their reads: exactly one 201, the other 409 naming it as stored', async () => {
    const gate = holdWrites(writing('name.claim'), 2);
    const a = call(api, 'POST', '/categorias', { descricao: 'Corrida de nomes' });
    const b = call(api, 'POST', '/categorias', { descricao: ' CORRIDA  de  Nomes ' });
    await gate.reached();
    gate.releaseAll();
    const results = await Promise.all([a, b]);
    expect(statuses(results).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201)!;
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body).toEqual({ mensagem: MESSAGES.categoriaDuplicada(winner.body.descricao), campo: 'descricao' });
  });

  it('a rename past its reads while a create takes the new name: rename 409, its old name still its own', async () => {
    const cat = await createCategoria(api, 'Nome antigo');
    const gate = holdWrites(writing('categoria.rename'));
    const rename = call(api, 'PUT', '/categorias', { id: cat.id, descricao: 'Nome disputado' });
    await gate.reached();
    expect((await call(api, 'POST', '/categorias', { descricao: 'nome disputado' })).status).toBe(201);
    gate.releaseAll();
    expect(await rename).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaDuplicada('nome disputado'), campo: 'descricao' } });
    expect((await call(api, 'POST', '/categorias', { descricao: 'nome antigo' })).status).toBe(409);
  });

  it('a delete past its reads while the category is renamed: the delete reads again and frees the new name', async () => {
    const cat = await createCategoria(api, 'Antes do sumiço');
    const gate = holdWrites(writing('categoria.delete'));
    const del = call(api, 'DELETE', `/categorias/${cat.id}`);
    await gate.reached();
    expect((await call(api, 'PUT', '/categorias', { id: cat.id, descricao: 'Depois do sumiço' })).status).toBe(200);
    gate.releaseAll();
    expect((await del).status).toBe(204);
    // Both names are free again (the invariant check after each test sees no claim left behind).
    expect((await call(api, 'POST', '/categorias', { descricao: 'Antes do sumiço' })).status).toBe(201);
    expect((await call(api, 'POST', '/categorias', { descricao: 'Depois do sumiço' })).status).toBe(201);
  });
});

describe('a client list larger than 1 MB', () => {
  it('is returned whole, sorted, with every category joined', async () => {
    const cats = await Promise.all([1, 2, 3].map((i) => createCategoria(api, `Grande ${i} ${'ã'.repeat(80)}`)));
    // About 800 bytes of JSON per client (two-byte characters at the maximum lengths).
    const total = 1500;
    const first = await reserveIds('cliente', total, api);
    const clientes = Array.from({ length: total }, (_, i) => ({
      id: first + i,
      nome: `Cliente grande ${i} `.padEnd(120, 'é'),
      segmento: 'ç'.repeat(120),
      pontoFocal: 'ã'.repeat(120),
      valorContrato: 10000 + i / 100,
      categoriaId: i % 4 === 3 ? null : cats[i % 4]!.id,
      versao: 1,
      historico: 0,
    }));
    await batchPut(api, clientes.map(clienteItem));
    // Planted around the API: count them in their categories' totals (and Sem categoria's) as the API would.
    for (const key of [...cats.map((c) => categoriaKey(c.id)), SEM_CATEGORIA_KEY]) {
      const mine = clientes.filter((c) => (c.categoriaId ?? SEM_CATEGORIA_KEY.sk) === key.sk);
      await api.doc.send(
        new UpdateCommand({
          TableName: api.tableName,
          Key: key,
          UpdateExpression: 'ADD #count :n, vips :v, soma :s, somaVip :w',
          ExpressionAttributeNames: { '#count': CLIENT_COUNT },
          ExpressionAttributeValues: {
            ':n': mine.length,
            ':v': mine.filter((c) => isVipValue(c.valorContrato)).length,
            ':s': mine.reduce((sum, c) => sum + toCents(c.valorContrato), 0),
            ':w': mine.filter((c) => isVipValue(c.valorContrato)).reduce((sum, c) => sum + toCents(c.valorContrato), 0),
          },
        }),
      );
    }

    // The storage really needs several pages.
    const firstPage = await api.doc.send(
      new QueryCommand({
        TableName: api.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': PARTITION_KEYS.cliente },
      }),
    );
    expect(firstPage.LastEvaluatedKey).toEqual({ pk: PARTITION_KEYS.cliente, sk: expect.any(Number) });

    const r = await call(api, 'GET', '/produtos');
    expect(r.status).toBe(200);
    expect(Buffer.byteLength(r.text)).toBeGreaterThan(1024 * 1024);
    const big = (r.body as { id: number; categoria: { id: number; descricao: string } | null; nome: string }[]).filter(
      (p) => p.id >= first,
    );
    expect(big).toHaveLength(total);
    expect(big.map((p) => p.id)).toEqual(clientes.map((c) => c.id));
    big.forEach((p, i) => {
      const cat = i % 4 === 3 ? null : cats[i % 4]!;
      expect(p.categoria).toEqual(cat && { id: cat.id, descricao: cat.descricao });
      expect(p.nome).toBe(clientes[i]!.nome);
    });
  });
});
