/**
 * Through the real local server and DynamoDB Local: each write's history entry (and its
 * activity feed item), a failed write leaving none, delete → trash → restore with the same id and
 * counts exact, restore races, TTL expiry as the read path sees it, history after a delete, the
 * purge, and every paging and validation answer. The open mode: the actor is "anônimo", an
 * administrator (member vs administrator on the purge: tests/api/auth.test.ts).
 */
import { InternalServerError } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDocumento, LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import { cpfCheckDigits } from '../../lambdas/contract/documento.ts';
import type { EntradaHistorico, ItemLixeira } from '../../lambdas/contract/types.ts';
import { documentClient } from '../../lambdas/store/client.ts';
import { recentActivity } from '../../lambdas/store/feed.ts';
import { FEED_DAYS, historyPk } from '../../lambdas/store/historico.ts';
import { EXPIRA, lixeiraKey } from '../../lambdas/store/lixeira.ts';
import { PARTITION_KEYS, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';
import { STALLED_PURGE_SECONDS, sweepLixeira } from '../../lambdas/services/lixeira.ts';
import { WRITE_ATTEMPTS } from '../../lambdas/services/outcomes.ts';
import { startTestApi } from '../support/api-server.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { holdWrites, openAllGates, writing } from '../support/write-gate.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { auditBy, call, createCategoria, createCliente, ISO_UTC, type TestApi } from './helpers.ts';

let api: TestApi;
/** Armed: the handlers' call of this command, after `skip` others, fails before it reaches DynamoDB (once). */
let fault: { command: string; skip: number } | undefined;
/** The handlers' DynamoDB calls (command and input), while `recording`. */
const calls: { command: string; input: Record<string, unknown> }[] = [];
let recording = false;
const FAULT = 'clientela-historico-fault';

/** The next TransactWriteItems of the handlers fails. */
const failNextTransaction = () => void (fault = { command: 'TransactWriteItemsCommand', skip: 0 });

beforeAll(async () => {
  // Handlers in this file's module graph: the write gate and the fault middleware reach them.
  api = await startTestApi({ loadHandler: loadHandlerInTestGraph, env: { LOG_LEVEL: 'silent' } });
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (recording) calls.push({ command: String(context.commandName), input: args.input as Record<string, unknown> });
      if (fault && context.commandName === fault.command && fault.skip-- === 0) {
        fault = undefined;
        throw new InternalServerError({ message: 'Internal server error (injected)', $metadata: {} });
      }
      return next(args);
    },
    { step: 'initialize', name: FAULT },
  );
});
afterEach(async () => {
  openAllGates();
  fault = undefined;
  recording = false;
  calls.length = 0;
  expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
});
afterAll(async () => {
  documentClient().middlewareStack.remove(FAULT);
  await api?.close();
});

type Page<T> = { itens: T[]; cursor: string | null };
const history = async (tipo: 'produtos' | 'categorias', id: number, query = '') =>
  (await call<Page<EntradaHistorico>>(api, 'GET', `/${tipo}/${id}/historico${query}`)).body;
const trashList = async (query = '') => (await call<Page<ItemLixeira>>(api, 'GET', `/lixeira${query}`)).body;
const inTrash = async (tipo: string, id: number) => (await trashList('?limit=100')).itens.some((i) => i.tipo === tipo && i.id === id);
const storedCount = async (id: number) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.categoria, sk: id } }))).Item?.produtos;
const feedOf = async (tipo: string, id: number) => (await recentActivity(100)).filter((a) => a.tipo === tipo && a.id === id);

/** Makes a trash entry expired (a second ago) as TTL and the sweep see it: the copy's TTL attribute, the index entry's expiry. */
async function expireEntry(tipo: 'produto' | 'categoria', id: number, indice: number): Promise<void> {
  const past = Math.floor(Date.now() / 1000) - 1;
  for (const [Key, attribute] of [[lixeiraKey(tipo, id), TTL_ATTRIBUTE], [{ pk: PARTITION_KEYS.lixeira, sk: indice }, EXPIRA]] as const) {
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key, UpdateExpression: 'SET #e = :p', ExpressionAttributeNames: { '#e': attribute }, ExpressionAttributeValues: { ':p': past } }));
  }
}

const entry = (acao: string, extra: object = {}) => ({ acao, em: expect.stringMatching(ISO_UTC), por: 'anônimo', ...extra });

describe('history of every write', () => {
  it('a client: criado, alterado with the fields before and after, nothing for a no-op update, excluido, restaurado; each with its feed item', async () => {
    const a = await createCategoria(api, 'Hist A');
    const b = await createCategoria(api, 'Hist B');
    const p = await createCliente(api, { nome: 'Maria Ltda', valorContrato: 1500, categoria: { id: a.id } });
    expect(p).toMatchObject(auditBy());
    expect(await history('produtos', p.id)).toEqual({ itens: [entry('criado')], cursor: null });

    const put = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Maria Ltda', valorContrato: 15000, segmento: 'Varejo', categoria: { id: b.id } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ versao: 2, ...auditBy() });
    // The same fields again: versao moves on as before, but no entry and the stamp stays.
    const again = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Maria Ltda', valorContrato: 15000, segmento: 'Varejo', categoria: { id: b.id } });
    expect(again.body.versao).toBe(3);
    expect(again.body.atualizadoEm).toBe(put.body.atualizadoEm);

    const h = await history('produtos', p.id);
    expect(h.itens).toEqual([
      entry('alterado', {
        alteracoes: [
          { campo: 'segmento', antes: '', depois: 'Varejo' },
          { campo: 'valorContrato', antes: 1500, depois: 15000 },
          { campo: 'categoria', antes: { id: a.id, descricao: 'Hist A' }, depois: { id: b.id, descricao: 'Hist B' } },
        ],
      }),
      entry('criado'),
    ]);

    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    expect((await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).status).toBe(200);
    expect((await history('produtos', p.id)).itens.map((e) => e.acao)).toEqual(['restaurado', 'excluido', 'alterado', 'criado']);

    const feed = await feedOf('produto', p.id);
    expect(feed.map((f) => f.acao)).toEqual(['restaurado', 'excluido', 'alterado', 'criado']);
    expect(feed[2]).toEqual({ tipo: 'produto', id: p.id, nome: 'Maria Ltda', acao: 'alterado', em: put.body.atualizadoEm, por: 'anônimo', alteracoes: ['segmento', 'valorContrato', 'categoria'] });
    // The feed keeps FEED_DAYS; its items expire through the table's TTL attribute.
    const raw = await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: historyPk('produto', p.id), sk: 2 } }));
    expect(raw.Item).toMatchObject({ acao: 'alterado' });
    expect(FEED_DAYS).toBe(90);
  });

  it('a category rename is in its own history only, not in its clients’', async () => {
    const c = await createCategoria(api, 'Renomeável');
    const p = await createCliente(api, { nome: 'Cliente R', categoria: { id: c.id } });
    expect((await call(api, 'PUT', '/categorias', { id: c.id, descricao: 'Renomeada' })).status).toBe(200);
    expect((await history('categorias', c.id)).itens).toEqual([
      entry('alterado', { alteracoes: [{ campo: 'descricao', antes: 'Renomeável', depois: 'Renomeada' }] }),
      entry('criado'),
    ]);
    expect((await history('produtos', p.id)).itens).toEqual([entry('criado')]);
    // The same name again changes nothing: no entry.
    expect((await call(api, 'PUT', '/categorias', { id: c.id, descricao: 'Renomeada' })).status).toBe(200);
    expect((await history('categorias', c.id)).itens).toHaveLength(2);
  });

  it('a failed write leaves no history entry, no feed item and no trash item (the transaction fails mid-way)', async () => {
    const c = await createCategoria(api, 'Falha');
    const p = await createCliente(api, { nome: 'Falha Ltda', valorContrato: 10, categoria: { id: c.id } });
    const feed = (await recentActivity(100)).length;

    failNextTransaction();
    expect((await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Outro', valorContrato: 11 })).status).toBe(500);
    failNextTransaction();
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(500);
    failNextTransaction();
    expect((await call(api, 'POST', '/produtos', { nome: 'Nunca', valorContrato: 1 })).status).toBe(500);

    expect((await history('produtos', p.id)).itens).toEqual([entry('criado')]);
    expect(await inTrash('produto', p.id)).toBe(false);
    expect((await call(api, 'GET', `/produtos/${p.id}`)).body).toMatchObject({ nome: 'Falha Ltda', versao: 1 });
    expect((await recentActivity(100)).length).toBe(feed);

    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    failNextTransaction();
    expect((await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).status).toBe(500);
    expect(await inTrash('produto', p.id)).toBe(true);
    expect((await history('produtos', p.id)).itens.map((e) => e.acao)).toEqual(['excluido', 'criado']);
    expect(await storedCount(c.id)).toBe(0);
  });
});

describe('who and when are the server’s', () => {
  const forged = { criadoEm: '1999-01-01T00:00:00.000Z', criadoPor: 'hacker@x.com', atualizadoEm: '1999-01-02T00:00:00.000Z', atualizadoPor: 'hacker@x.com', historico: 99 };

  it('ignores audit fields and a history counter sent in a create or an update body', async () => {
    const c = await call(api, 'POST', '/categorias', { descricao: 'Forjada', ...forged });
    const p = await call(api, 'POST', '/produtos', { nome: 'Forjado', valorContrato: 1, ...forged });
    for (const r of [c, p]) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual(expect.objectContaining(auditBy()));
      expect(r.body).not.toHaveProperty('historico');
      expect(Date.parse(r.body.criadoEm)).toBeGreaterThan(Date.parse('2020-01-01'));
    }
    const put = await call(api, 'PUT', '/produtos', { id: p.body.id, nome: 'Forjado 2', valorContrato: 2, ...forged });
    const rename = await call(api, 'PUT', '/categorias', { id: c.body.id, descricao: 'Forjada 2', ...forged });
    for (const r of [put, rename]) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(expect.objectContaining({ ...auditBy(), criadoEm: expect.not.stringMatching(/^1999/) }));
      expect(r.body).not.toHaveProperty('historico');
    }
    // The history counter went 1, 2: the entries are numbered from it, not from the body.
    for (const [tipo, id] of [['produtos', p.body.id], ['categorias', c.body.id]] as const) {
      expect((await history(tipo, id)).itens).toEqual([entry('alterado', { alteracoes: expect.any(Array) }), entry('criado')]);
    }
    const stored = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.cliente, sk: p.body.id } }))).Item!;
    expect(stored).toMatchObject({ historico: 2, criadoPor: 'anônimo', atualizadoPor: 'anônimo' });
  });
});

describe('a real transaction cancelled by its last items: nothing written', () => {
  /**
   * An item planted where a late item of the write puts its own (the history entry's slot, the
   * trash copy's key) fails that item's condition on DynamoDB Local itself, after every earlier
   * item of the transaction was accepted: the transaction is cancelled as a whole. The write is
   * retried (it reads as a race) until it gives up with 409; the table is then exactly as it was
   * once the planted items are taken away again (records, counts and totals, claims, feed,
   * history, trash, idempotency records).
   */
  const planted: { pk: string; sk: number }[] = [];
  const plant = async (...keys: { pk: string; sk: number }[]) => {
    for (const Key of keys) {
      await api.doc.send(new PutCommand({ TableName: api.tableName, Item: { ...Key, acao: 'criado', em: '2000-01-01T00:00:00.000Z', por: 'plantado' } }));
      planted.push(Key);
    }
  };
  const unplant = async () => {
    for (const Key of planted.splice(0)) await api.doc.send(new DeleteCommand({ TableName: api.tableName, Key }));
  };
  afterEach(unplant);
  const state = () => snapshot(api.doc, api.tableName);
  /** The snapshot without the id counters (a create's failed attempts spend ids: gaps are fine). */
  const withoutCounters = ({ counters: _c, ...rest }: Awaited<ReturnType<typeof state>>) => rest;
  const nextIds = async (kind: 'categoria' | 'cliente', n: number) => {
    const { counters } = await state();
    return Array.from({ length: n }, (_, i) => counters[kind] + 1 + i);
  };

  it('a client update (the history entry’s slot taken): record, totals, CNPJ/CPF claims, feed, history as they were', async () => {
    const a = await createCategoria(api, 'Meio A');
    const b = await createCategoria(api, 'Meio B');
    const p = await createCliente(api, { nome: 'No meio', valorContrato: 20000, categoria: { id: a.id }, documento: '390.533.447-05' });
    const before = await state();
    await plant({ pk: historyPk('produto', p.id), sk: 2 });
    recording = true;
    const r = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Mudou', valorContrato: 1, categoria: { id: b.id }, documento: '11.222.333/0001-81' });
    recording = false;
    expect(r).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conflitoConcorrente } });
    // The transactions reached DynamoDB, the history entry among their last items.
    const sent = calls.filter((c) => c.command === 'TransactWriteItemsCommand');
    expect(sent.length).toBe(WRITE_ATTEMPTS);
    const items = sent[0]!.input.TransactItems as Record<string, { Key?: { pk: string }; Item?: { pk: string } }>[];
    const pkOf = (item: (typeof items)[number]) => Object.values(item)[0]!.Key?.pk ?? Object.values(item)[0]!.Item?.pk;
    // The record first, then the claims and the totals, and the history entry after all of them.
    expect(pkOf(items[0]!)).toBe(PARTITION_KEYS.cliente);
    const historyAt = items.findIndex((i) => pkOf(i) === historyPk('produto', p.id));
    expect(historyAt).toBeGreaterThanOrEqual(5);
    await unplant();
    expect(await state()).toEqual(before);
  });

  it('a client delete (the trash copy’s key taken): live, counted, its CNPJ/CPF held, nothing in the trash', async () => {
    const c = await createCategoria(api, 'Meio C');
    const p = await createCliente(api, { nome: 'Não sai', valorContrato: 15000, categoria: { id: c.id }, documento: '111.444.777-35' });
    const before = await state();
    await plant(lixeiraKey('produto', p.id));
    expect(await call(api, 'DELETE', `/produtos/${p.id}`)).toMatchObject({ status: 409 });
    await unplant();
    expect(await state()).toEqual(before);
    expect((await call(api, 'GET', `/produtos/${p.id}`)).status).toBe(200);
  });

  it('a category create (every attempt’s history slot taken): no category, its name free, no feed or history', async () => {
    const before = await state();
    const ids = await nextIds('categoria', WRITE_ATTEMPTS + 2);
    await plant(...ids.map((id) => ({ pk: historyPk('categoria', id), sk: 1 })));
    expect(await call(api, 'POST', '/categorias', { descricao: 'Nunca criada' })).toMatchObject({ status: 409 });
    await unplant();
    expect(withoutCounters(await state())).toEqual(withoutCounters(before));
    // The name was never taken.
    expect((await call(api, 'POST', '/categorias', { descricao: 'NUNCA criada' })).status).toBe(201);
  });

  it('a category rename (its history slot taken): the old name kept and held, the new one free', async () => {
    const c = await createCategoria(api, 'Nome antigo');
    const before = await state();
    await plant({ pk: historyPk('categoria', c.id), sk: 2 });
    expect(await call(api, 'PUT', '/categorias', { id: c.id, descricao: 'Nome novo' })).toMatchObject({ status: 409 });
    await unplant();
    expect(await state()).toEqual(before);
    expect((await call(api, 'POST', '/categorias', { descricao: 'nome antigo' })).status).toBe(409);
  });

  it('a category delete (the trash copy’s key taken): live, its name held, nothing in the trash', async () => {
    const c = await createCategoria(api, 'Fica viva');
    const before = await state();
    await plant(lixeiraKey('categoria', c.id));
    expect(await call(api, 'DELETE', `/categorias/${c.id}`)).toMatchObject({ status: 409 });
    await unplant();
    expect(await state()).toEqual(before);
  });

  it('an import batch: the transaction a row’s history slot cancels writes nothing; the row fails, the others are written again without it', async () => {
    const c = await createCategoria(api, 'Importada no meio');
    const job = (await call(api, 'POST', '/importacoes', { total: 3, arquivo: 'meio.csv' })).body as { id: number };
    const linhas = [0, 1, 2].map((i) => ({ linha: i + 2, cliente: { nome: `Linha ${i}`, valorContrato: 20000, categoria: { id: c.id }, documento: ['987654321', '987654322', '987654323'].map((b) => b + cpfCheckDigits(b))[i]! } }));
    const before = await state();
    const ids = await nextIds('cliente', 3);
    // The last row's history entry: a late item of the batch's transaction.
    await plant({ pk: historyPk('produto', ids[2]!), sk: 1 });
    const r = await call(api, 'POST', `/importacoes/${job.id}/lotes`, { linhas }, { 'idempotency-key': `meio-${Date.now()}` });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ criados: [{ linha: 2, id: ids[0] }, { linha: 3, id: ids[1] }], falhas: [{ linha: 4, mensagem: MESSAGES.importacaoLinhaFalhou }] });
    await unplant();
    const after = await state();
    // Only the two rows written: the third has no record, claim, count, feed item or history.
    expect([...after.clientes.keys()].filter((id) => !before.clientes.has(id))).toEqual([ids[0], ids[1]]);
    expect(after.documentos.get(linhas[2]!.cliente.documento)).toBeUndefined();
    expect(after.documentos.get(linhas[1]!.cliente.documento)).toBe(ids[1]);
    expect(after.categorias.get(c.id)).toMatchObject({ clientes: 2, vips: 2, soma: 4_000_000n });
    expect(after.history!.get(`produto#${ids[2]}`)).toBeUndefined();
    expect(after.feedItems).toBe(before.feedItems! + 2);
    expect(after.importacoes!.get(job.id)).toMatchObject({ criados: 2 });
  });
});

describe('reading a history', () => {
  it('is paged newest first with an opaque cursor, and readable after the record is deleted', async () => {
    const p = await createCliente(api, { nome: 'Paginado', valorContrato: 1 });
    for (let v = 2; v <= 6; v++) expect((await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Paginado', valorContrato: v })).status).toBe(200);
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    expect((await call(api, 'GET', `/produtos/${p.id}`)).status).toBe(404);

    const seen: EntradaHistorico[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page<EntradaHistorico> = await history('produtos', p.id, `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.itens.length).toBeLessThanOrEqual(3);
      seen.push(...page.itens);
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((e) => e.acao)).toEqual(['excluido', 'alterado', 'alterado', 'alterado', 'alterado', 'alterado', 'criado']);
    expect(seen.slice(1, 6).map((e) => e.alteracoes![0]!.depois)).toEqual([6, 5, 4, 3, 2]);
    // The default page size.
    expect((await history('produtos', p.id)).itens).toHaveLength(7);
  });

  it('answers 404 for a record that never existed, 400 for a bad limit, cursor or id', async () => {
    expect(await call(api, 'GET', '/produtos/987654/historico')).toMatchObject({ status: 404, body: { mensagem: MESSAGES.produtoNaoEncontrado } });
    expect(await call(api, 'GET', '/categorias/987654/historico')).toMatchObject({ status: 404, body: { mensagem: MESSAGES.categoriaNaoEncontrada } });
    const c = await createCategoria(api, 'Limites');
    for (const limit of ['0', '101', 'abc', '1.5', '-1', '01']) {
      expect(await call(api, 'GET', `/categorias/${c.id}/historico?limit=${limit}`), limit).toMatchObject({
        status: 400,
        body: { mensagem: MESSAGES.limiteInvalido(LIMITS.page.max) },
      });
    }
    expect((await call(api, 'GET', `/categorias/${c.id}/historico?limit=100`)).status).toBe(200);
    for (const cursor of ['x', 'eyJzayI6LTF9', '%7B%7D']) {
      expect(await call(api, 'GET', `/categorias/${c.id}/historico?cursor=${cursor}`), cursor).toMatchObject({
        status: 400,
        body: { mensagem: MESSAGES.cursorInvalido },
      });
    }
    expect((await call(api, 'GET', '/categorias/0/historico')).status).toBe(400);
    expect((await call(api, 'GET', '/lixeira?limit=0')).status).toBe(400);
  });

  it('a client and a category with the same id keep separate histories', async () => {
    // Advance whichever counter is behind until a client and a category share an id.
    let c = await createCategoria(api, 'Mesmo id 0');
    let q = await createCliente(api, { nome: 'Mesmo id' });
    for (let n = 1; c.id !== q.id; n++) {
      if (c.id < q.id) c = await createCategoria(api, `Mesmo id ${n}`);
      else q = await createCliente(api, { nome: 'Mesmo id' });
    }
    expect((await history('produtos', q.id)).itens).toEqual([entry('criado')]);
    expect((await history('categorias', c.id)).itens).toEqual([entry('criado')]);
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(204);
    expect((await call(api, 'DELETE', `/produtos/${q.id}`)).status).toBe(204);
    const kinds = (await trashList('?limit=100')).itens.filter((i) => i.id === c.id).map((i) => i.tipo).sort();
    expect(kinds).toEqual(['categoria', 'produto']);
    expect((await call(api, 'POST', `/lixeira/categoria/${c.id}/restaurar`)).status).toBe(200);
    expect(await inTrash('produto', q.id)).toBe(true);
    expect((await history('produtos', q.id)).itens.map((e) => e.acao)).toEqual(['excluido', 'criado']);
    expect((await history('categorias', c.id)).itens.map((e) => e.acao)).toEqual(['restaurado', 'excluido', 'criado']);
  });
});

describe('the trash', () => {
  it('delete → listed with who and when → restore: same id, versao + 1, counted again, out of the trash', async () => {
    const c = await createCategoria(api, 'Lixo');
    const p = await createCliente(api, { nome: 'Restaurável', valorContrato: 20000, categoria: { id: c.id } });
    expect(await storedCount(c.id)).toBe(1);
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    expect(await storedCount(c.id)).toBe(0);

    const first = (await trashList()).itens[0];
    expect(first).toEqual({
      tipo: 'produto',
      id: p.id,
      nome: 'Restaurável',
      excluidoEm: expect.stringMatching(ISO_UTC),
      excluidoPor: 'anônimo',
      expiraEm: expect.stringMatching(/Z$/),
    });
    // TTL: the copy and the index entry carry expiresAt, TRASH_DAYS (30) after the delete.
    const copy = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: lixeiraKey('produto', p.id) }))).Item!;
    const days = (Number(copy[TTL_ATTRIBUTE]) - Date.parse(first!.excluidoEm) / 1000) / 86400;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    // A category with only trashed clients can be deleted… and its client then comes back without it.
    const r = await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      tipo: 'produto',
      registro: { ...p, versao: 2, ...auditBy(), criadoEm: p.criadoEm },
    });
    expect(r.body.registro.atualizadoEm >= p.atualizadoEm!).toBe(true);
    expect((await call(api, 'GET', `/produtos/${p.id}`)).body).toEqual(r.body.registro);
    expect(await storedCount(c.id)).toBe(1);
    expect(await inTrash('produto', p.id)).toBe(false);
    // Restoring twice, or something never deleted → 404.
    expect(await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).toMatchObject({ status: 404, body: { mensagem: MESSAGES.naoEstaNaLixeira } });
    expect((await call(api, 'POST', '/lixeira/produto/987654/restaurar')).status).toBe(404);
    expect(await call(api, 'POST', `/lixeira/cliente/${p.id}/restaurar`)).toMatchObject({ status: 400, body: { mensagem: MESSAGES.tipoInvalido } });
  });

  it('clients in the trash don’t count: the category is deleted; the client comes back without it, and the answer and history say so', async () => {
    const c = await createCategoria(api, 'Vai embora');
    const p = await createCliente(api, { nome: 'Órfão', categoria: { id: c.id } });
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(409);
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(204);

    const r = await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`);
    expect(r.status).toBe(200);
    expect(r.body.registro).toMatchObject({ id: p.id, categoria: null, versao: 2 });
    expect(r.body.aviso).toBe(MESSAGES.restauradoSemCategoria('Vai embora'));
    expect((await history('produtos', p.id)).itens[0]).toEqual(
      entry('restaurado', { alteracoes: [{ campo: 'categoria', antes: { id: c.id, descricao: 'Vai embora' }, depois: null }] }),
    );
    // The category restored later has no client: the client stayed without it.
    const back = await call(api, 'POST', `/lixeira/categoria/${c.id}/restaurar`);
    expect(back.body).toEqual({ tipo: 'categoria', registro: { id: c.id, descricao: 'Vai embora', versao: 2, ...auditBy() } });
    expect(await storedCount(c.id)).toBe(0);
  });

  it('a restore re-takes the name or answers 409 naming the record that holds it now', async () => {
    const c = await createCategoria(api, 'Nome disputado');
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(204);
    // Deleting freed the name.
    const other = await createCategoria(api, 'nome DISPUTADO');
    expect(await call(api, 'POST', `/lixeira/categoria/${c.id}/restaurar`)).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.categoriaDuplicada('nome DISPUTADO'), campo: 'descricao' },
    });
    expect(await inTrash('categoria', c.id)).toBe(true);
    expect((await call(api, 'PUT', '/categorias', { id: other.id, descricao: 'Outro nome' })).status).toBe(200);
    expect((await call(api, 'POST', `/lixeira/categoria/${c.id}/restaurar`)).status).toBe(200);
    // The name is held again: a new category with it is refused.
    expect((await call(api, 'POST', '/categorias', { descricao: 'Nome Disputado' })).status).toBe(409);
  });

  it('a restore re-takes the CNPJ/CPF or answers 409 naming the client that holds it now', async () => {
    const p = await createCliente(api, { nome: 'Dono antigo', documento: '529.982.247-25' });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    // Deleting freed the documento: another client takes it.
    const other = await createCliente(api, { nome: 'Dono novo', documento: '52998224725' });
    expect(await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.documentoDuplicado(formatDocumento('52998224725'), 'Dono novo'), campo: 'documento' },
    });
    expect(await inTrash('produto', p.id)).toBe(true);
    expect((await call(api, 'GET', `/produtos/${p.id}`)).status).toBe(404);
    expect((await history('produtos', p.id)).itens.map((e) => e.acao)).toEqual(['excluido', 'criado']);
    // Freed again, the restore takes it back; a third client can't have it.
    expect((await call(api, 'PUT', '/produtos', { id: other.id, nome: 'Dono novo', valorContrato: 100, documento: null })).status).toBe(200);
    expect(await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).toMatchObject({ status: 200, body: { registro: { id: p.id, documento: '52998224725' } } });
    expect((await call(api, 'POST', '/produtos', { nome: 'Terceiro', valorContrato: 1, documento: '529.982.247-25' })).status).toBe(409);
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
  });

  it('a client whose category was purged comes back without it, and the answer and history still name it', async () => {
    const c = await createCategoria(api, 'Expurgada');
    const p = await createCliente(api, { nome: 'Sem ela', categoria: { id: c.id } });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(204);
    expect((await call(api, 'DELETE', `/lixeira/categoria/${c.id}`)).status).toBe(204);
    const r = await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`);
    expect(r).toMatchObject({ status: 200, body: { registro: { id: p.id, categoria: null }, aviso: MESSAGES.restauradoSemCategoria('Expurgada') } });
    expect((await history('produtos', p.id)).itens[0]).toEqual(
      entry('restaurado', { alteracoes: [{ campo: 'categoria', antes: { id: c.id, descricao: 'Expurgada' }, depois: null }] }),
    );
  });

  it('an expired entry reads as absent before TTL removes it: not listed, not restorable', async () => {
    const p = await createCliente(api, { nome: 'Expira' });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    const copy = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: lixeiraKey('produto', p.id) }))).Item!;
    await expireEntry('produto', p.id, Number(copy.indice));
    expect(await inTrash('produto', p.id)).toBe(false);
    expect((await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).status).toBe(404);
    // Its history is still there until the sweep erases it (below).
    expect((await history('produtos', p.id)).itens.map((e) => e.acao)).toEqual(['excluido', 'criado']);
  });

  it('is paged newest first', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await createCliente(api, { nome: `Página ${i}` });
      expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
      ids.push(p.id);
    }
    const one = await trashList('?limit=2');
    expect(one.itens.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const two = await trashList(`?limit=2&cursor=${one.cursor}`);
    expect(two.itens[0]!.id).toBe(ids[0]);
  });
});

describe('restore races', () => {
  it('two restores at once: one 200, one 404, the record once', async () => {
    const c = await createCategoria(api, 'Corrida');
    const p = await createCliente(api, { nome: 'Duas vezes', categoria: { id: c.id } });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    const gate = holdWrites(writing('lixeira.restore'), 2);
    const both = Promise.all([1, 2].map(() => call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)));
    await gate.reached(2);
    gate.releaseAll();
    const statuses = (await both).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 404]);
    expect(await storedCount(c.id)).toBe(1);
    expect((await history('produtos', p.id)).itens.filter((e) => e.acao === 'restaurado')).toHaveLength(1);
  });

  it('a restore racing its category’s delete never leaves an orphan: the client comes back without it', async () => {
    const c = await createCategoria(api, 'Some no meio');
    const p = await createCliente(api, { nome: 'Quase órfão', categoria: { id: c.id } });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    // The restore read the category; it is deleted before the restore writes.
    const gate = holdWrites(writing('lixeira.restore'), 1);
    const restore = call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`);
    await gate.reached();
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(204);
    gate.releaseAll();
    const r = await restore;
    expect(r.status).toBe(200);
    expect(r.body.registro.categoria).toBeNull();
    expect(r.body.aviso).toBe(MESSAGES.restauradoSemCategoria('Some no meio'));
  });

  it('a category delete racing a restore of its client is refused (409) once the client is back', async () => {
    const c = await createCategoria(api, 'Fica');
    const p = await createCliente(api, { nome: 'Volta', categoria: { id: c.id } });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    const gate = holdWrites(writing('categoria.delete'), 1);
    const del = call(api, 'DELETE', `/categorias/${c.id}`);
    await gate.reached();
    expect((await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).status).toBe(200);
    gate.releaseAll();
    expect((await del).status).toBe(409);
    expect(await storedCount(c.id)).toBe(1);
  });
});

describe('the purge', () => {
  it('removes the copy, the history and the feed items for good; ids are never reused', async () => {
    const p = await createCliente(api, { nome: 'Dados pessoais' });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    // A live record or one never deleted is not in the trash.
    const live = await createCliente(api, { nome: 'Vivo' });
    expect((await call(api, 'DELETE', `/lixeira/produto/${live.id}`)).status).toBe(404);
    expect((await call(api, 'DELETE', '/lixeira/produto/987654')).status).toBe(404);

    const r = await call(api, 'DELETE', `/lixeira/produto/${p.id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect(await inTrash('produto', p.id)).toBe(false);
    expect((await call(api, 'GET', `/produtos/${p.id}/historico`)).status).toBe(404);
    expect(await feedOf('produto', p.id)).toEqual([]);
    expect((await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).status).toBe(404);
    expect((await call(api, 'DELETE', `/lixeira/produto/${p.id}`)).status).toBe(404);
    const next = await createCliente(api, { nome: 'Novo' });
    expect(next.id).toBeGreaterThan(live.id);
  });

  it('never gives a purged record’s id again, though it was the highest ever given', async () => {
    for (const [tipo, path] of [['produto', 'produtos'], ['categoria', 'categorias']] as const) {
      const last = tipo === 'produto' ? await createCliente(api, { nome: 'O último' }) : await createCategoria(api, 'A última');
      expect((await call(api, 'DELETE', `/${path}/${last.id}`)).status).toBe(204);
      expect((await call(api, 'DELETE', `/lixeira/${tipo}/${last.id}`)).status).toBe(204);
      // No record holds that id any more, live or in the trash: the next one is still above it.
      const next = tipo === 'produto' ? await createCliente(api, { nome: 'O seguinte' }) : await createCategoria(api, 'A seguinte');
      expect(next.id).toBe(last.id + 1);
    }
  });

  it('erases an entry that expired but that TTL has not removed yet', async () => {
    const p = await createCliente(api, { nome: 'Expirado', email: 'expirado@empresa.com.br' });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    const copy = (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: lixeiraKey('produto', p.id) }))).Item!;
    await expireEntry('produto', p.id, Number(copy.indice));
    expect(await inTrash('produto', p.id)).toBe(false);
    expect((await call(api, 'DELETE', `/lixeira/produto/${p.id}`)).status).toBe(204);
    expect((await api.doc.send(new GetCommand({ TableName: api.tableName, Key: lixeiraKey('produto', p.id) }))).Item).toBeUndefined();
    expect((await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.lixeira, sk: Number(copy.indice) } }))).Item).toBeUndefined();
    expect((await call(api, 'GET', `/produtos/${p.id}/historico`)).status).toBe(404);
    expect(await feedOf('produto', p.id)).toEqual([]);
  });

  it('a restore racing a purge is refused once the purge has marked the copy', async () => {
    const c = await createCategoria(api, 'Expurgo');
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(204);
    const gate = holdWrites(writing('lixeira.restore'), 1);
    const restore = call(api, 'POST', `/lixeira/categoria/${c.id}/restaurar`);
    await gate.reached();
    expect((await call(api, 'DELETE', `/lixeira/categoria/${c.id}`)).status).toBe(204);
    gate.releaseAll();
    expect((await restore).status).toBe(404);
    expect((await call(api, 'GET', `/categorias/${c.id}`)).status).toBe(404);
  });
});

describe('the purge, half-way and after', () => {
  const raw = async (Key: { pk: string; sk: number }) => (await api.doc.send(new GetCommand({ TableName: api.tableName, Key }))).Item;
  const historyItems = async (tipo: 'produto' | 'categoria', id: number) =>
    (await api.doc.send(new QueryCommand({ TableName: api.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': historyPk(tipo, id) } }))).Items ?? [];

  it('a purge that fails half-way hides the entry, refuses a restore with 404, and completes when run again', async () => {
    const p = await createCliente(api, { nome: 'Meio expurgado', email: 'meio@empresa.com.br' });
    for (let v = 2; v <= 4; v++) expect((await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Meio expurgado', valorContrato: v })).status).toBe(200);
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    const { indice } = (await raw(lixeiraKey('produto', p.id)))!;
    // The feed items go first, then the history entries: the second batch write fails.
    fault = { command: 'BatchWriteItemCommand', skip: 1 };
    expect((await call(api, 'DELETE', `/lixeira/produto/${p.id}`)).status).toBe(500);
    expect(await feedOf('produto', p.id)).toEqual([]);
    expect(await historyItems('produto', p.id)).toHaveLength(5);

    // Marked: not listed, not restorable (a clean 404), the data as it was.
    expect(await inTrash('produto', p.id)).toBe(false);
    expect(await call(api, 'POST', `/lixeira/produto/${p.id}/restaurar`)).toMatchObject({ status: 404, body: { mensagem: MESSAGES.naoEstaNaLixeira } });
    expect((await call(api, 'GET', `/produtos/${p.id}`)).status).toBe(404);
    expect(await raw(lixeiraKey('produto', p.id))).toMatchObject({ purgando: expect.any(Number) });

    expect((await call(api, 'DELETE', `/lixeira/produto/${p.id}`)).status).toBe(204);
    expect(await historyItems('produto', p.id)).toEqual([]);
    expect(await raw(lixeiraKey('produto', p.id))).toBeUndefined();
    expect(await raw({ pk: PARTITION_KEYS.lixeira, sk: Number(indice) })).toBeUndefined();
    expect((await call(api, 'GET', `/produtos/${p.id}/historico`)).status).toBe(404);
  });

  it('finds the record’s feed items from its history, without reading the feed; entries stored before they kept the key too', async () => {
    const p = await createCliente(api, { nome: 'Sem varredura do feed' });
    expect((await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Sem varredura do feed', valorContrato: 7 })).status).toBe(200);
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    recording = true;
    expect((await call(api, 'DELETE', `/lixeira/produto/${p.id}`)).status).toBe(204);
    recording = false;
    const feedQueries = calls.filter((c) => c.command === 'QueryCommand' && JSON.stringify(c.input).includes(PARTITION_KEYS.atividade));
    expect(feedQueries).toEqual([]);
    expect(await feedOf('produto', p.id)).toEqual([]);

    // An entry written before the entries kept their feed key: its feed item is looked up around its time only.
    const q = await createCliente(api, { nome: 'Entrada antiga' });
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: { pk: historyPk('produto', q.id), sk: 1 }, UpdateExpression: 'REMOVE atividade' }));
    expect((await call(api, 'DELETE', `/produtos/${q.id}`)).status).toBe(204);
    calls.length = 0;
    recording = true;
    expect((await call(api, 'DELETE', `/lixeira/produto/${q.id}`)).status).toBe(204);
    recording = false;
    const around = calls.filter((c) => c.command === 'QueryCommand' && JSON.stringify(c.input).includes(PARTITION_KEYS.atividade));
    expect(around).toHaveLength(1);
    expect(around[0]!.input.KeyConditionExpression).toBe('pk = :pk AND sk BETWEEN :from AND :to');
    expect(await feedOf('produto', q.id)).toEqual([]);
  });

  it('erases the idempotency record of the record’s create (it holds the record), unless the key holds another create by then', async () => {
    const key = `expurgo-${Date.now()}`;
    const body = { nome: 'Com chave', valorContrato: 1, documento: '11.444.777/0001-61' };
    const first = await call(api, 'POST', '/produtos', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const claimKey = { pk: `${PARTITION_KEYS.idempotencia}#POST /produtos#${key}`, sk: 0 };
    expect(await raw(claimKey)).toMatchObject({ registro: `produto#${first.body.id}` });
    expect((await call(api, 'DELETE', `/produtos/${first.body.id}`)).status).toBe(204);
    expect((await call(api, 'DELETE', `/lixeira/produto/${first.body.id}`)).status).toBe(204);
    expect(await raw(claimKey)).toBeUndefined();
    // The same request again creates the record anew: the purged one is never answered.
    const again = await call(api, 'POST', '/produtos', body, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.body.id).toBeGreaterThan(first.body.id);

    // A key that expired and answers another create since (staged): the purge leaves it alone.
    expect((await call(api, 'DELETE', `/produtos/${again.body.id}`)).status).toBe(204);
    const other = await createCliente(api, { nome: 'Outro dono da chave' });
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: claimKey, UpdateExpression: 'SET registro = :r, responseBody = :b', ExpressionAttributeValues: { ':r': `produto#${other.id}`, ':b': JSON.stringify(other) } }));
    expect((await call(api, 'DELETE', `/lixeira/produto/${again.body.id}`)).status).toBe(204);
    expect(await raw(claimKey)).toMatchObject({ registro: `produto#${other.id}` });
  });
});

describe('the sweep: an expired entry goes with its history', () => {
  const raw = async (Key: { pk: string; sk: number }) => (await api.doc.send(new GetCommand({ TableName: api.tableName, Key }))).Item;

  it('erases the history, feed items, copy and index entry of expired entries only; finishes a purge left half-way; stops when time runs out', async () => {
    const expired = await createCliente(api, { nome: 'Venceu', email: 'venceu@empresa.com.br', telefone: '(11) 98765-4321' });
    expect((await call(api, 'PUT', '/produtos', { id: expired.id, nome: 'Venceu', valorContrato: 2, observacoes: 'dado pessoal' })).status).toBe(200);
    const kept = await createCategoria(api, 'Ainda na lixeira');
    const stalled = await createCliente(api, { nome: 'Expurgo interrompido' });
    for (const [path, id] of [['produtos', expired.id], ['categorias', kept.id], ['produtos', stalled.id]] as const) {
      expect((await call(api, 'DELETE', `/${path}/${id}`)).status).toBe(204);
    }
    const expiredIndex = Number((await raw(lixeiraKey('produto', expired.id)))!.indice);
    const keptIndex = Number((await raw(lixeiraKey('categoria', kept.id)))!.indice);
    const stalledIndex = Number((await raw(lixeiraKey('produto', stalled.id)))!.indice);
    await expireEntry('produto', expired.id, expiredIndex);
    // TTL removed the expired copy already: the index entry is what remains to do.
    await api.doc.send(new DeleteCommand({ TableName: api.tableName, Key: lixeiraKey('produto', expired.id) }));
    // A purge marked this one minutes ago and died before its end.
    const marked = Math.floor(Date.now() / 1000) - STALLED_PURGE_SECONDS - 1;
    for (const Key of [lixeiraKey('produto', stalled.id), { pk: PARTITION_KEYS.lixeira, sk: stalledIndex }]) {
      await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key, UpdateExpression: 'SET purgando = :t', ExpressionAttributeValues: { ':t': marked } }));
    }

    // No time left: nothing is touched.
    const none = await sweepLixeira(Date.now(), () => false);
    expect(none).toMatchObject({ erased: 0 });
    expect(none.left).toBeGreaterThanOrEqual(2);
    expect((await history('produtos', expired.id)).itens).toHaveLength(3);

    const done = await sweepLixeira();
    expect(done.left).toBe(0);
    expect(done.erased).toBeGreaterThanOrEqual(2);
    for (const id of [expired.id, stalled.id]) {
      expect((await call(api, 'GET', `/produtos/${id}/historico`)).status).toBe(404);
      expect(await feedOf('produto', id)).toEqual([]);
      expect(await raw(lixeiraKey('produto', id))).toBeUndefined();
    }
    expect(await raw({ pk: PARTITION_KEYS.lixeira, sk: expiredIndex })).toBeUndefined();
    expect(await raw({ pk: PARTITION_KEYS.lixeira, sk: stalledIndex })).toBeUndefined();
    // What has not expired stays, restorable.
    expect(await raw({ pk: PARTITION_KEYS.lixeira, sk: keptIndex })).toBeDefined();
    expect((await history('categorias', kept.id)).itens.map((e) => e.acao)).toEqual(['excluido', 'criado']);
    expect((await call(api, 'POST', `/lixeira/categoria/${kept.id}/restaurar`)).status).toBe(200);
    // Run again: nothing left to do.
    expect(await sweepLixeira()).toEqual({ erased: 0, left: 0 });
  });

  it('also erases entries stored before the index kept its own expiry (TTL attribute only)', async () => {
    const p = await createCliente(api, { nome: 'Entrada antiga da lixeira' });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    const indice = Number((await raw(lixeiraKey('produto', p.id)))!.indice);
    const past = Math.floor(Date.now() / 1000) - 1;
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.lixeira, sk: indice }, UpdateExpression: 'REMOVE expira SET expiresAt = :p', ExpressionAttributeValues: { ':p': past } }));
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: lixeiraKey('produto', p.id), UpdateExpression: 'SET expiresAt = :p', ExpressionAttributeValues: { ':p': past } }));
    expect(await inTrash('produto', p.id)).toBe(false);
    await sweepLixeira();
    expect((await call(api, 'GET', `/produtos/${p.id}/historico`)).status).toBe(404);
    expect(await raw({ pk: PARTITION_KEYS.lixeira, sk: indice })).toBeUndefined();
  });

  it("moves an unexpired entry's expiry off TTL, where DynamoDB could drop the to-do before the sweep", async () => {
    const p = await createCliente(api, { nome: 'Entrada antiga ainda na lixeira' });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    const key = { pk: PARTITION_KEYS.lixeira, sk: Number((await raw(lixeiraKey('produto', p.id)))!.indice) };
    const expiry = Number((await raw(key))![EXPIRA]);
    // As a release before the sweep stored it: the expiry in the TTL attribute.
    await api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: key, UpdateExpression: 'REMOVE expira SET expiresAt = :e', ExpressionAttributeValues: { ':e': expiry } }));
    expect((await raw(key))![TTL_ATTRIBUTE]).toBe(expiry);

    await sweepLixeira();
    const entry = (await raw(key))!;
    expect(entry[EXPIRA]).toBe(expiry);
    expect(entry[TTL_ATTRIBUTE]).toBeUndefined();
    expect(await inTrash('produto', p.id)).toBe(true);
    expect((await history('produtos', p.id)).itens.map((e) => e.acao)).toEqual(['excluido', 'criado']);
    // Once it expires, the sweep erases it as any other.
    await sweepLixeira((expiry + 1) * 1000);
    expect(await raw(key)).toBeUndefined();
    expect((await call(api, 'GET', `/produtos/${p.id}/historico`)).status).toBe(404);
  });
});
