/**
 * The local API Gateway emulation: events as AWS builds them, results mapped as AWS maps them,
 * limits enforced; through a real HTTP server with fixture handlers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { startLocalApi, type LocalApi } from '../../infra/local/server.ts';
import { defaultHandlerLoader, type HandlerExport } from '../../infra/local/adapter.ts';
import { LIMITS } from '../../lambdas/contract/limits.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { routes } from '../../lambdas/routes.ts';

// Each test sets what the handler does; the loader hands out this one function for every row.
let behaviour: HandlerExport = () => ({ statusCode: 204 });
const events: APIGatewayProxyEventV2[] = [];
const loaded: string[] = [];
const errors: string[] = [];
let api: LocalApi;

beforeAll(async () => {
  api = await startLocalApi({
    loadHandler: async (name) => {
      loaded.push(name);
      return (event, ctx) => {
        events.push(event);
        return behaviour(event, ctx);
      };
    },
    logError: (line) => errors.push(line),
  });
});
afterAll(() => api.close());
afterEach(() => {
  events.length = 0;
  loaded.length = 0;
  errors.length = 0;
  behaviour = () => ({ statusCode: 204 });
});

const origin = () => api.url.replace(/\/api$/, '');

/** A raw request (fetch cannot send repeated headers or arbitrary cookies as such). */
function raw(
  method: string,
  path: string,
  headers: http.OutgoingHttpHeaders | string[] = {},
  body?: Buffer | string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin()}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('request → API Gateway payload v2 event', () => {
  it('builds every field as AWS does for a matched route with a path parameter', async () => {
    const before = Date.now();
    const res = await raw('GET', '/api/categorias/42?b=x%20y&a=1&a=2&flag', [
      'Host', `127.0.0.1:${api.port}`,
      'X-Custom-Header', 'One',
      'X-Custom-Header', 'Two',
      'User-Agent', 'clientela-test/1.0',
      'Cookie', 'session=abc; theme=dark',
      'Accept', 'application/json',
    ]);
    expect(res.status).toBe(204);
    expect(loaded).toEqual(['categorias/get']);
    const event = events[0]!;
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /categorias/{id}');
    expect(event.rawPath).toBe('/api/categorias/42');
    expect(event.rawQueryString).toBe('b=x%20y&a=1&a=2&flag');
    expect(event.queryStringParameters).toEqual({ a: '1,2', b: 'x y', flag: '' });
    expect(event.pathParameters).toEqual({ id: '42' });
    expect(event.cookies).toEqual(['session=abc', 'theme=dark']);
    // Lower-case names, repeated headers joined with commas, cookies moved out.
    expect(event.headers['x-custom-header']).toBe('One,Two');
    expect(event.headers.accept).toBe('application/json');
    expect(event.headers.cookie).toBeUndefined();
    expect(Object.keys(event.headers).every((k) => k === k.toLowerCase())).toBe(true);
    expect(event.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(event.headers['x-forwarded-proto']).toBe('http');
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);

    const rc = event.requestContext;
    expect(rc.accountId).toMatch(/^\d{12}$/);
    expect(rc.apiId).toBeTruthy();
    expect(rc.domainName).toBe('127.0.0.1');
    expect(rc.domainPrefix).toBe('127');
    expect(rc.http).toEqual({
      method: 'GET',
      path: '/api/categorias/42',
      protocol: 'HTTP/1.1',
      sourceIp: '127.0.0.1',
      userAgent: 'clientela-test/1.0',
    });
    expect(rc.routeKey).toBe('GET /categorias/{id}');
    expect(rc.stage).toBe('api');
    expect(rc.requestId).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(rc.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(rc.timeEpoch).toBeGreaterThanOrEqual(before);
    expect(rc.timeEpoch).toBeLessThanOrEqual(Date.now());
    expect(res.headers['apigw-requestid']).toBe(rc.requestId);
  });

  it('gives every request a fresh request id', async () => {
    await raw('GET', '/api/categorias');
    await raw('GET', '/api/categorias');
    expect(events[0]!.requestContext.requestId).not.toBe(events[1]!.requestContext.requestId);
  });

  it('routes every row of the route table to its handler with its routeKey', async () => {
    for (const row of routes.filter((r) => r.routeKey !== '$default')) {
      const path = `/api${row.path.replace('{tipo}', 'produto').replace('{id}', '7').replace('{email}', 'ana%40empresa.com.br').replace('{segredo}', 'c2VncmVkbw')}`;
      await raw(row.method, path);
      const event = events.at(-1)!;
      expect(event.routeKey).toBe(row.routeKey);
      expect(loaded.at(-1)).toBe(row.handler);
      // Decoded, as API Gateway passes path parameters (the trash's routes have two).
      const params = row.path.includes('{email}')
        ? { email: 'ana@empresa.com.br' }
        : row.path.includes('{segredo}')
          ? { segredo: 'c2VncmVkbw' }
          : row.path.includes('{id}')
          ? { ...(row.path.includes('{tipo}') ? { tipo: 'produto' } : {}), id: '7' }
          : undefined;
      expect(event.pathParameters).toEqual(params);
    }
  });

  it('sends unknown paths and methods to the $default row without path parameters', async () => {
    for (const [method, path] of [
      ['GET', '/api/nada/1'],
      ['PATCH', '/api/categorias'],
      ['GET', '/api'],
      ['GET', '/api/categorias/'],
      ['OPTIONS', '/api/produtos'],
    ] as const) {
      await raw(method, path);
      const event = events.at(-1)!;
      expect(event.routeKey).toBe('$default');
      expect(event.requestContext.routeKey).toBe('$default');
      expect(event.pathParameters).toBeUndefined();
      expect(event.rawPath).toBe(path);
      expect(loaded.at(-1)).toBe('fallback');
    }
  });

  it('passes text bodies as text and other bodies as base64', async () => {
    const json = JSON.stringify({ descricao: 'Ação ✓' });
    await raw('POST', '/api/categorias', { 'content-type': 'application/json; charset=utf-8' }, json);
    expect(events[0]!.body).toBe(json);
    expect(events[0]!.isBase64Encoded).toBe(false);
    expect(events[0]!.headers['content-length']).toBe(String(Buffer.byteLength(json)));

    const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    await raw('POST', '/api/categorias', { 'content-type': 'application/octet-stream' }, bytes);
    expect(events[1]!.isBase64Encoded).toBe(true);
    expect(Buffer.from(events[1]!.body!, 'base64')).toEqual(bytes);

    // No declared type: API Gateway cannot know it is text, so it encodes it.
    await raw('PUT', '/api/categorias', {}, 'abc');
    expect(events[2]!.isBase64Encoded).toBe(true);
    expect(events[2]!.body).toBe(Buffer.from('abc').toString('base64'));
  });

  it('answers 404 outside /api without calling any handler', async () => {
    for (const path of ['/', '/categorias', '/apix', '/index.html']) {
      const res = await raw('GET', path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(loaded).toEqual([]);
  });

  it('refuses a body over API Gateway’s 10 MB before calling the handler', async () => {
    const res = await raw('POST', '/api/categorias', { 'content-type': 'application/json' }, Buffer.alloc(10 * 1024 * 1024 + 1, 32));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString())).toEqual({ message: 'Request Entity Too Large' });
    expect(events).toEqual([]);
  });
});

describe('handler result → HTTP response', () => {
  it('maps status, headers, multi-value headers and cookies', async () => {
    behaviour = () => ({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'X-Count': 3 },
      multiValueHeaders: { Vary: ['Origin', 'Accept-Encoding'] },
      cookies: ['a=1; Path=/', 'b=2; HttpOnly'],
      body: '{"id":1}',
    });
    const res = await raw('POST', '/api/categorias', { 'content-type': 'application/json' }, '{}');
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-count']).toBe('3');
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; HttpOnly']);
    expect(res.body.toString()).toBe('{"id":1}');
  });

  it('decodes a base64 body to bytes', async () => {
    const bytes = Buffer.from([31, 139, 8, 0, 255, 0, 1]);
    behaviour = () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    });
    const res = await raw('GET', '/api/produtos');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.body).toEqual(bytes);
  });

  it('answers 204 without a body', async () => {
    behaviour = () => ({ statusCode: 204 });
    const res = await raw('DELETE', '/api/categorias/3');
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
  });

  it('treats a result without statusCode as a 200 JSON body, as payload v2 does', async () => {
    behaviour = () => ({ ok: true, n: 2 });
    let res = await raw('GET', '/api/categorias');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true, n: 2 });

    behaviour = () => 'texto simples';
    res = await raw('GET', '/api/categorias');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('texto simples');
  });

  it('answers 500 with the API’s message when a handler throws, and logs the cause', async () => {
    behaviour = () => {
      throw new Error('boom: secret internals');
    };
    const res = await raw('GET', '/api/categorias');
    expect(res.status).toBe(500);
    const text = res.body.toString();
    expect(JSON.parse(text)).toEqual({ mensagem: MESSAGES.erroInterno });
    expect(text).not.toContain('secret');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('boom: secret internals');
    expect(JSON.parse(errors[0]!).requestId).toBe(res.headers['apigw-requestid']);
  });

  it('answers API Gateway’s own 500, never cached, when it can’t send a result (a header with a line break), and logs it', async () => {
    behaviour = () => ({ statusCode: 200, headers: { 'x-first': 'ok', 'x-broken': 'a\nb' }, body: '{}' });
    const res = await raw('GET', '/api/categorias');
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body.toString())).toEqual({ message: 'Internal Server Error' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-first']).toBeUndefined();
    expect(errors).toEqual([expect.stringContaining('gateway failed')]);
  });

  it('enforces Lambda’s 6 MB response cap', async () => {
    const under = 'x'.repeat(LIMITS.responseBytes - 200);
    behaviour = () => ({ statusCode: 200, headers: { 'content-type': 'text/plain' }, body: under });
    let res = await raw('GET', '/api/produtos');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(under.length);

    behaviour = () => ({ statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(LIMITS.responseBytes) });
    res = await raw('GET', '/api/produtos');
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body.toString())).toEqual({ mensagem: MESSAGES.respostaGrande });
    expect(errors.some((l) => l.includes('response over Lambda cap'))).toBe(true);
  });
});

describe('default handler loader', () => {
  it('loads a TypeScript handler file from disk and calls its handler export', async () => {
    const dir = fileURLToPath(new URL('../support/fixtures/handlers/', import.meta.url));
    const fromDisk = await startLocalApi({
      loadHandler: (name) => defaultHandlerLoader(dir)(name === 'fallback' ? 'fixture/echo' : name),
    });
    try {
      const res = await fetch(`${fromDisk.url}/qualquer?x=1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-fixture')).toBe('echo');
      const event = (await res.json()) as APIGatewayProxyEventV2;
      expect(event.rawPath).toBe('/api/qualquer');
      expect(event.queryStringParameters).toEqual({ x: '1' });
    } finally {
      await fromDisk.close();
    }
  });
});
