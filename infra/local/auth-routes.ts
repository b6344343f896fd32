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
import { readOutbox, type LocalIdentity } from './user-pool.ts';
import { LOCAL_REGION } from './dynamodb.ts';

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
  if (!identity) return { auth: 'off' };
  return {
    auth: 'cognito',
    region: LOCAL_REGION,
    userPoolId: identity.userPoolId,
    clientId: identity.clientId,
    cognitoEndpoint: COGNITO_PROXY_PATH,
    // The local app client's refresh token lifetime (user-pool.ts creates it so).
    sessionDays: TOKEN_VALIDITY.refreshTokenDays,
    ...(demo && identity.admin.passwordWorks ? { demo: { email: identity.admin.email, password: identity.admin.password } } : {}),
  };
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';
/** Far above any Cognito request the web makes. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The calls Cognito accepts from an app client without AWS credentials (the rest need a SigV4
 * signature, which a browser never has). cognito-local accepts every call from anyone: without
 * this list, a member could make themselves admin through the proxy.
 */
const PUBLIC_OPERATIONS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'RevokeToken',
  'GlobalSignOut',
  'DeleteUser',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
]);

interface CognitoAnswer {
  status: number;
  body: Record<string, unknown>;
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

function storedUser(identity: LocalIdentity, username: string): StoredUser | undefined {
  try {
    const db = JSON.parse(readFileSync(path.join(identity.dir, '.cognito', 'db', `${identity.userPoolId}.json`), 'utf8')) as {
      Users?: Record<string, StoredUser>;
    };
    return db.Users?.[username];
  } catch {
    return undefined;
  }
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
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const name = payload['cognito:username'];
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

const INCORRECT = 'Incorrect username or password.';
const DISABLED = 'User is disabled.';

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
 * - SignUp is refused (no self sign-up).
 * Returns an answer to give at once, or the request to forward and a fix for its answer.
 */
function cloudFidelity(
  identity: LocalIdentity,
  op: string,
  body: Record<string, unknown>,
): { answer: CognitoAnswer } | { body: Record<string, unknown>; fix?: (a: CognitoAnswer) => CognitoAnswer } {
  const lower = (v: unknown) => (typeof v === 'string' ? userNameOf(v) : v);
  switch (op) {
    case 'SignUp':
      return { answer: cognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool') };
    case 'InitiateAuth': {
      const params = { ...(body.AuthParameters as Record<string, unknown> | undefined) };
      if (body.AuthFlow === 'USER_PASSWORD_AUTH') {
        params.USERNAME = lower(params.USERNAME);
        const user = typeof params.USERNAME === 'string' ? storedUser(identity, params.USERNAME) : undefined;
        if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== params.PASSWORD) {
          return { answer: cognitoError('NotAuthorizedException', INCORRECT) };
        }
        if (user && user.Enabled === false && user.Password === params.PASSWORD) {
          return { answer: cognitoError('NotAuthorizedException', DISABLED) };
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
        if (name && storedUser(identity, name)?.Enabled === false) return { answer: cognitoError('NotAuthorizedException', DISABLED) };
      }
      return { body };
    }
    case 'RespondToAuthChallenge': {
      const responses = { ...(body.ChallengeResponses as Record<string, unknown> | undefined) };
      responses.USERNAME = lower(responses.USERNAME);
      if (body.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        const refused = policyError(responses.NEW_PASSWORD);
        if (refused) return { answer: refused };
      }
      return { body: { ...body, ChallengeResponses: responses } };
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
      const refused = policyError(body.Password);
      return refused ? { answer: refused } : { body: { ...body, Username: lower(body.Username) } };
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

  const plan = cloudFidelity(identity, op, body);
  if ('answer' in plan) return reply(plan.answer);
  let upstream: Response;
  try {
    upstream = await fetch(identity.endpoint, {
      method: 'POST',
      headers: { 'content-type': AMZ_JSON, 'x-amz-target': target },
      body: JSON.stringify(plan.body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return reply(cognitoError('InternalErrorException', 'The local Cognito (cognito-local) did not answer', 502));
  }
  const text = await upstream.text();
  let answer: CognitoAnswer | undefined;
  try {
    answer = { status: upstream.status, body: JSON.parse(text || '{}') as Record<string, unknown> };
  } catch {
    answer = undefined;
  }
  // Only the status and the body go back: no CORS headers (same origin), no Express headers.
  if (!answer) return send(res, upstream.status, upstream.headers.get('content-type') ?? AMZ_JSON, text);
  reply(plan.fix ? plan.fix(answer) : answer);
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
      return void proxy(options.identity, req, res).catch(next);
    }
    next();
  };
}
