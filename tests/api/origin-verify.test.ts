/**
 * The origin check (ORIGIN_VERIFY in lambdas/routes.ts): with the secret in the functions'
 * environment, as the cloud sets it, a request without CloudFront's header carrying exactly that
 * value is refused with 403 before any work; the local server runs with the variable set here.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { MIGRACAO_INDICES_KEY } from '../../lambdas/store/migracao.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { buildOpenApiDocument } from '../../lambdas/openapi.ts';
import { matchRoute, ORIGIN_VERIFY } from '../../lambdas/routes.ts';
import { createOpenApiValidator } from '../contract/openapi-validator.ts';
import { call, raw, startApi, type TestApi } from './helpers.ts';

const validator = createOpenApiValidator(buildOpenApiDocument());

const SECRET = 'segredo-da-distribuicao-0123456789';
const through = { [ORIGIN_VERIFY.header]: SECRET };
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ env: { [ORIGIN_VERIFY.env]: SECRET } });
});
afterAll(async () => {
  delete process.env[ORIGIN_VERIFY.env];
  await api?.close();
});

/** What requests stored (the new table's migration record, which the server's start writes, aside). */
const stored = async () =>
  ((await api.doc.send(new ScanCommand({ TableName: api.tableName, ConsistentRead: true }))).Items ?? []).filter((i) => i.pk !== MIGRACAO_INDICES_KEY.pk);

describe('with ORIGIN_VERIFY_SECRET set', () => {
  it.each([
    ['without the header', {}],
    ['with another value', { [ORIGIN_VERIFY.header]: 'outro-valor' }],
    ['with a prefix of it', { [ORIGIN_VERIFY.header]: SECRET.slice(0, -1) }],
    ['with it and more', { [ORIGIN_VERIFY.header]: `${SECRET}x` }],
    ['empty', { [ORIGIN_VERIFY.header]: '' }],
  ])('refuses a request %s with 403, before any work', async (_, headers) => {
    for (const [method, path, body] of [
      ['GET', '/categorias'],
      ['POST', '/categorias', { descricao: 'Sem origem' }],
      ['DELETE', '/produtos/1'],
      ['GET', '/nada'],
      ['OPTIONS', '/categorias'],
    ] as const) {
      const r = await call(api, method, path, body, headers);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body).toEqual({ mensagem: MESSAGES.origemNaoAutorizada });
      expect(r.headers.get('cache-control')).toBe('no-store');
      const route = matchRoute(method, path)!.route;
      if (route.method !== 'ANY') expect(validator.checkResponse(method, route.path, 403, r.body)).toEqual([]);
    }
    expect(await stored()).toEqual([]);
  });

  it('serves a request that carries the header, as CloudFront sends it', async () => {
    const created = await call(api, 'POST', '/categorias', { descricao: 'Pela origem' }, through);
    expect(created).toMatchObject({ status: 201, body: { descricao: 'Pela origem', versao: 1 } });
    expect((await call(api, 'GET', `/categorias/${created.body.id}`, undefined, through)).status).toBe(200);
    expect((await call(api, 'GET', '/nada', undefined, through)).status).toBe(404);
    // Header names are case-insensitive, as in HTTP.
    const upper = await raw(api, 'GET', '/categorias', { headers: { [ORIGIN_VERIFY.header.toUpperCase()]: SECRET } });
    expect(upper.status).toBe(200);
  });
});

describe('during a rotation (the previous value in ORIGIN_VERIFY_SECRET_PREVIOUS)', () => {
  const PREVIOUS = 'segredo-anterior-9876543210';
  beforeAll(() => {
    process.env[ORIGIN_VERIFY.previousEnv] = PREVIOUS;
  });
  afterAll(() => {
    delete process.env[ORIGIN_VERIFY.previousEnv];
  });

  it('serves both the current and the previous value while CloudFront’s update spreads, and refuses any other', async () => {
    expect((await call(api, 'GET', '/categorias', undefined, through)).status).toBe(200);
    expect((await call(api, 'GET', '/categorias', undefined, { [ORIGIN_VERIFY.header]: PREVIOUS })).status).toBe(200);
    for (const value of ['', 'outro-valor', PREVIOUS.slice(0, -1), `${SECRET}${PREVIOUS}`]) {
      const r = await call(api, 'GET', '/categorias', undefined, { [ORIGIN_VERIFY.header]: value });
      expect(r.status, value).toBe(403);
      expect(r.body).toEqual({ mensagem: MESSAGES.origemNaoAutorizada });
    }
  });

  it('accepts only the current value once the rotation is over', async () => {
    delete process.env[ORIGIN_VERIFY.previousEnv];
    expect((await call(api, 'GET', '/categorias', undefined, { [ORIGIN_VERIFY.header]: PREVIOUS })).status).toBe(403);
    expect((await call(api, 'GET', '/categorias', undefined, through)).status).toBe(200);
  });
});
