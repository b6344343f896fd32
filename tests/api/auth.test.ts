/**
 * Sign-in at the API, through the real local server with sign-in on (cognito-local, the local JWT
 * authorizer, the real handlers): every token API Gateway's authorizer refuses is a 401 with its
 * own body before any function runs, an ID token is refused by the HTTP layer with a `mensagem`,
 * the claims reach the handlers in the cloud's shape, and a member manages clients with their
 * token. The first wave's suites keep running in the open mode (their default).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { SEM_RESPONSAVEL_READ_BUDGET } from '../../lambdas/services/tarefas.ts';
import { batchPut } from '../../lambdas/store/batch.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { AGENDA_RESPONSAVEL, createTarefa as createTarefaOps, type TarefaRecord } from '../../lambdas/store/tarefas.ts';
import { itemsPutBy } from '../../lambdas/store/write.ts';
import type { PaginaTarefas, Tarefa } from '../../lambdas/contract/types.ts';
import { actorOf } from '../../lambdas/http/actor.ts';
import { startLocalCognito, waitForMessage, type LocalIdentity } from '../../infra/local/user-pool.ts';
import { createJwtAuthorizer, localAuthorizerConfig } from '../../infra/local/authorizer.ts';
import cloud from '../support/fixtures/cloud-jwt-authorizer.json' with { type: 'json' };
import { accessClaims, claimsOf, firstSignIn, forgeToken, signIn, unsignedToken, type Tokens } from '../support/cognito.ts';
import { auditBy, call, listedCliente, startApi, type ApiResponse, type TestApi } from './helpers.ts';

let identity: LocalIdentity;
let api: TestApi;
/** `http://127.0.0.1:PORT/cognito/`: the proxy the web signs in through. */
let proxy: string;
let admin: Tokens;
let member: Tokens;
const MEMBER = 'membro@empresa.com.br';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  identity = await startLocalCognito({ dataDir: 'memory', log: () => undefined });
  api = await startApi({ identity });
  proxy = `${new URL(api.baseUrl).origin}/cognito/`;
  admin = await signIn(proxy, identity.clientId, identity.admin.email, identity.admin.password, identity.admin.totpSecret);
  // A member, invited through the users API, signs in for the first time.
  const since = Date.now();
  expect((await call(api, 'POST', '/usuarios', { email: MEMBER }, bearer(admin.AccessToken))).status).toBe(201);
  const invitation = await waitForMessage(identity.dir, MEMBER, since);
  member = await firstSignIn(proxy, identity.clientId, MEMBER, invitation.code!, 'Membro-Senha-2024!');
});
afterAll(async () => {
  await api?.close();
  await identity?.stop();
});

/** API Gateway's own 401: its body, no function ran. */
function expectGateway401(res: { status: number; body: unknown; headers: Headers }): void {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: 'Unauthorized' });
  expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  expect(res.headers.get('cache-control')).toBe('no-store');
}

describe('the local JWT authorizer answers as API Gateway does', () => {
  it('lets a signed-in access token through, bare or after Bearer, on every kind of route', async () => {
    expect((await call(api, 'GET', '/produtos', undefined, bearer(member.AccessToken))).status).toBe(200);
    expect((await call(api, 'GET', '/categorias', undefined, { authorization: member.AccessToken })).status).toBe(200);
    expect((await call(api, 'GET', '/categorias', undefined, { authorization: `bearer ${member.AccessToken}` })).status).toBe(200);
    // The catch-all is behind it too: a known 404 only for those signed in.
    expect((await call(api, 'GET', '/nada', undefined, bearer(member.AccessToken))).status).toBe(404);
    expectGateway401(await call(api, 'GET', '/nada'));
  });

  it('without a CORS allow-list, OPTIONS is behind the authorizer like any request (the cloud\'s $default): 401, or 204 with a token', async () => {
    expect(process.env.CORS_ORIGINS).toBeUndefined();
    expectGateway401(await call(api, 'OPTIONS', '/produtos', undefined, { origin: 'https://outro.example', 'access-control-request-method': 'GET' }));
    const signedIn = await call(api, 'OPTIONS', '/produtos', undefined, bearer(member.AccessToken));
    expect(signedIn.status).toBe(204);
    expect(signedIn.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('with a CORS allow-list (CORS_ORIGINS, -c corsOrigins), the preflight is answered before the authorizer, as API Gateway does', async () => {
    const origin = 'https://app.empresa.com.br';
    process.env.CORS_ORIGINS = origin;
    try {
      const res = await call(api, 'OPTIONS', '/produtos', undefined, { origin, 'access-control-request-method': 'POST' });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      // Only the preflight: the request itself still needs the token.
      expectGateway401(await call(api, 'GET', '/produtos', undefined, { origin }));
    } finally {
      delete process.env.CORS_ORIGINS;
    }
  });

  it('refuses no token, an empty one and garbage with 401 {"message":"Unauthorized"}', async () => {
    expectGateway401(await call(api, 'GET', '/produtos'));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, { authorization: 'Bearer ' }));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, { authorization: 'Bearer abc.def.ghi' }));
    expectGateway401(await call(api, 'POST', '/produtos', { nome: 'X', valorContrato: 1 }, { authorization: 'Basic YTpi' }));
  });

  it('refuses expired, not yet valid and issued-in-the-future tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = accessClaims(identity, MEMBER);
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken({ ...claims, iat: now - 7200, exp: now - 1 }))));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken({ ...claims, nbf: now + 600 }))));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken({ ...claims, iat: now + 600 }))));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken({ ...claims, exp: undefined }))));
    // The time rules themselves, on the authorizer alone (the local gateway also refuses any forged token).
    const authorize = createJwtAuthorizer({ ...localAuthorizerConfig(identity), issued: undefined });
    expect(await authorize(`Bearer ${await forgeToken({ ...claims, iat: now - 7200, exp: now - 1 })}`)).toMatchObject({ ok: false });
    expect(await authorize(`Bearer ${await forgeToken({ ...claims, iat: now + 600 })}`)).toMatchObject({ ok: false, reason: 'the token was issued in the future' });
    expect(await authorize(`Bearer ${await forgeToken(claims)}`)).toMatchObject({ ok: true });
  });

  it('refuses tokens signed with the key cognito-local ships (anyone can read it): only tokens this local pool issued open the API', async () => {
    const now = Math.floor(Date.now() / 1000);
    const real = claimsOf(member.AccessToken);
    for (const [what, payload] of [
      ['the same claims as a real member token', real],
      ["a member's token with the admin group added", { ...real, 'cognito:groups': ['admin'] }],
      ['a user that does not exist', accessClaims(identity, 'ninguem@empresa.com.br', ['admin'])],
      ['a 100-year expiry', { ...real, exp: now + 100 * 365 * 24 * 3600 }],
    ] as const) {
      const res = await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken(payload)));
      expect(res.status, what).toBe(401);
      expectGateway401(res);
    }
    // The real token still works.
    expect((await call(api, 'GET', '/produtos', undefined, bearer(member.AccessToken))).status).toBe(200);
  });

  it('refuses a token signed by another key, unsigned (alg none), HS256, or with no kid', async () => {
    const claims = accessClaims(identity, MEMBER, ['admin']);
    const other = await generateKeyPair('RS256');
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken(claims, { key: other.privateKey }))));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(unsignedToken(claims))));
    // HS256 (a shared secret): refused whatever the secret, only RS256 is taken.
    const secret = new TextEncoder().encode(JSON.stringify(claims));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken(claims, { alg: 'HS256', key: secret }))));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken(claims, { kid: null }))));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken(claims, { kid: 'OutraChave' }))));
  });

  it("refuses another pool's and another client's tokens", async () => {
    const claims = accessClaims(identity, MEMBER);
    const otherPool = { ...claims, iss: `${new URL(identity.issuer).origin}/us-east-1_OutroPool` };
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken(otherPool))));
    const cloudPool = { ...claims, iss: cloud.jwt.claims.iss };
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken(cloudPool))));
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken({ ...claims, client_id: 'outro-cliente' }))));
    // With an `aud`, API Gateway checks it instead of client_id (an ID token's shape).
    expectGateway401(await call(api, 'GET', '/produtos', undefined, bearer(await forgeToken({ ...claims, aud: 'outro-cliente' }))));
  });

  it('lets an ID token through (API Gateway checks no token_use), and the HTTP layer refuses it with a mensagem', async () => {
    const res = await call(api, 'GET', '/produtos', undefined, bearer(member.IdToken));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ mensagem: MESSAGES.tokenNaoDeAcesso });
    expect(res.headers.get('www-authenticate')).toBeNull();
    // Also when it is an administrator's, on the users API.
    expect(await call(api, 'GET', '/usuarios', undefined, bearer(admin.IdToken))).toMatchObject({
      status: 401,
      body: { mensagem: MESSAGES.tokenNaoDeAcesso },
    });
  });
});

describe('the claims reach the handlers in the cloud shape', () => {
  it('a real cognito-local access token gives the claims a cloud event carries, every one a string', async () => {
    const { createJwtAuthorizer, localAuthorizerConfig } = await import('../../infra/local/authorizer.ts');
    const authorize = createJwtAuthorizer(localAuthorizerConfig(identity));
    const local = await authorize(`Bearer ${admin.AccessToken}`);
    if (!local.ok) throw new Error(local.reason);
    const localClaims = local.authorizer.jwt.claims;
    const cloudClaims: Record<string, string> = cloud.jwt.claims;
    expect(local.authorizer.jwt.scopes).toBe(cloud.jwt.scopes);
    for (const value of Object.values(localClaims)) expect(typeof value).toBe('string');
    // The same claim names; only what cognito-local never sets is cloud-only.
    const CLOUD_ONLY = ['origin_jti', 'version'];
    expect(Object.keys(localClaims).sort()).toEqual(Object.keys(cloudClaims).filter((k) => !CLOUD_ONLY.includes(k)).sort());
    // The same form, claim by claim.
    const form = (v: string) => (/^\d+$/.test(v) ? 'integer' : /^\[.*\]$/.test(v) ? 'groups' : v.includes('@') ? 'e-mail' : 'text');
    for (const name of Object.keys(localClaims)) expect(form(localClaims[name]!), name).toBe(form(cloudClaims[name]!));
    expect(localClaims['cognito:groups']).toBe('[admin]');
    expect(localClaims).toMatchObject({ token_use: 'access', username: identity.admin.email, client_id: identity.clientId, iss: identity.issuer });
    // One reader for both: the actor of each.
    const withAuth = (issuer: string, clientId: string, authorizer: unknown) => {
      Object.assign(process.env, { AUTH_MODE: 'cognito', AUTH_ISSUER: issuer, AUTH_CLIENT_ID: clientId });
      return actorOf({ requestContext: { authorizer } } as never);
    };
    expect(withAuth(identity.issuer, identity.clientId, local.authorizer)).toEqual({
      sub: claimsOf(admin.AccessToken).sub,
      email: identity.admin.email,
      admin: true,
    });
    expect(withAuth(cloudClaims.iss!, cloudClaims.client_id!, cloud)).toEqual({ sub: cloudClaims.sub, email: cloudClaims.username, admin: true });
    // Back to this file's local pool.
    Object.assign(process.env, { AUTH_ISSUER: identity.issuer, AUTH_CLIENT_ID: identity.clientId });
  });
});

describe('a member, signed in', () => {
  it('creates, lists, edits and deletes a client with their token', async () => {
    const auth = bearer(member.AccessToken);
    const categoria = await call(api, 'POST', '/categorias', { descricao: 'Varejo' }, auth);
    expect(categoria.status).toBe(201);
    const created = await call(api, 'POST', '/produtos', { nome: 'Padaria', valorContrato: 1500, categoria: { id: categoria.body.id } }, auth);
    expect(created).toMatchObject({ status: 201, body: { nome: 'Padaria', versao: 1 } });
    // Who created it is the member's e-mail (lists leave the audit fields out).
    expect(created.body).toMatchObject(auditBy(MEMBER));
    const listed = await call(api, 'GET', '/produtos', undefined, auth);
    expect(listed.body).toEqual([listedCliente(created.body)]);
    const edited = await call(api, 'PUT', '/produtos', { ...created.body, nome: 'Padaria Pão Quente', categoria: null, versao: 1 }, auth);
    expect(edited).toMatchObject({ status: 200, body: { nome: 'Padaria Pão Quente', versao: 2 } });
    expect((await call(api, 'GET', `/produtos/${created.body.id}`, undefined, auth)).body.nome).toBe('Padaria Pão Quente');
    expect((await call(api, 'DELETE', `/produtos/${created.body.id}`, undefined, auth)).status).toBe(204);
    expect((await call(api, 'GET', '/produtos', undefined, auth)).body).toEqual([]);
    // Without the token, none of it.
    expectGateway401(await call(api, 'GET', `/categorias/${categoria.body.id}`));
  });

  it('restores from the trash, but only an administrator deletes for good: 403 {mensagem} for a member', async () => {
    const auth = bearer(member.AccessToken);
    const p = await call(api, 'POST', '/produtos', { nome: 'Na lixeira', valorContrato: 1 }, auth);
    expect((await call(api, 'DELETE', `/produtos/${p.body.id}`, undefined, auth)).status).toBe(204);
    const trash = await call(api, 'GET', '/lixeira', undefined, auth);
    expect(trash.body.itens[0]).toMatchObject({ tipo: 'produto', id: p.body.id, excluidoPor: MEMBER });
    const forbidden = { status: 403, body: { mensagem: MESSAGES.somenteAdministradoresExcluir } };
    expect(await call(api, 'DELETE', `/lixeira/produto/${p.body.id}`, undefined, auth)).toMatchObject(forbidden);
    // Refused before validation, too.
    expect(await call(api, 'DELETE', `/lixeira/nada/${p.body.id}`, undefined, auth)).toMatchObject(forbidden);
    const restored = await call(api, 'POST', `/lixeira/produto/${p.body.id}/restaurar`, undefined, auth);
    expect(restored.body.registro).toMatchObject({ id: p.body.id, versao: 2, ...auditBy(MEMBER) });
    expect((await call(api, 'DELETE', `/produtos/${p.body.id}`, undefined, bearer(admin.AccessToken))).status).toBe(204);
    expect((await call(api, 'DELETE', `/lixeira/produto/${p.body.id}`, undefined, bearer(admin.AccessToken))).status).toBe(204);
    const entries = await call(api, 'GET', `/produtos/${p.body.id}/historico`, undefined, auth);
    expect(entries.status).toBe(404);
  });

  it("imports: the author is the signed-in e-mail; only the author or an administrator may list, read, add to or undo an import", async () => {
    const mine = bearer(member.AccessToken);
    const boss = bearer(admin.AccessToken);
    const own = await call(api, 'POST', '/importacoes', { total: 1, arquivo: 'meus.csv' }, mine);
    expect(own).toMatchObject({ status: 201, body: { autor: MEMBER } });
    const linhas = [{ linha: 2, cliente: { nome: 'Importado pelo membro', valorContrato: 1 } }];
    expect((await call(api, 'POST', `/importacoes/${own.body.id}/lotes`, { linhas }, { ...mine, 'idempotency-key': 'auth-1' })).status).toBe(200);
    const theirs = await call(api, 'POST', '/importacoes', { total: 1 }, boss);
    expect(theirs.body.autor).toBe(identity.admin.email);
    const forbidden = { status: 403, body: { mensagem: MESSAGES.importacaoSomenteAutor } };
    expect(await call(api, 'POST', `/importacoes/${theirs.body.id}/lotes`, { linhas }, { ...mine, 'idempotency-key': 'auth-2' })).toMatchObject(forbidden);
    expect(await call(api, 'POST', `/importacoes/${theirs.body.id}/desfazer`, undefined, mine)).toMatchObject(forbidden);
    // The member lists and reads their own imports only; the administrator everyone's (to undo them too).
    const listed = async (auth: Record<string, string>) => ((await call(api, 'GET', '/importacoes?limit=100', undefined, auth)).body.itens as { id: number }[]).map((i) => i.id);
    expect(await listed(mine)).toContain(own.body.id);
    expect(await listed(mine)).not.toContain(theirs.body.id);
    expect(await listed(boss)).toEqual(expect.arrayContaining([own.body.id, theirs.body.id]));
    expect(await call(api, 'GET', `/importacoes/${theirs.body.id}`, undefined, mine)).toMatchObject(forbidden);
    expect(await call(api, 'GET', `/importacoes/${own.body.id}`, undefined, boss)).toMatchObject({ status: 200, body: { autor: MEMBER, linhas: [[2, 2]] } });
    // The administrator may undo the member's import.
    expect(await call(api, 'POST', `/importacoes/${own.body.id}/desfazer`, undefined, boss)).toMatchObject({ status: 200, body: { excluidos: 1, restantes: 0 } });
    expect((await call(api, 'GET', '/produtos', undefined, mine)).body.some((c: { nome: string }) => c.nome === 'Importado pelo membro')).toBe(false);
  });

  it("an Idempotency-Key belongs to its caller: a member replaying an administrator's key and body creates their own record, never gets theirs", async () => {
    const body = { nome: 'Cliente do administrador', valorContrato: 10 };
    const k = { 'idempotency-key': 'chave-compartilhada-1' };
    const first = await call(api, 'POST', '/produtos', body, { ...bearer(admin.AccessToken), ...k });
    expect(first.status).toBe(201);
    expect((await call(api, 'POST', '/produtos', body, { ...bearer(admin.AccessToken), ...k })).body).toEqual(first.body);
    const replayed = await call(api, 'POST', '/produtos', body, { ...bearer(member.AccessToken), ...k });
    expect(replayed.status).toBe(201);
    expect(replayed.body.id).not.toBe(first.body.id);
    expect(replayed.body).toMatchObject(auditBy(MEMBER));
    // Imports too: the member's key is the member's.
    const job = await call(api, 'POST', '/importacoes', { total: 1 }, { ...bearer(admin.AccessToken), 'idempotency-key': 'chave-importacao-1' });
    const mine = await call(api, 'POST', '/importacoes', { total: 1 }, { ...bearer(member.AccessToken), 'idempotency-key': 'chave-importacao-1' });
    expect(mine.status).toBe(201);
    expect(mine.body.id).not.toBe(job.body.id);
    expect(mine.body.autor).toBe(MEMBER);
  });

  it('is refused the users API with 403 {mensagem}, before anything is read or validated', async () => {
    const auth = bearer(member.AccessToken);
    const forbidden = { status: 403, body: { mensagem: MESSAGES.somenteAdministradores } };
    expect(await call(api, 'GET', '/usuarios', undefined, auth)).toMatchObject(forbidden);
    expect(await call(api, 'POST', '/usuarios', { email: 'outro@empresa.com.br', admin: true }, auth)).toMatchObject(forbidden);
    expect(await call(api, 'POST', '/usuarios', '{"email":', auth)).toMatchObject(forbidden);
    expect(await call(api, 'PUT', `/usuarios/${encodeURIComponent(MEMBER)}/admin`, { admin: true }, auth)).toMatchObject(forbidden);
    expect(await call(api, 'PUT', `/usuarios/${encodeURIComponent(identity.admin.email)}/ativo`, { ativo: false }, auth)).toMatchObject(forbidden);
    expect(await call(api, 'POST', '/usuarios/nao-e-email/senha', undefined, auth)).toMatchObject(forbidden);
    expect(await call(api, 'DELETE', `/usuarios/${encodeURIComponent(identity.admin.email)}`, undefined, auth)).toMatchObject(forbidden);
    // Still a member, and the administrator still one.
    const users = await call(api, 'GET', '/usuarios', undefined, bearer(admin.AccessToken));
    expect(users.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: MEMBER, admin: false }),
        expect.objectContaining({ email: identity.admin.email, admin: true, ativo: true }),
      ]),
    );
  });
});

describe('tarefas with sign-in: the team, who may reassign and delete', () => {
  const SAIU = 'saiu@empresa.com.br';
  const as = (tokens: Tokens) => bearer(tokens.AccessToken);
  const quando = '2026-12-01T10:00:00-03:00';

  it('lists the enabled users as the team; a responsavel must be one of them; only the responsavel or a live administrator reassigns or deletes', async () => {
    // A third person, invited then disabled: not on the team any more.
    expect((await call(api, 'POST', '/usuarios', { email: SAIU }, as(admin))).status).toBe(201);
    const equipe = await call(api, 'GET', '/equipe', undefined, as(member));
    expect(equipe.status).toBe(200);
    expect(equipe.body).toEqual(expect.arrayContaining([{ email: MEMBER }, { email: identity.admin.email }, { email: SAIU }]));
    const c = (await call(api, 'POST', '/produtos', { nome: 'Cliente da equipe', valorContrato: 1 }, as(member))).body as { id: number };
    const base = { cliente: c.id, tipo: 'reuniao', descricao: 'Reunião', quando };
    // Assigned to someone who will leave (as typed: stored lower case).
    const deles = await call(api, 'POST', '/tarefas', { ...base, responsavel: 'Saiu@Empresa.com.br' }, as(member));
    expect(deles).toMatchObject({ status: 201, body: { responsavel: SAIU, criadoPor: MEMBER } });
    expect((await call(api, 'PUT', `/usuarios/${encodeURIComponent(SAIU)}/ativo`, { ativo: false }, as(admin))).status).toBe(200);
    expect(((await call(api, 'GET', '/equipe', undefined, as(member))).body as { email: string }[]).map((u) => u.email)).not.toContain(SAIU);
    const notOnTeam = (email: string) => ({ status: 400, body: { mensagem: MESSAGES.tarefaResponsavelInvalido(email), campo: 'responsavel' } });
    expect(await call(api, 'POST', '/tarefas', { ...base, responsavel: SAIU }, as(member))).toMatchObject(notOnTeam(SAIU));
    expect(await call(api, 'POST', '/tarefas', { ...base, responsavel: 'ninguem@empresa.com.br' }, as(member))).toMatchObject(notOnTeam('ninguem@empresa.com.br'));
    expect(await call(api, 'POST', '/tarefas', { ...base, responsavel: 'Fulano de Tal' }, as(member))).toMatchObject(notOnTeam('Fulano de Tal'));

    // The member's own (absent: the caller) and one for the administrator.
    const minha = (await call(api, 'POST', '/tarefas', base, as(member))).body as Tarefa;
    expect(minha.responsavel).toBe(MEMBER);
    const doAdmin = (await call(api, 'POST', '/tarefas', { ...base, responsavel: identity.admin.email }, as(member))).body as Tarefa;
    expect(doAdmin.responsavel).toBe(identity.admin.email);
    expect(((await call(api, 'GET', `/tarefas?responsavel=me&cliente=${c.id}`, undefined, as(member))).body as PaginaTarefas).itens.map((t) => t.id)).toEqual([minha.id]);

    // Anyone completes anyone's; only the responsavel or an administrator reassigns or deletes.
    expect(await call(api, 'PUT', `/tarefas/${doAdmin.id}`, { concluida: true, resultado: 'Feito pelo colega.' }, as(member))).toMatchObject({
      status: 200,
      body: { concluida: true, concluidaPor: MEMBER },
    });
    const onlyOwner = { status: 403, body: { mensagem: MESSAGES.tarefaSomenteResponsavel } };
    expect(await call(api, 'PUT', `/tarefas/${doAdmin.id}`, { responsavel: MEMBER }, as(member))).toMatchObject(onlyOwner);
    expect(await call(api, 'DELETE', `/tarefas/${doAdmin.id}`, undefined, as(member))).toMatchObject(onlyOwner);
    // "Sem responsável ativo": the departed person's tarefa is reassigned by an administrator, not by a colleague.
    expect(await call(api, 'PUT', `/tarefas/${deles.body.id}`, { responsavel: MEMBER }, as(member))).toMatchObject(onlyOwner);
    expect(await call(api, 'PUT', `/tarefas/${deles.body.id}`, { responsavel: MEMBER }, as(admin))).toMatchObject({ status: 200, body: { responsavel: MEMBER } });
    expect(await call(api, 'PUT', `/tarefas/${minha.id}`, { responsavel: identity.admin.email }, as(member))).toMatchObject({ status: 200, body: { responsavel: identity.admin.email } });
    expect(await call(api, 'PUT', `/tarefas/${minha.id}`, { responsavel: SAIU }, as(admin))).toMatchObject(notOnTeam(SAIU));
    expect((await call(api, 'DELETE', `/tarefas/${doAdmin.id}`, undefined, as(admin))).status).toBe(204);
    expect((await call(api, 'DELETE', `/tarefas/${deles.body.id}`, undefined, as(member))).status).toBe(204);
  });

  it('a deleted person’s pending tarefas stay in the team’s agenda (the web gathers them under "Sem responsável ativo"), off the team, reassigned by an administrator only', async () => {
    const FOI = 'foi@empresa.com.br';
    expect((await call(api, 'POST', '/usuarios', { email: FOI }, as(admin))).status).toBe(201);
    const c = (await call(api, 'POST', '/produtos', { nome: 'Cliente de quem foi', valorContrato: 1 }, as(member))).body as { id: number };
    const dela = (await call(api, 'POST', '/tarefas', { cliente: c.id, tipo: 'visita', descricao: 'Visita de quem foi', quando, responsavel: FOI }, as(admin))).body as Tarefa;
    expect(dela.responsavel).toBe(FOI);
    expect((await call(api, 'DELETE', `/usuarios/${encodeURIComponent(FOI)}`, undefined, as(admin))).status).toBe(204);
    const team = ((await call(api, 'GET', '/equipe', undefined, as(member))).body as { email: string }[]).map((u) => u.email);
    expect(team).not.toContain(FOI);
    // The team's pending agenda still lists it, with its departed responsavel: the web tells it apart by /equipe.
    const pendentes = (await call(api, 'GET', `/tarefas?status=pendente&cliente=${c.id}`, undefined, as(member))).body as PaginaTarefas;
    expect(pendentes.itens).toEqual([expect.objectContaining({ id: dela.id, responsavel: FOI })]);
    const equipeView = (await call(api, 'GET', '/tarefas?status=pendente&limit=100', undefined, as(member))).body as PaginaTarefas;
    expect(equipeView.itens.map((t) => t.id)).toContain(dela.id);
    const onlyOwner = { status: 403, body: { mensagem: MESSAGES.tarefaSomenteResponsavel } };
    expect(await call(api, 'PUT', `/tarefas/${dela.id}`, { responsavel: MEMBER }, as(member))).toMatchObject(onlyOwner);
    expect(await call(api, 'DELETE', `/tarefas/${dela.id}`, undefined, as(member))).toMatchObject(onlyOwner);
    // Not back to the deleted person (400), but to someone on the team.
    const minha = (await call(api, 'POST', '/tarefas', { cliente: c.id, tipo: 'ligacao', descricao: 'Minha', quando }, as(member))).body as Tarefa;
    expect(await call(api, 'PUT', `/tarefas/${minha.id}`, { responsavel: FOI }, as(member))).toMatchObject({
      status: 400,
      body: { mensagem: MESSAGES.tarefaResponsavelInvalido(FOI), campo: 'responsavel' },
    });
    expect(await call(api, 'POST', '/tarefas', { cliente: c.id, tipo: 'ligacao', descricao: 'Para quem foi', quando, responsavel: FOI }, as(admin))).toMatchObject({ status: 400 });
    expect(await call(api, 'PUT', `/tarefas/${dela.id}`, { responsavel: MEMBER, versao: dela.versao }, as(admin))).toMatchObject({ status: 200, body: { responsavel: MEMBER, versao: dela.versao + 1 } });
  });
});

describe('GET /tarefas?semResponsavelAtivo=1: the team\'s pending tarefas of people no longer active, found by the server', () => {
  const as = (tokens: Tokens) => bearer(tokens.AccessToken);
  const DESATIVADO = 'desativado@empresa.com.br';
  const APAGADO = 'apagado@empresa.com.br';
  const NUNCA = 'nunca-foi@empresa.com.br';

  /** Every page of the filter, following the cursor; the pages too (to see the short ones). */
  async function allPages(query: string, tokens: Tokens): Promise<{ itens: Tarefa[]; pages: PaginaTarefas[] }> {
    const pages: PaginaTarefas[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse<PaginaTarefas> = await call<PaginaTarefas>(api, 'GET', `/tarefas?semResponsavelAtivo=1&${query}${cursor ? `&cursor=${cursor}` : ''}`, undefined, as(tokens));
      expect(res.status, res.text).toBe(200);
      pages.push(res.body);
      cursor = res.body.cursor;
      expect(pages.length).toBeLessThan(200);
    } while (cursor);
    return { itens: pages.flatMap((p) => p.itens), pages };
  }
  const key = (t: Pick<Tarefa, 'quando' | 'id'>) => `${new Date(t.quando).toISOString()}#${String(t.id).padStart(16, '0')}`;
  /** In order by quando then id, none twice. */
  function expectOrderedOnce(itens: Tarefa[]): void {
    const keys = itens.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([...keys].sort());
  }
  /** Writes tarefas as a create does (records, pointers, index items), far faster than POSTs. */
  async function seed(records: TarefaRecord[]): Promise<void> {
    await batchPut({ doc: api.doc, tableName: api.tableName }, records.flatMap((t) => itemsPutBy(createTarefaOps(t))));
  }
  /** Makes a tarefa's team index item as the release before wrote it: without its responsavel. */
  const asWrittenBefore = (cliente: number, id: number) =>
    api.doc.send(new UpdateCommand({ TableName: api.tableName, Key: { pk: `AGENDA#${cliente}#${id}`, sk: 0 }, UpdateExpression: `REMOVE ${AGENDA_RESPONSAVEL}` }));
  const freshIds = async (n: number) => {
    const out = await api.doc.send(
      new UpdateCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.sequencia, sk: 0 }, UpdateExpression: 'ADD tarefa :n', ExpressionAttributeValues: { ':n': n }, ReturnValues: 'UPDATED_NEW' }),
    );
    return Number(out.Attributes!.tarefa) - n + 1;
  };

  it('answers a disabled, a deleted and a never-user’s pending tarefas (old index items too), not an active person’s, done ones or a trashed client’s; to everyone signed in', async () => {
    for (const email of [DESATIVADO, APAGADO]) expect((await call(api, 'POST', '/usuarios', { email }, as(admin))).status).toBe(201);
    const c = (await call(api, 'POST', '/produtos', { nome: 'Cliente sem responsável', valorContrato: 1 }, as(member))).body as { id: number };
    const lixo = (await call(api, 'POST', '/produtos', { nome: 'Cliente que vai à lixeira', valorContrato: 1 }, as(member))).body as { id: number };
    const nova = async (responsavel: string, quando: string, cliente = c.id) => {
      const r = await call(api, 'POST', '/tarefas', { cliente, tipo: 'ligacao', descricao: `Para ${responsavel}`, quando, responsavel }, as(admin));
      expect(r.status, r.text).toBe(201);
      return r.body as Tarefa;
    };
    // Far ahead (beyond any week the agenda loads first) and in between.
    const desativado = await nova(DESATIVADO, '2027-03-10T10:00:00-03:00');
    const desativadoAntigo = await nova(DESATIVADO, '2027-03-01T09:00:00-03:00');
    const desativadoFeita = await nova(DESATIVADO, '2027-03-02T09:00:00-03:00');
    const desativadoNaLixeira = await nova(DESATIVADO, '2027-03-03T09:00:00-03:00', lixo.id);
    const apagado = await nova(APAGADO, '2027-03-05T14:00:00-03:00');
    const ativo = await nova(MEMBER, '2027-03-04T09:00:00-03:00');
    const ativoAntigo = await nova(MEMBER, '2027-03-06T09:00:00-03:00');
    expect((await call(api, 'PUT', `/tarefas/${desativadoFeita.id}`, { concluida: true }, as(admin))).status).toBe(200);
    // One assigned before the person was disabled; the client then goes to the trash.
    expect((await call(api, 'DELETE', `/produtos/${lixo.id}`, undefined, as(admin))).status).toBe(204);
    // Someone who never was a user (a tarefa from before sign-in was turned on, say).
    const nuncaId = await freshIds(1);
    await seed([{ id: nuncaId, cliente: c.id, tipo: 'email', descricao: 'De antes do login', quando: '2027-03-08T12:00:00.000Z', responsavel: NUNCA, concluida: false, versao: 1, historico: 1 }]);
    // Index items written before the team item named its responsavel: decided by their record.
    await asWrittenBefore(c.id, desativadoAntigo.id);
    await asWrittenBefore(c.id, ativoAntigo.id);

    // While everyone is active, only the never-user's.
    const mine = (itens: Tarefa[]) => itens.filter((t) => t.cliente === c.id || t.cliente === lixo.id).map((t) => t.id);
    expect(mine((await allPages('limit=50', member)).itens)).toEqual([nuncaId]);

    expect((await call(api, 'PUT', `/usuarios/${encodeURIComponent(DESATIVADO)}/ativo`, { ativo: false }, as(admin))).status).toBe(200);
    expect((await call(api, 'DELETE', `/usuarios/${encodeURIComponent(APAGADO)}`, undefined, as(admin))).status).toBe(204);
    const expected = [desativadoAntigo.id, apagado.id, nuncaId, desativado.id];
    for (const tokens of [member, admin]) {
      const { itens } = await allPages('limit=50', tokens);
      expectOrderedOnce(itens);
      expect(mine(itens)).toEqual(expected);
      expect(itens.find((t) => t.id === apagado.id)).toMatchObject({ responsavel: APAGADO, clienteNome: 'Cliente sem responsável', concluida: false });
      for (const id of [ativo.id, ativoAntigo.id, desativadoFeita.id, desativadoNaLixeira.id]) expect(itens.map((t) => t.id)).not.toContain(id);
    }
    // One a page: the same, in order.
    expect(mine((await allPages('limit=1', member)).itens)).toEqual(expected);
    // With the other filters it narrows: a type, a period.
    expect(mine((await allPages('tipo=email', member)).itens)).toEqual([nuncaId]);
    expect(mine((await allPages('desde=2027-03-05&ate=2027-03-08', member)).itens)).toEqual([apagado.id, nuncaId]);
    // The client's restore brings the disabled person's tarefa there back; reassigned, one leaves.
    expect((await call(api, 'POST', `/lixeira/produto/${lixo.id}/restaurar`, undefined, as(admin))).status).toBe(200);
    expect(mine((await allPages('limit=50', member)).itens)).toEqual([desativadoAntigo.id, desativadoNaLixeira.id, apagado.id, nuncaId, desativado.id]);
    expect((await call(api, 'PUT', `/tarefas/${desativadoAntigo.id}`, { responsavel: MEMBER }, as(admin))).status).toBe(200);
    expect(mine((await allPages('limit=50', member)).itens)).toEqual([desativadoNaLixeira.id, apagado.id, nuncaId, desativado.id]);
    // Enabled again: theirs leave the list.
    expect((await call(api, 'PUT', `/usuarios/${encodeURIComponent(DESATIVADO)}/ativo`, { ativo: true }, as(admin))).status).toBe(200);
    expect(mine((await allPages('limit=50', member)).itens)).toEqual([apagado.id, nuncaId]);
    expect((await call(api, 'PUT', `/usuarios/${encodeURIComponent(DESATIVADO)}/ativo`, { ativo: false }, as(admin))).status).toBe(200);
  });

  it('pages across the read budget (many active people’s tarefas between the orphaned ones) without skipping or repeating one', async () => {
    const c = (await call(api, 'POST', '/produtos', { nome: 'Cliente de muitas tarefas', valorContrato: 1 }, as(member))).body as { id: number };
    const between = SEM_RESPONSAVEL_READ_BUDGET + 200;
    const first = await freshIds(between + 3);
    const at = (minute: number) => new Date(Date.UTC(2028, 0, 3, 12) + minute * 60_000).toISOString();
    const record = (id: number, quando: string, responsavel: string): TarefaRecord => ({ id, cliente: c.id, tipo: 'visita', descricao: `Tarefa ${id}`, quando, responsavel, concluida: false, versao: 1, historico: 1 });
    const orfas = [record(first, at(0), NUNCA), record(first + 1, at(between + 1), APAGADO), record(first + 2, at(between + 2), DESATIVADO)];
    const ativas = Array.from({ length: between }, (_, i) => record(first + 3 + i, at(1 + i), i % 2 ? MEMBER : identity.admin.email));
    await seed([...orfas, ...ativas]);
    // The last one as the release before wrote it.
    await asWrittenBefore(c.id, first + 2);
    const mine = (itens: Tarefa[]) => itens.filter((t) => t.cliente === c.id).map((t) => t.id);
    for (const limit of [1, 2, 50]) {
      const { itens, pages } = await allPages(`limit=${limit}&desde=2028-01-01`, member);
      expectOrderedOnce(itens);
      expect(mine(itens), `limit=${limit}`).toEqual(orfas.map((t) => t.id));
      // The active people's stretch is longer than one request reads: a page came back short with a cursor.
      expect(pages.some((p) => p.itens.length < limit && p.cursor !== null), `limit=${limit}`).toBe(true);
      expect(pages.at(-1)!.cursor).toBeNull();
    }
  });

  it('is refused with other filters that contradict it, and any value but 1', async () => {
    for (const query of ['responsavel=me', `cliente=1`, 'status=concluida']) {
      expect(await call(api, 'GET', `/tarefas?semResponsavelAtivo=1&${query}`, undefined, as(member))).toMatchObject({ status: 400, body: { mensagem: MESSAGES.tarefaSemResponsavelCombinado } });
    }
    expect((await call(api, 'GET', '/tarefas?semResponsavelAtivo=1&status=pendente', undefined, as(member))).status).toBe(200);
    expect(await call(api, 'GET', '/tarefas?semResponsavelAtivo=true', undefined, as(member))).toMatchObject({
      status: 400,
      body: { mensagem: MESSAGES.parametroInvalido('semResponsavelAtivo', "'1'") },
    });
  });
});
