/**
 * POST /produtos/existentes (the CSV import's review at any size), through the real local server
 * on DynamoDB Local: the stored clients having one of the names (accents and case aside) or
 * CPFs/CNPJs asked, equal to what a recount of the whole list finds; no Scan and no
 * read of the whole client partition; bounds and bad bodies answered 400; 503 while the clients
 * stored before the index are being indexed.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldName, LIMITS, MESSAGES, type Cliente } from '../../lambdas/contract/index.ts';
import { documentClient } from '../../lambdas/store/client.ts';
import { forgetIndexesState, MIGRACAO_INDICES_KEY, migrateIndexes } from '../../lambdas/store/migracao.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { call, createCategoria, createCliente, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
let varejo: { id: number; descricao: string };
/** DynamoDB commands the handlers sent (their shared client, in this module graph). */
const sent: { name: string; input: Record<string, unknown> }[] = [];

beforeAll(async () => {
  api = await startApi({ loadHandler: loadHandlerInTestGraph });
  documentClient().middlewareStack.add(
    (next, context) => (args) => {
      sent.push({ name: String(context.commandName), input: args.input as Record<string, unknown> });
      return next(args);
    },
    { step: 'initialize', name: 'recordRequests' },
  );
  varejo = await createCategoria(api, 'Varejo');
  const clientes = [
    { nome: 'Padaria Pão de Açúcar', documento: '11222333000181', categoria: { id: varejo.id } },
    { nome: 'padaria pao de acucar', categoria: null },
    { nome: 'Padaria Pão', categoria: null },
    { nome: 'Loja 2', documento: '52998224725', categoria: null },
    { nome: 'Loja 10', categoria: { id: varejo.id } },
    { nome: 'Clínica São Lucas', documento: '12ABC34501DE35', categoria: null },
  ];
  for (const c of clientes) await createCliente(api, { valorContrato: 500, ...c });
});
afterAll(() => api?.close());

const existentes = (body: unknown) => call<Cliente[]>(api, 'POST', '/produtos/existentes', body);

/** What the review found before: the whole list, filtered by folded name or documento. */
async function recount(nomes: string[], documentos: string[]): Promise<number[]> {
  const all = (await call<Cliente[]>(api, 'GET', '/produtos')).body;
  const wanted = new Set(nomes.map(foldName));
  return all.filter((c) => wanted.has(foldName(c.nome)) || (c.documento && documentos.includes(c.documento))).map((c) => c.id);
}

describe('POST /produtos/existentes', () => {
  it('answers the clients having one of the names (accents and case aside) or CPFs/CNPJs, as the list returns them, sorted by id', async () => {
    const nomes = ['PADARIA PÃO DE AÇÚCAR', 'loja 2', 'Ninguém Aqui', ''];
    const documentos = ['12ABC34501DE35', '11144477735'];
    const r = await existentes({ nomes, documentos });
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((c) => c.id)).toEqual(await recount(nomes, documentos));
    expect(r.body.map((c) => c.nome)).toEqual(['Padaria Pão de Açúcar', 'padaria pao de acucar', 'Loja 2', 'Clínica São Lucas']);
    // The list's shape: the category embedded as it is now, no observacoes.
    expect(r.body[0]).toMatchObject({ categoria: { id: varejo.id, descricao: 'Varejo' }, documento: '11222333000181' });
    expect(r.body[0]).not.toHaveProperty('observacoes');
  });

  it('matches the whole name only: a prefix or another number is another name', async () => {
    const nomes = ['Padaria', 'Loja 02', 'Loja 1', 'Padaria Pão de'];
    const r = await existentes({ nomes });
    expect(r.status, r.text).toBe(200);
    // "Loja 02" sorts as "Loja 2" but is another name for the import (foldName keeps the zero).
    expect(r.body.map((c) => c.id)).toEqual(await recount(nomes, []));
    expect(r.body).toEqual([]);
  });

  it('finds a client by its CPF/CNPJ alone, and answers [] for nothing asked', async () => {
    expect((await existentes({ documentos: ['52998224725'] })).body.map((c) => c.nome)).toEqual(['Loja 2']);
    expect(await existentes({})).toMatchObject({ status: 200, body: [] });
    expect(await existentes({ nomes: [], documentos: [] })).toMatchObject({ status: 200, body: [] });
  });

  it('refuses bodies that are not lists of texts, or longer than a request takes', async () => {
    expect(await existentes({ nomes: 'Padaria' })).toMatchObject({ status: 400, body: { mensagem: MESSAGES.campoLista('nomes') } });
    expect(await existentes({ documentos: [1] })).toMatchObject({ status: 400, body: { mensagem: MESSAGES.campoTexto('documentos') } });
    const many = Array.from({ length: LIMITS.existentes.nomesMax + 1 }, (_, i) => `Cliente ${i}`);
    expect(await existentes({ nomes: many })).toMatchObject({ status: 400, body: { mensagem: MESSAGES.campoListaLonga('nomes', LIMITS.existentes.nomesMax) } });
    expect(await existentes({ nomes: ['x'.repeat(LIMITS.nome.max + 1)] })).toMatchObject({ status: 400 });
    expect((await existentes([])).status).toBe(400);
    // The most a request takes is served.
    expect((await existentes({ nomes: many.slice(1), documentos: many.slice(1).map((_, i) => String(i).padStart(11, '0')) })).status).toBe(200);
  });

  it('reads no whole list: no Scan, and no Query of the client partition', async () => {
    sent.length = 0;
    const r = await existentes({ nomes: ['Loja 10', 'Padaria Pão'], documentos: ['11222333000181'] });
    expect(r.body.map((c) => c.nome)).toEqual(['Padaria Pão de Açúcar', 'Padaria Pão', 'Loja 10']);
    const names = sent.map((s) => s.name);
    expect(names.filter((n) => n === 'ScanCommand')).toEqual([]);
    // A Query of the table itself reads only the categories (their names for the cards).
    const tableQueries = sent.filter((s) => s.name === 'QueryCommand' && !s.input.IndexName);
    expect(tableQueries.map((s) => (s.input.ExpressionAttributeValues as Record<string, unknown>)[':pk'])).toEqual(['CATEGORIA']);
    // Two name queries on the index, one BatchGetItem of claims, one of the clients found.
    expect(sent.filter((s) => s.name === 'QueryCommand' && s.input.IndexName).length).toBe(2);
    expect(names.filter((n) => n === 'BatchGetItemCommand').length).toBe(2);
  });

  it('answers 503 with the progress while the clients stored before the index are being indexed (names only)', async () => {
    await api.doc.send(new DeleteCommand({ TableName: api.tableName, Key: MIGRACAO_INDICES_KEY }));
    forgetIndexesState();
    const waiting = await existentes({ nomes: ['Loja 2'] });
    expect(waiting.status).toBe(503);
    expect(waiting.body).toMatchObject({ mensagem: expect.stringMatching(/sendo preparada/) });
    // The CPFs/CNPJs come from their claims, ready whatever the index.
    expect((await existentes({ documentos: ['52998224725'] })).body.map((c) => c.nome)).toEqual(['Loja 2']);
    await migrateIndexes({ doc: api.doc, tableName: api.tableName });
    expect((await existentes({ nomes: ['Loja 2'] })).body.map((c) => c.nome)).toEqual(['Loja 2']);
  });
});
