/**
 * CSV import API through the real local server on DynamoDB Local: batches created with
 * the integrity of single creates (counts exact, validation of POST /produtos, a refused row fails
 * alone), transactions sized within 100 items, idempotency (the same batch twice creates once),
 * the batch route's own body limit, and the undo (author or admin; counts back as before).
 */
import { QueryCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits, formatDocumento, LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import { STALE_AFTER_MS } from '../../lambdas/store/index-ahead.ts';
import { CLIENT_COUNT } from '../../lambdas/store/items.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { keyOf, writeHooks, type AnyOp } from '../../lambdas/store/write.ts';
import { indexCompletenessViolations, invariantViolations, snapshot, type Snapshot } from '../contract/store-invariants.ts';
import { call, createCategoria, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());
afterEach(() => {
  delete writeHooks.beforeCommit;
  delete writeHooks.afterCommit;
});

let n = 0;
const key = () => ({ 'idempotency-key': `lote-${Date.now()}-${++n}` });

async function startImport(total: number, extra: Record<string, unknown> = {}) {
  const r = await call(api, 'POST', '/importacoes', { total, arquivo: 'clientes.csv', ...extra });
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
/** The imports' invariants (a test above deletes a category behind the store's back, leaving its name claim). */
const importViolations = (s: Snapshot) => invariantViolations(s).filter((v) => /^(import|idempotency)/.test(v));
/** The list index's invariants: index items only of live clients (or of a batch not settled yet), each as its client makes it. */
const indexViolationsOf = (s: Snapshot) => invariantViolations(s).filter((v) => /^index items|index slot/.test(v));
const countOf = async (categoriaId: number) => (await stored(PARTITION_KEYS.categoria)).find((c) => c.sk === categoriaId)?.[CLIENT_COUNT];
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
    writeHooks.beforeCommit = (ops: readonly AnyOp[]) => void sizes.push(ops.length);
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
    // Each transaction: rows (the client, its history entry and feed item, its import listing; its
    // 8 list index items, 6 views of a non-VIP and 2 search words, went ahead in bulk) + one folded
    // count + claim + job count ≤ 100.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(95);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(198 * 4 + 3 * sizes.length);
    expect(await countOf(cat.id)).toBe(198);
    const all = await clientes();
    for (const c of r.body.criados as { id: number; linha: number }[]) {
      expect(all.find((x) => x.id === c.id)).toMatchObject({ nome: `Importado ${c.linha - 2}`, categoria: { id: cat.id } });
    }
    const job2 = (await stored(PARTITION_KEYS.importacao)).find((j) => j.sk === job.id);
    expect(job2?.criados).toBe(198);
    // Each row as a single create writes it: stamped, with its 'criado' history entry.
    const first = (r.body.criados as { id: number }[])[0]!.id;
    expect((await call(api, 'GET', `/produtos/${first}`)).body).toMatchObject({ criadoPor: 'anônimo', atualizadoPor: 'anônimo' });
    const history = await call(api, 'GET', `/produtos/${first}/historico`);
    expect(history.body.itens).toEqual([{ acao: 'criado', em: expect.any(String), por: 'anônimo' }]);
    // Every created row has all its index items, exactly (they went ahead), and the batch's marker is settled.
    const after = await snapshot(api.doc, api.tableName);
    expect(invariantViolations(after)).toEqual([]);
    expect(indexCompletenessViolations(after)).toEqual([]);
    expect(after.indexAhead).toEqual([]);
  });

  it('rows of many categories in any order: each transaction folds its rows into one or two categories’ totals, the totals equal a recount, ids follow the lines', async () => {
    const cats: { id: number }[] = [];
    for (let c = 0; c < 4; c++) cats.push(await createCategoria(api, `Mistura ${c} ${Date.now()}`));
    const base = String(Date.now()).slice(-9);
    const taken = `${base}${cpfCheckDigits(base)}`;
    const holder = (await call(api, 'POST', '/produtos', { nome: 'Já tem o CPF', segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 1, documento: taken })).body as { id: number };
    const repeated = String((Number(base) + 1) % 1e9).padStart(9, '0');
    const twice = `${repeated}${cpfCheckDigits(repeated)}`;
    const job = await startImport(150);
    expect((await call(api, 'GET', '/resumo')).status).toBe(200);
    // Five buckets interleaved (four categories and Sem categoria), VIPs among them, an invalid
    // row, a CPF the batch repeats and one another client has.
    const linhas = Array.from({ length: 150 }, (_, i) => {
      const categoria = i % 5 === 4 ? null : { id: cats[i % 5]!.id };
      const fields: Record<string, unknown> = { nome: `Mistura ${i}`, categoria, valorContrato: i % 3 === 0 ? 15_000 + i : 500 + i, fimContrato: '2026-12-01' };
      if (i === 11) fields.valorContrato = -5;
      if (i === 20 || i === 21) fields.documento = twice;
      if (i === 40) fields.documento = taken;
      return linha(i, fields);
    });
    const totalsPerWrite: number[] = [];
    writeHooks.beforeCommit = (ops) => {
      if (ops.some((o) => o.name === 'importacao.linha')) totalsPerWrite.push(ops.filter((o) => o.name.includes('.totals')).length);
    };
    const r = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key());
    expect(r.status, r.text).toBe(200);
    expect(r.body.falhas.map((f: { linha: number; campo?: string }) => [f.linha, f.campo])).toEqual([
      [13, 'valorContrato'],
      [23, 'documento'],
      [42, 'documento'],
    ]);
    expect(r.body.falhas[1].mensagem).toBe(MESSAGES.documentoDuplicado(formatDocumento(twice), 'Mistura 20'));
    expect(r.body.falhas[2].mensagem).toBe(MESSAGES.documentoDuplicado(formatDocumento(taken), 'Já tem o CPF'));
    const criados = r.body.criados as { linha: number; id: number }[];
    expect(criados).toHaveLength(147);
    // Answered by line, each line's id above the one before (one reservation for the batch, in line order).
    for (let k = 1; k < criados.length; k++) {
      expect(criados[k]!.linha).toBeGreaterThan(criados[k - 1]!.linha);
      expect(criados[k]!.id).toBeGreaterThan(criados[k - 1]!.id);
    }
    expect(criados[0]!.id).toBeGreaterThan(holder.id);
    // In line order every transaction met all five buckets; grouped, one, or two where a bucket ends.
    expect(totalsPerWrite.length).toBeGreaterThan(5);
    expect(Math.max(...totalsPerWrite)).toBeLessThanOrEqual(2);
    const all = await clientes();
    for (const [c, cat] of cats.entries()) {
      const mine = criados.filter(({ linha: l }) => (l - 2) % 5 === c);
      expect(await countOf(cat.id)).toBe(mine.length);
      for (const { id, linha: l } of mine) expect(all.find((x) => x.id === id)).toMatchObject({ nome: `Mistura ${l - 2}`, categoria: { id: cat.id } });
    }
    expect((await stored(PARTITION_KEYS.importacao)).find((j) => j.sk === job.id)?.criados).toBe(147);
    // Totals, VIP counts and sums equal a recount; every created client has exactly its index items.
    const after = await snapshot(api.doc, api.tableName);
    expect(invariantViolations(after)).toEqual([]);
    expect(indexCompletenessViolations(after)).toEqual([]);
    // The row refused in its transaction (the CPF another client has) left its reserved id unused:
    // the index items put ahead for it are gone, and the batch's marker with them.
    const ids = new Set(criados.map((c) => c.id));
    const unused = Array.from({ length: criados.at(-1)!.id - criados[0]!.id + 1 }, (_, i) => criados[0]!.id + i).filter((id) => !ids.has(id));
    expect(unused).toHaveLength(1);
    expect(await stored(`${PARTITION_KEYS.indice}#${unused[0]}`)).toEqual([]);
    expect(after.indexAhead).toEqual([]);
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
    // The replays' own reserved ids created nothing: what they put ahead is gone again.
    const after = await snapshot(api.doc, api.tableName);
    expect(importViolations(after)).toEqual([]);
    expect(indexViolationsOf(after)).toEqual([]);
    expect(after.indexAhead).toEqual([]);
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
        await api.doc.send(new DeleteCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.categoria, sk: gone.id } }));
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
    // The refused rows' index items, put ahead, are gone with the batch's marker.
    const after = await snapshot(api.doc, api.tableName);
    expect(indexViolationsOf(after)).toEqual([]);
    expect(after.indexAhead).toEqual([]);
  });

  it('never creates more rows than the import declared: a batch past its total is refused whole (409), within it is written', async () => {
    const job = await startImport(1);
    const before = (await clientes()).length;
    expect(await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(0), linha(1), linha(2)] }, key())).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.importacaoAlemDoTotal(1) },
    });
    expect((await clientes()).length).toBe(before);
    expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(0)] }, key())).status).toBe(200);
    // Full: one more row, in another batch, is refused too.
    expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(1)] }, key())).status).toBe(409);
    expect((await clientes()).length).toBe(before + 1);
    expect((await call(api, 'GET', `/importacoes/${job.id}`)).body).toMatchObject({ criados: 1 });
    // A batch refused whole takes back the index items it put ahead: no item of a client that does not exist, no marker left.
    const after = await snapshot(api.doc, api.tableName);
    expect(indexViolationsOf(after)).toEqual([]);
    expect(after.indexAhead).toEqual([]);
  });

  it('a batch that dies midway leaves index items ahead of clients it never created: no list shows them, and once the batch is surely dead the next one sweeps them', async () => {
    const job = await startImport(6);
    const linhas = Array.from({ length: 3 }, (_, i) => linha(i, { nome: `Interrompido ${i} Zanzibar` }));
    // The connection drops at the rows' transaction: after the index items went ahead, before any client.
    writeHooks.beforeCommit = (ops) => {
      if (ops.some((o) => o.name === 'importacao.linha')) throw new Error('socket hang up');
    };
    const dead = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key());
    expect(dead.status).toBe(500);
    delete writeHooks.beforeCommit;
    let s = await snapshot(api.doc, api.tableName);
    expect(s.indexAhead).toHaveLength(1);
    const [first, last] = s.indexAhead![0]!;
    expect(last - first).toBe(2);
    expect(await stored(`${PARTITION_KEYS.indice}#${first}`)).not.toEqual([]);
    // Items of no client: the paged list and its search skip them.
    for (const qs of ['limit=50&ordem=alteracao&dir=desc', 'limit=50&q=zanzibar']) {
      const page = await call(api, 'GET', `/produtos/pagina?${qs}`);
      expect(page.status, page.text).toBe(200);
      expect((page.body as { itens: { nome: string }[] }).itens.filter((c) => c.nome.includes('Zanzibar'))).toEqual([]);
    }
    expect(indexViolationsOf(s)).toEqual([]);
    // A batch right after does not touch them: the first one might still be running.
    const next = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(10)] }, key());
    expect(next.status, next.text).toBe(200);
    expect((await snapshot(api.doc, api.tableName)).indexAhead).toEqual([[first, last]]);
    // Once older than any function may run, the next batch settles it: the ids without a client lose their items.
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.indiceAdiantado, sk: first }, UpdateExpression: 'SET em = :old', ExpressionAttributeValues: { ':old': Date.now() - STALE_AFTER_MS - 1_000 } }));
    const sweeper = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(11)] }, key());
    expect(sweeper.status, sweeper.text).toBe(200);
    s = await snapshot(api.doc, api.tableName);
    expect(s.indexAhead).toEqual([]);
    for (let id = first; id <= last; id++) expect(await stored(`${PARTITION_KEYS.indice}#${id}`)).toEqual([]);
    expect(indexViolationsOf(s)).toEqual([]);
    expect(indexCompletenessViolations(s)).toEqual([]);
    // The lines it never created are still the import's to send: sent again, they are created with their index.
    const again = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key());
    expect(again.status, again.text).toBe(200);
    expect(again.body.criados).toHaveLength(3);
    const found = await call(api, 'GET', '/produtos/pagina?limit=50&q=zanzibar');
    expect((found.body as { itens: { id: number }[] }).itens.map((c) => c.id).sort()).toEqual((again.body.criados as { id: number }[]).map((c) => c.id).sort());
  });

  it('refuses a batch without Idempotency-Key, an unknown import, repeated lines, and bodies over the route’s own limit', async () => {
    const job = await startImport(100);
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
    expect(await stored(`${PARTITION_KEYS.importacao}#${job.id}`)).toEqual([]);
    // Undone: the rest of the file can't come in under it; undoing again is a no-op.
    expect(await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(500)] }, key())).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.importacaoDesfeita },
    });
    expect((await call(api, 'POST', `/importacoes/${job.id}/desfazer`)).body).toEqual({ excluidos: 0, restantes: 0, estado: 'desfeita' });
    expect((await call(api, 'POST', '/importacoes/99999999/desfazer')).status).toBe(404);
   // 200 deletes in one category: one after the other (see the undo's test below).
  }, 120_000);

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
      { excluidos: 2, restantes: 2, estado: 'desfazendo' },
      { excluidos: 2, restantes: 0, estado: 'desfeita' },
    ]);
    expect((await call(api, 'GET', `/categorias/${nova.body.id}`)).status).toBe(404);
    expect((await call(api, 'GET', `/categorias/${usada.body.id}`)).status).toBe(200);
    expect((await call(api, 'GET', `/produtos/${outro.body.id}`)).status).toBe(200);
    expect(await countOf(usada.body.id)).toBe(1);
  });
});

describe('POST /importacoes/{id}/restaurar', () => {
  it('brings an undone import back with the same ids, its categories first, 100 a call; a record that cannot come back says why; then it can be undone again', async () => {
    const job = await startImport(150);
    const nova = await call(api, 'POST', `/importacoes/${job.id}/categorias`, { descricao: `Restaurada ${Date.now()}` });
    expect(nova.status).toBe(201);
    const cpf = `${String(Date.now()).slice(-9)}`;
    const documento = `${cpf}${cpfCheckDigits(cpf)}`;
    for (let b = 0; b < 2; b++) {
      const linhas = Array.from({ length: 75 }, (_, i) =>
        linha(b * 75 + i, { nome: `Restaurado ${b * 75 + i}`, categoria: { id: nova.body.id }, ...(b * 75 + i === 0 ? { documento } : {}) }),
      );
      expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key())).status).toBe(200);
    }
    const imported = (await clientes()).filter((c) => c.categoria?.id === nova.body.id);
    expect(imported).toHaveLength(150);
    // Not undone: nothing to restore.
    expect(await call(api, 'POST', `/importacoes/${job.id}/restaurar`)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.importacaoNaoDesfeita } });
    for (;;) if ((await call(api, 'POST', `/importacoes/${job.id}/desfazer`)).body.restantes === 0) break;
    expect((await clientes()).filter((c) => c.categoria?.id === nova.body.id)).toEqual([]);
    // Meanwhile someone files a client with the document of one of them.
    const outro = await call(api, 'POST', '/produtos', { nome: 'Dono do documento', valorContrato: 1, categoria: null, documento });
    expect(outro.status, outro.text).toBe(201);

    const steps = [];
    for (;;) {
      const r = await call(api, 'POST', `/importacoes/${job.id}/restaurar`);
      expect(r.status, r.text).toBe(200);
      steps.push({ ...r.body, falhas: r.body.falhas.length });
      if (r.body.restantes === 0) {
        expect(r.body.estado).toBe('concluida');
        break;
      }
    }
    // The category first (alone), then the clients 100 a call.
    expect(steps).toEqual([
      { restaurados: 1, restantes: 150, falhas: 0, estado: 'desfeita' },
      { restaurados: 99, restantes: 50, falhas: 1, estado: 'desfeita' },
      { restaurados: 50, restantes: 0, falhas: 0, estado: 'concluida' },
    ]);
    const back = (await clientes()).filter((c) => c.categoria?.id === nova.body.id);
    expect(back.map((c) => c.id).sort((a, b) => a - b)).toEqual(imported.filter((c) => c.nome !== 'Restaurado 0').map((c) => c.id).sort((a, b) => a - b));
    expect(await countOf(nova.body.id)).toBe(149);
    const detail = await call(api, 'GET', `/importacoes/${job.id}`);
    expect(detail.body.estado).toBe('concluida');
    // Restored, it is the import's again: its undo deletes it all once more.
    for (;;) if ((await call(api, 'POST', `/importacoes/${job.id}/desfazer`)).body.restantes === 0) break;
    expect((await clientes()).filter((c) => c.categoria?.id === nova.body.id)).toEqual([]);
    expect((await call(api, 'GET', `/categorias/${nova.body.id}`)).status).toBe(404);
    expect((await call(api, 'GET', `/produtos/${outro.body.id}`)).status).toBe(200);
    expect((await call(api, 'POST', '/importacoes/99999999/restaurar')).status).toBe(404);
    expect(importViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  }, 180_000);
});

describe('GET /importacoes and an import continued later', () => {
  it('lists the imports newest first, paged, with where each stands; one reads with the lines it created', async () => {
    const assinatura = 'a'.repeat(64);
    const older = await startImport(3);
    const job = await startImport(4, { assinatura });
    expect(job).toMatchObject({ estado: 'importando', criados: 0, categorias: 0, assinatura, atualizadoEm: expect.any(String) });
    // Until when it may be undone: its start plus the trash period.
    const { criadoEm, desfazerAte } = job as unknown as { criadoEm: string; desfazerAte: string };
    expect(Date.parse(desfazerAte) - Date.parse(criadoEm)).toBe(LIMITS.trashDays.default * 86_400_000);
    const page = await call(api, 'GET', '/importacoes?limit=1');
    expect(page.status, page.text).toBe(200);
    expect(page.body.itens).toEqual([job]);
    const next = await call(api, 'GET', `/importacoes?limit=1&cursor=${page.body.cursor}`);
    expect(next.body.itens).toEqual([older]);

    // Lines 2, 3 and 5 created (4 invalid), then the page stopped: the import says which.
    const linhas = [linha(0), linha(1), linha(2, { valorContrato: 'x' }), linha(3)];
    const sent = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key());
    expect(sent.body.criados.map((c: { linha: number }) => c.linha)).toEqual([2, 3, 5]);
    const read = await call(api, 'GET', `/importacoes/${job.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id: job.id, estado: 'importando', criados: 3, linhas: [[2, 3], [5, 5]] });
    expect(Date.parse(read.body.atualizadoEm)).toBeGreaterThanOrEqual(Date.parse(criadoEm));
    expect((await call(api, 'GET', '/importacoes/99999999')).status).toBe(404);
    expect((await call(api, 'GET', '/importacoes?cursor=nao')).status).toBe(400);
  });

  it('a line sent again under another key (a continued import) is answered with the client it created, never created twice', async () => {
    const cat = await createCategoria(api, `Retomada ${Date.now()}`);
    const job = await startImport(3);
    const first = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(0, { nome: 'Retomada 0', categoria: { id: cat.id } })] }, key());
    expect(first.status, first.text).toBe(200);
    // The page was closed; continued later, it sends every line again with a new key.
    const linhas = [0, 1, 2].map((i) => linha(i, { nome: `Retomada ${i}`, categoria: { id: cat.id } }));
    const again = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas, fim: true }, key());
    expect(again.status, again.text).toBe(200);
    expect(again.body.criados[0]).toEqual(first.body.criados[0]);
    expect(again.body.criados).toHaveLength(3);
    expect(again.body.falhas).toEqual([]);
    expect((await clientes()).filter((c) => c.nome.startsWith('Retomada '))).toHaveLength(3);
    expect(await countOf(cat.id)).toBe(3);
    // Concluded by the batch marked `fim`; counted once each.
    expect((await call(api, 'GET', `/importacoes/${job.id}`)).body).toMatchObject({ estado: 'concluida', criados: 3, linhas: [[2, 4]] });
    expect(importViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });

  it('the last batch concludes the import (also with no rows left); a concluded import takes no more rows, its last batch still replays', async () => {
    const job = await startImport(2);
    const k = key();
    const last = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(0, { nome: 'Concluída 0' })], fim: true }, k);
    expect(last.status, last.text).toBe(200);
    expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(0, { nome: 'Concluída 0' })], fim: true }, k)).body).toEqual(last.body);
    expect(await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas: [linha(1)] }, key())).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.importacaoConcluida },
    });
    // Nothing left to send: an empty last batch concludes it; without `fim` an empty batch is refused.
    const other = await startImport(1);
    expect(await call(api, 'POST', `/importacoes/${other.id}/lotes`, { linhas: [] }, key())).toMatchObject({
      status: 400,
      body: { mensagem: MESSAGES.importacaoLoteVazio, campo: 'linhas' },
    });
    expect(await call(api, 'POST', `/importacoes/${other.id}/lotes`, { linhas: [], fim: true }, key())).toMatchObject({ status: 200, body: { criados: [], falhas: [] } });
    expect(await call(api, 'POST', `/importacoes/${other.id}/lotes`, { linhas: [], fim: true }, key())).toMatchObject({ status: 200 });
    expect((await call(api, 'GET', `/importacoes/${other.id}`)).body).toMatchObject({ estado: 'concluida', criados: 0, linhas: [] });
    // A concluded import is still undone.
    expect((await call(api, 'POST', `/importacoes/${job.id}/desfazer`)).body).toEqual({ excluidos: 1, restantes: 0, estado: 'desfeita' });
    expect((await call(api, 'GET', `/importacoes/${job.id}`)).body).toMatchObject({ estado: 'desfeita', linhas: [] });
  });
});

describe('a batch with the same CNPJ/CPF twice', () => {
  it('fails the later rows with the documento message before any transaction (one transaction may not claim it twice)', async () => {
    const base = String(Date.now()).slice(-9);
    const cpf = `${base}${cpfCheckDigits(base)}`;
    const job = await startImport(3);
    const sizes: string[][] = [];
    writeHooks.beforeCommit = (ops) => void sizes.push(ops.map((o) => o.name));
    const linhas = [
      linha(0, { nome: 'Dono do CPF', documento: cpf }),
      linha(1, { nome: 'Outro', documento: null }),
      linha(2, { nome: 'Mesmo CPF', documento: formatDocumento(cpf) }),
    ];
    const r = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key());
    expect(r.status, r.text).toBe(200);
    expect(r.body.criados.map((c: { linha: number }) => c.linha)).toEqual([2, 3]);
    expect(r.body.falhas).toEqual([{ linha: 4, mensagem: MESSAGES.documentoDuplicado(formatDocumento(cpf), 'Dono do CPF'), campo: 'documento' }]);
    // One transaction, with one claim of the documento.
    expect(sizes).toHaveLength(1);
    expect((await clientes()).filter((c) => c.nome === 'Mesmo CPF')).toEqual([]);
  });
});

describe('the undo', () => {
  it('deletes the clients of one category one after the other (AWS cancels concurrent transactions on its totals item), categories side by side', async () => {
    const cats = [await createCategoria(api, `Undo A ${Date.now()}`), await createCategoria(api, `Undo B ${Date.now()}`)];
    const job = await startImport(12);
    const linhas = Array.from({ length: 12 }, (_, i) => linha(i, { nome: `Undo ${i}`, categoria: i < 10 ? { id: cats[i % 2]!.id } : null }));
    expect((await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, key())).status).toBe(200);
    // The writes in flight at once (from before their commit to its end), and those on one totals item.
    const inFlight = new Map<string, number>();
    let most = 0;
    let together = 0;
    let running = 0;
    const totalsOf = (ops: readonly AnyOp[]) => ops.filter((o) => o.name.endsWith('.totals')).map((o) => JSON.stringify(keyOf(o)));
    writeHooks.beforeCommit = (ops) => {
      for (const t of totalsOf(ops)) {
        inFlight.set(t, (inFlight.get(t) ?? 0) + 1);
        most = Math.max(most, inFlight.get(t)!);
      }
      together = Math.max(together, ++running);
    };
    writeHooks.afterCommit = (ops) => {
      running--;
      for (const t of totalsOf(ops)) inFlight.set(t, inFlight.get(t)! - 1);
    };
    const r = await call(api, 'POST', `/importacoes/${job.id}/desfazer`);
    expect(r.body).toEqual({ excluidos: 12, restantes: 0, estado: 'desfeita' });
    expect(most).toBe(1);
    expect(together).toBeGreaterThan(1);
    expect(await countOf(cats[0]!.id)).toBe(0);
    expect(importViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });
});

describe('GET /observacoes', () => {
  it('pages the notes of the clients that have some, by id, by size; the list leaves them out', async () => {
    const note = (i: number) => `Nota ${i}: ${'é'.repeat(1_990)}`;
    const made: number[] = [];
    for (let i = 0; i < 3; i++) made.push((await call(api, 'POST', '/produtos', { nome: `Com nota ${i}`, valorContrato: 1, observacoes: note(i) })).body.id);
    await call(api, 'POST', '/produtos', { nome: 'Sem nota', valorContrato: 1 });
    expect((await clientes()).find((c) => c.id === made[0]) as Record<string, unknown>).not.toHaveProperty('observacoes');
    const all = await call(api, 'GET', '/observacoes');
    expect(all.status, all.text).toBe(200);
    expect(all.body.cursor).toBeNull();
    expect(all.body.itens.filter((n: { id: number }) => made.includes(n.id))).toEqual(made.map((id, i) => ({ id, observacoes: note(i) })));
    // Pages of about `maxBytes` of JSON: one note of ~4 KB each here, the cursor after the last.
    const { pageObservacoes } = await import('../../lambdas/store/clientes.ts');
    const first = await pageObservacoes(made[0]! - 1, 5_000);
    expect(first.items.map((n) => n.id)).toEqual([made[0]]);
    const second = await pageObservacoes(first.next, 5_000);
    expect(second.items.map((n) => n.id)).toEqual([made[1]]);
  });
});
