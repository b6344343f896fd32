/**
 * Integrity under races and big data, through the real local server on DynamoDB Local: creates
 * racing the delete of their category leave no orphan and no count drift; a client list over
 * 1 MB (several Query pages) comes back whole.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { batchPut } from '../../lambdas/store/batch.ts';
import { CLIENT_COUNT } from '../../lambdas/store/items.ts';
import { PK } from '../../lambdas/store/table.ts';
import { call, createCategoria, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

async function clientsOf(categoriaId: number): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await api.doc.send(
      new QueryCommand({
        TableName: api.tableName,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'categoriaId = :c',
        ExpressionAttributeValues: { ':pk': PK.cliente, ':c': categoriaId },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    total += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return total;
}

describe('20 client creates racing the delete of their category', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  it.each([
    ['sent with the creates', 'now'],
    ['sent 5 ms later', 5],
    ['sent 15 ms later', 15],
    ['sent once the first create answered', 'first'],
  ] as const)('leave no orphan and an exact count (delete %s)', async (_, when) => {
    const cat = await createCategoria(api, `Disputa ${when}`);
    let firstAnswered!: () => void;
    const first = new Promise<void>((r) => (firstAnswered = r));
    const creates = Array.from({ length: 20 }, (_, i) =>
      call(api, 'POST', '/produtos', { nome: `Corrida ${i}`, valorContrato: 10, categoria: { id: cat.id } }).then((r) => {
        if (r.status === 201) firstAnswered();
        return r;
      }),
    );
    if (when === 'first') await first;
    else if (when !== 'now') await sleep(when);
    const del = await call(api, 'DELETE', `/categorias/${cat.id}`);
    const results = await Promise.all(creates);
    const created = results.filter((r) => r.status === 201).length;
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r).toMatchObject({ status: 400, body: { mensagem: MESSAGES.categoriaInexistente(cat.id) } });
    }
    const stored = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PK.categoria, sk: cat.id } })))
      .Item;
    const referencing = await clientsOf(cat.id);
    if (del.status === 204) {
      expect(stored).toBeUndefined();
      expect(referencing).toBe(0);
      expect(created).toBe(0);
    } else {
      expect(del).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaComClientes } });
      expect(stored?.[CLIENT_COUNT]).toBe(created);
      expect(referencing).toBe(created);
    }
    if (when === 'first') expect(del.status).toBe(409);
  });
});

describe('a client list larger than 1 MB', () => {
  it('is returned whole, sorted, with every category joined', async () => {
    const cats = await Promise.all([1, 2, 3].map((i) => createCategoria(api, `Grande ${i} ${'ã'.repeat(80)}`)));
    // About 800 bytes of JSON per client (two-byte characters at the maximum lengths).
    const total = 1500;
    const first = 1_000_000;
    const items = Array.from({ length: total }, (_, i) => ({
      pk: PK.cliente,
      sk: first + i,
      nome: `Cliente grande ${i} `.padEnd(120, 'é'),
      segmento: 'ç'.repeat(120),
      pontoFocal: 'ã'.repeat(120),
      valorContrato: 10000 + i / 100,
      ...(i % 4 === 3 ? {} : { categoriaId: cats[i % 4]!.id }),
      versao: 1,
    }));
    await batchPut(api, items);

    // The storage really needs several pages.
    const firstPage = await api.doc.send(
      new QueryCommand({
        TableName: api.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': PK.cliente },
      }),
    );
    expect(firstPage.LastEvaluatedKey).toBeDefined();

    const r = await call(api, 'GET', '/produtos');
    expect(r.status).toBe(200);
    expect(Buffer.byteLength(r.text)).toBeGreaterThan(1024 * 1024);
    const big = (r.body as { id: number; categoria: { id: number; descricao: string } | null; nome: string }[]).filter(
      (p) => p.id >= first,
    );
    expect(big).toHaveLength(total);
    expect(big.map((p) => p.id)).toEqual(items.map((i) => i.sk));
    big.forEach((p, i) => {
      const cat = i % 4 === 3 ? null : cats[i % 4]!;
      expect(p.categoria).toEqual(cat && { id: cat.id, descricao: cat.descricao });
      expect(p.nome).toBe(items[i]!.nome);
    });
  });
});
