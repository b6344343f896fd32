/**
 * Helpers for the API tests: the real local server (startTestApi) with request logs silenced,
 * and a small JSON client over fetch.
 */
import http from 'node:http';
import { expect } from 'vitest';
import { startTestApi, type TestApi, type TestApiOptions } from '../support/api-server.ts';

export type { TestApi };

/** Starts the local API for one test file, request logs off (the mock tests check them). */
export function startApi(options: TestApiOptions = {}): Promise<TestApi> {
  return startTestApi({ ...options, env: { LOG_LEVEL: 'silent', ...options.env } });
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or undefined when the body is empty. */
  body: T;
  text: string;
}

/** Sends one request; `body` is JSON-encoded unless it is already a string. */
export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  api: TestApi,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const hasBody = body !== undefined;
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(hasBody ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text === '' ? undefined : JSON.parse(text)) as T, text };
}

/** How the API writes an instant: ISO 8601 UTC with milliseconds. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The server-set audit fields of a record created and last changed by `por` (the open mode's actor by default). */
export const auditBy = (por = 'anônimo', criadoPor = por) => ({
  criadoEm: expect.stringMatching(ISO_UTC),
  criadoPor,
  atualizadoEm: expect.stringMatching(ISO_UTC),
  atualizadoPor: por,
});

/** A record as lists return it: without the audit fields. */
export function listed<T extends object>(record: T): Omit<T, 'criadoEm' | 'criadoPor' | 'atualizadoEm' | 'atualizadoPor'> {
  const { criadoEm: _a, criadoPor: _b, atualizadoEm: _c, atualizadoPor: _d, ...rest } = record as Record<string, unknown>;
  return rest as Omit<T, 'criadoEm' | 'criadoPor' | 'atualizadoEm' | 'atualizadoPor'>;
}

/** A client as GET /produtos returns it: of the audit fields only `atualizadoEm` (the list sorts by last change). */
export function listedCliente<T extends { atualizadoEm?: string }>(record: T) {
  return { ...listed(record), ...(record.atualizadoEm === undefined ? {} : { atualizadoEm: record.atualizadoEm }) };
}

/** Creates a category through the API and returns it. */
export async function createCategoria(api: TestApi, descricao: string) {
  const r = await call(api, 'POST', '/categorias', { descricao });
  if (r.status !== 201) throw new Error(`create categoria: ${r.status} ${r.text}`);
  return r.body as { id: number; descricao: string; versao: number; criadoEm?: string; atualizadoEm?: string };
}

/** Creates a client through the API and returns it. */
export async function createCliente(api: TestApi, fields: Record<string, unknown>) {
  const r = await call(api, 'POST', '/produtos', { nome: 'Cliente', valorContrato: 100, ...fields });
  if (r.status !== 201) throw new Error(`create cliente: ${r.status} ${r.text}`);
  return r.body as {
    id: number;
    nome: string;
    segmento: string;
    pontoFocal: string;
    valorContrato: number;
    categoria: { id: number; descricao: string } | null;
    versao: number;
    criadoEm?: string;
    criadoPor?: string;
    atualizadoEm?: string;
    atualizadoPor?: string;
  };
}

/** A DELETE answers 204 with no body and the record is gone from storage; a second one is a 404. */
export async function expectDeletedOnce(api: TestApi, path: string, stored: () => Promise<unknown>, notFound: string): Promise<void> {
  const r = await call(api, 'DELETE', path);
  expect(r.status).toBe(204);
  expect(r.text).toBe('');
  expect(await stored()).toBeUndefined();
  expect(await call(api, 'DELETE', path)).toMatchObject({ status: 404, body: { mensagem: notFound } });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request over node:http with exactly the given headers (fetch adds its own content-type and
 * accept-encoding, and decompresses): for content-type, compression and CORS checks.
 */
export function raw(
  api: TestApi,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const url = new URL(`${api.baseUrl}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { method, hostname: url.hostname, port: url.port, path: url.pathname, headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
