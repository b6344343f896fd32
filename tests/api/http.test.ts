/**
 * The HTTP rules common to every route, through the real local server: unknown paths and
 * methods, body limits and types, compression, CORS and preflight.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import { CORS } from '../../lambdas/routes.ts';
import { call, createCategoria, raw, startApi, type TestApi } from './helpers.ts';

const ALLOWED = 'https://app.clientela.example';
let api: TestApi;
beforeAll(async () => {
  api = await startApi({ env: { CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` } });
  // Enough categories for a list over the compression threshold.
  for (let i = 0; i < 40; i++) await createCategoria(api, `Categoria de compressão número ${i}`);
});
afterAll(() => api?.close());

const json = (r: { body: Buffer }) => JSON.parse(r.body.toString('utf8'));

describe('unknown paths and methods', () => {
  it.each(['/nada', '/categorias/1/extra', '', '/produtos/1/2', '/categorias/'])('GET %s is a JSON 404', async (path) => {
    const r = await raw(api, 'GET', path);
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json(r)).toEqual({ mensagem: MESSAGES.rotaNaoEncontrada });
  });

  it.each([
    ['PATCH', '/categorias', ['GET', 'POST', 'PUT']],
    ['DELETE', '/produtos', ['GET', 'POST', 'PUT']],
    ['POST', '/categorias/5', ['GET', 'DELETE']],
    ['PUT', '/produtos/5', ['GET', 'DELETE']],
  ])('%s %s is a JSON 405 with Allow', async (method, path, allowed) => {
    const r = await call(api, method, path);
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe([...allowed, 'OPTIONS'].join(', '));
    expect(r.body).toEqual({ mensagem: MESSAGES.metodoNaoPermitido(method, allowed) });
  });
});

describe('request bodies', () => {
  it('refuses malformed JSON, non-object JSON and a missing body with 400', async () => {
    expect(await call(api, 'POST', '/categorias', '{"descricao":')).toMatchObject({
      status: 400,
      body: { mensagem: MESSAGES.jsonInvalido },
    });
    for (const body of ['[1,2]', '"texto"', '42', 'null', 'true']) {
      expect(await call(api, 'POST', '/categorias', body), body).toMatchObject({
        status: 400,
        body: { mensagem: MESSAGES.corpoNaoObjeto },
      });
    }
    const none = await raw(api, 'POST', '/categorias');
    expect(none.status).toBe(400);
    expect(json(none)).toEqual({ mensagem: MESSAGES.corpoAusente });
    expect((await call(api, 'PUT', '/produtos', '{')).status).toBe(400);
  });

  it('accepts a body of exactly 16 KB and refuses one byte more with 413, counting bytes not characters', async () => {
    const padded = (bytes: number) => {
      const base = JSON.stringify({ descricao: 'Limite', pad: '' });
      return JSON.stringify({ descricao: 'Limite', pad: 'x'.repeat(bytes - base.length) });
    };
    expect(Buffer.byteLength(padded(LIMITS.bodyBytes))).toBe(LIMITS.bodyBytes);
    expect((await call(api, 'POST', '/categorias', padded(LIMITS.bodyBytes))).status).toBe(201);
    expect(await call(api, 'POST', '/categorias', padded(LIMITS.bodyBytes + 1))).toMatchObject({
      status: 413,
      body: { mensagem: MESSAGES.corpoGrande(LIMITS.bodyBytes) },
    });
    // 9,000 characters, 18,000 bytes of UTF-8.
    const wide = JSON.stringify({ descricao: 'x', pad: 'ç'.repeat(9000) });
    expect((await call(api, 'POST', '/categorias', wide)).status).toBe(413);
    expect((await call(api, 'PUT', '/produtos', wide)).status).toBe(413);
  });

  it('refuses a content type that is not JSON in UTF-8, or none, with 415, and accepts JSON variants', async () => {
    const body = JSON.stringify({ descricao: 'Tipos' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1']) {
      const r = await raw(api, 'POST', '/categorias', { headers: { 'content-type': type }, body });
      expect(r.status, type).toBe(415);
      expect(json(r)).toEqual({ mensagem: MESSAGES.tipoConteudo });
    }
    for (const [i, type] of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/vnd.clientela+json'].entries()) {
      const named = JSON.stringify({ descricao: `Tipos ${i}` }); // names are unique
      expect((await raw(api, 'POST', '/categorias', { headers: { 'content-type': type }, body: named })).status, type).toBe(201);
    }
    const none = await raw(api, 'POST', '/categorias', { body });
    expect(none.status).toBe(415);
    expect(json(none)).toEqual({ mensagem: MESSAGES.tipoConteudo });
  });

  it('refuses bytes that are not UTF-8 with 400 and stores nothing garbled', async () => {
    const before = json(await raw(api, 'GET', '/categorias', { headers: { 'accept-encoding': 'identity' } })) as unknown[];
    const latin1 = Buffer.concat([Buffer.from('{"descricao":"Ind'), Buffer.from([0xfa]), Buffer.from('stria"}')]);
    const r = await raw(api, 'POST', '/categorias', { headers: { 'content-type': 'application/json' }, body: latin1 });
    expect(r.status).toBe(400);
    expect(typeof (json(r) as { mensagem: unknown }).mensagem).toBe('string');
    const after = json(await raw(api, 'GET', '/categorias', { headers: { 'accept-encoding': 'identity' } })) as unknown[];
    expect(after).toHaveLength(before.length);
  });
});

describe('compression', () => {
  it('compresses a large list with br or gzip following Accept-Encoding, decoding to the same JSON', async () => {
    const plain = await raw(api, 'GET', '/categorias', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(LIMITS.compressAboveBytes);
    expect(plain.headers.vary).toContain('accept-encoding');
    const expected = json(plain);

    const cases: [string, string | undefined][] = [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      ['*', 'br'],
      ['deflate', undefined],
      ['gzip;q=0, br;q=0', undefined],
    ];
    for (const [accept, encoding] of cases) {
      const r = await raw(api, 'GET', '/categorias', { headers: { 'accept-encoding': accept } });
      expect(r.headers['content-encoding'], accept).toBe(encoding);
      expect(r.headers.vary).toContain('accept-encoding');
      const decoded = encoding === 'br' ? brotliDecompressSync(r.body) : encoding === 'gzip' ? gunzipSync(r.body) : r.body;
      expect(JSON.parse(decoded.toString('utf8'))).toEqual(expected);
      if (encoding) expect(r.body.length).toBeLessThan(plain.body.length / 3);
    }
    expect((await raw(api, 'GET', '/categorias')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small responses uncompressed', async () => {
    const c = await createCategoria(api, 'Pequena');
    const r = await raw(api, 'GET', `/categorias/${c.id}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(json(r)).toEqual(c);
  });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer: handlers, errors, the catch-all, preflight and the gateway’s own errors', async () => {
    const c = await createCategoria(api, 'Sem cache');
    const answers = [
      await raw(api, 'GET', '/categorias'),
      await raw(api, 'GET', `/categorias/${c.id}`),
      await raw(api, 'GET', '/categorias/999999'),
      await raw(api, 'POST', '/categorias', { headers: { 'content-type': 'application/json' }, body: '{}' }),
      await raw(api, 'DELETE', `/categorias/${(await createCategoria(api, 'Sem cache 2')).id}`),
      await raw(api, 'GET', '/nada'),
      await raw(api, 'PATCH', '/categorias'),
      await raw(api, 'OPTIONS', '/categorias', { headers: { origin: ALLOWED } }),
      // Over API Gateway's 10 MB: refused by the gateway itself, before any handler.
      await raw(api, 'POST', '/categorias', { headers: { 'content-type': 'application/json' }, body: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 404, 400, 204, 404, 405, 204, 413]);
    for (const r of answers) expect(r.headers['cache-control'], String(r.status)).toBe('no-store');
  });
});

describe('CORS', () => {
  it('adds allow-origin for an allowed origin only, on success and on errors, and exposes Retry-After', async () => {
    const ok = await raw(api, 'GET', '/categorias/1', { headers: { origin: ALLOWED } });
    expect(ok.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(ok.headers['access-control-expose-headers']).toBe('retry-after');
    expect(ok.headers.vary).toContain('origin');
    const notFound = await raw(api, 'GET', '/nada', { headers: { origin: 'http://localhost:5173' } });
    expect(notFound.headers['access-control-allow-origin']).toBe('http://localhost:5173');

    const other = await raw(api, 'GET', '/categorias/1', { headers: { origin: 'https://evil.example' } });
    expect(Object.keys(other.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    // Every answer varies by Origin once an allow-list is set, also those without CORS headers.
    expect(other.headers.vary).toContain('origin');
    expect((await raw(api, 'GET', '/categorias/1')).headers.vary).toContain('origin');
  });

  it('answers preflight for every path with 204, the path methods in Allow and the one CORS constant', async () => {
    for (const [path, allow] of [
      ['/categorias', 'GET, POST, PUT, OPTIONS'],
      ['/produtos/7', 'GET, DELETE, OPTIONS'],
      ['/nada', 'GET, POST, PUT, DELETE, OPTIONS'],
    ] as const) {
      const r = await raw(api, 'OPTIONS', path, {
        headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' },
      });
      expect(r.status, path).toBe(204);
      expect(r.body.length).toBe(0);
      expect(r.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(r.headers.allow).toBe(allow);
      // The same rules API Gateway answers with in the cloud (infra/constructs/api.ts).
      expect(r.headers['access-control-allow-methods']).toBe(CORS.allowMethods.join(', '));
      expect(r.headers['access-control-allow-headers']).toBe(CORS.allowHeaders.join(', '));
      expect(r.headers['access-control-max-age']).toBe(String(CORS.maxAgeSeconds));
    }
  });

  it('gives a preflight from another origin no CORS headers', async () => {
    const r = await raw(api, 'OPTIONS', '/categorias', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(r.status).toBe(204);
    expect(Object.keys(r.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});
