/**
 * Who is calling (lambdas/http/actor.ts) and the claims as API Gateway passes them
 * (infra/local/authorizer.ts): the actor of each AUTH_MODE, the HTTP layer's own refusals (an ID
 * token, another pool or client, no claims), the groups string, and a token signed with the key
 * cognito-local ships refused by a deployed handler even if no authorizer stood in front of it.
 *
 * The cloud fixture (tests/support/fixtures/cloud-jwt-authorizer.json) is the
 * `requestContext.authorizer` of a real HTTP API event for a Cognito access token, as published
 * with DefinitelyTyped PR #75458 (claims all strings, `scopes: null`), in this app's shape: the
 * e-mail as `username`, and `cognito:groups` as API Gateway renders an array (`"[admin]"`,
 * measured against real API Gateway in floci PR #2011).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { UnauthorizedError } from '../../lambdas/errors.ts';
import { actorOf, ANONYMOUS_ACTOR, groupsOf } from '../../lambdas/http/actor.ts';
import { flattenClaim, gatewayClaims } from '../../infra/local/authorizer.ts';
import cloud from '../support/fixtures/cloud-jwt-authorizer.json' with { type: 'json' };
import { eventFor } from '../api/events.ts';
import { accessClaims, forgeToken } from '../support/cognito.ts';

const CLOUD_ISSUER = cloud.jwt.claims.iss;
const CLOUD_CLIENT = cloud.jwt.claims.client_id;

/** An event with `claims` where API Gateway's JWT authorizer puts them. */
function withClaims(claims: Record<string, unknown> | undefined): APIGatewayProxyEventV2 {
  const { event } = eventFor('GET', '/produtos');
  if (claims) (event.requestContext as { authorizer?: unknown }).authorizer = { jwt: { claims, scopes: null } };
  return event;
}

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
};

const saved = { ...process.env };
afterEach(() => {
  for (const k of ['AUTH_MODE', 'AUTH_ISSUER', 'AUTH_CLIENT_ID', 'LOG_LEVEL']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('the actor in the open mode', () => {
  it.each(['off', ' off '])('AUTH_MODE=%j: everyone is the anonymous administrator, claims or not', (mode) => {
    process.env.AUTH_MODE = mode;
    expect(actorOf(withClaims(undefined))).toEqual({ sub: 'anonimo', email: 'anônimo', admin: true, anonymous: true });
    expect(actorOf(withClaims(cloud.jwt.claims))).toBe(ANONYMOUS_ACTOR);
  });

  it.each([undefined, '', '  '])('AUTH_MODE=%j (unset) is a misconfiguration, never the open mode', (mode) => {
    if (mode === undefined) delete process.env.AUTH_MODE;
    else process.env.AUTH_MODE = mode;
    expect(() => actorOf(withClaims(cloud.jwt.claims))).toThrow(/AUTH_MODE is not set/);
  });

  it('a function without AUTH_MODE answers 500 before its logic runs (a deployed function missing the variable)', async () => {
    process.env.LOG_LEVEL = 'silent';
    const { handler } = await import('../../lambdas/handlers/fallback.ts');
    process.env.AUTH_MODE = 'off';
    // The catch-all's own answer (GET /produtos reached it: 405) once the mode is set.
    expect((await handler(withClaims(cloud.jwt.claims))).statusCode).toBe(405);
    delete process.env.AUTH_MODE;
    const result = await handler(withClaims(cloud.jwt.claims));
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ mensagem: MESSAGES.erroInterno });
  });

  it('refuses a misspelt AUTH_MODE (a 500, never open data)', () => {
    process.env.AUTH_MODE = 'cognitto';
    expect(() => actorOf(withClaims(cloud.jwt.claims))).toThrow(/AUTH_MODE must be "cognito" or "off"/);
  });
});

describe('the actor with sign-in (AUTH_MODE=cognito)', () => {
  beforeEach(() => {
    Object.assign(process.env, { AUTH_MODE: 'cognito', AUTH_ISSUER: CLOUD_ISSUER, AUTH_CLIENT_ID: CLOUD_CLIENT });
  });

  it("reads a real cloud event's claims: sub, the e-mail from username, admin from the groups string", () => {
    expect(actorOf(withClaims(cloud.jwt.claims))).toEqual({
      sub: '6418b458-d091-705e-122e-04bf2945fcdf',
      email: 'ana@empresa.com.br',
      admin: true,
    });
    const { 'cognito:groups': _groups, ...member } = cloud.jwt.claims;
    expect(actorOf(withClaims(member)).admin).toBe(false);
    expect(actorOf(withClaims({ ...cloud.jwt.claims, 'cognito:groups': '[vendas financeiro]' })).admin).toBe(false);
    expect(actorOf(withClaims({ ...cloud.jwt.claims, 'cognito:groups': '[vendas admin]' })).admin).toBe(true);
  });

  it.each([
    ['no claims (a route without the authorizer)', undefined, MESSAGES.sessaoInvalida],
    ['an ID token (API Gateway lets it through)', { ...cloud.jwt.claims, token_use: 'id', aud: CLOUD_CLIENT }, MESSAGES.tokenNaoDeAcesso],
    ['no token_use', { ...cloud.jwt.claims, token_use: undefined }, MESSAGES.tokenNaoDeAcesso],
    ['another pool', { ...cloud.jwt.claims, iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Outro' }, MESSAGES.sessaoInvalida],
    ['another app client', { ...cloud.jwt.claims, client_id: 'outro-cliente' }, MESSAGES.sessaoInvalida],
    ['no username', { ...cloud.jwt.claims, username: '' }, MESSAGES.sessaoInvalida],
    ['no sub', { ...cloud.jwt.claims, sub: undefined }, MESSAGES.sessaoInvalida],
  ])('refuses %s with 401 {mensagem}', (_label, claims, mensagem) => {
    const e = thrown(() => actorOf(withClaims(claims)));
    expect(e).toBeInstanceOf(UnauthorizedError);
    expect((e as UnauthorizedError).mensagem).toBe(mensagem);
  });

  it('fails (500) when the function lacks its issuer or client id, rather than trust any token', () => {
    delete process.env.AUTH_ISSUER;
    expect(() => actorOf(withClaims(cloud.jwt.claims))).toThrow(/AUTH_ISSUER is not set/);
    process.env.AUTH_ISSUER = CLOUD_ISSUER;
    delete process.env.AUTH_CLIENT_ID;
    expect(() => actorOf(withClaims(cloud.jwt.claims))).toThrow(/AUTH_CLIENT_ID is not set/);
  });
});

describe('a token signed with the key cognito-local ships, at a deployed API', () => {
  it('is refused by the handler itself (401), even with no authorizer in front and a matching client id', async () => {
    Object.assign(process.env, { AUTH_MODE: 'cognito', AUTH_ISSUER: CLOUD_ISSUER, AUTH_CLIENT_ID: CLOUD_CLIENT, LOG_LEVEL: 'silent' });
    // Anyone can sign this: the private key is in node_modules/cognito-local. Its issuer is a
    // local one; every other claim is what the deployed API expects.
    const local = { issuer: 'http://127.0.0.1:9229/local_Pool', clientId: CLOUD_CLIENT };
    const token = await forgeToken(accessClaims(local, 'intruso@x.com', ['admin']));
    const claims = gatewayClaims(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>);
    const { handler } = await import('../../lambdas/handlers/clientes/list.ts');
    const result = await handler(withClaims(claims));
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body!)).toEqual({ mensagem: MESSAGES.sessaoInvalida });
    const users = await (await import('../../lambdas/handlers/usuarios/list.ts')).handler(withClaims(claims));
    expect(users.statusCode).toBe(401);
  });
});

describe("claims as API Gateway's JWT authorizer passes them", () => {
  it('flattens every value to a string: numbers, booleans, arrays in brackets, objects as map[…]', () => {
    expect(flattenClaim('ana@x.com')).toBe('ana@x.com');
    expect(flattenClaim(1787996002)).toBe('1787996002');
    expect(flattenClaim(true)).toBe('true');
    expect(flattenClaim(['admin', 'member'])).toBe('[admin member]');
    expect(flattenClaim(['admin'])).toBe('[admin]');
    expect(flattenClaim([])).toBe('[]');
    expect(flattenClaim({ b: 1, a: 'x' })).toBe('map[a:x b:1]');
    expect(gatewayClaims({ exp: 1, 'cognito:groups': ['admin'], sub: 's' })).toEqual({ exp: '1', 'cognito:groups': '[admin]', sub: 's' });
  });

  it('reads the groups string back (and an array, from a direct call)', () => {
    expect(groupsOf('[admin member]')).toEqual(['admin', 'member']);
    expect(groupsOf('[admin]')).toEqual(['admin']);
    expect(groupsOf('[]')).toEqual([]);
    expect(groupsOf(undefined)).toEqual([]);
    expect(groupsOf(['admin'])).toEqual(['admin']);
    expect(groupsOf(flattenClaim(['vendas', 'admin']))).toEqual(['vendas', 'admin']);
  });

  it('the cloud fixture is the shape the handlers read: every claim a string, scopes null', () => {
    for (const [name, value] of Object.entries(cloud.jwt.claims)) expect(typeof value, name).toBe('string');
    expect(cloud.jwt.scopes).toBeNull();
  });
});
