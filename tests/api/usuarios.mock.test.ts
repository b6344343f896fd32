/**
 * The users handlers with Cognito's own answers (aws-sdk-client-mock), for what cognito-local
 * can't do or show: the calls it lacks (AdminCreateUser RESEND, AdminResetUserPassword,
 * AdminUserGlobalSignOut) made exactly as the cloud takes them and their refusals mapped, pages
 * of ListUsers / ListUsersInGroup, and Cognito's throttling and failures (503 / 500, no
 * internals). Every answer is checked against the OpenAPI document.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminResetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InternalErrorException,
  InvalidParameterException,
  ListUsersCommand,
  ListUsersInGroupCommand,
  NotAuthorizedException,
  TooManyRequestsException,
  UnsupportedUserStateException,
  UserNotFoundException,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { buildOpenApiDocument } from '../../lambdas/openapi/document.ts';
import { createOpenApiValidator } from '../contract/openapi-validator.ts';
import cloud from '../support/fixtures/cloud-jwt-authorizer.json' with { type: 'json' };
import { decodeBody, eventFor } from './events.ts';

const cognito = mockClient(CognitoIdentityProviderClient);
const validator = createOpenApiValidator(buildOpenApiDocument());
const POOL = 'us-east-1_HblcSIjTD';
const $metadata = { httpStatusCode: 400, requestId: 'req-cognito' };
const SECRET = `arn:aws:cognito-idp:us-east-1:123456789012:userpool/${POOL}`;

beforeAll(() => {
  Object.assign(process.env, {
    AUTH_MODE: 'cognito',
    AUTH_ISSUER: cloud.jwt.claims.iss,
    AUTH_CLIENT_ID: cloud.jwt.claims.client_id,
    USER_POOL_ID: POOL,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    LOG_LEVEL: 'silent',
  });
  delete process.env.COGNITO_ENDPOINT;
});
/** The caller of every call below (the cloud fixture's administrator). */
const CALLER = cloud.jwt.claims.username;
/** The live check of the caller (AdminGetUser, AdminListGroupsForUser): enabled, in `admin`, unless a test says otherwise. */
function callerIs(caller: Partial<UserType> & { UserMFASettingList?: string[] } = {}, groups = ['admin']): void {
  cognito.on(AdminGetUserCommand, { Username: CALLER }).resolves({ ...user(CALLER, caller), UserMFASettingList: caller.UserMFASettingList ?? ['SOFTWARE_TOKEN_MFA'] });
  cognito.on(AdminListGroupsForUserCommand, { Username: CALLER }).resolves({ Groups: groups.map((GroupName) => ({ GroupName })) });
}
beforeEach(() => {
  cognito.reset();
  callerIs();
});
/** The calls after the live check of the caller (its two come first). */
const acting = () => {
  const calls = cognito.calls();
  expect(calls.slice(0, 2).map((c) => [c.args[0].constructor.name, (c.args[0].input as { Username?: string }).Username])).toEqual([
    ['AdminGetUserCommand', CALLER],
    ['AdminListGroupsForUserCommand', CALLER],
  ]);
  return calls.slice(2);
};
afterAll(() => cognito.restore());

/** Calls a users handler as API Gateway does, the administrator of the cloud fixture signed in. */
async function invoke(method: string, path: string, body?: unknown) {
  const { route, event } = eventFor(method, path, body === undefined ? {} : { body });
  (event.requestContext as { authorizer?: unknown }).authorizer = cloud;
  const { handler } = (await import(/* @vite-ignore */ new URL(`../../lambdas/handlers/${route.route.handler}.ts`, import.meta.url).href)) as {
    handler: (e: typeof event) => Promise<{ statusCode?: number; headers?: Record<string, string>; body?: string; isBase64Encoded?: boolean }>;
  };
  const result = await handler(event);
  const json = decodeBody(result);
  expect(validator.checkResponse(method, route.route.path, result.statusCode!, json)).toEqual([]);
  return { status: result.statusCode!, headers: result.headers ?? {}, body: json, text: result.body ?? '' };
}

const user = (Username: string, extra: Partial<UserType> = {}): UserType => ({
  Username,
  UserStatus: 'CONFIRMED',
  Enabled: true,
  UserCreateDate: new Date('2026-03-01T12:00:00Z'),
  ...extra,
});

describe('invite as administrator: one step, or none', () => {
  const invited = () => cognito.on(AdminCreateUserCommand).resolves({ User: user('carla@empresa.com.br', { UserStatus: 'FORCE_CHANGE_PASSWORD' }) });

  it('creates the user, then adds them to the admin group: 201 admin', async () => {
    invited();
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    expect(await invoke('POST', '/usuarios', { email: 'Carla@Empresa.com.br', admin: true })).toMatchObject({ status: 201, body: { email: 'carla@empresa.com.br', admin: true } });
    expect(cognito.commandCalls(AdminAddUserToGroupCommand).map((c) => c.args[0].input)).toEqual([{ UserPoolId: POOL, Username: 'carla@empresa.com.br', GroupName: 'admin' }]);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toEqual([]);
  });

  it.each([
    ['throttled', new TooManyRequestsException({ message: 'Rate exceeded', $metadata }), 503],
    ['failing', new InternalErrorException({ message: 'Internal error', $metadata }), 500],
  ])('when adding to the group is %s, the user created is deleted again and the error answers (a retry is not a 409)', async (_what, error, status) => {
    invited();
    cognito.on(AdminAddUserToGroupCommand).rejects(error);
    cognito.on(AdminDeleteUserCommand).resolves({});
    const res = await invoke('POST', '/usuarios', { email: 'carla@empresa.com.br', admin: true });
    expect(res.status).toBe(status);
    expect(res.text).not.toMatch(/Rate exceeded|Internal error/);
    expect(cognito.commandCalls(AdminDeleteUserCommand).map((c) => c.args[0].input)).toEqual([{ UserPoolId: POOL, Username: 'carla@empresa.com.br' }]);
    expect(acting().map((c) => c.args[0].constructor.name)).toEqual(['AdminCreateUserCommand', 'AdminAddUserToGroupCommand', 'AdminDeleteUserCommand']);
  });

  it('a failed undo changes nothing in the answer: the first failure answers', async () => {
    invited();
    cognito.on(AdminAddUserToGroupCommand).rejects(new InternalErrorException({ message: 'Internal error', $metadata }));
    cognito.on(AdminDeleteUserCommand).rejects(new TooManyRequestsException({ message: 'Rate exceeded', $metadata }));
    const res = await invoke('POST', '/usuarios', { email: 'carla@empresa.com.br', admin: true });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ mensagem: MESSAGES.erroInterno });
  });

  it('a member invitation makes no group call', async () => {
    invited();
    expect(await invoke('POST', '/usuarios', { email: 'carla@empresa.com.br' })).toMatchObject({ status: 201, body: { admin: false } });
    expect(acting()).toHaveLength(1);
  });
});

describe('resend the invitation (AdminCreateUser RESEND: cognito-local lacks it)', () => {
  it('sends AdminCreateUser with MessageAction RESEND and e-mail delivery for the lower-cased user name: 204', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: user('carla@empresa.com.br', { UserStatus: 'FORCE_CHANGE_PASSWORD' }) });
    const res = await invoke('POST', `/usuarios/${encodeURIComponent('Carla@Empresa.com.br')}/convite`);
    expect(res.status).toBe(204);
    expect(cognito.commandCalls(AdminCreateUserCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: POOL, Username: 'carla@empresa.com.br', MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] },
    ]);
    expect(acting()).toHaveLength(1);
  });

  it('maps the refusals: unknown user 404, already signed in (UnsupportedUserStateException) 409', async () => {
    cognito.on(AdminCreateUserCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata }));
    expect(await invoke('POST', '/usuarios/carla%40empresa.com.br/convite')).toMatchObject({ status: 404, body: { mensagem: MESSAGES.usuarioNaoEncontrado } });
    cognito.on(AdminCreateUserCommand).rejects(new UnsupportedUserStateException({ message: 'User is not in FORCE_CHANGE_PASSWORD state.', $metadata }));
    expect(await invoke('POST', '/usuarios/carla%40empresa.com.br/convite')).toMatchObject({ status: 409, body: { mensagem: MESSAGES.conviteJaAceito } });
  });
});

describe('reset the password (AdminResetUserPassword: cognito-local lacks it)', () => {
  it('sends AdminResetUserPassword for the user, then signs them out everywhere: 204', async () => {
    cognito.on(AdminResetUserPasswordCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    expect((await invoke('POST', '/usuarios/carla%40empresa.com.br/senha')).status).toBe(204);
    expect(acting().map((c) => [c.args[0].constructor.name, c.args[0].input])).toEqual([
      ['AdminResetUserPasswordCommand', { UserPoolId: POOL, Username: 'carla@empresa.com.br' }],
      ['AdminUserGlobalSignOutCommand', { UserPoolId: POOL, Username: 'carla@empresa.com.br' }],
    ]);
  });

  it.each([
    ['a user still on the invitation or disabled (NotAuthorizedException)', new NotAuthorizedException({ message: 'User password cannot be reset in the current state.', $metadata }), 409],
    ['no verified e-mail (InvalidParameterException)', new InvalidParameterException({ message: 'Cannot reset password for the user as there is no registered/verified email or phone_number', $metadata }), 409],
    ['an unknown user', new UserNotFoundException({ message: 'User does not exist.', $metadata }), 404],
  ])('maps %s', async (_label, error, status) => {
    cognito.on(AdminResetUserPasswordCommand).rejects(error);
    const res = await invoke('POST', '/usuarios/carla%40empresa.com.br/senha');
    expect(res).toMatchObject({ status, body: { mensagem: status === 404 ? MESSAGES.usuarioNaoEncontrado : MESSAGES.senhaNaoRedefinivel } });
  });
});

describe('disable signs the user out everywhere (AdminUserGlobalSignOut: cognito-local lacks it)', () => {
  // The fixture's administrator is ana@empresa.com.br: she acts on Bruno.
  it('disables, then signs out, then answers the user as it is now', async () => {
    cognito.on(AdminGetUserCommand, { Username: 'bruno@empresa.com.br' }).resolves(user('bruno@empresa.com.br'));
    cognito.on(AdminDisableUserCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    cognito.on(AdminListGroupsForUserCommand, { Username: 'bruno@empresa.com.br' }).resolves({ Groups: [{ GroupName: 'vendas' }] });
    const res = await invoke('PUT', '/usuarios/bruno%40empresa.com.br/ativo', { ativo: false });
    expect(res).toMatchObject({
      status: 200,
      body: { email: 'bruno@empresa.com.br', status: 'CONFIRMED', ativo: false, admin: false, criadoEm: '2026-03-01T12:00:00.000Z' },
    });
    expect(acting().map((c) => c.args[0].constructor.name)).toEqual([
      'AdminGetUserCommand',
      'AdminDisableUserCommand',
      'AdminUserGlobalSignOutCommand',
      'AdminListGroupsForUserCommand',
    ]);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]!.args[0].input).toEqual({ UserPoolId: POOL, Username: 'bruno@empresa.com.br' });
  });

  it('enabling signs no one out', async () => {
    cognito.on(AdminGetUserCommand, { Username: 'bruno@empresa.com.br' }).resolves(user('bruno@empresa.com.br', { Enabled: false }));
    cognito.on(AdminEnableUserCommand).resolves({});
    cognito.on(AdminListGroupsForUserCommand, { Username: 'bruno@empresa.com.br' }).resolvesOnce({ Groups: [{ GroupName: 'vendas' }], NextToken: 'p2' }).resolves({ Groups: [{ GroupName: 'admin' }] });
    const res = await invoke('PUT', '/usuarios/bruno%40empresa.com.br/ativo', { ativo: true });
    // The admin group on the second page of groups.
    expect(res).toMatchObject({ status: 200, body: { ativo: true, admin: true } });
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toEqual([]);
    expect(cognito.commandCalls(AdminListGroupsForUserCommand).slice(1).map((c) => c.args[0].input.NextToken)).toEqual([undefined, 'p2']);
  });

  it('a user deleted meanwhile is 404', async () => {
    cognito.on(AdminGetUserCommand, { Username: 'bruno@empresa.com.br' }).resolves(user('bruno@empresa.com.br'));
    cognito.on(AdminDisableUserCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata }));
    expect(await invoke('PUT', '/usuarios/bruno%40empresa.com.br/ativo', { ativo: false })).toMatchObject({ status: 404 });
  });
});

describe('demoting or deleting signs the user out everywhere', () => {
  it('a demotion removes the group, then signs out; a promotion signs no one out', async () => {
    cognito.on(AdminGetUserCommand, { Username: 'bruno@empresa.com.br' }).resolves(user('bruno@empresa.com.br'));
    callerIs();
    cognito.on(AdminRemoveUserFromGroupCommand).resolves({});
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    expect(await invoke('PUT', '/usuarios/bruno%40empresa.com.br/admin', { admin: false })).toMatchObject({ status: 200, body: { admin: false } });
    expect(acting().map((c) => [c.args[0].constructor.name, (c.args[0].input as { Username?: string }).Username])).toEqual([
      ['AdminGetUserCommand', 'bruno@empresa.com.br'],
      ['AdminRemoveUserFromGroupCommand', 'bruno@empresa.com.br'],
      ['AdminUserGlobalSignOutCommand', 'bruno@empresa.com.br'],
    ]);
    cognito.resetHistory();
    expect(await invoke('PUT', '/usuarios/bruno%40empresa.com.br/admin', { admin: true })).toMatchObject({ status: 200, body: { admin: true } });
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toEqual([]);
  });

  it('a delete signs out first (after it there is nobody to sign out), then deletes', async () => {
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    cognito.on(AdminDeleteUserCommand).resolves({});
    expect((await invoke('DELETE', '/usuarios/bruno%40empresa.com.br')).status).toBe(204);
    expect(acting().map((c) => [c.args[0].constructor.name, c.args[0].input])).toEqual([
      ['AdminUserGlobalSignOutCommand', { UserPoolId: POOL, Username: 'bruno@empresa.com.br' }],
      ['AdminDeleteUserCommand', { UserPoolId: POOL, Username: 'bruno@empresa.com.br' }],
    ]);
  });
});

describe('an administrator is checked live against the pool, whatever their token says', () => {
  it.each([
    ['disabled since the token was issued', { Enabled: false }, ['admin']],
    ['taken out of the admin group since', {}, ['vendas']],
  ])('refuses a caller %s: 403 before acting', async (_what, caller, groups) => {
    cognito.reset();
    callerIs(caller, groups);
    for (const [method, path, body] of [
      ['GET', '/usuarios', undefined],
      ['PUT', '/usuarios/ana%40empresa.com.br/ativo', { ativo: true }],
      ['PUT', '/usuarios/ana%40empresa.com.br/admin', { admin: true }],
      ['PUT', '/usuarios/outro%40empresa.com.br/admin', { admin: false }],
      ['POST', '/usuarios', { email: 'ana@empresa.com.br', admin: true }],
    ] as const) {
      expect(await invoke(method, path, body), `${method} ${path}`).toMatchObject({ status: 403, body: { mensagem: MESSAGES.somenteAdministradores } });
    }
    const names = new Set(cognito.calls().map((c) => c.args[0].constructor.name));
    expect([...names].sort()).toEqual('Enabled' in caller ? ['AdminGetUserCommand'] : ['AdminGetUserCommand', 'AdminListGroupsForUserCommand']);
  });

  it('refuses an administrator without an authenticator app (TOTP), saying how to turn it on: 403 before acting', async () => {
    cognito.reset();
    callerIs({ UserMFASettingList: [] });
    expect(await invoke('GET', '/usuarios')).toMatchObject({ status: 403, body: { mensagem: MESSAGES.administradorSemTotp } });
    expect(await invoke('DELETE', '/usuarios/bruno%40empresa.com.br')).toMatchObject({ status: 403, body: { mensagem: MESSAGES.administradorSemTotp } });
    expect(cognito.calls().map((c) => c.args[0].constructor.name).filter((n) => !['AdminGetUserCommand', 'AdminListGroupsForUserCommand'].includes(n))).toEqual([]);
    expect(MESSAGES.administradorSemTotp).toMatch(/Minha conta/);
  });

  it('refuses a caller deleted since (the pool no longer knows them): 403', async () => {
    cognito.reset();
    cognito.on(AdminGetUserCommand, { Username: CALLER }).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata }));
    expect(await invoke('POST', '/usuarios/ana%40empresa.com.br/convite')).toMatchObject({ status: 403, body: { mensagem: MESSAGES.somenteAdministradores } });
    expect(cognito.calls()).toHaveLength(1);
  });

  it('nobody enables, promotes or re-invites themselves, even as an administrator: 409, nothing called', async () => {
    const self = encodeURIComponent(CALLER);
    expect(await invoke('PUT', `/usuarios/${self}/ativo`, { ativo: true })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioAtivar } });
    expect(await invoke('PUT', `/usuarios/${self}/admin`, { admin: true })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioPromover } });
    expect(await invoke('POST', `/usuarios/${self}/convite`)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioConvite } });
    expect(await invoke('POST', '/usuarios', { email: CALLER.toUpperCase(), admin: true })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioConvite } });
    expect(cognito.calls().filter((c) => (c.args[0].input as { Username?: string }).Username !== CALLER || c.args[0].constructor.name.match(/Enable|Add|Create/))).toEqual([]);
  });
});

describe('Redefinir autenticador (AdminSetUserMFAPreference: cognito-local lacks it)', () => {
  it("turns the person's TOTP off: 204; for oneself 409 (Minha conta), nothing called; an unknown user 404", async () => {
    cognito.on(AdminSetUserMFAPreferenceCommand).resolves({});
    expect((await invoke('DELETE', '/usuarios/bruno%40empresa.com.br/autenticador')).status).toBe(204);
    expect(acting().map((c) => [c.args[0].constructor.name, c.args[0].input])).toEqual([
      ['AdminSetUserMFAPreferenceCommand', { UserPoolId: POOL, Username: 'bruno@empresa.com.br', SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }],
    ]);
    cognito.resetHistory();
    expect(await invoke('DELETE', `/usuarios/${encodeURIComponent(CALLER)}/autenticador`)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.proprioAutenticador } });
    expect(cognito.commandCalls(AdminSetUserMFAPreferenceCommand)).toEqual([]);
    cognito.on(AdminSetUserMFAPreferenceCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata }));
    expect((await invoke('DELETE', '/usuarios/ninguem%40empresa.com.br/autenticador')).status).toBe(404);
  });
});

describe('the list reads every page', () => {
  it('follows ListUsers and ListUsersInGroup tokens (cognito-local answers in one page)', async () => {
    cognito
      .on(ListUsersCommand)
      .resolvesOnce({ Users: [user('zeca@x.com'), user('ana@x.com')], PaginationToken: 'u2' })
      .resolves({ Users: [user('bia@x.com', { UserStatus: 'FORCE_CHANGE_PASSWORD' })] });
    cognito.on(ListUsersInGroupCommand).resolvesOnce({ Users: [user('zeca@x.com')], NextToken: 'g2' }).resolves({ Users: [user('bia@x.com')] });
    const res = await invoke('GET', '/usuarios');
    expect(res.status).toBe(200);
    expect(res.body.map((u: { email: string; admin: boolean }) => [u.email, u.admin])).toEqual([
      ['ana@x.com', false],
      ['bia@x.com', true],
      ['zeca@x.com', true],
    ]);
    expect(cognito.commandCalls(ListUsersCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: POOL, Limit: 60, PaginationToken: undefined },
      { UserPoolId: POOL, Limit: 60, PaginationToken: 'u2' },
    ]);
    expect(cognito.commandCalls(ListUsersInGroupCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: POOL, GroupName: 'admin', Limit: 60, NextToken: undefined },
      { UserPoolId: POOL, GroupName: 'admin', Limit: 60, NextToken: 'g2' },
    ]);
  });
});

describe("Cognito's throttling and failures", () => {
  it('TooManyRequestsException is 503 with Retry-After; anything else 500; no internals either way', async () => {
    cognito.on(ListUsersCommand).rejects(new TooManyRequestsException({ message: `Too many requests for ${SECRET}`, $metadata }));
    const throttled = await invoke('GET', '/usuarios');
    expect(throttled).toMatchObject({ status: 503, body: { mensagem: MESSAGES.servicoIndisponivel } });
    expect(throttled.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    cognito.on(AdminResetUserPasswordCommand).rejects(new InternalErrorException({ message: `Internal error at ${SECRET}`, $metadata }));
    const failed = await invoke('POST', '/usuarios/ana%40empresa.com.br/senha');
    expect(failed).toMatchObject({ status: 500, body: { mensagem: MESSAGES.erroInterno } });
    for (const res of [throttled, failed]) for (const leak of [SECRET, 'arn:aws', 'Exception', 'at ']) expect(res.text).not.toContain(leak);
  });

  it('a member never reaches Cognito: 403 before any call', async () => {
    const { route, event } = eventFor('GET', '/usuarios');
    const { 'cognito:groups': _groups, ...member } = cloud.jwt.claims;
    (event.requestContext as { authorizer?: unknown }).authorizer = { jwt: { claims: member, scopes: null } };
    const { handler } = await import('../../lambdas/handlers/usuarios/list.ts');
    const result = await handler(event);
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body!)).toEqual({ mensagem: MESSAGES.somenteAdministradores });
    expect(route.route.routeKey).toBe('GET /usuarios');
    expect(cognito.calls()).toEqual([]);
  });
});
