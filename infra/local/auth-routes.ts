/**
 * The local server's sign-in routes, on the app's own origin (the shipped CSP needs no local
 * exception):
 * - `GET /config.json`: the web's runtime configuration, as the deployment writes it beside the
 *   site; the dev server adds the seeded administrator's credentials (`demo`).
 * - `POST /cognito/`: Cognito's JSON API, proxied to cognito-local. Only the calls an app client
 *   may make without AWS credentials pass (as in the cloud, where admin calls need IAM), and the
 *   answers are made to match the cloud's where cognito-local differs in a way the web sees
 *   (see `cloudFidelity` below).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { CLIENT_WRITE_ATTRIBUTES, passwordProblems, TOKEN_VALIDITY, userNameOf, type PasswordProblem } from '../../lambdas/contract/auth.ts';
import type { WebConfig } from '../../lambdas/contract/auth.ts';
import { DEFAULT_TIME_ZONE } from '../../lambdas/contract/limits.ts';
import { createJwtAuthorizer, localAuthorizerConfig } from './authorizer.ts';
import { readOutbox, type LocalIdentity } from './user-pool.ts';
import { LOCAL_REGION } from './dynamodb.ts';
import { decodePayload, ledgerOf, type SignInLedger } from './sign-in-ledger.ts';

export const CONFIG_PATH = '/config.json';
export const COGNITO_PROXY_PATH = '/cognito/';

export interface AuthRoutesOptions {
  /** The local user pool; absent: sign-in is off (AUTH=off). */
  identity?: LocalIdentity;
  /** Add the seeded administrator's credentials to /config.json (the dev server only, never preview). */
  demo?: boolean;
}

/** `/config.json` for a local server. */
export function localWebConfig({ identity, demo = false }: AuthRoutesOptions): WebConfig {
  // The handlers of this process read the same variable (services/tarefas.ts).
  const timeZone = process.env.TIME_ZONE?.trim() || DEFAULT_TIME_ZONE;
  if (!identity) return { auth: 'off', timeZone };
  return {
    auth: 'cognito',
    timeZone,
    region: LOCAL_REGION,
    userPoolId: identity.userPoolId,
    clientId: identity.clientId,
    cognitoEndpoint: COGNITO_PROXY_PATH,
    // The local app client's refresh token lifetime (user-pool.ts creates it so).
    sessionDays: TOKEN_VALIDITY.refreshTokenDays,
    ...(demo && identity.admin.passwordWorks
      ? {
          demo: {
            email: identity.admin.email,
            password: identity.admin.password,
            ...(identity.admin.totpSecret ? { totpSecret: identity.admin.totpSecret } : {}),
          },
        }
      : {}),
  };
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';
/** Far above any Cognito request the web makes. */
const MAX_BODY_BYTES = 64 * 1024;

/** The calls that act on the caller's own account with their AccessToken. */
const ACCESS_TOKEN_OPERATIONS = new Set([
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'GlobalSignOut',
  'DeleteUser',
]);
/**
 * The calls Cognito accepts from an app client without AWS credentials (the rest need a SigV4
 * signature, which a browser never has). cognito-local accepts every call from anyone: without
 * this list, a member could make themselves admin through the proxy.
 */
const PUBLIC_OPERATIONS = new Set([
  ...ACCESS_TOKEN_OPERATIONS,
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'RevokeToken',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
]);

interface CognitoAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A challenge answered with a session this server handed out: who, and the password they proved. */
interface Answered {
  session: string;
  username: string;
  password?: string;
  /** The TOTP code that answered a SOFTWARE_TOKEN_MFA challenge: spent once it signs them in. */
  totpCode?: string;
}

const cognitoError = (type: string, message: string, status = 400): CognitoAnswer => ({
  status,
  body: { __type: type, message },
});

/** Cognito's own words for each policy problem (the web keys on `__type`, not on these). */
const POLICY_MESSAGES: Record<PasswordProblem, string> = {
  length: 'Password not long enough',
  uppercase: 'Password must have uppercase characters',
  lowercase: 'Password must have lowercase characters',
  digit: 'Password must have numeric characters',
  symbol: 'Password must have symbol characters',
};

function policyError(password: unknown): CognitoAnswer | undefined {
  if (typeof password !== 'string') return undefined;
  const [problem] = passwordProblems(password);
  return problem ? cognitoError('InvalidPasswordException', `Password does not conform to policy: ${POLICY_MESSAGES[problem]}`) : undefined;
}

/** `ana@x.com` → `a***@x.com`, as Cognito shows a code's destination. */
function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** The user as cognito-local 5.3.0 stores it (one JSON file per pool), or undefined. */
interface StoredUser {
  Enabled?: boolean;
  UserStatus?: string;
  Password?: string;
  Attributes?: { Name: string; Value: string }[];
}

function storedUsers(identity: LocalIdentity): Record<string, StoredUser> {
  try {
    const db = JSON.parse(readFileSync(path.join(identity.dir, '.cognito', 'db', `${identity.userPoolId}.json`), 'utf8')) as {
      Users?: Record<string, StoredUser>;
    };
    return db.Users ?? {};
  } catch {
    return {};
  }
}

function storedUser(identity: LocalIdentity, username: string): StoredUser | undefined {
  return storedUsers(identity)[username];
}

/**
 * The user a name given at sign-in means, as Cognito reads it: the user name (case-insensitive)
 * or the user's `sub`. Returns the stored user name and the user, or undefined.
 */
function resolveUser(identity: LocalIdentity, given: unknown): { username: string; user: StoredUser } | undefined {
  if (typeof given !== 'string' || given === '') return undefined;
  const users = storedUsers(identity);
  const name = userNameOf(given);
  if (users[name]) return { username: name, user: users[name] };
  for (const [username, user] of Object.entries(users)) {
    if (user.Attributes?.some((a) => a.Name === 'sub' && a.Value === given)) return { username, user };
  }
  return undefined;
}

/**
 * True for someone still on the invitation's temporary password. The local shim's "Redefinir
 * senha" also leaves a temporary password (FORCE_CHANGE_PASSWORD), but the cloud's reset leaves
 * RESET_REQUIRED, where a forgotten password may be reset: the last e-mail tells them apart.
 */
function stillInvited(identity: LocalIdentity, username: string): boolean {
  if (storedUser(identity, username)?.UserStatus !== 'FORCE_CHANGE_PASSWORD') return false;
  const last = readOutbox(identity.dir)
    .filter((m) => m.username === username)
    .at(-1);
  return last?.kind !== 'password-reset';
}

/** The `cognito:username` of a cognito-local refresh token (a JWT there; opaque in the cloud). */
function refreshTokenUser(token: unknown): string | undefined {
  const name = decodePayload(token)?.['cognito:username'];
  return typeof name === 'string' ? name : undefined;
}

const INCORRECT = 'Incorrect username or password.';
const DISABLED = 'User is disabled.';
const BAD_SESSION = 'Invalid session for the user, session is expired.';
const REVOKED_REFRESH = 'Refresh Token has been revoked';
const BAD_ACCESS_TOKEN = 'Invalid Access Token';
const REVOKED_ACCESS = 'Access Token has been revoked';
const WRONG_CODE = 'Invalid verification code provided, please try again.';
const TOTP_REUSED = 'Your software token has already been used once.';
const INTERNAL = 'Internal server error.';

/** The answer each challenge must carry, as Cognito requires it (a missing one is refused, never compared with a missing one). */
const CHALLENGE_ANSWER: Record<string, string> = {
  NEW_PASSWORD_REQUIRED: 'NEW_PASSWORD',
  SOFTWARE_TOKEN_MFA: 'SOFTWARE_TOKEN_MFA_CODE',
  SMS_MFA: 'SMS_MFA_CODE',
};


/**
 * Where cognito-local answers differently from the cloud pool in a way the web sees, the proxy
 * answers as the cloud does:
 * - user names are case-insensitive (`signInCaseSensitive: false`): lower-cased, as we store them;
 * - the password policy is enforced on new passwords (cognito-local accepts any);
 * - a disabled user cannot sign in nor refresh (cognito-local lets them);
 * - a wrong password, also a wrong temporary one (cognito-local asks for a new password without
 *   checking it), and an unknown user are one `NotAuthorizedException` "Incorrect username or
 *   password." (preventUserExistenceErrors; cognito-local says InvalidPasswordException, which in
 *   the cloud means a password that misses the policy);
 * - a wrong current password in ChangePassword is `NotAuthorizedException` (cognito-local:
 *   InvalidPasswordException "Invalid password", which the web would read as the policy's refusal);
 * - ForgotPassword for someone still on the invitation's temporary password is refused
 *   (cognito-local would send a code);
 * - ForgotPassword for an unknown user pretends to send (preventUserExistenceErrors), and the
 *   destination is masked;
 * - a person writes only the app client's writable attributes (CLIENT_WRITE_ATTRIBUTES: never
 *   the e-mail or email_verified; cognito-local lets anyone write any);
 * - SignUp is refused (no self sign-up);
 * - a TOTP code that already signed the person in is refused (cognito-local takes it again).
 * Returns an answer to give at once, or the request to forward and a fix for its answer.
 */
function cloudFidelity(
  identity: LocalIdentity,
  ledger: SignInLedger,
  op: string,
  body: Record<string, unknown>,
): { answer: CognitoAnswer } | { body: Record<string, unknown>; fix?: (a: CognitoAnswer) => CognitoAnswer; answered?: Answered } {
  const lower = (v: unknown) => (typeof v === 'string' ? userNameOf(v) : v);
  switch (op) {
    case 'SignUp':
      return { answer: cognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool') };
    case 'InitiateAuth': {
      const params = { ...(body.AuthParameters as Record<string, unknown> | undefined) };
      if (body.AuthFlow === 'USER_PASSWORD_AUTH') {
        const resolved = resolveUser(identity, params.USERNAME);
        params.USERNAME = resolved?.username ?? lower(params.USERNAME);
        const user = resolved?.user;
        if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== params.PASSWORD) {
          return { answer: cognitoError('NotAuthorizedException', INCORRECT) };
        }
        if (user && user.Enabled === false) {
          // The cloud says "disabled" only to someone who knows the password.
          return { answer: cognitoError('NotAuthorizedException', user.Password === params.PASSWORD ? DISABLED : INCORRECT) };
        }
        return {
          body: { ...body, AuthParameters: params },
          fix: (a) =>
            a.status === 400 && ['InvalidPasswordException', 'NotAuthorizedException', 'UserNotFoundException'].includes(String(a.body.__type))
              ? cognitoError('NotAuthorizedException', INCORRECT)
              : a,
        };
      }
      if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
        const name = refreshTokenUser(params.REFRESH_TOKEN);
        const resolved = resolveUser(identity, name);
        if (!name || !resolved) return { answer: cognitoError('NotAuthorizedException', 'Invalid Refresh Token') };
        if (resolved.user.Enabled === false) return { answer: cognitoError('NotAuthorizedException', DISABLED) };
        const iat = decodePayload(params.REFRESH_TOKEN)?.iat;
        if (ledger.refreshRevoked(String(params.REFRESH_TOKEN), resolved.username, typeof iat === 'number' ? iat : undefined)) {
          return { answer: cognitoError('NotAuthorizedException', REVOKED_REFRESH) };
        }
      }
      return { body };
    }
    case 'RespondToAuthChallenge': {
      const responses = { ...(body.ChallengeResponses as Record<string, unknown> | undefined) };
      // Only the session this server handed out, for this user and this step, within 3 minutes.
      const resolved = resolveUser(identity, responses.USERNAME);
      const session = resolved && ledger.session(body.Session, resolved.username, body.ChallengeName);
      if (!resolved || !session) return { answer: cognitoError('NotAuthorizedException', BAD_SESSION) };
      if (resolved.user.Enabled === false) return { answer: cognitoError('NotAuthorizedException', DISABLED) };
      const field = CHALLENGE_ANSWER[String(body.ChallengeName)];
      const given = field === undefined ? undefined : responses[field];
      if (typeof given !== 'string' || given === '') {
        return { answer: cognitoError('InvalidParameterException', `Missing required parameter ${field ?? 'ChallengeResponses'}`) };
      }
      if (body.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        const refused = policyError(given);
        if (refused) return { answer: refused };
      }
      // A code that already signed this person in is refused, as Cognito does (cognito-local takes it again).
      const totp = body.ChallengeName === 'SOFTWARE_TOKEN_MFA';
      if (totp && ledger.totpSpent(resolved.username, given)) return { answer: cognitoError('ExpiredCodeException', TOTP_REUSED) };
      responses.USERNAME = resolved.username;
      const password = body.ChallengeName === 'NEW_PASSWORD_REQUIRED' ? given : session.password;
      return {
        body: { ...body, ChallengeResponses: responses },
        answered: {
          session: String(body.Session),
          username: resolved.username,
          ...(password === undefined ? {} : { password }),
          ...(totp ? { totpCode: given } : {}),
        },
      };
    }
    case 'ChangePassword': {
      const refused = policyError(body.ProposedPassword);
      if (refused) return { answer: refused };
      // The new password meets the policy, so cognito-local's InvalidPasswordException ("Invalid
      // password") is about the current one, which the cloud refuses as NotAuthorizedException.
      return {
        body,
        fix: (a) => (a.status === 400 && a.body.__type === 'InvalidPasswordException' ? cognitoError('NotAuthorizedException', INCORRECT) : a),
      };
    }
    case 'UpdateUserAttributes':
    case 'DeleteUserAttributes': {
      const names =
        op === 'UpdateUserAttributes'
          ? ((body.UserAttributes as { Name?: unknown }[] | undefined) ?? []).map((a) => a?.Name)
          : ((body.UserAttributeNames as unknown[] | undefined) ?? []);
      const writable: readonly unknown[] = CLIENT_WRITE_ATTRIBUTES;
      return names.every((n) => writable.includes(n)) ? { body } : { answer: cognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute') };
    }
    case 'ConfirmForgotPassword': {
      if (typeof body.ConfirmationCode !== 'string' || body.ConfirmationCode === '') {
        return { answer: cognitoError('InvalidParameterException', 'Missing required parameter ConfirmationCode') };
      }
      const refused = policyError(body.Password);
      if (refused) return { answer: refused };
      const resolved = resolveUser(identity, body.Username);
      // An unknown user gets what a wrong code gets (preventUserExistenceErrors).
      if (!resolved) return { answer: cognitoError('CodeMismatchException', WRONG_CODE) };
      return {
        body: { ...body, Username: resolved.username },
        fix: (a) => (a.status === 400 && a.body.__type === 'UserNotFoundException' ? cognitoError('CodeMismatchException', WRONG_CODE) : a),
      };
    }
    case 'ForgotPassword': {
      const username = lower(body.Username);
      if (typeof username === 'string' && stillInvited(identity, username)) {
        return { answer: cognitoError('NotAuthorizedException', 'User password cannot be reset in the current state.') };
      }
      const pretend = (): CognitoAnswer => ({
        status: 200,
        body: {
          CodeDeliveryDetails: {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: maskEmail(typeof username === 'string' ? username : ''),
          },
        },
      });
      return {
        body: { ...body, Username: username },
        fix: (a) => {
          if (a.status === 400 && a.body.__type === 'UserNotFoundException') return pretend();
          const details = a.body.CodeDeliveryDetails as { Destination?: string } | undefined;
          if (a.status === 200 && details?.Destination?.includes('@')) {
            return { ...a, body: { ...a.body, CodeDeliveryDetails: { ...details, Destination: maskEmail(details.Destination) } } };
          }
          return a;
        },
      };
    }
    default:
      return { body };
  }
}

function send(res: ServerResponse, status: number, contentType: string, body: string, extra: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('content-type', contentType);
  res.setHeader('cache-control', 'no-store');
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Cognito's JSON API on cognito-local itself. */
async function upstreamCall(identity: LocalIdentity, op: string, body: unknown): Promise<CognitoAnswer | undefined> {
  let upstream: Response;
  try {
    upstream = await fetch(identity.endpoint, {
      method: 'POST',
      headers: { 'content-type': AMZ_JSON, 'x-amz-target': `${TARGET_PREFIX}${op}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return undefined;
  }
  const text = await upstream.text();
  try {
    return { status: upstream.status, body: JSON.parse(text || '{}') as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/**
 * The verified user of a call's AccessToken, as Cognito checks it before acting: a signature of
 * this pool's key, this pool's issuer and client, an access token (not an ID token), issued by
 * this pool (the ledger: cognito-local's key is public), not revoked by a sign-out everywhere,
 * its user still there and enabled. cognito-local itself only decodes it.
 */
async function accessTokenUser(identity: LocalIdentity, ledger: SignInLedger, token: unknown): Promise<{ username: string } | CognitoAnswer> {
  const authorization = await createJwtAuthorizer(localAuthorizerConfig(identity))(typeof token === 'string' ? token : undefined);
  if (!authorization.ok || authorization.authorizer.jwt.claims.token_use !== 'access') {
    return cognitoError('NotAuthorizedException', BAD_ACCESS_TOKEN);
  }
  const claims = authorization.authorizer.jwt.claims;
  const resolved = resolveUser(identity, claims.username);
  if (!resolved || resolved.user.Attributes?.find((a) => a.Name === 'sub')?.Value !== claims.sub) {
    return cognitoError('NotAuthorizedException', BAD_ACCESS_TOKEN);
  }
  if (resolved.user.Enabled === false) return cognitoError('NotAuthorizedException', DISABLED);
  if (ledger.accessRevoked(resolved.username, Number(claims.iat))) return cognitoError('NotAuthorizedException', REVOKED_ACCESS);
  return { username: resolved.username };
}

/**
 * What goes back of an answer from cognito-local: a challenge gets a session this server hands
 * out (for that user and step, 3 minutes); tokens are remembered as issued by this pool; a
 * challenge answered with a password proved gets tokens whose refresh token cognito-local stores
 * (it keeps none from RespondToAuthChallenge, so such a session would die at its first renewal);
 * the emulator's own error names never reach the page.
 */
async function finish(
  identity: LocalIdentity,
  ledger: SignInLedger,
  op: string,
  request: Record<string, unknown>,
  answer: CognitoAnswer,
  answered: Answered | undefined,
): Promise<CognitoAnswer> {
  if (typeof answer.body.__type === 'string' && answer.body.__type.startsWith('CognitoLocal')) {
    return cognitoError('InternalErrorException', INTERNAL, 500);
  }
  if (answer.status !== 200 || (op !== 'InitiateAuth' && op !== 'RespondToAuthChallenge')) return answer;
  const body = { ...answer.body };
  const params = (request.AuthParameters ?? {}) as Record<string, unknown>;
  const username =
    answered?.username ??
    (request.AuthFlow === 'USER_PASSWORD_AUTH' ? String(params.USERNAME ?? '') : (refreshTokenUser(params.REFRESH_TOKEN) ?? ''));
  if (typeof body.ChallengeName === 'string') {
    const challengeUser = (body.ChallengeParameters as Record<string, unknown> | undefined)?.USER_ID_FOR_SRP;
    const password = typeof params.PASSWORD === 'string' ? params.PASSWORD : answered?.password;
    body.Session = ledger.openSession({
      username: typeof challengeUser === 'string' ? challengeUser : username,
      challenge: body.ChallengeName,
      ...(password === undefined ? {} : { password }),
    });
    return { status: 200, body };
  }
  let result = body.AuthenticationResult as Record<string, unknown> | undefined;
  if (!result) return answer;
  if (answered) {
    ledger.closeSession(answered.session);
    if (answered.totpCode !== undefined) ledger.spendTotp(answered.username, answered.totpCode);
    if (answered.password !== undefined) {
      const renewed = await upstreamCall(identity, 'AdminInitiateAuth', {
        UserPoolId: identity.userPoolId,
        ClientId: identity.clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: answered.username, PASSWORD: answered.password },
      });
      const tokens = renewed?.status === 200 ? (renewed.body.AuthenticationResult as Record<string, unknown> | undefined) : undefined;
      if (tokens?.RefreshToken) result = { ...result, AccessToken: tokens.AccessToken, IdToken: tokens.IdToken, RefreshToken: tokens.RefreshToken };
    }
  }
  ledger.rememberIssued(username, result);
  return { status: 200, body: { ...body, AuthenticationResult: result } };
}

async function proxy(identity: LocalIdentity, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const reply = (a: CognitoAnswer) => send(res, a.status, AMZ_JSON, JSON.stringify(a.body));
  const raw = await readBody(req);
  if (!raw) return reply(cognitoError('SerializationException', 'Request body too large', 413));
  const target = String(req.headers['x-amz-target'] ?? '');
  const op = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  if (!op) return reply(cognitoError('UnknownOperationException', 'Missing or unknown X-Amz-Target'));
  if (!PUBLIC_OPERATIONS.has(op)) return reply(cognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token'));
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8') || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    return reply(cognitoError('SerializationException', 'The request body is not a JSON object'));
  }

  const ledger = ledgerOf(identity.dir);
  if (ACCESS_TOKEN_OPERATIONS.has(op)) {
    const caller = await accessTokenUser(identity, ledger, body.AccessToken);
    if ('status' in caller) return reply(caller);
    // cognito-local lacks GlobalSignOut: the local pool revokes the user's refresh tokens itself.
    if (op === 'GlobalSignOut') {
      ledger.signOut(caller.username);
      return reply({ status: 200, body: {} });
    }
  }
  const plan = cloudFidelity(identity, ledger, op, body);
  if ('answer' in plan) return reply(plan.answer);
  const answer = await upstreamCall(identity, op, plan.body);
  if (!answer) return reply(cognitoError('InternalErrorException', INTERNAL, 500));
  // Only the status and the body go back: no CORS headers (same origin), no Express headers.
  reply(await finish(identity, ledger, op, plan.body, plan.fix ? plan.fix(answer) : answer, plan.answered));
}

function pathnameOf(url: string | undefined): string {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}

/** `/config.json` and, with sign-in on, the `/cognito/` proxy; every other request goes on. */
export function createAuthRoutes(options: AuthRoutesOptions): Middleware {
  const configJson = `${JSON.stringify(localWebConfig(options))}\n`;
  return (req, res, next) => {
    const p = pathnameOf(req.url);
    if (p === CONFIG_PATH) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return send(res, 405, 'application/json; charset=utf-8', '{"message":"Method Not Allowed"}', { allow: 'GET, HEAD' });
      }
      // Read at every start of the app: never cached (the deployment's copy is no-cache too).
      res.statusCode = 200;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('cache-control', 'no-cache');
      return void res.end(req.method === 'HEAD' ? undefined : configJson);
    }
    if (p === COGNITO_PROXY_PATH) {
      if (!options.identity) return send(res, 404, 'application/json; charset=utf-8', '{"message":"Not Found"}');
      if (req.method !== 'POST') {
        return send(res, 405, 'application/json; charset=utf-8', '{"message":"Method Not Allowed"}', { allow: 'POST' });
      }
      // A failure answers as Cognito's own would: no stack trace, no emulator name.
      return void proxy(options.identity, req, res).catch((err: unknown) => {
        console.error(`local sign-in proxy: ${err instanceof Error ? err.message : String(err)}`);
        if (res.headersSent) return void res.destroy();
        send(res, 500, AMZ_JSON, JSON.stringify({ __type: 'InternalErrorException', message: INTERNAL }));
      });
    }
    next();
  };
}
