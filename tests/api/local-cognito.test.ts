/**
 * The local user pool (cognito-local) as the laptop runs it: a free port, tied to its parent
 * (even one killed with SIGKILL), the pool, client and administrator created once per DATA_DIR,
 * and the web's whole sign-in path through the local server's /cognito/ proxy: the administrator
 * signs in (token verified against the JWKS), refreshes, invites a user who answers
 * NEW_PASSWORD_REQUIRED with the temporary password from the outbox, and a forgotten password is
 * reset with the code from the outbox; Minha conta's calls (ChangePassword, GetUser, TOTP on and
 * off with an access token) and the SOFTWARE_TOKEN_MFA challenge at sign-in. Where cognito-local
 * differs from the cloud, the proxy answers as the cloud does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '../../lambdas/contract/auth.ts';
import { localWebConfig } from '../../infra/local/auth-routes.ts';
import {
  describeIdentity,
  LOCAL_ADMIN_EMAIL,
  passedOn,
  PASS_ENV_VARIABLE,
  readOutbox,
  startLocalCognito,
  waitForMessage,
  type LocalIdentity,
} from '../../infra/local/user-pool.ts';
import { isAlive } from '../../infra/local/tied-process.ts';
import { startTestApi, type TestApi } from '../support/api-server.ts';
import { adminClient, callCognito, claimsOf, signIn, totpCode } from '../support/cognito.ts';
import { eventually, pidsOfRun, RUN_ID_VARIABLE } from '../support/processes.ts';
import { unspentTotpCode } from '../support/totp.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clientela-cognito-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('cognito-local as a child process', () => {
  it('starts on a free loopback port with the pool, client and admin, and reuses them on the next start', async () => {
    const lines: string[] = [];
    const first = await startLocalCognito({ dataDir, log: (l) => lines.push(l) });
    let firstStopped = false;
    try {
      expect(first.created).toBe(true);
      expect(first.endpoint).toBe(`http://127.0.0.1:${first.port}/`);
      expect(first.issuer).toBe(`http://127.0.0.1:${first.port}/${first.userPoolId}`);
      expect(first.dir).toBe(path.join(dataDir, 'cognito'));
      expect(await (await fetch(`${first.endpoint}health`)).json()).toEqual({ ok: true });
      const jwks = (await (await fetch(first.jwksUrl)).json()) as { keys: { kid: string; alg: string }[] };
      expect(jwks.keys).toEqual([expect.objectContaining({ kid: 'CognitoLocal', alg: 'RS256' })]);

      expect(first.admin.email).toBe(LOCAL_ADMIN_EMAIL);
      expect(first.admin.password.length).toBeGreaterThanOrEqual(PASSWORD_POLICY.minLength);
      expect(first.admin).toMatchObject({ passwordWorks: true, exists: true });
      expect(describeIdentity(first)[0]).toBe(
        `Sign in as ${LOCAL_ADMIN_EMAIL} with password ${first.admin.password} and the TOTP secret ${first.admin.totpSecret} in an authenticator app`,
      );
      expect(lines).toEqual([]);
      // The state file holds a password: readable by its owner only.
      const stateFile = path.join(first.dir, 'clientela.json');
      expect(statSync(stateFile).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({
        userPoolId: first.userPoolId,
        clientId: first.clientId,
        admin: { email: first.admin.email, password: first.admin.password, totpSecret: first.admin.totpSecret },
      });

      // The pool as the cloud has it: the e-mail is the user name itself (no alias), in group admin.
      const sdk = adminClient(first);
      const admin = await sdk.send(new AdminGetUserCommand({ UserPoolId: first.userPoolId, Username: LOCAL_ADMIN_EMAIL }));
      sdk.destroy();
      expect(admin.Username).toBe(LOCAL_ADMIN_EMAIL);
      expect(admin.UserStatus).toBe('CONFIRMED');
      expect(admin.UserAttributes).toEqual(
        expect.arrayContaining([
          { Name: 'email', Value: LOCAL_ADMIN_EMAIL },
          { Name: 'email_verified', Value: 'true' },
        ]),
      );
      await first.stop();
      firstStopped = true;
      await first.stop(); // idempotent
      expect(isAlive(first.pid)).toBe(false);
      await expect(fetch(`${first.endpoint}health`)).rejects.toThrow();

      const second = await startLocalCognito({ dataDir, log: (l) => lines.push(l) });
      try {
        expect(second.created).toBe(false);
        expect({ pool: second.userPoolId, client: second.clientId, admin: second.admin }).toEqual({
          pool: first.userPoolId,
          client: first.clientId,
          admin: first.admin,
        });
        // A new port, so a new issuer: tokens of the previous start no longer verify.
        expect(second.issuer).toBe(`http://127.0.0.1:${second.port}/${first.userPoolId}`);
        const tokens = await signIn(second.endpoint, second.clientId, second.admin.email, second.admin.password, second.admin.totpSecret);
        expect(claimsOf(tokens.AccessToken).iss).toBe(second.issuer);
      } finally {
        await second.stop();
      }
    } finally {
      if (!firstStopped) await first.stop();
    }
  });

  it('says so when the seeded administrator\'s password was changed or it was deleted', async () => {
    const dir = path.join(dataDir, 'changed');
    const restart = async (change: (identity: LocalIdentity, sdk: CognitoIdentityProviderClient) => Promise<unknown>) => {
      const before = await startLocalCognito({ dataDir: dir, log: () => undefined });
      const sdk = adminClient(before);
      try {
        await change(before, sdk);
      } finally {
        sdk.destroy();
        await before.stop();
      }
      const after = await startLocalCognito({ dataDir: dir, log: () => undefined });
      await after.stop();
      return after;
    };
    const changed = await restart((identity, sdk) =>
      sdk.send(
        new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: LOCAL_ADMIN_EMAIL, Password: 'Outra-Senha-123', Permanent: true }),
      ),
    );
    expect(changed.admin).toMatchObject({ exists: true, passwordWorks: false });
    expect(describeIdentity(changed)[0]).toBe(`Sign in as ${LOCAL_ADMIN_EMAIL} with the password you gave it (the generated one was changed)`);
    // The dev server's sign-in page gets no demo credentials that would not work.
    expect(localWebConfig({ identity: changed, demo: true })).not.toHaveProperty('demo');

    const deleted = await restart((identity, sdk) => sdk.send(new AdminDeleteUserCommand({ UserPoolId: identity.userPoolId, Username: LOCAL_ADMIN_EMAIL })));
    expect(deleted.admin).toMatchObject({ exists: false, passwordWorks: false });
    expect(deleted.created).toBe(false);
    expect(describeIdentity(deleted)[0]).toMatch(/^The seeded administrator admin@clientela\.local was deleted: sign in as another administrator, or delete .*changed\/cognito/);
  });

  it('DATA_DIR=memory uses a temporary folder, removed when it stops; the process is known as this run’s', async () => {
    const identity = await startLocalCognito({ dataDir: 'memory', log: () => undefined });
    expect(identity.dir.startsWith(os.tmpdir())).toBe(true);
    expect(existsSync(path.join(identity.dir, 'clientela.json'))).toBe(true);
    // The run's markers reach its own environment (named by the global setup), so the teardown can prove none survives.
    expect(pidsOfRun(process.env[RUN_ID_VARIABLE]!, 'cognito')).toContain(identity.pid);
    await identity.stop();
    expect(existsSync(identity.dir)).toBe(false);
  });

  it('gets only the variables CLIENTELA_PASS_ENV names from the environment of who starts it', () => {
    const env = { [PASS_ENV_VARIABLE]: 'A, B,MISSING', A: '1', B: '2', CODE: '123456', DEBUG: '1' };
    expect(passedOn(env)).toEqual({ A: '1', B: '2' });
    expect(passedOn({ A: '1' })).toEqual({});
  });

  it('stops when its parent process is killed with SIGKILL', async () => {
    const script = fileURLToPath(new URL('../support/fixtures/start-cognito-child.ts', import.meta.url));
    const parent = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let info: { pid: number; wrapperPid: number; port: number; dir: string } | undefined;
    try {
      info = await new Promise((resolve, reject) => {
        let buf = '';
        parent.stdout!.on('data', (c: Buffer) => {
          buf += c.toString();
          const line = buf.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve(JSON.parse(line));
        });
        parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)));
      });
      expect(isAlive(info!.pid)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${info!.port}/health`)).ok).toBe(true);

      parent.kill('SIGKILL');
      await eventually(() => !isAlive(info!.pid) && !isAlive(info!.wrapperPid), 10_000, 'cognito-local gone');
    } finally {
      if (parent.exitCode === null) parent.kill('SIGKILL');
      // Belt and braces: never leave it running even when an assertion fails.
      if (info && isAlive(info.pid)) process.kill(info.pid, 'SIGKILL');
      if (info) rmSync(info.dir, { recursive: true, force: true });
    }
  });
});

// A second sign-in of the same person may wait for a fresh TOTP step (up to 30 s, tests/support/totp.ts).
describe('sign-in through the local server', { timeout: 75_000 }, () => {
  let identity: LocalIdentity;
  let api: TestApi;
  let sdk: CognitoIdentityProviderClient;
  /** `http://127.0.0.1:PORT/cognito/`, as the web calls it (config.json's cognitoEndpoint). */
  let proxy: string;
  let origin: string;

  beforeAll(async () => {
    identity = await startLocalCognito({ dataDir: 'memory', log: () => undefined });
    api = await startTestApi({ identity, env: { LOG_LEVEL: 'silent' } });
    origin = new URL(api.baseUrl).origin;
    proxy = `${origin}/cognito/`;
    sdk = adminClient(identity);
  });
  afterAll(async () => {
    sdk?.destroy();
    await api?.close();
    await identity?.stop();
  });

  const cognito = (op: string, body: unknown) => callCognito(proxy, op, body);
  const keys = () => createRemoteJWKSet(new URL(identity.jwksUrl));

  /** Invites a user as the users handlers will (e-mail as user name, e-mail delivery). */
  async function invite(email: string): Promise<string> {
    const since = Date.now();
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: identity.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    const message = await waitForMessage(identity.dir, email, since);
    expect(message).toMatchObject({ to: email, username: email, kind: 'invitation', source: 'AdminCreateUser' });
    return message.code!;
  }

  /** Invites a user and completes the first sign-in; returns its permanent password. */
  async function activeUser(email: string): Promise<string> {
    const temporary = await invite(email);
    const challenge = await cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: temporary },
    });
    const password = 'Senha-Nova-2024!';
    const done = await cognito('RespondToAuthChallenge', {
      ClientId: identity.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
    });
    expect(done.status).toBe(200);
    return password;
  }

  it('serves /config.json with the pool (no demo credentials outside the dev server)', async () => {
    const res = await fetch(`${origin}/config.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      auth: 'cognito',
      region: 'us-east-1',
      userPoolId: identity.userPoolId,
      clientId: identity.clientId,
      cognitoEndpoint: '/cognito/',
      sessionDays: 30,
      timeZone: process.env.TIME_ZONE?.trim() || 'America/Sao_Paulo',
    });
    expect(process.env).toMatchObject({
      AUTH_MODE: 'cognito',
      AUTH_ISSUER: identity.issuer,
      AUTH_CLIENT_ID: identity.clientId,
      USER_POOL_ID: identity.userPoolId,
      // The users handlers reach cognito-local through the local shim of the calls it lacks.
      COGNITO_ENDPOINT: identity.adminEndpoint,
    });
  });

  it('signs the administrator in: an access token verified against the JWKS, its user name the e-mail, in group admin', async () => {
    // Any case: the pool's user names are case-insensitive, as in the cloud.
    const challenge = await cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { USERNAME: 'Admin@Clientela.Local', PASSWORD: identity.admin.password },
    });
    // The seeded administrator has an authenticator (administrators act only with TOTP on).
    expect(challenge.body).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: expect.any(String) });
    expect(identity.admin.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const res = await cognito('RespondToAuthChallenge', {
      ClientId: identity.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: LOCAL_ADMIN_EMAIL, SOFTWARE_TOKEN_MFA_CODE: await unspentTotpCode(identity.admin.totpSecret!, `${identity.clientId} ${LOCAL_ADMIN_EMAIL}`) },
    });
    expect(res.status).toBe(200);
    // Same origin: cognito-local's CORS headers are not passed on.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    const tokens = (res.body as { AuthenticationResult: { AccessToken: string; RefreshToken: string; IdToken: string } }).AuthenticationResult;

    const { payload, protectedHeader } = await jwtVerify(tokens.AccessToken, keys(), {
      issuer: identity.issuer,
      algorithms: ['RS256'],
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'CognitoLocal' });
    expect(payload).toMatchObject({
      token_use: 'access',
      client_id: identity.clientId,
      username: LOCAL_ADMIN_EMAIL,
      'cognito:groups': ['admin'],
    });
    expect(payload.aud).toBeUndefined();
    // The access token lives 15 minutes, as in the cloud (TOKEN_VALIDITY).
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    const id = await jwtVerify(tokens.IdToken, keys(), { issuer: identity.issuer, audience: identity.clientId });
    expect(id.payload).toMatchObject({ token_use: 'id', email: LOCAL_ADMIN_EMAIL });

    const refreshed = await cognito('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    expect(refreshed.status).toBe(200);
    const fresh = (refreshed.body as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
    expect(fresh).not.toBe(tokens.AccessToken);
    const again = await jwtVerify(fresh, keys(), { issuer: identity.issuer });
    expect(again.payload).toMatchObject({ username: LOCAL_ADMIN_EMAIL, 'cognito:groups': ['admin'], token_use: 'access' });

    // Sair: the refresh token is revoked and no longer refreshes.
    expect((await cognito('RevokeToken', { ClientId: identity.clientId, Token: tokens.RefreshToken })).status).toBe(200);
    const revoked = await cognito('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    expect(revoked.body.__type).toBe('NotAuthorizedException');
  });

  it('takes an authenticator code once: the same code again is refused, as Cognito refuses it (cognito-local takes it)', async () => {
    const secret = identity.admin.totpSecret!;
    const scope = `${identity.clientId} ${LOCAL_ADMIN_EMAIL}`;
    const challenge = () =>
      cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: identity.clientId, AuthParameters: { USERNAME: LOCAL_ADMIN_EMAIL, PASSWORD: identity.admin.password } });
    const answer = async (code: string) =>
      cognito('RespondToAuthChallenge', {
        ClientId: identity.clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: (await challenge()).body.Session,
        ChallengeResponses: { USERNAME: LOCAL_ADMIN_EMAIL, SOFTWARE_TOKEN_MFA_CODE: code },
      });
    const code = await unspentTotpCode(secret, scope);
    expect((await answer(code)).status).toBe(200);
    const reused = await answer(code);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ __type: 'ExpiredCodeException', message: 'Your software token has already been used once.' });
    // A wrong code is refused as before.
    expect((await answer(code === '000000' ? '000001' : '000000')).body.__type).toBe('CodeMismatchException');
  });

  it('an invited user gets the temporary password in the outbox and must choose a password that meets the policy', async () => {
    const email = 'ana.souza@empresa.com.br';
    const temporary = await invite(email);
    expect(temporary).toMatch(/^\S{6,}$/);
    const line = readOutbox(identity.dir).find((m) => m.to === email);
    expect(line).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      to: email,
      username: email,
      kind: 'invitation',
      source: 'AdminCreateUser',
      code: temporary,
    });

    // A wrong temporary password is refused (cognito-local alone would ask for a new password).
    const wrong = await cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: `${temporary}x` },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    // Not yet their own password: it can't be reset (the cloud's answer; cognito-local would send a code).
    const forgot = await cognito('ForgotPassword', { ClientId: identity.clientId, Username: email });
    expect(forgot.body).toEqual({ __type: 'NotAuthorizedException', message: 'User password cannot be reset in the current state.' });
    expect(readOutbox(identity.dir).filter((m) => m.to === email).map((m) => m.kind)).toEqual(['invitation']);

    const challenge = await cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: temporary },
    });
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: expect.any(String) });

    for (const [weak, why] of [
      ['Curta-1a', 'Password not long enough'],
      ['sem-maiuscula-123', 'Password must have uppercase characters'],
      ['SEM-MINUSCULA-123', 'Password must have lowercase characters'],
      ['Sem-Numero-Algum', 'Password must have numeric characters'],
      ['SemSimbolo12345', 'Password must have symbol characters'],
    ] as const) {
      const refused = await cognito('RespondToAuthChallenge', {
        ClientId: identity.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.body.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: weak },
      });
      expect(refused.status, weak).toBe(400);
      expect(refused.body, weak).toEqual({ __type: 'InvalidPasswordException', message: `Password does not conform to policy: ${why}` });
    }

    const answered = await cognito('RespondToAuthChallenge', {
      ClientId: identity.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Minha senha boa 1' },
    });
    expect(answered.status).toBe(200);
    const access = (answered.body as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
    const { payload } = await jwtVerify(access, keys(), { issuer: identity.issuer });
    // A member: no groups claim at all.
    expect(payload).toMatchObject({ username: email, token_use: 'access' });
    expect(payload['cognito:groups']).toBeUndefined();
    await signIn(proxy, identity.clientId, email, 'Minha senha boa 1');
  });

  it('a forgotten password is reset with the code from the outbox', async () => {
    const email = 'bruno@empresa.com.br';
    await activeUser(email);
    const since = Date.now();
    const sent = await cognito('ForgotPassword', { ClientId: identity.clientId, Username: 'Bruno@Empresa.com.br' });
    expect(sent.status).toBe(200);
    // Masked, as Cognito shows it.
    expect(sent.body).toEqual({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'b***@empresa.com.br' } });
    const message = await waitForMessage(identity.dir, email, since);
    expect(message).toMatchObject({ kind: 'password-reset', source: 'ForgotPassword', code: expect.stringMatching(/^\d{6}$/) });

    const wrongCode = await cognito('ConfirmForgotPassword', {
      ClientId: identity.clientId,
      Username: email,
      ConfirmationCode: message.code === '000000' ? '000001' : '000000',
      Password: 'Esqueci-a-senha-9',
    });
    expect(wrongCode.body.__type).toBe('CodeMismatchException');
    const weak = await cognito('ConfirmForgotPassword', {
      ClientId: identity.clientId,
      Username: email,
      ConfirmationCode: message.code,
      Password: 'fraca',
    });
    expect(weak.body.__type).toBe('InvalidPasswordException');
    const confirmed = await cognito('ConfirmForgotPassword', {
      ClientId: identity.clientId,
      Username: email,
      ConfirmationCode: message.code,
      Password: 'Esqueci-a-senha-9',
    });
    expect(confirmed.status).toBe(200);
    await signIn(proxy, identity.clientId, email, 'Esqueci-a-senha-9');

    // preventUserExistenceErrors: an unknown e-mail looks the same, and nothing is sent.
    const unknown = await cognito('ForgotPassword', { ClientId: identity.clientId, Username: 'ninguem@empresa.com.br' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@empresa.com.br' } });
    expect(readOutbox(identity.dir).some((m) => m.to === 'ninguem@empresa.com.br')).toBe(false);
  });

  it('answers wrong passwords, unknown and disabled users as the cloud pool does', async () => {
    const email = 'carla@empresa.com.br';
    const password = await activeUser(email);
    const attempt = (username: string, pw: string) =>
      cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: identity.clientId, AuthParameters: { USERNAME: username, PASSWORD: pw } });
    const incorrect = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect((await attempt(email, 'Errada-123-senha')).body).toEqual(incorrect);
    expect((await attempt('ninguem@empresa.com.br', password)).body).toEqual(incorrect);

    const { RefreshToken } = await signIn(proxy, identity.clientId, email, password);
    await sdk.send(new AdminDisableUserCommand({ UserPoolId: identity.userPoolId, Username: email }));
    const disabled = { __type: 'NotAuthorizedException', message: 'User is disabled.' };
    expect((await attempt(email, password)).body).toEqual(disabled);
    // A wrong password tells nothing more.
    expect((await attempt(email, 'Errada-123-senha')).body).toEqual(incorrect);
    const refresh = await cognito('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: identity.clientId,
      AuthParameters: { REFRESH_TOKEN: RefreshToken },
    });
    expect(refresh.body).toEqual(disabled);
    await sdk.send(new AdminEnableUserCommand({ UserPoolId: identity.userPoolId, Username: email }));
    expect((await attempt(email, password)).status).toBe(200);
  });

  it('Minha conta: ChangePassword with the current password; a wrong current one is refused as the cloud does (not as a policy miss)', async () => {
    const email = 'diego@empresa.com.br';
    const password = await activeUser(email);
    const { AccessToken } = await signIn(proxy, identity.clientId, email, password);
    const change = (previous: string, proposed: string) => cognito('ChangePassword', { AccessToken, PreviousPassword: previous, ProposedPassword: proposed });

    // cognito-local says InvalidPasswordException "Invalid password"; the web would put the
    // policy's refusal under the new password instead of "A senha atual está incorreta.".
    const wrong = await change('Errada-123-senha', 'Outra-Senha-Forte-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const weak = await change(password, 'fraca');
    expect(weak.body).toEqual({ __type: 'InvalidPasswordException', message: 'Password does not conform to policy: Password not long enough' });
    await signIn(proxy, identity.clientId, email, password);

    const changed = await change(password, 'Outra-Senha-Forte-1');
    expect(changed.status).toBe(200);
    await signIn(proxy, identity.clientId, email, 'Outra-Senha-Forte-1');
    await expect(signIn(proxy, identity.clientId, email, password)).rejects.toThrow(/Incorrect username or password/);
  });

  it('Minha conta: GetUser, then TOTP on with an access token (Associate, Verify, SetUserMFAPreference), asked at sign-in, and off again', async () => {
    const email = 'elisa@empresa.com.br';
    const password = await activeUser(email);
    const { AccessToken } = await signIn(proxy, identity.clientId, email, password);
    const own = (op: string, body: object = {}) => cognito(op, { AccessToken, ...body });
    const attempt = () =>
      cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: identity.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } });

    const before = await own('GetUser');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ Username: email, UserAttributes: expect.arrayContaining([{ Name: 'email', Value: email }]) });
    expect(before.body.UserMFASettingList ?? []).not.toContain('SOFTWARE_TOKEN_MFA');

    const associated = await own('AssociateSoftwareToken');
    expect(associated.status).toBe(200);
    const secret = String(associated.body.SecretCode);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // Not verified yet: it can't be turned on.
    expect((await own('SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })).body.__type).toBe('InvalidParameterException');
    const code = totpCode(secret);
    const wrongCode = await own('VerifySoftwareToken', { UserCode: code === '000000' ? '000001' : '000000', FriendlyDeviceName: 'Clientela' });
    expect(wrongCode.body.__type).toBe('CodeMismatchException');
    const verified = await own('VerifySoftwareToken', { UserCode: code, FriendlyDeviceName: 'Clientela' });
    expect(verified.status).toBe(200);
    expect(verified.body.Status).toBe('SUCCESS');
    expect((await own('SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })).status).toBe(200);
    const on = await own('GetUser');
    expect(on.body).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });

    // Signing in now asks for the authenticator's code.
    const challenge = await attempt();
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: expect.any(String) });
    expect(challenge.body).not.toHaveProperty('AuthenticationResult');
    const answer = (session: unknown, userCode: string) =>
      cognito('RespondToAuthChallenge', {
        ClientId: identity.clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: userCode },
      });
    const now = totpCode(secret);
    const refused = await answer(challenge.body.Session, now === '000000' ? '000001' : '000000');
    expect(refused.body.__type).toBe('CodeMismatchException');
    const second = await attempt();
    const done = await answer(second.body.Session, totpCode(secret));
    expect(done.status).toBe(200);
    const result = (done.body as { AuthenticationResult?: { AccessToken: string } }).AuthenticationResult;
    const { payload } = await jwtVerify(result!.AccessToken, keys(), { issuer: identity.issuer });
    expect(payload).toMatchObject({ username: email, token_use: 'access' });

    // Off again: the password alone signs in.
    expect((await own('SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } })).status).toBe(200);
    expect((await own('GetUser')).body.UserMFASettingList ?? []).not.toContain('SOFTWARE_TOKEN_MFA');
    expect((await attempt()).body).toHaveProperty('AuthenticationResult');
  });

  it('lets a person write only the app client\'s writable attributes (not the e-mail nor email_verified), as the cloud client does', async () => {
    const email = 'fabio@empresa.com.br';
    const password = await activeUser(email);
    const { AccessToken } = await signIn(proxy, identity.clientId, email, password);
    const unauthorized = { __type: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' };
    for (const attribute of [
      { Name: 'email', Value: 'outro@empresa.com.br' },
      { Name: 'email_verified', Value: 'false' },
      { Name: 'phone_number', Value: '+5511999999999' },
    ]) {
      expect((await cognito('UpdateUserAttributes', { AccessToken, UserAttributes: [attribute] })).body, attribute.Name).toEqual(unauthorized);
    }
    expect((await cognito('DeleteUserAttributes', { AccessToken, UserAttributeNames: ['email_verified'] })).body).toEqual(unauthorized);
    expect((await cognito('UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'locale', Value: 'pt-BR' }] })).status).toBe(200);
    const user = await cognito('GetUser', { AccessToken });
    expect(user.body.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ]),
    );
  });

  describe('the proxy trusts nothing it is sent (cognito-local would)', () => {
    const initiate = (username: string, password: string) =>
      cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: identity.clientId, AuthParameters: { USERNAME: username, PASSWORD: password } });
    const respond = (challenge: string, session: unknown, responses: Record<string, unknown>) =>
      cognito('RespondToAuthChallenge', { ClientId: identity.clientId, ChallengeName: challenge, Session: session, ChallengeResponses: responses });
    const badSession = { __type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' };

    it('a challenge is answered only with the session handed out for that user and step, within 3 minutes, and only once', async () => {
      // Any session, for any user (the administrator included): refused, and no password changes.
      for (const session of ['x', '', undefined, 'a'.repeat(64)]) {
        expect((await respond('NEW_PASSWORD_REQUIRED', session, { USERNAME: LOCAL_ADMIN_EMAIL, NEW_PASSWORD: 'Tomada-de-Conta-1!' })).body).toEqual(badSession);
        expect((await respond('SMS_MFA', session, { USERNAME: LOCAL_ADMIN_EMAIL })).body).toEqual(badSession);
        expect((await respond('SOFTWARE_TOKEN_MFA', session, { USERNAME: LOCAL_ADMIN_EMAIL, SOFTWARE_TOKEN_MFA_CODE: '123456' })).body).toEqual(badSession);
      }
      expect((await initiate(LOCAL_ADMIN_EMAIL, 'Tomada-de-Conta-1!')).body.__type).toBe('NotAuthorizedException');

      // A real session of one invitee does not answer for another user, nor for another step.
      const email = 'sessao@empresa.com.br';
      const temporary = await invite(email);
      const challenge = await initiate(email, temporary);
      expect(challenge.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      const session = challenge.body.Session;
      expect((await respond('NEW_PASSWORD_REQUIRED', session, { USERNAME: LOCAL_ADMIN_EMAIL, NEW_PASSWORD: 'Tomada-de-Conta-1!' })).body).toEqual(badSession);
      expect((await respond('SOFTWARE_TOKEN_MFA', session, { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: '123456' })).body).toEqual(badSession);
      // A missing answer is refused, never compared with a missing one.
      expect((await respond('NEW_PASSWORD_REQUIRED', session, { USERNAME: email })).body.__type).toBe('InvalidParameterException');
      const done = await respond('NEW_PASSWORD_REQUIRED', session, { USERNAME: email, NEW_PASSWORD: 'Senha-Nova-2024!' });
      expect(done.status).toBe(200);
      // Used once.
      expect((await respond('NEW_PASSWORD_REQUIRED', session, { USERNAME: email, NEW_PASSWORD: 'Outra-Senha-2024!' })).body).toEqual(badSession);

      // A session outlives 3 minutes nowhere: the ledger's clock decides.
      const { ledgerOf, CHALLENGE_SESSION_MS } = await import('../../infra/local/sign-in-ledger.ts');
      const ledger = ledgerOf(identity.dir);
      const id = ledger.openSession({ username: email, challenge: 'NEW_PASSWORD_REQUIRED' }, 1_000);
      expect(ledger.session(id, email, 'NEW_PASSWORD_REQUIRED', 1_000 + CHALLENGE_SESSION_MS - 1)).toBeDefined();
      expect(ledger.session(id, email, 'NEW_PASSWORD_REQUIRED', 1_000 + CHALLENGE_SESSION_MS)).toBeUndefined();
      expect(CHALLENGE_SESSION_MS).toBe(3 * 60_000);
    });

    it('a session begun by a challenge answer renews like any other (its refresh token is kept)', async () => {
      const email = 'renova@empresa.com.br';
      const temporary = await invite(email);
      const challenge = await initiate(email, temporary);
      const done = await respond('NEW_PASSWORD_REQUIRED', challenge.body.Session, { USERNAME: email, NEW_PASSWORD: 'Senha-Nova-2024!' });
      const tokens = (done.body as { AuthenticationResult?: { RefreshToken?: string; AccessToken: string } }).AuthenticationResult!;
      const renewed = await cognito('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: identity.clientId, AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken } });
      expect(renewed.status).toBe(200);
      expect(renewed.body).toHaveProperty('AuthenticationResult.AccessToken');
      // The renewed token opens the API.
      const res = await fetch(`${api.baseUrl}/categorias`, { headers: { authorization: `Bearer ${(renewed.body as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken}` } });
      expect(res.status).toBe(200);
    });

    it('ConfirmForgotPassword needs the code: without one no password changes, and an unknown user answers as a wrong code', async () => {
      for (const code of [undefined, '', null]) {
        const res = await cognito('ConfirmForgotPassword', { ClientId: identity.clientId, Username: LOCAL_ADMIN_EMAIL, ConfirmationCode: code, Password: 'Tomada-de-Conta-1!' });
        expect(res.body.__type).toBe('InvalidParameterException');
      }
      expect((await initiate(LOCAL_ADMIN_EMAIL, 'Tomada-de-Conta-1!')).body.__type).toBe('NotAuthorizedException');
      // No code was asked for the administrator: any code is wrong.
      expect((await cognito('ConfirmForgotPassword', { ClientId: identity.clientId, Username: LOCAL_ADMIN_EMAIL, ConfirmationCode: '123456', Password: 'Tomada-de-Conta-1!' })).body.__type).toBe('CodeMismatchException');
      const unknown = await cognito('ConfirmForgotPassword', { ClientId: identity.clientId, Username: 'ninguem@empresa.com.br', ConfirmationCode: '123456', Password: 'Tomada-de-Conta-1!' });
      expect(unknown.body).toEqual({ __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' });
      expect((await signIn(proxy, identity.clientId, identity.admin.email, identity.admin.password, identity.admin.totpSecret)).AccessToken).toBeTruthy();
    });

    it('every call with an AccessToken is verified first: unsigned, forged with the shipped key, or an ID token are refused', async () => {
      const { forgeToken, unsignedToken, accessClaims } = await import('../support/cognito.ts');
      const admin = await signIn(proxy, identity.clientId, identity.admin.email, identity.admin.password, identity.admin.totpSecret);
      const claims = claimsOf(admin.AccessToken);
      const invalid = { __type: 'NotAuthorizedException', message: 'Invalid Access Token' };
      const fakes = [unsignedToken(claims), await forgeToken(claims), await forgeToken(accessClaims(identity, identity.admin.email, ['admin'])), admin.IdToken, 'x'];
      for (const token of fakes) {
        for (const [op, extra] of [
          ['DeleteUser', {}],
          ['GetUser', {}],
          ['AssociateSoftwareToken', {}],
          ['SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }],
          ['UpdateUserAttributes', { UserAttributes: [{ Name: 'locale', Value: 'pt-BR' }] }],
          ['ChangePassword', { PreviousPassword: identity.admin.password, ProposedPassword: 'Tomada-de-Conta-1!' }],
          ['GlobalSignOut', {}],
        ] as const) {
          expect((await cognito(op, { AccessToken: token, ...extra })).body, op).toEqual(invalid);
        }
      }
      // The administrator is still there, with their password.
      expect((await cognito('GetUser', { AccessToken: admin.AccessToken })).body).toMatchObject({ Username: identity.admin.email });
    });

    it('a disabled user signs in by no name (not their sub either), and refreshes no token', async () => {
      const email = 'desativado@empresa.com.br';
      const password = await activeUser(email);
      const { AccessToken, RefreshToken } = await signIn(proxy, identity.clientId, email, password);
      const sub = String(claimsOf(AccessToken).sub);
      await sdk.send(new AdminDisableUserCommand({ UserPoolId: identity.userPoolId, Username: email }));
      for (const name of [email, email.toUpperCase(), sub]) expect((await initiate(name, password)).body, name).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
      expect((await cognito('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: identity.clientId, AuthParameters: { REFRESH_TOKEN: RefreshToken } })).body.__type).toBe('NotAuthorizedException');
      expect((await cognito('GetUser', { AccessToken })).body.__type).toBe('NotAuthorizedException');
      await sdk.send(new AdminEnableUserCommand({ UserPoolId: identity.userPoolId, Username: email }));
    });

    it('a sign-out everywhere revokes the refresh tokens issued before it (GlobalSignOut, which cognito-local lacks)', async () => {
      const email = 'saida@empresa.com.br';
      const password = await activeUser(email);
      const before = await signIn(proxy, identity.clientId, email, password);
      expect((await cognito('GlobalSignOut', { AccessToken: before.AccessToken })).status).toBe(200);
      const refresh = await cognito('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: identity.clientId, AuthParameters: { REFRESH_TOKEN: before.RefreshToken } });
      expect(refresh.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
      expect((await cognito('GetUser', { AccessToken: before.AccessToken })).body.__type).toBe('NotAuthorizedException');
      // A new sign-in is a new session.
      const after = await signIn(proxy, identity.clientId, email, password);
      expect((await cognito('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: identity.clientId, AuthParameters: { REFRESH_TOKEN: after.RefreshToken } })).status).toBe(200);
    });

    it('answers never name the emulator nor carry a stack trace', async () => {
      const unsupported = await respond('SELECT_MFA_TYPE', 'x', { USERNAME: LOCAL_ADMIN_EMAIL, ANSWER: 'SMS_MFA' });
      const associate = await cognito('AssociateSoftwareToken', { Session: 'x' });
      for (const res of [unsupported, associate]) {
        expect(JSON.stringify(res.body)).not.toMatch(/CognitoLocal|cognito-local|\bat \//);
      }
    });
  });

  it('answers only a loopback Host with its port: any other is 403 before every route, /config.json included', async () => {
    const port = new URL(origin).port;
    const raw = (pathname: string, host: string, method = 'GET') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const host of ['evil.test', `evil.test:${port}`, `localhost.evil.test:${port}`, `127.0.0.1:1`, `localhost`]) {
      for (const pathname of ['/config.json', '/cognito/', '/api/categorias', '/qualquer']) {
        const res = await raw(pathname, host, pathname === '/cognito/' ? 'POST' : 'GET');
        expect(res.status, `${host} ${pathname}`).toBe(403);
        expect(res.body).not.toContain('clientela');
      }
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect((await raw('/config.json', host)).status, host).toBe(200);
    }
  });

  it('passes only the calls an app client may make: no admin call, no self sign-up, no other path', async () => {
    // cognito-local would accept this from anyone; the cloud wants AWS credentials.
    const promote = await cognito('AdminAddUserToGroup', { UserPoolId: identity.userPoolId, Username: 'carla@empresa.com.br', GroupName: 'admin' });
    expect(promote.status).toBe(400);
    expect(promote.body.__type).toBe('MissingAuthenticationTokenException');
    const signUp = await cognito('SignUp', { ClientId: identity.clientId, Username: 'eu@empresa.com.br', Password: 'Senha-Forte-123' });
    expect(signUp.body).toEqual({ __type: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
    const noTarget = await fetch(proxy, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1' }, body: '{}' });
    expect(noTarget.status).toBe(400);
    expect((await fetch(proxy)).status).toBe(405);
    // Only /cognito/ itself: cognito-local's other paths (JWKS, health) are not on the app's origin.
    expect((await fetch(`${origin}/cognito/health`)).status).toBe(404);
    expect((await fetch(`${origin}/cognito`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('cognito-local 5.3.0 still lacks the calls docs/sign-in.md lists as simulated locally', async () => {
    const direct = (op: string, body: unknown) => callCognito(identity.endpoint, op, body);
    const { AccessToken } = await signIn(proxy, identity.clientId, identity.admin.email, identity.admin.password, identity.admin.totpSecret);
    const unsupported = [
      await direct('AdminResetUserPassword', { UserPoolId: identity.userPoolId, Username: LOCAL_ADMIN_EMAIL }),
      await direct('AdminUserGlobalSignOut', { UserPoolId: identity.userPoolId, Username: LOCAL_ADMIN_EMAIL }),
      await direct('GlobalSignOut', { AccessToken }),
      await direct('AdminCreateUser', { UserPoolId: identity.userPoolId, Username: LOCAL_ADMIN_EMAIL, MessageAction: 'RESEND' }),
      await direct('AdminSetUserMFAPreference', { UserPoolId: identity.userPoolId, Username: LOCAL_ADMIN_EMAIL, SoftwareTokenMfaSettings: { Enabled: false } }),
      await direct('RespondToAuthChallenge', {
        ClientId: identity.clientId,
        ChallengeName: 'MFA_SETUP',
        Session: 'x',
        ChallengeResponses: { USERNAME: LOCAL_ADMIN_EMAIL },
      }),
    ];
    for (const res of unsupported) expect(res.body.__type, JSON.stringify(res.body)).toBe('CognitoLocal#Unsupported');
    const viaSession = await direct('AssociateSoftwareToken', { Session: 'x' });
    expect(viaSession.body.message).toMatch(/MFA_SETUP flow\) is not supported/);
  });
});
