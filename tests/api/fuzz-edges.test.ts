/**
 * The named edge cases of the random suite, fixed and exact, through the local HTTP server:
 * ids, unknown paths, other methods, content types, sizes, nesting, huge and NaN-ish numbers.
 * Afterwards only the accepted requests left data behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../lambdas/contract/limits.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { startTestApi, type TestApi } from '../support/api-server.ts';
import { send } from '../contract/http.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { LOG_LEVEL: 'silent' } });
});
afterAll(async () => {
  await api?.close();
});

const mensagemOf = (body: unknown) => (body as { mensagem?: unknown } | undefined)?.mensagem;

describe('edge cases, exactly', () => {
  it('ids of the pattern ^[1-9][0-9]{0,15}$ past the safe integers (16 digits) → 404, never a rounded lookup', async () => {
    for (const id of ['9007199254740992', '9007199254740993', '9999999999999999']) {
      for (const method of ['GET', 'DELETE']) {
        for (const [resource, mensagem] of [['categorias', MESSAGES.categoriaNaoEncontrada], ['produtos', MESSAGES.produtoNaoEncontrado]] as const) {
          const res = await send(api.baseUrl, method, `/${resource}/${id}`);
          expect(res.status, `${method} /${resource}/${id}`).toBe(404);
          expect(mensagemOf(res.body)).toBe(mensagem);
        }
      }
    }
  });

  it.each(['0', '01', '00', '1e3', '0x10', '-1', '+1', '1.0', '12345678901234567', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2fx', 'NaN', '%00'])(
    'id %s → 400 on GET and DELETE of both resources',
    async (id) => {
      for (const method of ['GET', 'DELETE']) {
        for (const resource of ['categorias', 'produtos']) {
          const res = await send(api.baseUrl, method, `/${resource}/${id}`);
          expect(res.status, `${method} /${resource}/${id}`).toBe(400);
          expect(mensagemOf(res.body)).toBe(MESSAGES.idInvalido);
        }
      }
    },
  );

  it('unknown paths → 404 JSON; known paths with other methods → 405 JSON with Allow', async () => {
    for (const path of ['', '/', '/clientes', '/categorias/1/produtos', '/CATEGORIAS', '/categorias/']) {
      const res = await send(api.baseUrl, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(mensagemOf(res.body)).toBe(MESSAGES.rotaNaoEncontrada);
    }
    for (const [method, path] of [['PATCH', '/categorias'], ['DELETE', '/produtos'], ['POST', '/categorias/1'], ['PUT', '/produtos/1']] as const) {
      const res = await send(api.baseUrl, method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(mensagemOf(res.body)).toBeTypeOf('string');
      expect(res.headers.get('allow')).toMatch(/GET/);
    }
  });

  it('a content type that is not JSON in UTF-8, or none → 415; a JSON variant → accepted', async () => {
    for (const type of [null, 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=iso-8859-1']) {
      const res = await send(api.baseUrl, 'POST', '/categorias', '{"descricao":"x"}', { 'content-type': type });
      expect(res.status, String(type)).toBe(415);
      expect(mensagemOf(res.body)).toBe(MESSAGES.tipoConteudo);
    }
    for (const [i, type] of ['application/json; charset=utf-8', 'application/vnd.api+json'].entries()) {
      const res = await send(api.baseUrl, 'POST', '/categorias', `{"descricao":"aceita ${i + 1}"}`, { 'content-type': type });
      expect(res.status, String(type)).toBe(201);
    }
  });

  it(`a body of ${LIMITS.bodyBytes} bytes is accepted; one byte more (also in multi-byte characters) → 413`, async () => {
    const base = JSON.stringify({ descricao: 'limite', pad: '' });
    const exact = JSON.stringify({ descricao: 'limite', pad: 'x'.repeat(LIMITS.bodyBytes - base.length) });
    expect(Buffer.byteLength(exact)).toBe(LIMITS.bodyBytes);
    expect((await send(api.baseUrl, 'POST', '/categorias', exact)).status).toBe(201);
    const over = JSON.stringify({ descricao: 'limite', pad: 'x'.repeat(LIMITS.bodyBytes - base.length + 1) });
    const res = await send(api.baseUrl, 'POST', '/categorias', over);
    expect(res.status).toBe(413);
    expect(mensagemOf(res.body)).toBe(MESSAGES.corpoGrande(LIMITS.bodyBytes));
    const accents = JSON.stringify({ descricao: 'limite', pad: 'é'.repeat(Math.ceil((LIMITS.bodyBytes - base.length) / 2) + 1) });
    expect(accents.length).toBeLessThan(LIMITS.bodyBytes); // characters under, bytes over
    expect((await send(api.baseUrl, 'POST', '/categorias', accents)).status).toBe(413);
  });

  it(`JSON nested deeper than ${LIMITS.bodyDepth} levels → 400, even in an ignored field; ${LIMITS.bodyDepth} is accepted`, async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const cases = [
      deep(5000),
      `{"descricao":${deep(100)}}`,
      `{"descricao":"x","junk":${deep(LIMITS.bodyDepth)}}`,
      `{"descricao":"x","junk":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
    ];
    for (const body of cases) {
      const res = await send(api.baseUrl, 'POST', '/categorias', body);
      expect(res.status, body.slice(0, 40)).toBe(400);
      expect(mensagemOf(res.body)).toBe(MESSAGES.corpoAninhado(LIMITS.bodyDepth));
    }
    const ok = await send(api.baseUrl, 'POST', '/categorias', `{"descricao":"aninhado","junk":${deep(LIMITS.bodyDepth - 1)}}`);
    expect(ok.status).toBe(201);
  });

  it('huge and NaN-ish numbers, non-JSON and non-object bodies → 400', async () => {
    const bodies = [
      '{"nome":"a","valorContrato":1e309}',
      '{"nome":"a","valorContrato":-1e309}',
      '{"nome":"a","valorContrato":99999999999999999999}',
      '{"nome":"a","valorContrato":"NaN"}',
      '{"nome":"a","valorContrato":NaN}',
      '{"nome":"a","valorContrato":"Infinity"}',
      '{"nome":"a","valorContrato":"5,00"}',
      '{"nome":"a","valorContrato":"1e3"}',
      '{"nome":"a","valorContrato":"0x10"}',
      '{"nome":"a","valorContrato":""}',
      '{"nome":"a","valorContrato":1,"categoria":{"id":1e400}}',
      '[{"nome":"a","valorContrato":1}]',
      'null',
      '"texto"',
      'nome=a&valorContrato=1',
      '',
    ];
    for (const body of bodies) {
      const res = await send(api.baseUrl, 'POST', '/produtos', body);
      expect(res.status, body).toBe(400);
      expect(mensagemOf(res.body)).toBeTypeOf('string');
    }
  });

  it('text with a lone UTF-16 surrogate (not storable as UTF-8) → 400, in every text field', async () => {
    for (const [path, body] of [
      ['/categorias', { descricao: 'a\ud800b' }],
      ['/produtos', { nome: '\udc00', valorContrato: 1 }],
      ['/produtos', { nome: 'ok', segmento: 'x\udbff', valorContrato: 1 }],
      ['/produtos', { nome: 'ok', pontoFocal: '\udfff', valorContrato: 1 }],
    ] as const) {
      const res = await send(api.baseUrl, 'POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(mensagemOf(res.body)).toMatch(/caracteres inválidos/);
    }
    // A well-formed pair (an emoji) is fine.
    expect((await send(api.baseUrl, 'POST', '/produtos', { nome: 'ok 😀', valorContrato: 1 })).status).toBe(201);
  });

  it('left behind only what was accepted, with every invariant holding', async () => {
    const s = await snapshot(api.doc, api.tableName);
    expect(invariantViolations(s)).toEqual([]);
    expect([...s.categorias.values()].map((c) => c.descricao).sort()).toEqual(['aceita 1', 'aceita 2', 'aninhado', 'limite']);
    expect([...s.clientes.values()].map((p) => p.nome)).toEqual(['ok 😀']);
  });
});
