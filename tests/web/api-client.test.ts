import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, createOnce, newIdempotencyKey, reasonOf } from '../../web/src/api/http.ts';

function stubFetch(...responses: (Response | Error)[]) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.length > 1 ? responses.shift()! : responses[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('calls the relative /api path and parses JSON', async () => {
    const fn = stubFetch(new Response('[{"id":1}]', { status: 200 }));
    await expect(apiRequest('/categorias')).resolves.toEqual([{ id: 1 }]);
    expect(fn.mock.calls[0]![0]).toBe('/api/categorias');
  });

  it('sends a JSON body with its content type', async () => {
    const fn = stubFetch(new Response('{"id":2}', { status: 201 }));
    await apiRequest('/categorias', { method: 'POST', body: { descricao: 'x' } });
    const init = fn.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"descricao":"x"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns undefined on 204 No Content', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/categorias/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('throws with the status and the API mensagem on {mensagem}', async () => {
    stubFetch(new Response('{"mensagem":"A categoria possui clientes vinculados."}', { status: 409 }));
    const err = await apiRequest('/categorias/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).status).toBe(409);
    expect(reasonOf(err)).toBe('A categoria possui clientes vinculados.');
  });

  it('keeps the wire field an error names (`campo`), and only a text one', async () => {
    stubFetch(
      new Response('{"mensagem":"Já existe uma categoria chamada “Varejo”.","campo":"descricao"}', { status: 409 }),
      new Response('{"mensagem":"x","campo":7}', { status: 400 }),
    );
    const named = (await apiRequest('/categorias', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiRequestError;
    expect([named.status, named.mensagem, named.campo]).toEqual([409, 'Já existe uma categoria chamada “Varejo”.', 'descricao']);
    const odd = (await apiRequest('/categorias', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiRequestError;
    expect(odd.campo).toBeUndefined();
  });

  it('copes with a non-JSON error body (a proxy HTML page)', async () => {
    stubFetch(new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const err = await apiRequest('/produtos').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).status).toBe(502);
    expect(reasonOf(err)).toBeUndefined();
  });

  it("copes with API Gateway's {message} body: no Portuguese reason, status kept", async () => {
    stubFetch(new Response('{"message":"Too Many Requests"}', { status: 429 }));
    const err = (await apiRequest('/produtos').catch((e: unknown) => e)) as ApiRequestError;
    expect(err.status).toBe(429);
    expect(err.mensagem).toBeUndefined();
    expect(err.message).toBe('Too Many Requests');
  });

  it('copes with an empty error body', async () => {
    stubFetch(new Response('', { status: 500 }));
    const err = (await apiRequest('/produtos').catch((e: unknown) => e)) as ApiRequestError;
    expect(err.status).toBe(500);
    expect(err.message).toBe('HTTP 500');
  });

  it('reports a non-JSON success body as an error instead of crashing later', async () => {
    stubFetch(new Response('<html>', { status: 200 }));
    await expect(apiRequest('/produtos')).rejects.toBeInstanceOf(ApiRequestError);
  });
});

describe('createOnce (idempotent POST)', () => {
  it('sends the Idempotency-Key and reuses it when the connection drops', async () => {
    const fn = stubFetch(new TypeError('Failed to fetch'), new Response('{"id":7}', { status: 201 }));
    await expect(createOnce('/categorias', { descricao: 'x' }, 'chave-1')).resolves.toEqual({ id: 7 });
    expect(fn).toHaveBeenCalledTimes(2);
    const keys = fn.mock.calls.map((c) => (c[1]!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toEqual(['chave-1', 'chave-1']);
  });

  it('does not retry an HTTP error answer', async () => {
    const fn = stubFetch(new Response('{"mensagem":"x"}', { status: 400 }));
    await expect(createOnce('/categorias', {}, 'k')).rejects.toBeInstanceOf(ApiRequestError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('gives up after the bounded attempts', async () => {
    const fn = stubFetch(new TypeError('Failed to fetch'));
    await expect(createOnce('/categorias', {}, 'k')).rejects.toBeInstanceOf(TypeError);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('makes a fresh key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
  });
});
