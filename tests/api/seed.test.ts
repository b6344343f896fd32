/** Seeding (tools/seed.ts) writes the exact storage format the API reads, names claimed. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { CLIENT_COUNT, SEM_CATEGORIA_KEY, SEQUENCIA_KEY } from '../../lambdas/store/items.ts';
import { documentoClaimKey } from '../../lambdas/store/names.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { progressLine } from '../../tools/progress.ts';
import { SEED_ACTOR, seedDatabase, seedDemo, type SeedProgress } from '../../tools/seed.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { call, createCategoria, ISO_UTC, startApi, type TestApi } from './helpers.ts';
import type { ClienteContato } from '../../lambdas/contract/types.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

type Cliente = { id: number; nome: string; valorContrato: number; categoria: { id: number } | null; versao: number } & ClienteContato;

async function storedCounts(): Promise<Map<number, number>> {
  const out = await api.doc.send(
    new QueryCommand({ TableName: api.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PARTITION_KEYS.categoria } }),
  );
  return new Map((out.Items ?? []).map((c) => [c.sk as number, c[CLIENT_COUNT] as number]));
}

/** Each category's stored count, and that of the "Sem categoria" totals item (sk 0), equals its clients. */
function expectCountsMatch(counts: Map<number, number>, clientes: Cliente[]) {
  for (const [id, n] of counts) expect(n, `categoria ${id}`).toBe(clientes.filter((p) => (p.categoria?.id ?? SEM_CATEGORIA_KEY.sk) === id).length);
}

describe('seeding', () => {
  it('seedDemo adds the hand-written set: 5 categories, 12 clients, VIPs, exactly 10000, cents; who created each and when, in its history and the feed', async () => {
    const now = Date.now();
    const result = await seedDemo(api, now);
    expect(result).toMatchObject({ categorias: 5, clientes: 12 });
    const clientes = ((await call(api, 'GET', '/produtos')).body as Cliente[]).filter(
      (p) => p.id >= result.clienteIds.first && p.id <= result.clienteIds.last,
    );
    expect(clientes).toHaveLength(12);
    expect(clientes.filter((p) => p.valorContrato > 10000).length).toBeGreaterThan(2);
    expect(clientes.some((p) => p.valorContrato === 10000)).toBe(true);
    expect(clientes.some((p) => !Number.isInteger(p.valorContrato))).toBe(true);
    expect(clientes.some((p) => p.categoria === null)).toBe(true);
    const categorias = ((await call(api, 'GET', '/categorias')).body as { id: number; descricao: string }[]).filter((c) =>
      result.categoriaIds.includes(c.id),
    );
    expect(categorias.map((c) => c.descricao)).toEqual(['Varejo', 'Saúde', 'Educação', 'Logística', 'Tecnologia']);
    // Contacts, CNPJs/CPFs (claimed) and contracts, some ending soon and one ended.
    expect(clientes.filter((p) => p.documento).length).toBeGreaterThan(3);
    expect(clientes.some((p) => p.documento === '12ABC34501DE35')).toBe(true);
    expect(clientes.some((p) => p.fimContrato && p.fimContrato < new Date().toISOString().slice(0, 10))).toBe(true);
    expect(await call(api, 'POST', '/produtos', { nome: 'Cópia', valorContrato: 1, documento: '11.222.333/0001-81' })).toMatchObject({ status: 409, body: { campo: 'documento' } });
    expectCountsMatch(await storedCounts(), (await call(api, 'GET', '/produtos')).body as Cliente[]);
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
    // Their names are claimed: the API refuses a duplicate.
    expect(await call(api, 'POST', '/categorias', { descricao: 'saude' })).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.categoriaDuplicada('Saúde'), campo: 'descricao' },
    });
    // Written as if created one after another by SEED_ACTOR, each with its `criado`
    // history entry and activity item, so the app shows who and when, the histories and the
    // home's "Atualizações recentes" from the first start.
    const records = [
      ...result.categoriaIds.map((id) => ['categorias', 'categoria', id] as const),
      ...Array.from({ length: result.clientes }, (_, i) => ['produtos', 'produto', result.clienteIds.first + i] as const),
    ];
    let previous = '';
    for (const [path, , id] of records) {
      const record = (await call(api, 'GET', `/${path}/${id}`)).body as { criadoEm: string; criadoPor: string; atualizadoEm: string; atualizadoPor: string };
      expect(record, `${path}/${id}`).toMatchObject({ criadoPor: SEED_ACTOR, atualizadoPor: SEED_ACTOR, atualizadoEm: record.criadoEm });
      expect(record.criadoEm).toMatch(ISO_UTC);
      // Created one after another, in the past.
      expect(record.criadoEm > previous && Date.parse(record.criadoEm) < now).toBe(true);
      previous = record.criadoEm;
      const history = await call(api, 'GET', `/${path}/${id}/historico`);
      expect(history.body, `${path}/${id}`).toEqual({ itens: [{ acao: 'criado', em: record.criadoEm, por: SEED_ACTOR }], cursor: null });
    }
    // "Atualizações recentes": the last ten created, newest first.
    const feed = (await call(api, 'GET', '/atividades')).body as { tipo: string; id: number; acao: string; por: string }[];
    expect(feed.map((a) => [a.tipo, a.id])).toEqual(records.slice(-10).reverse().map(([, tipo, id]) => [tipo, id]));
    expect(feed.every((a) => a.acao === 'criado' && a.por === SEED_ACTOR)).toBe(true);
    // A change of a demo record follows its creation in its history.
    const first = result.clienteIds.first;
    expect((await call(api, 'PUT', '/produtos', { id: first, nome: 'Padaria Pão de Açúcar', valorContrato: 4600 })).status).toBe(200);
    expect(((await call(api, 'GET', `/produtos/${first}/historico`)).body as { itens: { acao: string }[] }).itens.map((e) => e.acao)).toEqual(['alterado', 'criado']);
  });

  it('seedDatabase writes clients spread over categories with exact counts, versao 1, counters advanced and names kept unique', async () => {
    const before = await createCategoria(api, 'Antes da semente');
    const progress: SeedProgress[] = [];
    const result = await seedDatabase(api, { categorias: 7, clientes: 600 }, { onProgress: (p) => progress.push(p), chunk: 250 });
    expect(result).toMatchObject({ categorias: 7, clientes: 600 });
    // Written in chunks, progress after each (what `npm run seed` prints as done, rate, time left).
    expect(progress.map((p) => [p.feitos, p.total])).toEqual([
      [250, 600],
      [500, 600],
      [600, 600],
    ]);
    expect(progressLine({ feitos: 2_000, total: 8_000 }, 0, 4_000)).toBe('2,000 of 8,000 (25%), 500/s, about 12 s left');
    expect(progressLine({ feitos: 1_000, total: 100_000 }, 0, 10_000)).toBe('1,000 of 100,000 (1%), 100/s, about 16 min 30 s left');
    expect(result.categoriaIds.every((id) => id > before.id)).toBe(true);

    const all = (await call(api, 'GET', '/produtos')).body as Cliente[];
    const clientes = all.filter((p) => p.id >= result.clienteIds.first);
    expect(clientes).toHaveLength(600);
    expect(clientes.map((p) => p.id)).toEqual(Array.from({ length: 600 }, (_, i) => result.clienteIds.first + i));
    expect(clientes.every((p) => p.versao === 1)).toBe(true);
    expect(clientes.some((p) => p.categoria === null)).toBe(true);
    expect(new Set(clientes.map((p) => p.categoria?.id).filter(Boolean)).size).toBe(7);
    expect(clientes.some((p) => p.valorContrato > 10000)).toBe(true);
    expect(clientes.some((p) => p.valorContrato <= 10000)).toBe(true);
    expect(clientes.some((p) => !Number.isInteger(p.valorContrato))).toBe(true);
    expect(clientes.some((p) => /[áàâãéêíóôõúç]/i.test(p.nome))).toBe(true);
    // Most with contacts, a CNPJ/CPF and contract dates; the list leaves the notes out.
    for (const f of ['email', 'telefone', 'documento', 'fimContrato'] as const) expect(clientes.filter((p) => p[f]).length).toBeGreaterThan(250);
    expect(clientes.some((p) => 'observacoes' in p)).toBe(false);
    expectCountsMatch(await storedCounts(), all);

    // "Varejo" and "Saúde" were taken by the demo set: the seed numbered its own.
    const categorias = ((await call(api, 'GET', '/categorias')).body as { id: number; descricao: string }[]).filter((c) =>
      result.categoriaIds.includes(c.id),
    );
    expect(categorias.map((c) => c.descricao).slice(0, 3)).toEqual(['Varejo 2', 'Saúde 2', 'Educação 2']);
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);

    const counter = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: SEQUENCIA_KEY }))).Item;
    expect(counter).toMatchObject({ categoria: Math.max(...result.categoriaIds), produto: result.clienteIds.last });
    // The API keeps counting after the seeded ids, and the seeded records are fully usable.
    const next = await call(api, 'POST', '/produtos', { nome: 'Depois', valorContrato: 1, categoria: { id: result.categoriaIds[0] } });
    expect(next.body.id).toBe(result.clienteIds.last + 1);
    const seeded = clientes.find((p) => p.categoria !== null)!;
    expect((await call(api, 'PUT', '/produtos', { ...seeded, categoria: null, versao: 1 })).body.versao).toBe(2);
  });

  it('a seeded client is stored as the API stores one: the same items, keys and attributes (less the audit fields and history a bulk seed leaves out)', async () => {
    const result = await seedDatabase(api, { categorias: 1, clientes: 40 });
    const seeded = ((await call(api, 'GET', '/produtos')).body as Cliente[]).filter((p) => p.id >= result.clienteIds.first);
    // One with every field a seed writes: a category, a CPF/CNPJ, an e-mail, contract dates.
    const model = seeded.find((p) => p.categoria && p.documento && p.email && p.fimContrato && p.telefone)!;
    expect(model).toBeDefined();
    /** Every item a client owns (its record, index items and CPF/CNPJ claim), ids and audit values as placeholders. */
    const itemsOf = async (id: number, documento: string) => {
      const q = async (pk: string) =>
        (await api.doc.send(new QueryCommand({ TableName: api.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? [];
      const record = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.cliente, sk: id }, ConsistentRead: true }))).Item!;
      const claim = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: documentoClaimKey(documento), ConsistentRead: true }))).Item!;
      const id16 = String(id).padStart(16, '0');
      const audit = new Set(['criadoEm', 'criadoPor', 'atualizadoEm', 'atualizadoPor', 'historico']);
      const normal = (item: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(item)
            .filter(([k]) => !audit.has(k) && k !== 'la')
            .map(([k, v]) => [k, k === 'sk' && v === id ? 'ID' : typeof v === 'string' ? v.replace(id16, 'ID16').replace(`${PARTITION_KEYS.indice}#${id}`, 'INDICE#ID') : v === id ? 'ID' : v])
            // The last-change views' keys start with the last change, which a seed leaves unset.
            .map(([k, v]) => [k, k === 'lsk' && String(item.lpk).endsWith('#a') ? 'LAST-CHANGE' : v]),
        );
      return { record: normal(record), claim: normal(claim), index: (await q(`${PARTITION_KEYS.indice}#${id}`)).map(normal) };
    };
    const before = await itemsOf(model.id, model.documento!);
    // The same client through the API: the seeded one deleted first (its CPF/CNPJ freed), then created.
    expect((await call(api, 'DELETE', `/produtos/${model.id}`)).status).toBe(204);
    const { id: _id, versao: _v, categoria, ...fields } = model;
    const created = await call(api, 'POST', '/produtos', { ...fields, categoria: categoria ? { id: categoria.id } : null });
    expect(created.status, created.text).toBe(201);
    const after = await itemsOf((created.body as Cliente).id, model.documento!);
    expect(after).toEqual(before);
    expect(before.index.length).toBeGreaterThan(6);
  });

  it('seedDatabase continues into existing categories (a stopped seed topped up): their totals grow by exactly the clients added', async () => {
    const first = await seedDatabase(api, { categorias: 2, clientes: 50 });
    const more = await seedDatabase(api, { categorias: 0, clientes: 70 }, { intoCategorias: first.categoriaIds, chunk: 25 });
    expect(more).toMatchObject({ categorias: 0, clientes: 70 });
    const all = (await call(api, 'GET', '/produtos')).body as Cliente[];
    const added = all.filter((p) => p.id >= more.clienteIds.first);
    expect(added).toHaveLength(70);
    // Only the given categories, or none.
    expect(new Set(added.map((p) => p.categoria?.id ?? 0))).toEqual(new Set([0, ...first.categoriaIds]));
    expectCountsMatch(await storedCounts(), all);
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });
});
