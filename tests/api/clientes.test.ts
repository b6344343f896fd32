/** Every client route (`/produtos` on the wire), every validation rule and the category counts, through the real local server. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { auditBy, call, createCategoria, createCliente, expectDeletedOnce, listedCliente, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

const storedCliente = async (id: number) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.cliente, sk: id } }))).Item;
const count = async (categoriaId: number) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.categoria, sk: categoriaId } }))).Item
    ?.produtos;

const valid = { nome: 'Padaria São João', segmento: 'Panificação', pontoFocal: 'Maria', valorContrato: 1500.5 };

describe('POST /produtos', () => {
  it('creates with the category embedded, versao 1, only contract fields stored and returned', async () => {
    const cat = await createCategoria(api, 'Varejo');
    const r = await call(api, 'POST', '/produtos', {
      ...valid,
      nome: '  Padaria São João  ',
      id: 12345,
      categoria: { id: cat.id, descricao: 'mentira' },
      extra: true,
      produtos: 9,
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ ...valid, id: r.body.id, categoria: { id: cat.id, descricao: 'Varejo' }, versao: 1, ...auditBy() });
    expect(r.body.id).not.toBe(12345);
    expect(await storedCliente(r.body.id)).toEqual({
      pk: PARTITION_KEYS.cliente,
      sk: r.body.id,
      ...valid,
      categoriaId: cat.id,
      versao: 1,
      historico: 1,
      ...auditBy(),
    });
    expect(await count(cat.id)).toBe(1);
  });

  it.each([[{}], [{ categoria: null }]])('creates without category for %j; optional texts default to empty', async (extra) => {
    const r = await call(api, 'POST', '/produtos', { nome: 'Sem categoria', valorContrato: 0, ...extra });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ nome: 'Sem categoria', segmento: '', pontoFocal: '', valorContrato: 0, categoria: null });
    expect(await storedCliente(r.body.id)).not.toHaveProperty('categoriaId');
  });

  it('refuses a category that does not exist with 400, creating nothing', async () => {
    const before = (await call(api, 'GET', '/produtos')).body.length;
    const r = await call(api, 'POST', '/produtos', { ...valid, categoria: { id: 987654 } });
    expect(r).toMatchObject({ status: 400, body: { mensagem: MESSAGES.categoriaInexistente(987654) } });
    expect((await call(api, 'GET', '/produtos')).body).toHaveLength(before);
  });

  it.each([
    ['1.15 is accepted', 1.15],
    ['999.5 stays 999.5', 999.5],
    ['the maximum', LIMITS.valorContrato.max],
    ['zero', 0],
    ['two decimals near the top', 99_999_999.99],
  ])('valorContrato: %s', async (_, valorContrato) => {
    const r = await call(api, 'POST', '/produtos', { ...valid, valorContrato });
    expect(r.status).toBe(201);
    expect(r.body.valorContrato).toBe(valorContrato);
    expect((await call(api, 'GET', `/produtos/${r.body.id}`)).body.valorContrato).toBe(valorContrato);
  });

  it.each([
    ['nome absent', { nome: undefined }, MESSAGES.campoObrigatorio('nome'), 'nome'],
    ['nome blank', { nome: '   ' }, MESSAGES.campoVazio('nome'), 'nome'],
    ['nome not text', { nome: 42 }, MESSAGES.campoTexto('nome'), 'nome'],
    ['nome too long', { nome: 'n'.repeat(LIMITS.nome.max + 1) }, MESSAGES.campoLongo('nome', LIMITS.nome.max), 'nome'],
    ['segmento too long', { segmento: 's'.repeat(121) }, MESSAGES.campoLongo('segmento', LIMITS.segmento.max), 'segmento'],
    ['segmento not text', { segmento: 3 }, MESSAGES.campoTexto('segmento'), 'segmento'],
    ['pontoFocal too long', { pontoFocal: 'p'.repeat(121) }, MESSAGES.campoLongo('pontoFocal', LIMITS.pontoFocal.max), 'pontoFocal'],
    ['valorContrato absent', { valorContrato: undefined }, MESSAGES.campoObrigatorio('valorContrato'), 'valorContrato'],
    ['valorContrato null', { valorContrato: null }, MESSAGES.campoObrigatorio('valorContrato'), 'valorContrato'],
    ['valorContrato "5,00" (a comma)', { valorContrato: '5,00' }, MESSAGES.campoNumero('valorContrato'), 'valorContrato'],
    ['valorContrato negative', { valorContrato: -0.01 }, MESSAGES.campoMinimo('valorContrato', 0), 'valorContrato'],
    ['valorContrato above the maximum', { valorContrato: 100_000_000.01 }, 'O valor do contrato deve ser no máximo R$ 100.000.000,00.', 'valorContrato'],
    ['valorContrato of the old maximum', { valorContrato: 999_999_999_999.99 }, MESSAGES.valorContratoMaximo, 'valorContrato'],
    ['valorContrato with 3 decimals', { valorContrato: 1.005 }, MESSAGES.campoDecimais('valorContrato', 2), 'valorContrato'],
    ['categoria a string', { categoria: 'Varejo' }, MESSAGES.campoObjeto('categoria'), 'categoria'],
    ['categoria without id', { categoria: {} }, MESSAGES.campoObrigatorio('categoria.id'), 'categoria.id'],
    ['categoria id as text', { categoria: { id: '1' } }, MESSAGES.campoInteiro('categoria.id'), 'categoria.id'],
  ])('refuses %s with 400, the reason and the field', async (_, change, mensagem, campo) => {
    const r = await call(api, 'POST', '/produtos', { ...valid, ...change });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ mensagem, campo });
  });

  it('refuses text with a lone surrogate escape (not storable as UTF-8) with 400', async () => {
    const r = await call(api, 'POST', '/produtos', '{"nome":"a\\ud800b","valorContrato":1}');
    expect(r).toMatchObject({ status: 400, body: { mensagem: MESSAGES.campoTextoInvalido('nome') } });
  });

  it('refuses a number too large for JSON (Infinity after parsing) with 400', async () => {
    const r = await call(api, 'POST', '/produtos', '{"nome":"x","valorContrato":1e400}');
    expect(r.status).toBe(400);
    expect(typeof r.body.mensagem).toBe('string');
  });

  it('accepts texts at their maximum length', async () => {
    const r = await call(api, 'POST', '/produtos', {
      nome: 'ç'.repeat(LIMITS.nome.max),
      segmento: 's'.repeat(LIMITS.segmento.max),
      pontoFocal: 'p'.repeat(LIMITS.pontoFocal.max),
      valorContrato: 1,
    });
    expect(r.status).toBe(201);
  });
});

describe('GET /produtos and /produtos/{id}', () => {
  it('lists clients sorted by id, each with its category as it is now (rename shown)', async () => {
    const cat = await createCategoria(api, 'Antes');
    const a = await createCliente(api, { nome: 'A', categoria: { id: cat.id } });
    const b = await createCliente(api, { nome: 'B' });
    expect((await call(api, 'PUT', '/categorias', { id: cat.id, descricao: 'Depois' })).status).toBe(200);

    const list = await call(api, 'GET', '/produtos');
    expect(list.status).toBe(200);
    const ids = list.body.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    expect(list.body).toContainEqual({ ...listedCliente(a), categoria: { id: cat.id, descricao: 'Depois' } });
    expect(list.body).toContainEqual(listedCliente(b));
    for (const p of list.body) {
      expect(Object.keys(p).sort()).toEqual(['atualizadoEm', 'categoria', 'id', 'nome', 'pontoFocal', 'segmento', 'valorContrato', 'versao']);
    }
    expect((await call(api, 'GET', `/produtos/${a.id}`)).body).toEqual({ ...a, categoria: { id: cat.id, descricao: 'Depois' } });
  });

  it('answers 404 for a missing client and 400 for invalid ids', async () => {
    expect(await call(api, 'GET', '/produtos/99999999')).toMatchObject({
      status: 404,
      body: { mensagem: MESSAGES.produtoNaoEncontrado },
    });
    for (const bad of ['1e3', '0x10', '-1', '01', '%20']) {
      expect((await call(api, 'GET', `/produtos/${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('PUT /produtos', () => {
  it('replaces every editable field: absent optional fields become empty / none', async () => {
    const cat = await createCategoria(api, 'Troca');
    const p = await createCliente(api, { ...valid, categoria: { id: cat.id } });
    const r = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Novo nome', valorContrato: 10000 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: p.id,
      nome: 'Novo nome',
      segmento: '',
      pontoFocal: '',
      valorContrato: 10000,
      categoria: null,
      versao: 2,
      ...auditBy(),
    });
    expect(await storedCliente(p.id)).not.toHaveProperty('categoriaId');
    expect(await count(cat.id)).toBe(0);
  });

  it('never creates: 404 for an unknown id', async () => {
    const r = await call(api, 'PUT', '/produtos', { id: 88888888, ...valid });
    expect(r).toMatchObject({ status: 404, body: { mensagem: MESSAGES.produtoNaoEncontrado } });
    expect(await storedCliente(88888888)).toBeUndefined();
  });

  it('keeps the counts right on create, move, same-category edit, removal of the category and delete', async () => {
    const a = await createCategoria(api, 'Conta A');
    const b = await createCategoria(api, 'Conta B');
    const p = await createCliente(api, { categoria: { id: a.id } });
    expect([await count(a.id), await count(b.id)]).toEqual([1, 0]);

    let r = await call(api, 'PUT', '/produtos', { ...valid, id: p.id, categoria: { id: b.id } });
    expect(r.body).toMatchObject({ categoria: { id: b.id, descricao: 'Conta B' }, versao: 2 });
    expect([await count(a.id), await count(b.id)]).toEqual([0, 1]);

    r = await call(api, 'PUT', '/produtos', { ...valid, id: p.id, nome: 'Mesmo lugar', categoria: { id: b.id } });
    expect(r.body).toMatchObject({ nome: 'Mesmo lugar', categoria: { id: b.id }, versao: 3 });
    expect([await count(a.id), await count(b.id)]).toEqual([0, 1]);

    r = await call(api, 'PUT', '/produtos', { ...valid, id: p.id, categoria: null });
    expect(r.body).toMatchObject({ categoria: null, versao: 4 });
    expect([await count(a.id), await count(b.id)]).toEqual([0, 0]);

    r = await call(api, 'PUT', '/produtos', { ...valid, id: p.id, categoria: { id: a.id } });
    expect(r.body).toMatchObject({ categoria: { id: a.id }, versao: 5 });
    expect([await count(a.id), await count(b.id)]).toEqual([1, 0]);

    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    expect([await count(a.id), await count(b.id)]).toEqual([0, 0]);
  });

  it('refuses a move to a category that does not exist, changing nothing', async () => {
    const a = await createCategoria(api, 'Fica');
    const p = await createCliente(api, { categoria: { id: a.id } });
    const r = await call(api, 'PUT', '/produtos', { ...valid, id: p.id, categoria: { id: 7777777 } });
    expect(r).toMatchObject({ status: 400, body: { mensagem: MESSAGES.categoriaInexistente(7777777) } });
    expect(await count(a.id)).toBe(1);
    expect((await call(api, 'GET', `/produtos/${p.id}`)).body).toEqual(p);
  });

  it('works without versao and refuses a stale versao with 409', async () => {
    const p = await createCliente(api, valid);
    expect((await call(api, 'PUT', '/produtos', { ...valid, id: p.id, nome: 'Sem versão' })).body.versao).toBe(2);
    const stale = await call(api, 'PUT', '/produtos', { ...valid, id: p.id, nome: 'Velho', versao: 1 });
    expect(stale).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conflitoVersao } });
    expect((await call(api, 'GET', `/produtos/${p.id}`)).body).toMatchObject({ nome: 'Sem versão', versao: 2 });
  });

  it('a value stored above the limit (before it) is read as it is, and an edit must lower it', async () => {
    const p = await createCliente(api, valid);
    // Stored before the limit existed.
    await api.doc.send(
      new UpdateCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.cliente, sk: p.id }, UpdateExpression: 'SET valorContrato = :v', ExpressionAttributeValues: { ':v': 999_999_999_999.99 } }),
    );
    expect((await call(api, 'GET', `/produtos/${p.id}`)).body.valorContrato).toBe(999_999_999_999.99);
    const kept = await call(api, 'PUT', '/produtos', { ...valid, id: p.id, nome: 'Outro nome', valorContrato: 999_999_999_999.99 });
    expect(kept).toMatchObject({ status: 400, body: { mensagem: MESSAGES.valorContratoMaximo, campo: 'valorContrato' } });
    expect((await storedCliente(p.id))!.valorContrato).toBe(999_999_999_999.99);
    const lowered = await call(api, 'PUT', '/produtos', { ...valid, id: p.id, valorContrato: LIMITS.valorContrato.max });
    expect(lowered.status, lowered.text).toBe(200);
    expect((await storedCliente(p.id))!.valorContrato).toBe(100_000_000);
  });
});

describe('the original ClientFlow client (its exact request bodies, no token: the open mode)', () => {
  it('creates with valorContrato as its input’s text, "1500" → 201, stored as a number', async () => {
    const cat = await createCategoria(api, 'Original');
    const body = `{"nome":"Padaria","segmento":"Varejo","pontoFocal":"Ana","valorContrato":"1500","categoria":{"id":${cat.id},"descricao":"Original"}}`;
    const r = await call(api, 'POST', '/produtos', body);
    expect(r).toMatchObject({
      status: 201,
      body: { nome: 'Padaria', segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 1500, categoria: { id: cat.id, descricao: 'Original' }, versao: 1 },
    });
    expect(await storedCliente(r.body.id)).toMatchObject({ valorContrato: 1500 });
    expect(typeof (await storedCliente(r.body.id))!.valorContrato).toBe('number');
  });

  it('edits without versao and with "15000" → 200, stored as a number', async () => {
    const cat = await createCategoria(api, 'Original edição');
    const p = await createCliente(api, { nome: 'Padaria', segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 1500, categoria: { id: cat.id } });
    const body = `{"id":${p.id},"nome":"Padaria","segmento":"Varejo","pontoFocal":"Ana","valorContrato":"15000","categoria":{"id":${cat.id},"descricao":"Original edição"}}`;
    const r = await call(api, 'PUT', '/produtos', body);
    expect(r).toMatchObject({ status: 200, body: { id: p.id, valorContrato: 15000, versao: 2 } });
    expect(await storedCliente(p.id)).toMatchObject({ valorContrato: 15000, versao: 2 });
    expect(typeof (await storedCliente(p.id))!.valorContrato).toBe('number');
  });

  it.each([
    ['"1500.50"', 1500.5],
    ['"0.01"', 0.01],
    ['"100000000"', LIMITS.valorContrato.max],
  ])('takes %s as the same number', async (text, value) => {
    const r = await call(api, 'POST', '/produtos', `{"nome":"Texto","valorContrato":${text}}`);
    expect(r).toMatchObject({ status: 201, body: { valorContrato: value } });
  });

  it.each([
    ['""', MESSAGES.campoNumero('valorContrato')],
    ['"mil"', MESSAGES.campoNumero('valorContrato')],
    ['"1e3"', MESSAGES.campoNumero('valorContrato')],
    ['"0x10"', MESSAGES.campoNumero('valorContrato')],
    ['"NaN"', MESSAGES.campoNumero('valorContrato')],
    ['"Infinity"', MESSAGES.campoNumero('valorContrato')],
    ['"1.500,00"', MESSAGES.campoNumero('valorContrato')],
    ['"1500.005"', MESSAGES.campoDecimais('valorContrato', 2)],
    // The dot groups thousands in Brazil: "1.500" may mean 1500, so its three decimals refuse it
    // (it was stored as 1,5 with a 201), and "10.000" likewise (not 10).
    ['"1.500"', MESSAGES.campoDecimais('valorContrato', 2)],
    ['"10.000"', MESSAGES.campoDecimais('valorContrato', 2)],
    ['"1500.500"', MESSAGES.campoDecimais('valorContrato', 2)],
    ['"100000000.01"', MESSAGES.valorContratoMaximo],
    ['"-1"', MESSAGES.campoMinimo('valorContrato', 0)],
  ])('refuses %s with 400 on valorContrato', async (text, mensagem) => {
    const r = await call(api, 'POST', '/produtos', `{"nome":"Texto","valorContrato":${text}}`);
    expect(r).toMatchObject({ status: 400, body: { mensagem, campo: 'valorContrato' } });
  });
});

describe('DELETE /produtos/{id}', () => {
  it('deletes with 204 and no body, then 404; invalid ids are 400', async () => {
    const p = await createCliente(api, valid);
    await expectDeletedOnce(api, `/produtos/${p.id}`, () => storedCliente(p.id), MESSAGES.produtoNaoEncontrado);
    expect((await call(api, 'DELETE', '/produtos/1e3')).status).toBe(400);
  });
});
