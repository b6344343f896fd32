/**
 * LOCAL ONLY, never deployed: the Cognito endpoint the users handlers call on a laptop
 * (COGNITO_ENDPOINT). cognito-local 5.3.0 lacks four calls the users API makes in the cloud;
 * this loopback server passes every call through to cognito-local unchanged, and answers those
 * four with the nearest thing cognito-local can do, so that a person clicking the buttons of
 * /usuarios locally gets something sensible:
 *
 * | call (cloud)                        | here                                                        |
 * |-------------------------------------|-------------------------------------------------------------|
 * | AdminCreateUser `MessageAction: RESEND` (a new temporary password, e-mailed) | a new temporary password set with AdminSetUserPassword (`Permanent: false`) and written to the outbox as an invitation |
 * | AdminResetUserPassword (the password stops working; a code is e-mailed; the person sets a new password with it) | a temporary password set with AdminSetUserPassword (`Permanent: false`) and written to the outbox: the person signs in with it and chooses a new one (NEW_PASSWORD_REQUIRED) |
 * | AdminSetUserMFAPreference (an administrator turns a person's authenticator off) | cognito-local's own SetUserMFAPreference for that user, with a token only this loopback shim makes (cognito-local reads the token's `sub` and `client_id` without checking it; the app's /cognito/ proxy never lets such a token through) |
| AdminUserGlobalSignOut (refresh tokens revoked) | the user's sign-out time written to the local pool's ledger (sign-in-ledger.ts): the /cognito/ proxy refuses refresh tokens issued before it |
 *
 * Their refusals follow the cloud's exception names, which the handlers map to answers: an
 * unknown user (UserNotFoundException), a RESEND to someone who already set a password
 * (UnsupportedUserStateException), a reset of a disabled user or one still on the invitation
 * (NotAuthorizedException). The handlers themselves make the real calls (lambdas/store/userpool.ts),
 * tested with the cloud's answers (aws-sdk-client-mock); this file only stands in for the cloud.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';

/** What the shim writes to the outbox (infra/local/user-pool.ts delivers it). */
export interface ShimMessage {
  to: string;
  username: string;
  kind: 'invitation' | 'password-reset';
  source: string;
  code: string;
  subject: string;
  message: string;
}

export interface CognitoShimOptions {
  /** cognito-local's endpoint (`http://127.0.0.1:PORT/`). */
  upstream: string;
  /** A temporary password that meets the pool's policy. */
  newPassword: () => string;
  /** Delivers a message: the outbox line and the one-line notice. */
  deliver: (message: ShimMessage) => void;
  /** Ends every session the user has (their refresh tokens stop working). */
  signOut: (username: string) => void;
}

export interface CognitoShim {
  /** `http://127.0.0.1:PORT/`: the users handlers' COGNITO_ENDPOINT. */
  readonly endpoint: string;
  stop(): Promise<void>;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const error = (type: string, message: string): Answer => ({ status: 400, body: { __type: type, message } });

interface StoredUser {
  Username: string;
  UserAttributes?: { Name: string; Value: string }[];
  UserCreateDate?: number;
  UserLastModifiedDate?: number;
  Enabled?: boolean;
  UserStatus?: string;
}

/** Starts the shim on a free port of 127.0.0.1. */
export async function startCognitoShim(options: CognitoShimOptions): Promise<CognitoShim> {
  const { upstream, newPassword, deliver, signOut } = options;

  const call = async (op: string, body: unknown): Promise<Answer> => {
    const res = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': AMZ_JSON, 'x-amz-target': `${TARGET_PREFIX}${op}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text || '{}') as Record<string, unknown> };
  };

  /** The user, or cognito-local's answer (UserNotFoundException) to pass on. */
  const getUser = async (poolId: unknown, username: unknown): Promise<StoredUser | Answer> => {
    const got = await call('AdminGetUser', { UserPoolId: poolId, Username: username });
    return got.status === 200 ? (got.body as unknown as StoredUser) : got;
  };
  const isAnswer = (v: StoredUser | Answer): v is Answer => 'status' in v;
  const emailOf = (u: StoredUser) => u.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? u.Username;

  /**
   * Gives the user a new temporary password (they must choose a new one at the next sign-in) and
   * "e-mails" it as `message` says; cognito-local's answer when it refuses.
   */
  const sendTemporaryPassword = async (
    poolId: unknown,
    user: StoredUser,
    mail: Pick<ShimMessage, 'kind' | 'source' | 'subject'> & { message: (password: string) => string },
  ): Promise<Answer | undefined> => {
    const password = newPassword();
    const set = await call('AdminSetUserPassword', { UserPoolId: poolId, Username: user.Username, Password: password, Permanent: false });
    if (set.status !== 200) return set;
    const { message, ...rest } = mail;
    deliver({ to: emailOf(user), username: user.Username, code: password, message: message(password), ...rest });
    return undefined;
  };

  const SHIMS: Record<string, (body: Record<string, unknown>) => Promise<Answer | undefined>> = {
    async AdminCreateUser(body) {
      if (body.MessageAction !== 'RESEND') return undefined; // cognito-local does the rest
      const user = await getUser(body.UserPoolId, body.Username);
      if (isAnswer(user)) return user;
      if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
        return error('UnsupportedUserStateException', 'User is not in FORCE_CHANGE_PASSWORD state.');
      }
      const refused = await sendTemporaryPassword(body.UserPoolId, user, {
        kind: 'invitation',
        source: 'AdminCreateUser RESEND (local shim)',
        subject: 'Convite para o Clientela (reenviado)',
        message: (password) => `Seu usuário é ${user.Username} e a senha temporária é ${password}`,
      });
      if (refused) return refused;
      const { UserAttributes, ...rest } = user;
      return { status: 200, body: { User: { ...rest, Attributes: UserAttributes } } };
    },
    async AdminResetUserPassword(body) {
      const user = await getUser(body.UserPoolId, body.Username);
      if (isAnswer(user)) return user;
      if (user.Enabled === false) return error('NotAuthorizedException', 'User is disabled.');
      if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
        return error('NotAuthorizedException', 'User password cannot be reset in the current state.');
      }
      const refused = await sendTemporaryPassword(body.UserPoolId, user, {
        kind: 'password-reset',
        source: 'AdminResetUserPassword (local shim)',
        subject: 'Redefinição de senha do Clientela',
        message: (password) => `Entre com a senha temporária ${password} e escolha uma nova senha.`,
      });
      return refused ?? { status: 200, body: {} };
    },
    async AdminSetUserMFAPreference(body) {
      const user = await getUser(body.UserPoolId, body.Username);
      if (isAnswer(user)) return user;
      const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      const clients = await call('ListUserPoolClients', { UserPoolId: body.UserPoolId, MaxResults: 1 });
      const clientId = (clients.body.UserPoolClients as { ClientId?: string }[] | undefined)?.[0]?.ClientId;
      if (!sub || !clientId) return error('InternalErrorException', 'The local pool has no app client or the user no sub.');
      const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub, client_id: clientId, token_use: 'access' })}.`;
      const set = await call('SetUserMFAPreference', {
        AccessToken: token,
        ...(body.SoftwareTokenMfaSettings ? { SoftwareTokenMfaSettings: body.SoftwareTokenMfaSettings } : {}),
        ...(body.SMSMfaSettings ? { SMSMfaSettings: body.SMSMfaSettings } : {}),
      });
      return set.status === 200 ? { status: 200, body: {} } : set;
    },
    async AdminUserGlobalSignOut(body) {
      const user = await getUser(body.UserPoolId, body.Username);
      if (isAnswer(user)) return user;
      signOut(user.Username);
      return { status: 200, body: {} };
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        const target = String(req.headers['x-amz-target'] ?? '');
        const op = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
        let answer: Answer | undefined;
        const shim = SHIMS[op];
        if (shim) answer = await shim(JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>);
        if (!answer) {
          // Everything else: cognito-local itself, unchanged.
          const up = await fetch(upstream, {
            method: 'POST',
            headers: { 'content-type': String(req.headers['content-type'] ?? AMZ_JSON), 'x-amz-target': target },
            body: raw,
            signal: AbortSignal.timeout(10_000),
          });
          res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? AMZ_JSON });
          res.end(Buffer.from(await up.arrayBuffer()));
          return;
        }
        res.writeHead(answer.status, { 'content-type': AMZ_JSON });
        res.end(JSON.stringify(answer.body));
      })().catch((err: unknown) => {
        if (res.headersSent) return void res.destroy();
        res.writeHead(500, { 'content-type': AMZ_JSON });
        res.end(JSON.stringify({ __type: 'InternalErrorException', message: `local Cognito shim: ${(err as Error).message}` }));
      });
    });
  });
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}/`,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
