/**
 * Data stored by earlier releases, written straight to the table as they wrote it: categories
 * without name claims (some alike once folded), counts under the attribute name `produtos`. The
 * first category write claims the stored names (race-safe, once), duplicates already stored stay
 * but can't be re-created, and the delete guard and every count change still address the stored
 * attribute.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { CLIENT_COUNT } from '../../lambdas/store/items.ts';
import { NAME_CLAIMS_MARKER, nameClaimKey } from '../../lambdas/store/names.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { holdWrites, openAllGates } from '../support/write-gate.ts';
import { call, startApi, type TestApi } from './helpers.ts';

let api: TestApi;

const put = (item: Record<string, unknown>) => api.doc.send(new PutCommand({ TableName: api.tableName, Item: item }));
const get = async (key: { pk: string; sk: number }) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: key, ConsistentRead: true }))).Item;
const holders = async (descricao: string) => [...((await get(nameClaimKey(descricao)))?.ids ?? [])].sort((a, b) => a - b);

beforeAll(async () => {
  api = await startApi({ loadHandler: loadHandlerInTestGraph });
  // As the first release stored them: the count under `produtos` (its literal name, on purpose),
  // no name claims; 1–3 fold alike, 4 has two clients.
  const legacy = (sk: number, descricao: string, produtos = 0) => put({ pk: PARTITION_KEYS.categoria, sk, descricao, produtos, versao: 1 });
  await legacy(1, 'Varejo');
  await legacy(2, 'varejo ');
  await legacy(3, 'Várejo');
  await legacy(4, 'Saúde', 2);
  await legacy(5, 'Educação');
  await legacy(6, 'Logística');
  for (const sk of [1, 2]) await put({ pk: PARTITION_KEYS.cliente, sk, nome: `Paciente ${sk}`, segmento: '', pontoFocal: '', valorContrato: 10, categoriaId: 4, versao: 1 });
  await put({ pk: PARTITION_KEYS.sequencia, sk: 0, categoria: 6, produto: 2 });
});
afterEach(() => openAllGates());
afterAll(() => api?.close());

describe('categories stored before name claims', () => {
  it('the first category writes, in parallel and while one stored category changes, claim every stored name once and right', async () => {
    expect(await get(NAME_CLAIMS_MARKER)).toBeUndefined();
    // Hold one request's claim of "Logística" after it read the stored categories...
    const logistica = nameClaimKey('Logística').pk;
    const gate = holdWrites((ops) => ops.some((op) => op.name === 'name.claim' && 'put' in op && op.put.pk === logistica));
    const first = call(api, 'POST', '/categorias', { descricao: 'Nova' });
    await gate.reached();
    // ...while other first writes run (each claims the stored names itself), one deleting it.
    const others = await Promise.all([
      call(api, 'POST', '/categorias', { descricao: 'VAREJO' }),
      call(api, 'POST', '/categorias', { descricao: 'saude' }),
      call(api, 'DELETE', '/categorias/6'),
    ]);
    gate.releaseAll();
    expect((await first).status).toBe(201);
    expect(others.map((r) => r.status)).toEqual([409, 409, 204]);
    // A taken name names its category as stored (the lowest id of stored duplicates).
    expect(others[0]!.body).toEqual({ mensagem: MESSAGES.categoriaDuplicada('Varejo'), campo: 'descricao' });
    expect(others[1]!.body).toEqual({ mensagem: MESSAGES.categoriaDuplicada('Saúde'), campo: 'descricao' });

    expect(await get(NAME_CLAIMS_MARKER)).toBeDefined();
    expect(await holders('varejo')).toEqual([1, 2, 3]);
    expect(await holders('Saúde')).toEqual([4]);
    // The held pass saw "Logística" as it was before the delete: it must not claim it again.
    expect(await get(nameClaimKey('Logística'))).toBeUndefined();
    // Stored categories are untouched.
    expect(await get({ pk: PARTITION_KEYS.categoria, sk: 2 })).toEqual({ pk: PARTITION_KEYS.categoria, sk: 2, descricao: 'varejo ', produtos: 0, versao: 1 });
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });

  it('stored duplicates stay, can be renamed within their name or away from it, and the name is freed only when the last goes', async () => {
    expect((await call(api, 'PUT', '/categorias', { id: 2, descricao: 'VAREJO' })).status).toBe(200); // its own name
    expect((await call(api, 'PUT', '/categorias', { id: 5, descricao: 'várejo' })).status).toBe(409);
    expect((await call(api, 'DELETE', '/categorias/1')).status).toBe(204);
    expect(await holders('varejo')).toEqual([2, 3]);
    expect(await call(api, 'POST', '/categorias', { descricao: 'Varejo' })).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.categoriaDuplicada('VAREJO') },
    });
    expect((await call(api, 'PUT', '/categorias', { id: 3, descricao: 'Atacado' })).status).toBe(200);
    expect(await holders('varejo')).toEqual([2]);
    expect(await holders('atacado')).toEqual([3]);
    expect((await call(api, 'DELETE', '/categorias/2')).status).toBe(204);
    expect(await get(nameClaimKey('varejo'))).toBeUndefined();
    expect((await call(api, 'POST', '/categorias', { descricao: 'Varejo' })).status).toBe(201);
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });
});

describe('the client count keeps its stored attribute name', () => {
  it('is named `produtos` in storage, whatever code calls it', () => {
    // Renaming it would strand every stored count: the delete guard would see none.
    expect(CLIENT_COUNT).toBe('produtos');
  });

  it('the delete guard reads the stored count, and client writes change it in place', async () => {
    const stored = async () => (await get({ pk: PARTITION_KEYS.categoria, sk: 4 }))?.produtos;
    expect(await call(api, 'DELETE', '/categorias/4')).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaComClientes } });
    const c = await call(api, 'POST', '/produtos', { nome: 'Paciente 3', valorContrato: 1, categoria: { id: 4 } });
    expect(c.status).toBe(201);
    expect(await stored()).toBe(3);
    expect((await call(api, 'PUT', '/produtos', { ...c.body, categoria: null })).status).toBe(200);
    expect(await stored()).toBe(2);
    for (const id of [1, 2, c.body.id]) expect((await call(api, 'DELETE', `/produtos/${id}`)).status).toBe(204);
    expect(await stored()).toBe(0);
    expect((await call(api, 'DELETE', '/categorias/4')).status).toBe(204);
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });
});
