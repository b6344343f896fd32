/** Pure parts of the HTTP layer and the store mapping: no server, no database. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import * as E from '../../lambdas/errors.ts';
import { corsHeaders, preflight } from '../../lambdas/http/cors.ts';
import { negotiateEncoding } from '../../lambdas/http/encoding.ts';
import { errorReply, isThrottling } from '../../lambdas/http/errors.ts';
import { idempotencyKeyOf } from '../../lambdas/http/idempotency.ts';
import { isJsonContentType, parseId, readJsonBody, requestPath } from '../../lambdas/http/request.ts';
import { render } from '../../lambdas/http/response.ts';
import { CORS, matchRoute, methodsForPath, routes } from '../../lambdas/routes.ts';
import { idempotencyClaim } from '../../lambdas/services/idempotency.ts';
import { decodeRaw, toCliente, toClienteRecord } from '../../lambdas/store/items.ts';
import { ThrottledWriteError } from '../../lambdas/store/write.ts';

function event(partial: {
  method?: string;
  routeKey?: string;
  headers?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
  path?: string;
  pathParameters?: Record<string, string>;
}): APIGatewayProxyEventV2 {
  const path = partial.path ?? '/api/categorias';
  return {
    version: '2.0',
    routeKey: partial.routeKey ?? 'POST /categorias',
    rawPath: path,
    rawQueryString: '',
    // A body comes as JSON unless the test says otherwise (as from the web and the API helpers).
    headers: partial.headers ?? (partial.body !== undefined ? { 'content-type': 'application/json' } : {}),
    body: partial.body,
    isBase64Encoded: partial.isBase64Encoded ?? false,
    pathParameters: partial.pathParameters,
    requestContext: {
      accountId: '0', apiId: 'x', domainName: 'd', domainPrefix: 'd', requestId: 'r-1', routeKey: partial.routeKey ?? 'POST /categorias',
      stage: 'api', time: '', timeEpoch: 0,
      http: { method: partial.method ?? 'POST', path, protocol: 'HTTP/1.1', sourceIp: '1.1.1.1', userAgent: '' },
    },
  } as APIGatewayProxyEventV2;
}

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('path ids', () => {
  const NF = MESSAGES.produtoNaoEncontrado;
  it.each(['1', '42', '9007199254740991'])('accepts %s', (raw) => expect(parseId(raw, NF)).toBe(Number(raw)));
  it.each(['1e3', '0x10', '-1', '01', '0', '', ' 1', '1 ', '1.0', '+1', '12345678901234567', 'abc', '١٢'])(
    'refuses %j with 400 (not the pattern ^[1-9][0-9]{0,15}$)',
    (raw) => {
      const e = thrown(() => parseId(raw, NF));
      expect(e).toBeInstanceOf(E.BadRequestError);
      expect((e as E.BadRequestError).mensagem).toBe(MESSAGES.idInvalido);
    },
  );
  it.each(['9007199254740992', '9007199254740993', '9999999999999999'])('answers %s (the pattern, past the safe integers) with 404', (raw) => {
    const e = thrown(() => parseId(raw, NF));
    expect(e).toBeInstanceOf(E.NotFoundError);
    expect((e as E.NotFoundError).mensagem).toBe(NF);
  });
  it('refuses a missing id', () => expect(thrown(() => parseId(undefined, NF))).toBeInstanceOf(E.BadRequestError));
});

describe('request bodies', () => {
  it('knows JSON content types', () => {
    for (const t of ['application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; charset=utf8', 'APPLICATION/JSON', 'application/problem+json']) {
      expect(isJsonContentType(t), t).toBe(true);
    }
    for (const t of ['text/plain', 'application/jsonx', 'text/json', 'application/x-www-form-urlencoded', 'json', 'application/json; charset=latin1', 'application/json; charset=utf-16']) {
      expect(isJsonContentType(t), t).toBe(false);
    }
  });

  it('parses a JSON object, also from base64', () => {
    expect(readJsonBody(event({ body: '{"a":1}', headers: { 'content-type': 'application/json' } }))).toEqual({ a: 1 });
    expect(readJsonBody(event({ body: Buffer.from('{"á":"ç"}').toString('base64'), isBase64Encoded: true }))).toEqual({ á: 'ç' });
  });

  it('measures the limit on decoded bytes', () => {
    const exact = `{"p":"${'x'.repeat(LIMITS.bodyBytes - 8)}"}`;
    expect(Buffer.byteLength(exact)).toBe(LIMITS.bodyBytes);
    // The base64 text is longer than the limit; the decoded body is not.
    expect(readJsonBody(event({ body: Buffer.from(exact).toString('base64'), isBase64Encoded: true }))).toHaveProperty('p');
    expect(thrown(() => readJsonBody(event({ body: `{"p":"${'ç'.repeat(LIMITS.bodyBytes / 2)}"}` })))).toBeInstanceOf(E.PayloadTooLargeError);
  });

  it.each([
    ['missing', undefined, MESSAGES.corpoAusente],
    ['empty', '', MESSAGES.corpoAusente],
    ['malformed', '{"a":', MESSAGES.jsonInvalido],
    ['an array', '[]', MESSAGES.corpoNaoObjeto],
    ['null', 'null', MESSAGES.corpoNaoObjeto],
    ['a string', '"x"', MESSAGES.corpoNaoObjeto],
  ])('refuses a body that is %s with 400', (_, body, mensagem) => {
    const e = thrown(() => readJsonBody(event({ body })));
    expect(e).toBeInstanceOf(E.BadRequestError);
    expect((e as E.BadRequestError).mensagem).toBe(mensagem);
  });

  it('refuses a body without a content type with 415 (no body at all stays a 400)', () => {
    expect(thrown(() => readJsonBody(event({ body: '{"a":1}', headers: {} })))).toBeInstanceOf(E.UnsupportedMediaTypeError);
    expect(thrown(() => readJsonBody(event({ body: '{"a":1}', headers: { 'content-type': ' ' } })))).toBeInstanceOf(E.UnsupportedMediaTypeError);
    expect((thrown(() => readJsonBody(event({}))) as E.BadRequestError).mensagem).toBe(MESSAGES.corpoAusente);
  });

  it('refuses bytes that are not UTF-8 with 400, and drops a leading BOM', () => {
    const json = { 'content-type': 'application/json' };
    const latin1 = Buffer.concat([Buffer.from('{"descricao":"Ind'), Buffer.from([0xfa]), Buffer.from('stria"}')]);
    const e = thrown(() => readJsonBody(event({ body: latin1.toString('base64'), isBase64Encoded: true, headers: json })));
    expect(e).toBeInstanceOf(E.BadRequestError);
    expect((e as E.BadRequestError).mensagem).toBe(MESSAGES.corpoNaoUtf8);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"ú"}')]);
    expect(readJsonBody(event({ body: bom.toString('base64'), isBase64Encoded: true, headers: json }))).toEqual({ a: 'ú' });
  });

  it('refuses a non-JSON content type with 415 before anything else', () => {
    expect(thrown(() => readJsonBody(event({ body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })))).toBeInstanceOf(
      E.UnsupportedMediaTypeError,
    );
  });
});

describe('Idempotency-Key', () => {
  it('is optional, and must be 1-255 visible ASCII characters', () => {
    expect(idempotencyKeyOf(event({}))).toBeUndefined();
    expect(idempotencyKeyOf(event({ headers: { 'idempotency-key': 'a1-B2_c3:~' } }))).toBe('a1-B2_c3:~');
    expect(idempotencyKeyOf(event({ headers: { 'Idempotency-Key': 'k' } }))).toBe('k');
    expect(idempotencyKeyOf(event({ headers: { 'idempotency-key': 'k'.repeat(255) } }))).toHaveLength(255);
    for (const bad of ['', 'k'.repeat(256), 'com espaço', 'tab\there', 'ç', 'linha\n']) {
      expect(thrown(() => idempotencyKeyOf(event({ headers: { 'idempotency-key': bad } }))), JSON.stringify(bad)).toBeInstanceOf(
        E.BadRequestError,
      );
    }
  });

  it('is required where the route table says so (the import batch): 400 without it, as the OpenAPI document says', () => {
    const lote = routes.find((r) => r.idempotencyKey === 'required')!;
    const missing = thrown(() => idempotencyKeyOf(event({ routeKey: lote.routeKey })));
    expect(missing).toBeInstanceOf(E.BadRequestError);
    expect((missing as E.BadRequestError).mensagem).toBe(MESSAGES.idempotenciaChaveObrigatoria);
    expect(idempotencyKeyOf(event({ routeKey: lote.routeKey, headers: { 'idempotency-key': 'k' } }))).toBe('k');
    expect(idempotencyKeyOf(event({ routeKey: 'POST /produtos' }))).toBeUndefined();
  });

  it('claims are scoped per route and hash the canonical body', () => {
    const key = (routeKey: string) => ({ routeKey, key: 'k' });
    const a = idempotencyClaim(key('POST /categorias'), { descricao: 'x', extra: { b: 1, a: 2 } }, 1_000_000);
    const b = idempotencyClaim(key('POST /categorias'), { extra: { a: 2, b: 1 }, descricao: 'x' }, 1_000_000);
    const other = idempotencyClaim(key('POST /produtos'), { descricao: 'x', extra: { b: 1, a: 2 } }, 1_000_000);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ routeKey: 'POST /categorias', key: 'k' });
    expect(other.routeKey).not.toBe(a.routeKey);
    expect(other.bodyHash).toBe(a.bodyHash);
    expect(idempotencyClaim(key('POST /categorias'), { descricao: 'y' }).bodyHash).not.toBe(a.bodyHash);
    expect(a.now).toBe(1000);
    // Claims live 24 hours across deploys: the canonical text (and so the hash) of a body must never change.
    const body = { nome: 'Padaria', valorContrato: 1500.5, categoria: { id: 3 }, segmento: undefined, tags: ['b', 'a'] };
    expect(idempotencyClaim(key('POST /produtos'), body).bodyHash).toBe('M228gzhks657jj-6Rtj63fitBZ7nfodCrxPC4oEc8eQ');
  });
});

describe('errors → status codes', () => {
  it.each([
    [new E.BadRequestError('m'), 400],
    [new E.ForbiddenError('m'), 403],
    [new E.NotFoundError('m'), 404],
    [new E.MethodNotAllowedError('m', ['GET', 'OPTIONS']), 405],
    [new E.ConflictError('m'), 409],
    [new E.PayloadTooLargeError('m'), 413],
    [new E.UnsupportedMediaTypeError('m'), 415],
    [new E.UnprocessableError('m'), 422],
  ])('%o → %i with its message', (error, status) => {
    const reply = errorReply(error);
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ mensagem: 'm' });
  });

  it('an error about one field names it in `campo`, beside the message', () => {
    expect(errorReply(new E.BadRequestError('m', 'categoria.id')).body).toEqual({ mensagem: 'm', campo: 'categoria.id' });
    expect(errorReply(new E.ConflictError('m', 'descricao')).body).toEqual({ mensagem: 'm', campo: 'descricao' });
  });

  it('405 carries Allow', () => {
    expect(errorReply(new E.MethodNotAllowedError('m', ['GET', 'OPTIONS'])).headers).toEqual({ allow: 'GET, OPTIONS' });
  });

  it('throttling → 503 with Retry-After; anything else → 500 without its text', () => {
    const throttle = Object.assign(new Error('secret'), { name: 'ThrottlingException' });
    expect(isThrottling(throttle)).toBe(true);
    expect(errorReply(throttle)).toMatchObject({ status: 503, headers: { 'retry-after': '1' } });
    // A transaction cancelled for throttling comes from the store already named so (write.ts decodes the reasons).
    const cancelled = Object.assign(new Error('x'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }] });
    expect(isThrottling(new ThrottledWriteError(cancelled))).toBe(true);
    expect(isThrottling(cancelled)).toBe(false);
    expect(errorReply(new Error('secret'))).toEqual({ status: 500, body: { mensagem: MESSAGES.erroInterno } });
    expect(errorReply('a string')).toEqual({ status: 500, body: { mensagem: MESSAGES.erroInterno } });
  });
});

describe('compression', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['gzip;q=1.0, br;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*, br;q=0', 'gzip'],
    ['deflate, gzip;q=0.1', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=bogus, gzip', 'gzip'],
  ])('Accept-Encoding %j → %s', (accept, expected) => {
    expect(negotiateEncoding(accept)).toBe(expected);
  });

  const big = Array.from({ length: 100 }, (_, i) => ({ id: i, descricao: `Categoria ${i}`, versao: 1 }));
  it('compresses bodies over the threshold, base64 with content-encoding and vary', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const r = await render({ status: 200, body: big }, event({ headers: { 'accept-encoding': encoding } }));
      expect(r.isBase64Encoded).toBe(true);
      expect(r.headers).toMatchObject({ 'content-encoding': encoding, vary: 'accept-encoding', 'content-type': 'application/json; charset=utf-8' });
      const bytes = Buffer.from(r.body!, 'base64');
      const plain = encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
      expect(JSON.parse(plain.toString())).toEqual(big);
    }
  });

  it('marks every answer no-store (a 204 and an error too)', () => {
    for (const reply of [{ status: 200, body: { id: 1 } }, { status: 204 }, errorReply(new E.NotFoundError('m')), errorReply(new Error('x'))]) {
      expect(render(reply, event({})).headers).toMatchObject({ 'cache-control': 'no-store' });
    }
  });

  it('leaves small bodies and 204 alone', async () => {
    const small = await render({ status: 200, body: { id: 1 } }, event({ headers: { 'accept-encoding': 'br' } }));
    expect(small).toMatchObject({ body: '{"id":1}', isBase64Encoded: false });
    expect(small.headers).not.toHaveProperty('content-encoding');
    const none = await render({ status: 204 }, event({ headers: { 'accept-encoding': 'br' } }));
    expect(none.body).toBeUndefined();
    expect(none.headers).not.toHaveProperty('content-type');
  });
});

describe('CORS', () => {
  afterEach(() => {
    delete process.env.CORS_ORIGINS;
  });

  it('allows only listed origins (none by default)', () => {
    expect(corsHeaders('https://a.example')).toEqual({});
    process.env.CORS_ORIGINS = ' https://a.example/ ,http://localhost:5173,';
    expect(corsHeaders('https://a.example')).toEqual({
      'access-control-allow-origin': 'https://a.example',
      'access-control-expose-headers': 'retry-after',
      vary: 'origin',
    });
    expect(corsHeaders('http://localhost:5173')).toHaveProperty('access-control-allow-origin', 'http://localhost:5173');
    // With an allow-list, every answer varies by Origin (a shared cache keeps them apart).
    expect(corsHeaders('https://b.example')).toEqual({ vary: 'origin' });
    expect(corsHeaders('https://a.example.evil')).toEqual({ vary: 'origin' });
    expect(corsHeaders(undefined)).toEqual({ vary: 'origin' });
  });

  it("answers preflight with the path's methods in Allow and the one CORS constant (as API Gateway does in the cloud)", () => {
    process.env.CORS_ORIGINS = 'https://a.example';
    const r = preflight(event({ method: 'OPTIONS', routeKey: '$default', path: '/api/categorias/5', headers: { origin: 'https://a.example' } }));
    expect(CORS).toEqual({
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      // authorization: the access token a cross-origin caller sends.
      allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
      exposeHeaders: ['retry-after'],
      maxAgeSeconds: 600,
    });
    expect(r).toEqual({
      status: 204,
      headers: {
        allow: 'GET, DELETE, OPTIONS',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'access-control-allow-headers': 'authorization, content-type, idempotency-key',
        'access-control-max-age': '600',
      },
    });
    const denied = preflight(event({ method: 'OPTIONS', routeKey: '$default', headers: { origin: 'https://b.example' } }));
    expect(Object.keys(denied.headers ?? {}).some((h) => h.startsWith('access-control'))).toBe(false);
  });

  it('merges vary for CORS and compression', async () => {
    process.env.CORS_ORIGINS = 'https://a.example';
    const big = Array.from({ length: 300 }, (_, i) => ({ id: i }));
    const r = await render({ status: 200, body: big }, event({ headers: { origin: 'https://a.example', 'accept-encoding': 'gzip' } }));
    expect(r.headers?.vary).toBe('origin, accept-encoding');
  });
});

describe('routing helpers', () => {
  it('finds the methods of a path from the route table', () => {
    expect(methodsForPath('/categorias')).toEqual(['GET', 'POST', 'PUT']);
    expect(methodsForPath('/produtos/12')).toEqual(['GET', 'DELETE']);
    expect(methodsForPath('/produtos/')).toEqual([]);
    expect(methodsForPath('/outra')).toEqual([]);
  });

  it('matches a request to its row as API Gateway does (exact method and template, else $default)', () => {
    expect(matchRoute('GET', '/categorias/7')).toEqual({ route: expect.objectContaining({ routeKey: 'GET /categorias/{id}' }), pathParameters: { id: '7' } });
    expect(matchRoute('POST', '/produtos')).toEqual({ route: expect.objectContaining({ routeKey: 'POST /produtos', handler: 'clientes/create' }) });
    // Parameters come decoded; a malformed escape stays as sent.
    expect(matchRoute('GET', '/produtos/%31')?.pathParameters).toEqual({ id: '1' });
    expect(matchRoute('GET', '/produtos/%ZZ')?.pathParameters).toEqual({ id: '%ZZ' });
    for (const [method, path] of [['PATCH', '/categorias'], ['GET', '/produtos/'], ['GET', '/nada'], ['GET', '/categorias/1/2']]) {
      expect(matchRoute(method!, path!)?.route.routeKey, `${method} ${path}`).toBe('$default');
    }
  });

  it('derives the request path for $default without the stage', () => {
    expect(requestPath(event({ path: '/api/categorias/1' }))).toBe('/categorias/1');
    expect(requestPath(event({ path: '/api' }))).toBe('/');
    expect(requestPath(event({ path: '/apix/y' }))).toBe('/apix/y');
    expect(requestPath(event({ path: '/api/z', pathParameters: { proxy: 'categorias' } }))).toBe('/categorias');
  });
});

describe('store mapping', () => {
  it('returns only contract fields', () => {
    const p = toCliente(
      toClienteRecord({ pk: 'PRODUTO', sk: 5, nome: 'N', segmento: 'S', pontoFocal: 'P', valorContrato: 1.5, categoriaId: 2, versao: 3, expiresAt: 1 }),
      { id: 2, descricao: 'D' },
    );
    expect(p).toEqual({ id: 5, nome: 'N', segmento: 'S', pontoFocal: 'P', valorContrato: 1.5, categoria: { id: 2, descricao: 'D' }, versao: 3 });
  });

  it('decodes raw attribute values from condition failures', () => {
    expect(
      decodeRaw({ a: { S: 'x' }, b: { N: '1.5' }, c: { BOOL: true }, d: { NULL: true }, e: { M: { f: { S: 'g' } } }, h: { NS: ['3', '1'] }, i: { L: [{ S: 'j' }] } }),
    ).toEqual({ a: 'x', b: 1.5, c: true, d: null, e: { f: 'g' }, h: [3, 1], i: ['j'] });
    expect(decodeRaw(undefined)).toBeUndefined();
  });
});
