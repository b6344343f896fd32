/**
 * CSV import API (issue 18) through the real local server on DynamoDB Local: batches created with
 * the integrity of single creates (counts exact, validation of POST /produtos, a refused row fails
 * alone), transactions sized within 100 items, idempotency (the same batch twice creates once),
 * the batch route's own body limit, and the undo (author or admin; counts back as before).
 */
import { QueryCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import { CLIENT_COUNT } from '../../lambdas/store/items.ts';
import { PK } from '../../lambdas/store/table.ts';
import { writeHooks, type Op } from '../../lambdas/store/write.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { call, createCategoria, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());
afterEach(() => {
  delete writeHooks.beforeCommit;
});

let n = 0;
const key = () => ({ 'idempotency-key': `lote-${Date.now()}-${++n}` });

async function startImport(total: number) {
  const r = await call(api, 'POST', '/importacoes', { total, arquivo: 'clientes.csv' });
  expect(r.status, r.text).toBe(201);
  return r.body as { id: number; autor: string; estado: string; criados: number };
}

const linha = (i: number, fields: Record<string, unknown> = {}) => ({
  linha: i + 2,
  cliente: { nome: `Importado ${i}`, segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 1000 + i, ...fields },
});

async function stored(pk: string) {
  const out = await api.doc.send(new QueryCommand({ TableName: api.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }));
  return out.Items ?? [];
}
const countOf = async (categoriaId: number) => (await stored(PK.categoria)).find((c) => c.sk === categoriaId)?.[CLIENT_COUNT];
const clientes = async () => (await call(api, 'GET', '/produtos')).body as { id: number; nome: string; categoria: { id: number } | null }[];

describe('POST /importacoes and its batches', () => {
  it('starts an import with its author (anônimo in the open mode)', async () => {
    const job = await startImport(3);
    expect(job).toMatchObject({ autor: 'anônimo', estado: 'importando', criados: 0 });
  });

  it('creates 200 rows in transactions of at most 100 items, counts exact, every invalid row named with its line', async () => {
    const cat = await createCategoria(api, `Lote ${Date.now()}`);
    const job = await startImport(200);
    // The table's one-time count of the totals (store/aggregates.ts) done first: only the batches' writes are measured.
    expect((await call(api, 'GET', '/resumo')).status).toBe(200);
    const sizes: number[] = [];
    writeHooks.beforeCommit = (ops: readonly Op[]) => void sizes.push(ops.length);
    const linhas = Array.from({ length: LIMITS.importacao.linhasPorLote }, (_, i) =>
      i === 7 ? linha(i, { nome: '   ' }) : i === 9 ? linha(i, { valorContrato: -1 }) : linha(i, { categoria: { id: cat.id } }),
    );
    const r = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key());
    expect(r.status, r.text).toBe(200);
    expect(r.body.criados).toHaveLength(198);
    expect(r.body.falhas).toEqual([
      { linha: 9, mensagem: MESSAGES.campoVazio('nome'), campo: 'nome' },
      { linha: 11, mensagem: MESSAGES.campoMinimo('valorContrato', 0), campo: 'valorContrato' },
    ]);
    // Each transaction: rows (the client, its history entry and feed item, its import listing) +
    // one folded count + claim + job count ≤ 100.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(95);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(198 * 4 + 3 * sizes.length);
    expect(await countOf(cat.id)).toBe(198);
    const all = await clientes();
    for (const c of r.body.criados as { id: number; linha: number }[]) {
      expect(all.find((x) => x.id === c.id)).toMatchObject({ nome: `Importado ${c.linha - 2}`, categoria: { id: cat.id } });
    }
    const job2 = (await stored(PK.importacao)).find((j) => j.sk === job.id);
    expect(job2?.criados).toBe(198);
    // Each row as a single create writes it: stamped, with its 'criado' history entry (issue 16).
    const first = (r.body.criados as { id: number }[])[0]!.id;
    expect((await call(api, 'GET', `/produtos/${first}`)).body).toMatchObject({ criadoPor: 'anônimo', atualizadoPor: 'anônimo' });
    const history = await call(api, 'GET', `/produtos/${first}/historico`);
    expect(history.body.itens).toEqual([{ acao: 'criado', em: expect.any(String), por: 'anônimo' }]);
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });

  it('the same batch sent twice (a retry after a network error) creates its rows once and answers the same', async () => {
    const cat = await createCategoria(api, `Repetido ${Date.now()}`);
    const job = await startImport(30);
    const linhas = Array.from({ length: 30 }, (_, i) => linha(i, { nome: `Repetido ${i}`, categoria: { id: cat.id } }));
    const k = key();
    const [a, b] = await Promise.all([
      call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, k),
      call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, k),
    ]);
    const c = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, k);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    expect((await clientes()).filter((x) => x.nome.startsWith('Repetido '))).toHaveLength(30);
    expect(await countOf(cat.id)).toBe(30);
    // Another body under the same key: 422, nothing created.
    const other = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(99, { nome: 'Outro' })] }, k);
    expect(other).toMatchObject({ status: 422, body: { mensagem: MESSAGES.idempotenciaCorpoDiferente } });
  });

  it('a row whose category is gone fails alone with the reason; the transaction is written again without it', async () => {
    const keep = await createCategoria(api, `Fica ${Date.now()}`);
    const gone = await createCategoria(api, `Some ${Date.now()}`);
    const job = await startImport(5);
    // The category disappears between the validation and the write (another person deleted it).
    writeHooks.beforeCommit = async (ops) => {
      if (ops.some((op) => op.name === 'importacao.linha')) {
        delete writeHooks.beforeCommit;
        await api.doc.send(new DeleteCommand({ TableName: api.tableName, Key: { pk: PK.categoria, sk: gone.id } }));
      }
    };
    const linhas = [0, 1, 2, 3, 4].map((i) => linha(i, { nome: `Some ${i}`, categoria: { id: i === 2 || i === 4 ? gone.id : keep.id } }));
    const r = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key());
    expect(r.status, r.text).toBe(200);
    expect(r.body.criados.map((c: { linha: number }) => c.linha)).toEqual([2, 3, 5]);
    expect(r.body.falhas).toEqual([
      { linha: 4, mensagem: MESSAGES.categoriaInexistente(gone.id), campo: 'categoria.id' },
      { linha: 6, mensagem: MESSAGES.categoriaInexistente(gone.id), campo: 'categoria.id' },
    ]);
    expect(await countOf(keep.id)).toBe(3);
  });

  it('refuses a batch without Idempotency-Key, an unknown import, repeated lines, and bodies over the route’s own limit', async () => {
    const job = await startImport(1);
    expect(await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(0)] })).toMatchObject({
      status: 400,
      body: { mensagem: MESSAGES.idempotenciaChaveObrigatoria },
    });
    expect((await call(api, 'POST', '/importacoes/99999999/lotes', { linhas: [linha(0)] }, key())).status).toBe(404);
    expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(0), linha(0)] }, key())).body).toEqual({
      mensagem: MESSAGES.importacaoLinhaRepetida(2),
      campo: 'linhas',
    });
    // Larger than the 16 KB of other routes is fine here; over its own limit is 413.
    const big = Array.from({ length: 100 }, (_, i) => linha(i, { nome: `Grande ${i}`, segmento: 'x'.repeat(120), pontoFocal: 'y'.repeat(120) }));
    expect(JSON.stringify({ linhas: big }).length).toBeGreaterThan(LIMITS.bodyBytes);
    expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: big }, key())).status).toBe(200);
    const pad = 'p'.repeat(LIMITS.importacao.bodyBytes);
    expect(await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(0)], pad }, key())).toMatchObject({
      status: 413,
      body: { mensagem: MESSAGES.corpoGrande(LIMITS.importacao.bodyBytes) },
    });
  });
});

describe('POST /importacoes/{id}/desfazer', () => {
  it('an import cancelled midway and undone leaves the data as before; no batch is accepted after', async () => {
    const cat = await createCategoria(api, `Desfazer ${Date.now()}`);
    const before = await clientes();
    const countBefore = await countOf(cat.id);
    const job = await startImport(400);
    // Two of four batches sent (cancelled at 50 %).
    for (let b = 0; b < 2; b++) {
      const linhas = Array.from({ length: 100 }, (_, i) => linha(b * 100 + i, { nome: `Desfeito ${b * 100 + i}`, categoria: { id: cat.id } }));
      expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key())).status).toBe(200);
    }
    expect(await countOf(cat.id)).toBe(200);
    const steps: number[] = [];
    for (;;) {
      const r = await call(api, 'POST', `/importacoes/${job.id}/desfazer`);
      expect(r.status, r.text).toBe(200);
      steps.push(r.body.restantes);
      if (r.body.restantes === 0) break;
    }
    expect(steps).toEqual([100, 0]);
    expect(await clientes()).toEqual(before);
    expect(await countOf(cat.id)).toBe(countBefore);
    expect(await stored(`${PK.importacao}#${job.id}`)).toEqual([]);
    // Undone: the rest of the file can't come in under it; undoing again is a no-op.
    expect(await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(500)] }, key())).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.importacaoDesfeita },
    });
    expect((await call(api, 'POST', `/importacoes/${job.id}/desfazer`)).body).toEqual({ excluidos: 0, restantes: 0, estado: 'desfeita' });
    expect((await call(api, 'POST', '/importacoes/99999999/desfazer')).status).toBe(404);
  });

  it('deletes the categories the import created once their clients are gone; one that has someone else’s client stays', async () => {
    const job = await startImport(2);
    const nova = await call(api, 'POST', `/importacoes/${job.id}/categorias`, { descricao: `Nova ${Date.now()}` });
    const usada = await call(api, 'POST', `/importacoes/${job.id}/categorias`, { descricao: `Usada ${Date.now()}` });
    expect([nova.status, usada.status]).toEqual([201, 201]);
    // A name another category holds: 409 naming it, as POST /categorias answers.
    expect(await call(api, 'POST', `/importacoes/${job.id}/categorias`, { descricao: nova.body.descricao.toUpperCase() })).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.categoriaDuplicada(nova.body.descricao), campo: 'descricao' },
    });
    const linhas = [linha(0, { nome: 'Na nova', categoria: { id: nova.body.id } }), linha(1, { nome: 'Na usada', categoria: { id: usada.body.id } })];
    expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key())).status).toBe(200);
    // Someone else files a client of their own under one of them.
    const outro = await call(api, 'POST', '/produtos', { nome: 'De outra pessoa', valorContrato: 1, categoria: { id: usada.body.id } });
    const steps = [];
    for (;;) {
      const r = await call(api, 'POST', `/importacoes/${job.id}/desfazer`);
      steps.push(r.body);
      if (r.body.restantes === 0) break;
    }
    expect(steps).toEqual([
      { excluidos: 2, restantes: 2, estado: 'desfeita' },
      { excluidos: 2, restantes: 0, estado: 'desfeita' },
    ]);
    expect((await call(api, 'GET', `/categorias/${nova.body.id}`)).status).toBe(404);
    expect((await call(api, 'GET', `/categorias/${usada.body.id}`)).status).toBe(200);
    expect((await call(api, 'GET', `/produtos/${outro.body.id}`)).status).toBe(200);
    expect(await countOf(usada.body.id)).toBe(1);
  });
});
