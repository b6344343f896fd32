/**
 * The users API against cognito-local, through the real local server with sign-in on: an
 * administrator's whole user lifecycle (invite → the outbox has the temporary password → the
 * invitee signs in and chooses a password → listed CONFIRMED → admin → member → disabled, sign-in
 * refused → enabled → deleted), validation, 404s, 409s, and self-protection. The calls
 * cognito-local lacks (resend, reset, global sign-out) are answered locally by the shim
 * (infra/local/cognito-shim.ts), tested here for its local behaviour; their cloud behaviour is
 * tested with the cloud's answers in usuarios.mock.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../lambdas/contract/limits.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import type { Usuario } from '../../lambdas/contract/types.ts';
import { createOpenApiValidator } from '../contract/openapi-validator.ts';
import { buildOpenApiDocument } from '../../lambdas/openapi/document.ts';
import { routes } from '../../lambdas/routes.ts';
import { readOutbox, startLocalCognito, waitForMessage, type LocalIdentity } from '../../infra/local/user-pool.ts';
import { callCognito, enableTotp, firstSignIn, signIn, type Tokens } from '../support/cognito.ts';
import { call, startApi, type TestApi } from './helpers.ts';

let identity: LocalIdentity;
let api: TestApi;
let proxy: string;
let admin: Tokens;
const doc = buildOpenApiDocument();
const validator = createOpenApiValidator(doc);
/** `METHOD /template STATUS` of every validated answer. */
const reached = new Set<string>();

beforeAll(async () => {
  identity = await startLocalCognito({ dataDir: 'memory', log: () => undefined });
  api = await startApi({ identity });
  proxy = `${new URL(api.baseUrl).origin}/cognito/`;
  admin = await signIn(proxy, identity.clientId, identity.admin.email, identity.admin.password, identity.admin.totpSecret);
});
afterAll(async () => {
  await api?.close();
  await identity?.stop();
});

/**
 * A call to the users API as `tokens` (the administrator by default; null: no token), its
 * answer checked against the OpenAPI document.
 */
async function users(method: string, path: string, body?: unknown, tokens: Tokens | null = admin, headers: Record<string, string> = {}) {
  const res = await call(api, method, path, body, { ...(tokens ? { authorization: `Bearer ${tokens.AccessToken}` } : {}), ...headers });
  const template = path.replace(/^\/usuarios\/[^/]+/, '/usuarios/{email}');
  expect(validator.checkResponse(method, template, res.status, res.body), `${method} ${path} → ${res.status} ${res.text}`).toEqual([]);
  reached.add(`${method} ${template} ${res.status}`);
  return res;
}
const at = (email: string) => `/usuarios/${encodeURIComponent(email)}`;
const listed = async (email: string) => ((await users('GET', '/usuarios')).body as Usuario[]).find((u) => u.email === email);

/** Signs in through the web's proxy; the Cognito error type when refused. */
async function trySignIn(email: string, password: string): Promise<{ ok: true; tokens: Tokens } | { ok: false; type?: string; message?: string }> {
  const res = await callCognito<{ AuthenticationResult?: Tokens; ChallengeName?: string }>(proxy, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: identity.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (res.body.AuthenticationResult) return { ok: true, tokens: res.body.AuthenticationResult };
  return { ok: false, type: res.body.__type ?? res.body.ChallengeName, message: res.body.message };
}

/** Invites `email` through the API and returns the temporary password the outbox received. */
async function invite(email: string, asAdmin?: boolean): Promise<string> {
  const since = Date.now();
  const res = await users('POST', '/usuarios', asAdmin === undefined ? { email } : { email, admin: asAdmin });
  expect(res.status).toBe(201);
  return (await waitForMessage(identity.dir, email.trim().toLowerCase(), since)).code!;
}

describe("an administrator's user lifecycle", () => {
  it('invite → first sign-in → CONFIRMED → admin → member → disabled → enabled → deleted', async () => {
    // Invited with the e-mail as typed: stored and answered lower case.
    const since = Date.now();
    const invited = await users('POST', '/usuarios', { email: '  Ana.Souza@Empresa.com.br ' });
    const email = 'ana.souza@empresa.com.br';
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({ email, status: 'FORCE_CHANGE_PASSWORD', ativo: true, admin: false, criadoEm: expect.any(String) });
    expect(Math.abs(Date.parse(invited.body.criadoEm) - Date.now())).toBeLessThan(60_000);
    const invitation = await waitForMessage(identity.dir, email, since);
    expect(invitation).toMatchObject({ to: email, username: email, kind: 'invitation', source: 'AdminCreateUser' });
    expect(await listed(email)).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', ativo: true, admin: false });

    // The invitee signs in with the temporary password and must choose one.
    expect(await trySignIn(email, invitation.code!)).toMatchObject({ ok: false, type: 'NEW_PASSWORD_REQUIRED' });
    const password = 'Ana-Senha-Forte-1';
    let ana = await firstSignIn(proxy, identity.clientId, email, invitation.code!, password);
    expect(await listed(email)).toMatchObject({ status: 'CONFIRMED', ativo: true, admin: false });
    expect((await users('GET', '/usuarios', undefined, ana)).status).toBe(403);

    // Made an administrator: her next session carries the group.
    expect(await users('PUT', `${at(email)}/admin`, { admin: true })).toMatchObject({
      status: 200,
      body: { email, status: 'CONFIRMED', ativo: true, admin: true },
    });
    expect((await listed(email))!.admin).toBe(true);
    ana = (await trySignIn(email, password) as { tokens: Tokens }).tokens;
    // An administrator acts once their authenticator is on (Minha conta).
    expect(await users('GET', '/usuarios', undefined, ana)).toMatchObject({ status: 403, body: { mensagem: MESSAGES.administradorSemTotp } });
    const anaTotp = await enableTotp(proxy, ana.AccessToken);
    expect((await users('GET', '/usuarios', undefined, ana)).status).toBe(200);
    // And back to a member.
    expect(await users('PUT', `${at(email)}/admin`, { admin: false })).toMatchObject({ status: 200, body: { admin: false } });
    expect((await listed(email))!.admin).toBe(false);

    // Disabled: no sign-in, no refresh.
    expect(await users('PUT', `${at(email)}/ativo`, { ativo: false })).toMatchObject({
      status: 200,
      body: { email, ativo: false, admin: false, status: 'CONFIRMED' },
    });
    expect((await listed(email))!.ativo).toBe(false);
    expect(await trySignIn(email, password)).toEqual({ ok: false, type: 'NotAuthorizedException', message: 'User is disabled.' });
    const refresh = await callCognito(proxy, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { REFRESH_TOKEN: ana.RefreshToken },
    });
    expect(refresh.body.__type).toBe('NotAuthorizedException');

    // Enabled again (her authenticator asks for its code).
    expect(await users('PUT', `${at(email)}/ativo`, { ativo: true })).toMatchObject({ status: 200, body: { ativo: true } });
    expect((await signIn(proxy, identity.clientId, email, password, anaTotp)).AccessToken).toBeTruthy();

    // Deleted: gone from the list, no sign-in, a second delete is 404.
    expect((await users('DELETE', at(email))).status).toBe(204);
    expect(await listed(email)).toBeUndefined();
    expect((await trySignIn(email, password)).ok).toBe(false);
    expect(await users('DELETE', at(email))).toMatchObject({ status: 404, body: { mensagem: MESSAGES.usuarioNaoEncontrado } });
  });

  it('invites an administrator directly; an existing e-mail, in any case, is 409', async () => {
    const temporary = await invite('chefe@empresa.com.br', true);
    expect(await listed('chefe@empresa.com.br')).toMatchObject({ admin: true, status: 'FORCE_CHANGE_PASSWORD' });
    const chefe = await firstSignIn(proxy, identity.clientId, 'chefe@empresa.com.br', temporary, 'Chefe-Senha-2024!');
    await enableTotp(proxy, chefe.AccessToken);
    expect((await users('GET', '/usuarios', undefined, chefe)).status).toBe(200);
    expect(await users('POST', '/usuarios', { email: 'CHEFE@empresa.com.br' })).toMatchObject({
      status: 409,
      body: { mensagem: MESSAGES.usuarioJaExiste('chefe@empresa.com.br'), campo: 'email' },
    });
  });

  it('lists every user sorted by e-mail', async () => {
    await invite('zeca@empresa.com.br');
    await invite('bia@empresa.com.br');
    const emails = ((await users('GET', '/usuarios')).body as Usuario[]).map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toEqual(expect.arrayContaining(['bia@empresa.com.br', 'zeca@empresa.com.br', identity.admin.email]));
  });
});

describe('validation and missing users', () => {
  it('refuses an invalid e-mail or body with 400 and the field', async () => {
    for (const email of ['', 'ana', 'ana@', '@empresa.com', 'ana@empresa', 'ana maria@empresa.com', `${'a'.repeat(120)}@empresa.com.br`]) {
      expect(await users('POST', '/usuarios', { email }), email).toMatchObject({ status: 400, body: { mensagem: MESSAGES.emailInvalido, campo: 'email' } });
    }
    expect(await users('POST', '/usuarios', {})).toMatchObject({ status: 400, body: { mensagem: MESSAGES.campoObrigatorio('email'), campo: 'email' } });
    expect(await users('POST', '/usuarios', { email: 7 })).toMatchObject({ status: 400, body: { campo: 'email' } });
    expect(await users('POST', '/usuarios', { email: 'ok@empresa.com', admin: 'sim' })).toMatchObject({
      status: 400,
      body: { mensagem: MESSAGES.campoBooleano('admin'), campo: 'admin' },
    });
    expect(await users('PUT', `${at(identity.admin.email)}/ativo`, {})).toMatchObject({
      status: 400,
      body: { mensagem: MESSAGES.campoObrigatorio('ativo'), campo: 'ativo' },
    });
    expect(await users('PUT', `${at(identity.admin.email)}/admin`, { admin: 1 })).toMatchObject({ status: 400, body: { campo: 'admin' } });
    expect((await users('POST', '/usuarios', 'email=a@b.com', admin, { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await users('DELETE', '/usuarios/nao-e-email')).toMatchObject({ status: 400, body: { mensagem: MESSAGES.emailInvalido } });
    expect((await users('POST', '/usuarios/a%20b%40c.com/senha')).status).toBe(400);
  });

  it('answers 404 for a user that does not exist, on every route that names one', async () => {
    const nobody = at('ninguem@empresa.com.br');
    const notFound = { status: 404, body: { mensagem: MESSAGES.usuarioNaoEncontrado } };
    expect(await users('PUT', `${nobody}/ativo`, { ativo: false })).toMatchObject(notFound);
    expect(await users('PUT', `${nobody}/admin`, { admin: true })).toMatchObject(notFound);
    expect(await users('DELETE', nobody)).toMatchObject(notFound);
    expect(await users('POST', `${nobody}/convite`)).toMatchObject(notFound);
    expect(await users('POST', `${nobody}/senha`)).toMatchObject(notFound);
  });

  it('finds a user by its e-mail in any case in the path', async () => {
    await invite('caso@empresa.com.br');
    expect(await users('PUT', `${at('Caso@Empresa.COM.br')}/admin`, { admin: true })).toMatchObject({
      status: 200,
      body: { email: 'caso@empresa.com.br', admin: true },
    });
  });
});

describe('an administrator cannot lock themselves out', () => {
  it('refuses removing their own admin role, disabling or deleting themselves (409), and changes nothing', async () => {
    const me = at(identity.admin.email);
    expect(await users('PUT', `${me}/admin`, { admin: false })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioAdmin, campo: 'admin' } });
    expect(await users('PUT', `${me}/ativo`, { ativo: false })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioDesativar, campo: 'ativo' } });
    expect(await users('DELETE', me)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioExcluir } });
    // The same in another case of the e-mail.
    expect((await users('DELETE', at(identity.admin.email.toUpperCase()))).status).toBe(409);
    expect(await listed(identity.admin.email)).toMatchObject({ admin: true, ativo: true, status: 'CONFIRMED' });
    // Nor may they change their own access the other way (a token held after losing it must restore nothing).
    expect(await users('PUT', `${me}/admin`, { admin: true })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioPromover, campo: 'admin' } });
    expect(await users('PUT', `${me}/ativo`, { ativo: true })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioAtivar, campo: 'ativo' } });
    expect(await users('POST', `${me}/convite`)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioConvite } });
    expect(await users('POST', '/usuarios', { email: identity.admin.email, admin: true })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioConvite } });
    // Still theirs: the password is right (the authenticator's code comes next).
    expect(await trySignIn(identity.admin.email, identity.admin.password)).toMatchObject({ ok: false, type: 'SOFTWARE_TOKEN_MFA' });
  });

  it('another administrator may do it', async () => {
    const temporary = await invite('segundo@empresa.com.br', true);
    const segundo = await firstSignIn(proxy, identity.clientId, 'segundo@empresa.com.br', temporary, 'Segundo-Senha-2024!');
    // Without an authenticator an administrator may not act yet, and is told how to turn it on.
    expect(await users('GET', '/usuarios', undefined, segundo)).toMatchObject({ status: 403, body: { mensagem: MESSAGES.administradorSemTotp } });
    await enableTotp(proxy, segundo.AccessToken);
    const bruno = await invite('bruno@empresa.com.br', true);
    expect(bruno).toBeTruthy();
    expect(await users('PUT', `${at('bruno@empresa.com.br')}/admin`, { admin: false }, segundo)).toMatchObject({ status: 200, body: { admin: false } });
    expect((await users('DELETE', at('bruno@empresa.com.br'), undefined, segundo)).status).toBe(204);
  });
});

describe("an administrator's rights end when they are taken away: the token they still hold restores nothing", () => {
  /** A second administrator, signed in: their tokens from before what happens to them. */
  async function anotherAdmin(email: string): Promise<{ email: string; password: string; tokens: Tokens }> {
    const password = 'Outro-Admin-2024!';
    const tokens = await firstSignIn(proxy, identity.clientId, email, await invite(email, true), password);
    return { email, password, tokens };
  }
  const refresh = (token: string | undefined) =>
    callCognito(proxy, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: identity.clientId, AuthParameters: { REFRESH_TOKEN: token } });

  it('disabled: they can not enable themselves again, nor act as administrator; their session is over', async () => {
    const a = await anotherAdmin('desligada@empresa.com.br');
    expect((await refresh(a.tokens.RefreshToken)).status).toBe(200);
    expect((await users('PUT', `${at(a.email)}/ativo`, { ativo: false })).status).toBe(200);
    const refused = { status: 403, body: { mensagem: MESSAGES.somenteAdministradores } };
    expect(await users('PUT', `${at(a.email)}/ativo`, { ativo: true }, a.tokens)).toMatchObject(refused);
    expect(await users('GET', '/usuarios', undefined, a.tokens)).toMatchObject(refused);
    expect(await users('PUT', `${at(identity.admin.email)}/ativo`, { ativo: false }, a.tokens)).toMatchObject(refused);
    expect(await users('POST', '/usuarios', { email: 'cumplice@empresa.com.br', admin: true }, a.tokens)).toMatchObject(refused);
    expect(await listed(a.email)).toMatchObject({ ativo: false });
    expect((await trySignIn(a.email, a.password)).ok).toBe(false);
    expect((await refresh(a.tokens.RefreshToken)).body.__type).toBe('NotAuthorizedException');
    // Enabled again by another administrator: the refresh token from before stays revoked (global sign-out).
    expect((await users('PUT', `${at(a.email)}/ativo`, { ativo: true })).status).toBe(200);
    expect((await refresh(a.tokens.RefreshToken)).body.__type).toBe('NotAuthorizedException');
    expect((await trySignIn(a.email, a.password)).ok).toBe(true);
  });

  it('demoted: they can not promote themselves again nor demote the others; their refresh token is revoked', async () => {
    const a = await anotherAdmin('rebaixada@empresa.com.br');
    expect((await users('PUT', `${at(a.email)}/admin`, { admin: false })).status).toBe(200);
    const refused = { status: 403, body: { mensagem: MESSAGES.somenteAdministradores } };
    expect(await users('PUT', `${at(a.email)}/admin`, { admin: true }, a.tokens)).toMatchObject(refused);
    expect(await users('PUT', `${at(identity.admin.email)}/admin`, { admin: false }, a.tokens)).toMatchObject(refused);
    expect(await listed(a.email)).toMatchObject({ admin: false });
    expect(await listed(identity.admin.email)).toMatchObject({ admin: true });
    expect((await refresh(a.tokens.RefreshToken)).body.__type).toBe('NotAuthorizedException');
    // Nor purge records for good (Excluir definitivamente), the other administrator route.
    const purge = await call(api, 'DELETE', '/lixeira/produto/999999', undefined, { authorization: `Bearer ${a.tokens.AccessToken}` });
    expect(purge).toMatchObject({ status: 403, body: { mensagem: MESSAGES.somenteAdministradoresExcluir } });
    const asAdmin = await call(api, 'DELETE', '/lixeira/produto/999999', undefined, { authorization: `Bearer ${admin.AccessToken}` });
    expect(asAdmin.status).toBe(404);
  });

  it("demoted: the token they still hold no longer lists, reads, undoes or restores another person's import", async () => {
    const a = await anotherAdmin('importadora@empresa.com.br');
    await enableTotp(proxy, a.tokens.AccessToken);
    const mine = { authorization: `Bearer ${admin.AccessToken}` };
    const theirs = { authorization: `Bearer ${a.tokens.AccessToken}` };
    const job = await call(api, 'POST', '/importacoes', { total: 1, arquivo: 'do-admin.csv' }, mine);
    const linhas = [{ linha: 2, cliente: { nome: 'Importado pelo administrador', valorContrato: 1 } }];
    expect((await call(api, 'POST', `/importacoes/${job.body.id}/lotes`, { linhas, fim: true }, { ...mine, 'idempotency-key': 'rebaixada-1' })).status).toBe(200);
    const listed = async () => ((await call(api, 'GET', '/importacoes?limit=100', undefined, theirs)).body.itens as { id: number }[]).map((i) => i.id);
    // While an administrator, they see it and may undo it.
    expect(await listed()).toContain(job.body.id);
    expect((await call(api, 'GET', `/importacoes/${job.body.id}`, undefined, theirs)).status).toBe(200);
    expect((await users('PUT', `${at(a.email)}/admin`, { admin: false })).status).toBe(200);
    // Demoted, with the same token (its admin group still in it): their own imports only, and 403 on this one.
    const refused = { status: 403, body: { mensagem: MESSAGES.importacaoSomenteAutor } };
    expect(await listed()).not.toContain(job.body.id);
    expect(await call(api, 'GET', `/importacoes/${job.body.id}`, undefined, theirs)).toMatchObject(refused);
    expect(await call(api, 'POST', `/importacoes/${job.body.id}/desfazer`, undefined, theirs)).toMatchObject(refused);
    expect(await call(api, 'POST', `/importacoes/${job.body.id}/lotes`, { linhas }, { ...theirs, 'idempotency-key': 'rebaixada-2' })).toMatchObject(refused);
    expect(await call(api, 'POST', `/importacoes/${job.body.id}/categorias`, { descricao: 'Da rebaixada' }, theirs)).toMatchObject(refused);
    // Undone by its author, a former administrator can not bring it back either.
    expect((await call(api, 'POST', `/importacoes/${job.body.id}/desfazer`, undefined, mine)).status).toBe(200);
    expect(await call(api, 'POST', `/importacoes/${job.body.id}/restaurar`, undefined, theirs)).toMatchObject(refused);
    expect((await call(api, 'POST', `/importacoes/${job.body.id}/restaurar`, undefined, mine)).status).toBe(200);
  });

  it("demoted: the token they still hold no longer reassigns or deletes another person's tarefa (checked live)", async () => {
    const a = await anotherAdmin('agendadora@empresa.com.br');
    await enableTotp(proxy, a.tokens.AccessToken);
    const mine = { authorization: `Bearer ${admin.AccessToken}` };
    const theirs = { authorization: `Bearer ${a.tokens.AccessToken}` };
    const c = await call(api, 'POST', '/produtos', { nome: 'Cliente das tarefas do admin', valorContrato: 1 }, mine);
    const nova = async (descricao: string) =>
      (await call(api, 'POST', '/tarefas', { cliente: c.body.id, tipo: 'ligacao', descricao, quando: '2026-12-01T10:00:00-03:00' }, mine)).body as { id: number; responsavel: string };
    const antes = await nova('Reatribuída por uma administradora');
    const depois = await nova('Não mais dela');
    expect(antes.responsavel).toBe(identity.admin.email);
    // While an administrator, the other administrator's tarefa is theirs to reassign.
    expect(await call(api, 'PUT', `/tarefas/${antes.id}`, { responsavel: a.email }, theirs)).toMatchObject({ status: 200, body: { responsavel: a.email } });
    expect((await users('PUT', `${at(a.email)}/admin`, { admin: false })).status).toBe(200);
    // Demoted, with the same token (its admin group still in it): 403 on another's tarefa.
    const refused = { status: 403, body: { mensagem: MESSAGES.tarefaSomenteResponsavel } };
    expect(await call(api, 'PUT', `/tarefas/${depois.id}`, { responsavel: a.email }, theirs)).toMatchObject(refused);
    expect(await call(api, 'DELETE', `/tarefas/${depois.id}`, undefined, theirs)).toMatchObject(refused);
    // Their own (the one reassigned to them) stays theirs to delete.
    expect((await call(api, 'DELETE', `/tarefas/${antes.id}`, undefined, theirs)).status).toBe(204);
  });

  it('deleted: they can not invite themselves back', async () => {
    const a = await anotherAdmin('removida@empresa.com.br');
    expect((await users('DELETE', at(a.email))).status).toBe(204);
    expect(await users('POST', '/usuarios', { email: a.email, admin: true }, a.tokens)).toMatchObject({ status: 403, body: { mensagem: MESSAGES.somenteAdministradores } });
    expect(await listed(a.email)).toBeUndefined();
    expect((await refresh(a.tokens.RefreshToken)).status).toBe(400);
  });
});

describe('Redefinir autenticador (locally simulated: infra/local/cognito-shim.ts)', () => {
  it("an administrator turns a person's authenticator off: they sign in with the password alone and must set up a new one to act as administrator", async () => {
    const email = 'celular-perdido@empresa.com.br';
    const password = 'Perdi-o-Celular-1!';
    const tokens = await firstSignIn(proxy, identity.clientId, email, await invite(email, true), password);
    await enableTotp(proxy, tokens.AccessToken);
    expect(await trySignIn(email, password)).toMatchObject({ ok: false, type: 'SOFTWARE_TOKEN_MFA' });
    expect((await users('DELETE', `${at(email)}/autenticador`)).status).toBe(204);
    const after = await trySignIn(email, password);
    expect(after.ok).toBe(true);
    const fresh = (after as { tokens: Tokens }).tokens;
    expect(await users('GET', '/usuarios', undefined, fresh)).toMatchObject({ status: 403, body: { mensagem: MESSAGES.administradorSemTotp } });
    // One's own is turned off in Minha conta; an unknown user is 404.
    expect(await users('DELETE', `${at(identity.admin.email)}/autenticador`)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioAutenticador } });
    expect((await users('DELETE', `${at('ninguem@empresa.com.br')}/autenticador`)).status).toBe(404);
  });
});

describe('locally simulated: resend the invitation and reset the password (infra/local/cognito-shim.ts)', () => {
  it('a resent invitation carries a new temporary password; the old one stops working; 409 once accepted', async () => {
    const email = 'reenvio@empresa.com.br';
    const first = await invite(email);
    const since = Date.now();
    expect((await users('POST', `${at(email)}/convite`)).status).toBe(204);
    const resent = await waitForMessage(identity.dir, email, since);
    expect(resent).toMatchObject({ kind: 'invitation', source: 'AdminCreateUser RESEND (local shim)' });
    expect(resent.code).not.toBe(first);
    expect(await trySignIn(email, first)).toMatchObject({ ok: false, type: 'NotAuthorizedException' });
    await firstSignIn(proxy, identity.clientId, email, resent.code!, 'Reenvio-Senha-2024!');
    expect(await users('POST', `${at(email)}/convite`)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conviteJaAceito } });
  });

  it('a reset password stops working and a temporary one arrives; 409 while invited or disabled', async () => {
    const email = 'reset@empresa.com.br';
    const temporary = await invite(email);
    expect(await users('POST', `${at(email)}/senha`)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.senhaNaoRedefinivel } });
    const old = 'Reset-Senha-Antiga-1';
    await firstSignIn(proxy, identity.clientId, email, temporary, old);
    const since = Date.now();
    expect((await users('POST', `${at(email)}/senha`)).status).toBe(204);
    const reset = await waitForMessage(identity.dir, email, since);
    expect(reset).toMatchObject({ kind: 'password-reset', source: 'AdminResetUserPassword (local shim)' });
    expect((await trySignIn(email, old)).ok).toBe(false);
    // As after the cloud's reset, "Esqueci minha senha" may set the new one (unlike for an invitation).
    const asked = Date.now();
    const forgot = await callCognito(proxy, 'ForgotPassword', { ClientId: identity.clientId, Username: email });
    expect(forgot.status).toBe(200);
    expect(await waitForMessage(identity.dir, email, asked)).toMatchObject({ kind: 'password-reset', source: 'ForgotPassword' });
    await firstSignIn(proxy, identity.clientId, email, reset.code!, 'Reset-Senha-Nova-2');
    expect((await users('PUT', `${at(email)}/ativo`, { ativo: false })).status).toBe(200);
    expect(await users('POST', `${at(email)}/senha`)).toMatchObject({ status: 409 });
    // The invitation, the reset and the forgotten password's code: nothing for the refused reset.
    expect(readOutbox(identity.dir).filter((m) => m.to === email).map((m) => m.kind)).toEqual(['invitation', 'password-reset', 'password-reset']);
  });
});

describe('the published contract', () => {
  it('reaches every documented status of every users route a signed-in server can produce', async () => {
    const temporary = await invite('contrato@empresa.com.br');
    const member = await firstSignIn(proxy, identity.clientId, 'contrato@empresa.com.br', temporary, 'Contrato-Senha-2024!');
    const big = { email: 'x@empresa.com.br', pad: 'x'.repeat(LIMITS.bodyBytes) };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const route of routes.filter((r) => r.path.startsWith('/usuarios'))) {
      const path = route.path.replace('{email}', encodeURIComponent('contrato@empresa.com.br'));
      const body = route.path.endsWith('/ativo') ? { ativo: true } : route.path.endsWith('/admin') ? { admin: false } : route.method === 'POST' && !route.path.includes('{email}') ? { email: 'novo@empresa.com.br' } : undefined;
      // No token: API Gateway's own 401; a member: 403.
      expect((await users(route.method, path, body, null)).body).toEqual({ message: 'Unauthorized' });
      expect((await users(route.method, path, body, member)).status).toBe(403);
      if (route.path.includes('{email}')) expect((await users(route.method, route.path.replace('{email}', 'nao-e-email'), body)).status).toBe(400);
      if (body) {
        expect((await users(route.method, path, big)).status).toBe(413);
        expect((await users(route.method, path, 'x=1', admin, form)).status).toBe(415);
      }
    }
    // An ID token: the API's own 401.
    expect((await users('GET', '/usuarios', undefined, { ...admin, AccessToken: admin.IdToken })).body).toEqual({ mensagem: MESSAGES.tokenNaoDeAcesso });
    // 429 is API Gateway's, 500 and 503 need faults (usuarios.mock.test.ts); the 404 of the routes
    // that name no user is the open mode's (openapi-responses.test.ts).
    const elsewhere = new Set(['429', '500', '503']);
    const expected = routes
      .filter((r) => r.path.startsWith('/usuarios'))
      .flatMap((r) => Object.keys(doc.paths[r.path]![r.method.toLowerCase()]!.responses).filter((s) => !elsewhere.has(s)).map((s) => `${r.routeKey} ${s}`))
      .filter((k) => k !== 'GET /usuarios 404' && k !== 'POST /usuarios 404');
    expect([...reached].sort()).toEqual(expect.arrayContaining(expected.sort()));
    expect(expected.length).toBeGreaterThan(40);
  });
});
