/** Seeding (lambdas/services/seed.ts) writes the exact storage format the API reads. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase, seedDemo } from '../../lambdas/services/seed.ts';
import { SEQUENCIA_KEY } from '../../lambdas/store/items.ts';
import { PK } from '../../lambdas/store/table.ts';
import { call, createCategoria, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

type Produto = { id: number; nome: string; valorContrato: number; categoria: { id: number } | null; versao: number };

async function storedCounts(): Promise<Map<number, number>> {
  const out = await api.doc.send(
    new QueryCommand({ TableName: api.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PK.categoria } }),
  );
  return new Map((out.Items ?? []).map((c) => [c.sk as number, c.produtos as number]));
}

function expectCountsMatch(counts: Map<number, number>, produtos: Produto[]) {
  for (const [id, n] of counts) expect(n, `categoria ${id}`).toBe(produtos.filter((p) => p.categoria?.id === id).length);
}

describe('seeding', () => {
  it('seedDatabase writes clients spread over categories with exact counts, versao 1 and counters advanced', async () => {
    const before = await createCategoria(api, 'Antes da semente');
    const result = await seedDatabase(api.doc, api.tableName, { categorias: 7, clientes: 600 });
    expect(result).toMatchObject({ categorias: 7, clientes: 600 });
    expect(result.categoriaIds.every((id) => id > before.id)).toBe(true);

    const produtos = (await call(api, 'GET', '/produtos')).body as Produto[];
    expect(produtos).toHaveLength(600);
    expect(produtos.map((p) => p.id)).toEqual(Array.from({ length: 600 }, (_, i) => result.produtoIds.first + i));
    expect(produtos.every((p) => p.versao === 1)).toBe(true);
    expect(produtos.some((p) => p.categoria === null)).toBe(true);
    expect(new Set(produtos.map((p) => p.categoria?.id).filter(Boolean)).size).toBe(7);
    expect(produtos.some((p) => p.valorContrato > 10000)).toBe(true);
    expect(produtos.some((p) => p.valorContrato <= 10000)).toBe(true);
    expect(produtos.some((p) => !Number.isInteger(p.valorContrato))).toBe(true);
    expect(produtos.some((p) => /[áàâãéêíóôõúç]/i.test(p.nome))).toBe(true);
    expectCountsMatch(await storedCounts(), produtos);

    const counter = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: SEQUENCIA_KEY }))).Item;
    expect(counter).toMatchObject({ categoria: Math.max(...result.categoriaIds), produto: result.produtoIds.last });
    // The API keeps counting after the seeded ids, and the seeded records are fully usable.
    const next = await call(api, 'POST', '/produtos', { nome: 'Depois', valorContrato: 1, categoria: { id: result.categoriaIds[0] } });
    expect(next.body.id).toBe(result.produtoIds.last + 1);
    const seeded = produtos.find((p) => p.categoria !== null)!;
    expect((await call(api, 'PUT', '/produtos', { ...seeded, categoria: null, versao: 1 })).body.versao).toBe(2);
  });

  it('seedDemo adds the hand-written set: 5 categories, 12 clients, VIPs, exactly 10000, cents', async () => {
    const result = await seedDemo(api.doc, api.tableName);
    expect(result).toMatchObject({ categorias: 5, clientes: 12 });
    const produtos = ((await call(api, 'GET', '/produtos')).body as Produto[]).filter(
      (p) => p.id >= result.produtoIds.first && p.id <= result.produtoIds.last,
    );
    expect(produtos).toHaveLength(12);
    expect(produtos.filter((p) => p.valorContrato > 10000).length).toBeGreaterThan(2);
    expect(produtos.some((p) => p.valorContrato === 10000)).toBe(true);
    expect(produtos.some((p) => !Number.isInteger(p.valorContrato))).toBe(true);
    expect(produtos.some((p) => p.categoria === null)).toBe(true);
    const categorias = ((await call(api, 'GET', '/categorias')).body as { id: number; descricao: string }[]).filter((c) =>
      result.categoriaIds.includes(c.id),
    );
    expect(categorias.map((c) => c.descricao)).toEqual(['Varejo', 'Saúde', 'Educação', 'Logística', 'Tecnologia']);
    expectCountsMatch(await storedCounts(), (await call(api, 'GET', '/produtos')).body as Produto[]);
  });
});
