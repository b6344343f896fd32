/**
 * The portfolio's totals, through the real local server on DynamoDB Local: kept exact by every
 * kind of client write (in the same transaction), under races, counted once on a table from
 * before them; GET /resumo answers them with ONE DynamoDB request (counted on the handlers' own
 * client); the "Sem categoria" item never shows as a category; GET /atividades reads the
 * activity feed newest first.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isVipValue, RECENT_ACTIVITY_LIMIT, type Resumo } from '../../lambdas/contract/index.ts';
import { documentClient } from '../../lambdas/store/client.ts';
import { forgetSeenTotals } from '../../lambdas/store/aggregates.ts';
import { CENTS_SUM, SEM_CATEGORIA_KEY, VIP_COUNT } from '../../lambdas/store/items.ts';
import { PARTITION_KEYS, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { holdWrites, openAllGates, writing } from '../support/write-gate.ts';
import { call, createCategoria, createCliente, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
/** DynamoDB commands the handlers sent (their shared client, in this module graph). */
const sent: string[] = [];
beforeAll(async () => {
  api = await startApi({ loadHandler: loadHandlerInTestGraph });
  documentClient().middlewareStack.add(
    (next, context) => (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'countRequests' },
  );
});
afterEach(async () => {
  openAllGates();
  expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
});
afterAll(() => api?.close());

const resumo = async (): Promise<Resumo> => {
  const r = await call<Resumo>(api, 'GET', '/resumo');
  expect(r.status).toBe(200);
  return r.body;
};

/** The totals a full recount of GET /produtos gives (cents, so sums are exact). */
async function recount(): Promise<Resumo> {
  const clientes = (await call<{ valorContrato: number; categoria: { id: number; descricao: string } | null }[]>(api, 'GET', '/produtos')).body;
  const categorias = (await call<{ id: number; descricao: string }[]>(api, 'GET', '/categorias')).body;
  const blank = () => ({ clientes: 0, vips: 0, cents: 0 });
  const by = new Map<number, ReturnType<typeof blank>>(categorias.map((c) => [c.id, blank()]));
  const sem = blank();
  for (const c of clientes) {
    const t = c.categoria ? by.get(c.categoria.id)! : sem;
    t.clientes++;
    if (isVipValue(c.valorContrato)) t.vips++;
    t.cents += Math.round(c.valorContrato * 100);
  }
  const totais = (t: ReturnType<typeof blank>) => ({ clientes: t.clientes, vips: t.vips, soma: t.cents / 100 });
  const all = [...by.values(), sem].reduce((a, t) => ({ clientes: a.clientes + t.clientes, vips: a.vips + t.vips, cents: a.cents + t.cents }), blank());
  return {
    ...totais(all),
    categorias: categorias.map((c) => ({ id: c.id, descricao: c.descricao, ...totais(by.get(c.id)!) })),
    semCategoria: totais(sem),
  };
}

const expectExact = async () => expect(await resumo()).toEqual(await recount());

describe('totals kept by every kind of client write', () => {
  it('create, change of value, move, move with a new value, out of any category, delete: each step equals a recount', async () => {
    const varejo = await createCategoria(api, 'Varejo Totais');
    const saude = await createCategoria(api, 'Saúde Totais');
    await expectExact();
    const a = await createCliente(api, { nome: 'A', valorContrato: 10000.01, categoria: { id: varejo.id } }); // VIP
    const b = await createCliente(api, { nome: 'B', valorContrato: 10000, categoria: { id: varejo.id } }); // not VIP
    const c = await createCliente(api, { nome: 'C', valorContrato: 0.1, categoria: null });
    await createCliente(api, { nome: 'D', valorContrato: 0.2, categoria: null });
    await expectExact();
    const r = await resumo();
    expect(r.categorias.find((x) => x.id === varejo.id)).toEqual({ id: varejo.id, descricao: 'Varejo Totais', clientes: 2, vips: 1, soma: 20000.01 });
    // 0.1 + 0.2 in cents: exactly 0.3.
    expect(r.semCategoria).toEqual({ clientes: 2, vips: 0, soma: 0.3 });

    const put = (x: { id: number; nome: string }, valorContrato: number, categoria: { id: number } | null) =>
      call(api, 'PUT', '/produtos', { id: x.id, nome: x.nome, valorContrato, categoria });
    expect((await put(b, 25000, { id: varejo.id })).status).toBe(200); // becomes VIP in place
    await expectExact();
    expect((await put(a, 10000.01, { id: saude.id })).status).toBe(200); // moves, same value
    await expectExact();
    expect((await put(b, 500, { id: saude.id })).status).toBe(200); // moves and stops being VIP
    await expectExact();
    expect((await put(c, 99999, { id: varejo.id })).status).toBe(200); // into a category
    expect((await put(a, 1, null)).status).toBe(200); // out of any
    await expectExact();
    expect((await put(a, 1, null)).status).toBe(200); // nothing changes
    await expectExact();
    expect((await call(api, 'DELETE', `/produtos/${b.id}`)).status).toBe(204);
    expect((await call(api, 'DELETE', `/produtos/${a.id}`)).status).toBe(204);
    await expectExact();
  });

  it('a category rename keeps its totals (only the client writes change them)', async () => {
    const cat = await createCategoria(api, 'Antes do Nome');
    await createCliente(api, { nome: 'VIP do rename', valorContrato: 20000.5, categoria: { id: cat.id } });
    expect((await call(api, 'PUT', '/categorias', { id: cat.id, descricao: 'Depois do Nome' })).status).toBe(200);
    expect((await resumo()).categorias.find((x) => x.id === cat.id)).toEqual({ id: cat.id, descricao: 'Depois do Nome', clientes: 1, vips: 1, soma: 20000.5 });
    await expectExact();
  });

  it('a client write refused (a category that does not exist) changes no total', async () => {
    const before = await resumo();
    expect((await call(api, 'POST', '/produtos', { nome: 'X', valorContrato: 50000, categoria: { id: 987654 } })).status).toBe(400);
    expect(await resumo()).toEqual(before);
  });
});

describe('totals under races', () => {
  it('30 parallel creates in one category and 30 without one: all counted', async () => {
    const cat = await createCategoria(api, 'Paralela');
    const before = await resumo();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(api, 'POST', '/produtos', { nome: `P${i}`, valorContrato: 9000 + i * 100, categoria: i % 2 ? { id: cat.id } : null }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(201));
    const after = await resumo();
    expect(after.categorias.find((c) => c.id === cat.id)?.clientes).toBe(30);
    expect(after.semCategoria.clientes - before.semCategoria.clientes).toBe(30);
    await expectExact();
  });

  it('a move held between its read and its write while the client is deleted: the move finds it gone (404), totals exact', async () => {
    const from = await createCategoria(api, 'Origem');
    const to = await createCategoria(api, 'Destino');
    const x = await createCliente(api, { nome: 'Movido', valorContrato: 20000, categoria: { id: from.id } });
    const gate = holdWrites(writing('cliente.replace'));
    const move = call(api, 'PUT', '/produtos', { id: x.id, nome: 'Movido', valorContrato: 30000, categoria: { id: to.id } });
    await gate.reached();
    expect((await call(api, 'DELETE', `/produtos/${x.id}`)).status).toBe(204);
    gate.releaseAll();
    expect((await move).status).toBe(404);
    const r = await resumo();
    expect(r.categorias.find((c) => c.id === from.id)).toMatchObject({ clientes: 0, vips: 0, soma: 0 });
    expect(r.categorias.find((c) => c.id === to.id)).toMatchObject({ clientes: 0, vips: 0, soma: 0 });
  });

  it('a delete held while the client moves: the delete reads again and uncounts it from where it is now', async () => {
    const from = await createCategoria(api, 'Origem 2');
    const to = await createCategoria(api, 'Destino 2');
    const x = await createCliente(api, { nome: 'Movido 2', valorContrato: 20000, categoria: { id: from.id } });
    const gate = holdWrites(writing('cliente.delete'));
    const del = call(api, 'DELETE', `/produtos/${x.id}`);
    await gate.reached();
    expect((await call(api, 'PUT', '/produtos', { id: x.id, nome: 'Movido 2', valorContrato: 5, categoria: { id: to.id } })).status).toBe(200);
    gate.releaseAll();
    expect((await del).status).toBe(204);
    const r = await resumo();
    expect(r.categorias.find((c) => c.id === from.id)).toMatchObject({ clientes: 0, vips: 0, soma: 0 });
    expect(r.categorias.find((c) => c.id === to.id)).toMatchObject({ clientes: 0, vips: 0, soma: 0 });
  });
});

describe('GET /resumo', () => {
  it('answers from the totals with ONE DynamoDB request, whatever the number of clients', async () => {
    await resumo(); // the instance has seen the totals
    for (let i = 0; i < 3; i++) await createCliente(api, { nome: `Q${i}`, valorContrato: 1 });
    sent.length = 0;
    await resumo();
    expect(sent).toEqual(['QueryCommand']);
  });

  it('never lists the Sem categoria item as a category (GET /categorias, GET /resumo)', async () => {
    await createCliente(api, { nome: 'Sem', valorContrato: 3 });
    const listed = (await call<{ id: number }[]>(api, 'GET', '/categorias')).body;
    expect(listed.every((c) => c.id >= 1)).toBe(true);
    expect((await resumo()).categorias.every((c) => c.id >= 1)).toBe(true);
    expect((await call(api, 'GET', '/categorias/0')).status).toBe(400);
  });
});

describe('a table from before the totals', () => {
  /** Makes the table look like one written before the totals (no Sem categoria item, no vips/soma) to this instance too. */
  async function forgetTotals() {
    const s = await snapshot(api.doc, api.tableName);
    await api.doc.send(new DeleteCommand({ TableName: api.tableName, Key: SEM_CATEGORIA_KEY }));
    for (const c of s.categorias.values()) {
      await api.doc.send(
        new UpdateCommand({
          TableName: api.tableName,
          Key: { pk: PARTITION_KEYS.categoria, sk: c.id },
          UpdateExpression: 'REMOVE #v, #s',
          ExpressionAttributeNames: { '#v': VIP_COUNT, '#s': CENTS_SUM },
        }),
      );
    }
    forgetSeenTotals();
    expect((await snapshot(api.doc, api.tableName)).semCategoria).toBeUndefined();
  }

  it('GET /resumo counts the stored clients once, then answers exact totals', async () => {
    const cat = await createCategoria(api, 'Antiga');
    await createCliente(api, { nome: 'Antigo VIP', valorContrato: 123456.78, categoria: { id: cat.id } });
    await createCliente(api, { nome: 'Antigo', valorContrato: 10, categoria: null });
    await forgetTotals();
    await expectExact();
    expect((await snapshot(api.doc, api.tableName)).semCategoria).toBeDefined();
  });

  it('the first client writes, in parallel, count the stored clients once before any of them commits', async () => {
    const cat = await createCategoria(api, 'Antiga 2');
    await createCliente(api, { nome: 'Antes', valorContrato: 15000, categoria: { id: cat.id } });
    await forgetTotals();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(api, 'POST', '/produtos', { nome: `Novo ${i}`, valorContrato: 20000, categoria: i % 2 ? { id: cat.id } : null })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    await expectExact();
  });
});

describe('GET /atividades', () => {
  const planted: number[] = [];
  const put = (sk: number, item: Record<string, unknown>) => {
    planted.push(sk);
    return api.doc.send(new PutCommand({ TableName: api.tableName, Item: { pk: PARTITION_KEYS.atividade, sk, ...item } }));
  };
  // The planted items have no history entry behind them: gone before the invariants are checked.
  afterEach(async () => {
    for (const sk of planted.splice(0)) await api.doc.send(new DeleteCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.atividade, sk } }));
  });

  it('the newest entries first, at most the limit, expired ones absent, changed fields by name only', async () => {
    // A minute ahead: newer than every real write of this file's other tests.
    const now = Date.now() + 60_000;
    const later = Math.floor(now / 1000) + 3600;
    for (let i = 0; i < RECENT_ACTIVITY_LIMIT + 3; i++) {
      await put((now + i * 1000) * 1000 + 7, {
        tipo: i % 2 ? 'categoria' : 'produto',
        id: i + 1,
        nome: `Registro ${i}`,
        acao: 'alterado',
        em: new Date(now + i * 1000).toISOString(),
        por: 'ana@empresa.com.br',
        alteracoes: [{ campo: 'valorContrato', antes: 1, depois: 2 }],
        [TTL_ATTRIBUTE]: later,
      });
    }
    // The newest of all has expired (TTL deletes late): it reads as absent.
    await put((now + 60_000) * 1000, { tipo: 'produto', id: 99, nome: 'Expirado', acao: 'excluido', em: new Date(now + 60_000).toISOString(), por: 'x', [TTL_ATTRIBUTE]: 1 });
    const r = await call(api, 'GET', '/atividades');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(r.body[0]).toEqual({
      tipo: 'produto',
      id: RECENT_ACTIVITY_LIMIT + 3,
      nome: `Registro ${RECENT_ACTIVITY_LIMIT + 2}`,
      acao: 'alterado',
      em: new Date(now + (RECENT_ACTIVITY_LIMIT + 2) * 1000).toISOString(),
      por: 'ana@empresa.com.br',
      alteracoes: ['valorContrato'],
    });
    const ems = (r.body as { em: string }[]).map((a) => a.em);
    expect([...ems].sort().reverse()).toEqual(ems);
  });
});
