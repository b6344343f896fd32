/** Every categorias route through the real local server on DynamoDB Local. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { auditBy, call, createCategoria, createCliente, expectDeletedOnce, listed, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

const stored = async (id: number) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.categoria, sk: id } }))).Item;

describe('POST /categorias', () => {
  it('creates with versao 1, count 0 and only the contract fields, trimming the text', async () => {
    const r = await call(api, 'POST', '/categorias', { descricao: '  Saúde  ', id: 999, produtos: 7, extra: 'x' });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(r.body).sort()).toEqual(['atualizadoEm', 'atualizadoPor', 'criadoEm', 'criadoPor', 'descricao', 'id', 'versao']);
    expect(r.body).toMatchObject(auditBy());
    expect(r.body).toMatchObject({ descricao: 'Saúde', versao: 1 });
    expect(r.body.id).not.toBe(999);
    expect(await stored(r.body.id)).toEqual({ pk: PARTITION_KEYS.categoria, sk: r.body.id, descricao: 'Saúde', produtos: 0, vips: 0, soma: 0, somaVip: 0, versao: 1, historico: 1, ...auditBy() });
  });

  it.each([
    [{}, MESSAGES.campoObrigatorio('descricao')],
    [{ descricao: null }, MESSAGES.campoObrigatorio('descricao')],
    [{ descricao: '   ' }, MESSAGES.campoVazio('descricao')],
    [{ descricao: 5 }, MESSAGES.campoTexto('descricao')],
    [{ descricao: 'x'.repeat(LIMITS.descricao.max + 1) }, MESSAGES.campoLongo('descricao', LIMITS.descricao.max)],
  ])('refuses %j with 400, the reason and the field', async (body, mensagem) => {
    const r = await call(api, 'POST', '/categorias', body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ mensagem, campo: 'descricao' });
  });

  it('accepts descricao at exactly the maximum length', async () => {
    const r = await call(api, 'POST', '/categorias', { descricao: 'é'.repeat(LIMITS.descricao.max) });
    expect(r.status).toBe(201);
  });

  it('gives 40 parallel creates 40 distinct ids', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(api, 'POST', '/categorias', { descricao: `Paralela ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(40);
  });
});

describe('GET /categorias and /categorias/{id}', () => {
  it('lists every category sorted by id, read right after a create', async () => {
    const a = await createCategoria(api, 'Lista A');
    const b = await createCategoria(api, 'Lista B');
    const r = await call(api, 'GET', '/categorias');
    expect(r.status).toBe(200);
    const ids = r.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    expect(r.body).toContainEqual(listed(a));
    expect(r.body).toContainEqual(listed(b));
    for (const c of r.body) expect(Object.keys(c).sort()).toEqual(['descricao', 'id', 'versao']);
  });

  it('gets one category', async () => {
    const c = await createCategoria(api, 'Educação');
    const r = await call(api, 'GET', `/categorias/${c.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(c);
  });

  it('answers 404 for a missing id and 400 for ids that are not plain positive integers', async () => {
    expect(await call(api, 'GET', '/categorias/987654321')).toMatchObject({
      status: 404,
      body: { mensagem: MESSAGES.categoriaNaoEncontrada },
    });
    for (const bad of ['1e3', '0x10', '-1', '01', '0', 'abc', '1.5', '12345678901234567']) {
      const r = await call(api, 'GET', `/categorias/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body).toEqual({ mensagem: MESSAGES.idInvalido });
    }
  });
});

describe('PUT /categorias', () => {
  it('renames, bumps versao, and never creates', async () => {
    const c = await createCategoria(api, 'Antiga');
    const r = await call(api, 'PUT', '/categorias', { id: c.id, descricao: ' Nova ', versao: 1, produtos: 50 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: c.id, descricao: 'Nova', versao: 2, ...auditBy() });
    expect(await stored(c.id)).toMatchObject({ descricao: 'Nova', produtos: 0, versao: 2 });

    const missing = await call(api, 'PUT', '/categorias', { id: 987654321, descricao: 'X' });
    expect(missing).toMatchObject({ status: 404, body: { mensagem: MESSAGES.categoriaNaoEncontrada } });
    expect(await stored(987654321)).toBeUndefined();
  });

  it('works without versao (last writer wins) and refuses a stale versao with 409', async () => {
    const c = await createCategoria(api, 'Versões');
    expect((await call(api, 'PUT', '/categorias', { id: c.id, descricao: 'V2' })).body.versao).toBe(2);
    const stale = await call(api, 'PUT', '/categorias', { id: c.id, descricao: 'V3', versao: 1 });
    expect(stale).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conflitoVersao } });
    expect((await call(api, 'GET', `/categorias/${c.id}`)).body).toEqual({ id: c.id, descricao: 'V2', versao: 2, ...auditBy() });
  });

  it.each([
    [{ descricao: 'Sem id' }, MESSAGES.campoObrigatorio('id')],
    [{ id: '5', descricao: 'x' }, MESSAGES.campoInteiro('id')],
    [{ id: 1.5, descricao: 'x' }, MESSAGES.campoInteiro('id')],
    [{ id: 1, descricao: '' }, MESSAGES.campoVazio('descricao')],
    [{ id: 1, descricao: 'x', versao: 0 }, MESSAGES.campoInteiro('versao')],
    [{ id: 1, descricao: 'x', versao: '1' }, MESSAGES.campoInteiro('versao')],
  ])('refuses %j with 400', async (body, mensagem) => {
    expect(await call(api, 'PUT', '/categorias', body)).toMatchObject({ status: 400, body: { mensagem } });
  });

  it('does not bump versao when the client count changes', async () => {
    const c = await createCategoria(api, 'Contada');
    await createCliente(api, { categoria: { id: c.id } });
    expect(await stored(c.id)).toMatchObject({ produtos: 1, versao: 1 });
    expect((await call(api, 'GET', `/categorias/${c.id}`)).body.versao).toBe(1);
  });
});

describe('unique names (ignoring case, accents and repeated spaces)', () => {
  it.each(['varejo', 'VAREJO', ' Varejo ', 'Várejo', 'varéjo', 'Va\u0301rejo', 'VAREJO\u00a0'])(
    'refuses %j once "Varejo" exists, naming it as stored, on the descricao field',
    async (descricao) => {
      if ((await call(api, 'GET', '/categorias')).body.every((c: { descricao: string }) => c.descricao !== 'Varejo')) {
        await createCategoria(api, 'Varejo');
      }
      expect(await call(api, 'POST', '/categorias', { descricao })).toEqual(
        expect.objectContaining({ status: 409, body: { mensagem: 'Já existe uma categoria chamada “Varejo”.', campo: 'descricao' } }),
      );
    },
  );

  it('counts repeated spaces inside a name as one', async () => {
    await createCategoria(api, 'Serviços Gerais');
    expect((await call(api, 'POST', '/categorias', { descricao: 'servicos   gerais' })).status).toBe(409);
    expect((await call(api, 'POST', '/categorias', { descricao: 'Serviços Gerais 2' })).status).toBe(201);
  });

  it('lets exactly one of parallel creates of one name through', async () => {
    const names = ['Paralela', 'paralela ', 'PARALELA', 'Parálela', ' paralela', 'Paralela', 'pARALELA', 'Parale\u0301la'];
    const results = await Promise.all(names.map((descricao) => call(api, 'POST', '/categorias', { descricao })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const winner = results.find((r) => r.status === 201)!.body as { descricao: string };
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaDuplicada(winner.descricao), campo: 'descricao' } });
    }
    const listed = (await call(api, 'GET', '/categorias')).body as { descricao: string }[];
    expect(listed.filter((c) => c.descricao.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').trim() === 'paralela')).toHaveLength(1);
  });

  it('refuses a rename to another category’s name, allows a change of case or accents of its own', async () => {
    const a = await createCategoria(api, 'tecnologia');
    const b = await createCategoria(api, 'Indústria');
    expect(await call(api, 'PUT', '/categorias', { id: b.id, descricao: 'TECNOLOGIA' })).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.categoriaDuplicada('tecnologia'), campo: 'descricao' },
    });
    expect(await call(api, 'PUT', '/categorias', { id: a.id, descricao: 'Tecnologia', versao: 1 })).toMatchObject({
      status: 200,
      body: { descricao: 'Tecnologia', versao: 2 },
    });
    expect((await call(api, 'PUT', '/categorias', { id: b.id, descricao: 'Industria' })).status).toBe(200);
  });

  it('frees a name on rename and on delete', async () => {
    const c = await createCategoria(api, 'Temporária');
    expect((await call(api, 'PUT', '/categorias', { id: c.id, descricao: 'Provisória' })).status).toBe(200);
    expect((await call(api, 'POST', '/categorias', { descricao: 'temporaria' })).status).toBe(201);
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(204);
    expect((await call(api, 'POST', '/categorias', { descricao: 'PROVISÓRIA' })).status).toBe(201);
  });

  it('with an Idempotency-Key, a retry still replays its first answer (not a 409 for its own name)', async () => {
    const key = { 'idempotency-key': 'nome-unico-1' };
    const first = await call(api, 'POST', '/categorias', { descricao: 'Repetida' }, key);
    expect(first.status).toBe(201);
    expect(await call(api, 'POST', '/categorias', { descricao: 'Repetida' }, key)).toMatchObject({ status: 201, body: first.body });
    expect((await call(api, 'POST', '/categorias', { descricao: 'Repetida' })).status).toBe(409);
  });
});

describe('DELETE /categorias/{id}', () => {
  it('deletes an unused category with 204 and no body, then 404', async () => {
    const c = await createCategoria(api, 'Descartável');
    await expectDeletedOnce(api, `/categorias/${c.id}`, () => stored(c.id), MESSAGES.categoriaNaoEncontrada);
    expect((await call(api, 'DELETE', '/categorias/0x10')).status).toBe(400);
  });

  it('refuses with 409 while a client uses it, and deletes once it is free', async () => {
    const c = await createCategoria(api, 'Ocupada');
    const p = await createCliente(api, { categoria: { id: c.id } });
    expect(await call(api, 'DELETE', `/categorias/${c.id}`)).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.categoriaComClientes },
    });
    expect(await stored(c.id)).toMatchObject({ produtos: 1 });
    expect((await call(api, 'DELETE', `/produtos/${p.id}`)).status).toBe(204);
    expect((await call(api, 'DELETE', `/categorias/${c.id}`)).status).toBe(204);
  });
});
