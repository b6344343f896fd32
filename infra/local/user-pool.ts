/**
 * The laptop's Amazon Cognito: cognito-local (npm) as a child of this process, tied to it like
 * DynamoDB Local (tied-process.ts), on 127.0.0.1 and a free port, its data in
 * `${DATA_DIR}/cognito/` (a temporary folder, removed at stop, for DATA_DIR=memory).
 *
 * A new data folder gets the pool as the cloud has it (password policy, app client, group
 * `admin`) and a seeded administrator whose password is generated once; later starts reuse them
 * (`clientela.json` remembers the ids and the password). The messages cognito-local "sends"
 * (invitations, reset codes), which it prints in a box, are parsed into `outbox.jsonl` and
 * echoed as one line each.
 */
import { randomInt } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP, PASSWORD_POLICY, PASSWORD_SYMBOLS, passwordProblems, TOKEN_VALIDITY } from '../../lambdas/contract/auth.ts';
import { startCognitoShim, type CognitoShim } from './cognito-shim.ts';
import { ledgerOf } from './sign-in-ledger.ts';
import { totpCode } from './totp.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './dynamodb.ts';
import { findFreePort, isAlive, ownsListeningPort, sleep, spawnTied, type TiedProcess } from './tied-process.ts';

/** Every AWS SDK process on Node 20 warns about the Node version; locally that is noise. */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The seeded administrator's e-mail (also its Cognito user name). */
export const LOCAL_ADMIN_EMAIL = 'admin@clientela.local';

/** The pool's and client's names (cognito-local makes the ids). */
const POOL_NAME = 'clientela';
const CLIENT_NAME = 'clientela-web';

/** The file, in the cognito data folder, that remembers the pool, the client and the admin. */
const STATE_FILE = 'clientela.json';
/** One JSON object per message cognito-local "sent". */
export const OUTBOX_FILE = 'outbox.jsonl';

/** The local emulation of the user pool, as the local server, the handlers and tests use it. */
export interface LocalIdentity {
  /** `http://127.0.0.1:PORT/<userPoolId>`: the `iss` of its tokens (changes with the port, per start). */
  readonly issuer: string;
  readonly userPoolId: string;
  readonly clientId: string;
  /** `http://127.0.0.1:PORT/`: Cognito's JSON API (the SDK's endpoint, the proxy's target). */
  readonly endpoint: string;
  /**
   * `http://127.0.0.1:PORT/`: the users handlers' COGNITO_ENDPOINT, cognito-local behind the
   * local-only shim of the three admin calls it lacks (cognito-shim.ts).
   */
  readonly adminEndpoint: string;
  /** `${issuer}/.well-known/jwks.json` */
  readonly jwksUrl: string;
  readonly port: number;
  /** The folder of its data: `clientela.json`, `outbox.jsonl`, cognito-local's `.cognito/`. */
  readonly dir: string;
  /**
   * The seeded administrator. `passwordWorks` is false once someone changed its password or
   * deleted it (`exists` false).
   */
  readonly admin: {
    readonly email: string;
    readonly password: string;
    /** Its authenticator's secret (administrators act only with TOTP on); undefined when it was turned on elsewhere. */
    readonly totpSecret?: string;
    readonly passwordWorks: boolean;
    readonly exists: boolean;
  };
  /** True when this start created the pool (a new data folder). */
  readonly created: boolean;
  /** Pid of the cognito-local Node process (for checks that it is gone). */
  readonly pid: number;
  /** Pid of its `sh` wrapper. */
  readonly wrapperPid: number;
  /** Stops cognito-local (and removes a DATA_DIR=memory folder). Idempotent. */
  stop(): Promise<void>;
}

export interface LocalCognitoOptions {
  /** DATA_DIR: the data go to `${dataDir}/cognito/`; `'memory'`: a temporary folder removed at stop. */
  dataDir: string;
  /** Lines for the person running the command (the message notices). Default: console.log. */
  log?: (line: string) => void;
  /** Each message cognito-local "sent", as written to the outbox. */
  onMessage?: (message: OutboxMessage) => void;
  /** Receives cognito-local's own output lines (default: dropped, kept for error messages). */
  onOutput?: (line: string) => void;
  /** How long to wait for the first answer (ms). It starts in about 0.7 s on an idle core. */
  startTimeoutMs?: number;
}

/** SDK client configuration for a cognito-local endpoint (it accepts any credentials). */
export function localCognitoClientConfig(endpoint: string): CognitoIdentityProviderClientConfig {
  return { endpoint, region: LOCAL_REGION, credentials: { ...LOCAL_CREDENTIALS } };
}

/**
 * The handlers' environment for a local run: `AUTH_MODE=cognito` with the
 * pool's issuer, client and endpoint; `AUTH_MODE=off` without an identity (AUTH=off).
 */
export function localAuthEnv(identity: LocalIdentity | undefined): Record<string, string> {
  if (!identity) return { AUTH_MODE: 'off' };
  return {
    AUTH_MODE: 'cognito',
    AUTH_ISSUER: identity.issuer,
    AUTH_CLIENT_ID: identity.clientId,
    USER_POOL_ID: identity.userPoolId,
    COGNITO_ENDPOINT: identity.adminEndpoint,
    // The morning e-mail goes where the invitations go (SES's stand-in, lambdas/store/mail.ts).
    MAIL_OUTBOX: path.join(identity.dir, OUTBOX_FILE),
  };
}

/** The names localAuthEnv may set (to save and restore them). */
export const AUTH_ENV_NAMES = ['AUTH_MODE', 'AUTH_ISSUER', 'AUTH_CLIENT_ID', 'USER_POOL_ID', 'COGNITO_ENDPOINT', 'MAIL_OUTBOX'] as const;

// ---------------------------------------------------------------------------------------------
// The outbox

/** A message cognito-local "sent", one line of `outbox.jsonl`. */
export interface OutboxMessage {
  /** When it was printed (ISO 8601). */
  at: string;
  /** Where it went: the e-mail (or phone number). */
  to: string;
  /** The Cognito user name (the e-mail, in this app). */
  username: string;
  /** What it is for, from the call that sent it (`reminder`: the morning e-mail job's, lambdas/store/mail.ts). */
  kind: 'invitation' | 'password-reset' | 'sign-up' | 'verification' | 'mfa' | 'reminder' | 'other';
  /** The Cognito call that sent it (`AdminCreateUser`, `ForgotPassword`, …). */
  source: string;
  /** The invitation's temporary password, or the code. */
  code?: string;
  subject?: string;
  message?: string;
}

const KIND_OF_SOURCE: Record<string, OutboxMessage['kind']> = {
  AdminCreateUser: 'invitation',
  ForgotPassword: 'password-reset',
  SignUp: 'sign-up',
  ResendConfirmationCode: 'sign-up',
  GetUserAttributeVerificationCode: 'verification',
  UpdateUserAttributes: 'verification',
  AdminUpdateUserAttributes: 'verification',
  InitiateAuth: 'mfa',
  AdminInitiateAuth: 'mfa',
  RespondToAuthChallenge: 'mfa',
};

const FIELD_NAMES: Record<string, keyof OutboxMessage> = {
  Username: 'username',
  Destination: 'to',
  Code: 'code',
  'Email Subject': 'subject',
  'Email Message': 'message',
  'SMS Message': 'message',
};

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * A line-by-line parser of cognito-local's message boxes (its ConsoleMessageSender, via
 * pino-pretty): `[time] INFO: <reqId> <Call> ╭──╮`, then `│   Username:    x   │` lines, then
 * `╰──╯ {…}`. Calls `emit` with each complete message.
 */
export function createMessageParser(emit: (message: Omit<OutboxMessage, 'at'>) => void): (line: string) => void {
  let open: { source: string; fields: Record<string, string>; last?: string } | undefined;
  return (raw) => {
    const line = raw.replace(ANSI, '');
    if (!open) {
      const start = /INFO: \S+ (\w+) ╭/.exec(line);
      if (start?.[1]) open = { source: start[1], fields: {} };
      return;
    }
    if (line.trimStart().startsWith('╰')) {
      const { source, fields } = open;
      open = undefined;
      const message: Omit<OutboxMessage, 'at'> = {
        to: fields.to ?? '',
        username: fields.username ?? '',
        kind: KIND_OF_SOURCE[source] ?? 'other',
        source,
      };
      for (const key of ['code', 'subject', 'message'] as const) if (fields[key]) message[key] = fields[key];
      if (message.to || message.username) emit(message);
      return;
    }
    const inner = /^\s*│(.*)│\s*$/.exec(line)?.[1]?.trim();
    if (!inner || inner === 'Confirmation Code Delivery') return;
    const field = /^(Username|Destination|Code|Email Subject|Email Message|SMS Message):\s+(.*)$/.exec(inner);
    if (field?.[1] && field[2] !== undefined) {
      open.last = FIELD_NAMES[field[1]];
      if (open.last) open.fields[open.last] = field[2];
    } else if (open.last) {
      // A message of several lines.
      open.fields[open.last] += `\n${inner}`;
    }
  };
}

/** The one line a person running `npm start` reads for a message. */
export function describeMessage(m: OutboxMessage): string {
  const medium = m.to.includes('@') ? 'E-mail' : 'SMS';
  // The local shim's password reset sends a temporary password, not a code (cognito-shim.ts).
  const temporary = m.kind === 'invitation' || m.source.startsWith('AdminResetUserPassword');
  const what = `${m.kind.replace('-', ' ')}, ${temporary ? 'temporary password' : 'code'} ${m.code ?? '(none)'}`;
  return `${medium} to ${m.to} (${what})`;
}

/** Every message in a cognito data folder's outbox, oldest first. */
export function readOutbox(dir: string): OutboxMessage[] {
  let text: string;
  try {
    text = readFileSync(path.join(dir, OUTBOX_FILE), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as OutboxMessage);
}

/**
 * Resolves with the first message to `to` (case-insensitive) printed at or after `since`
 * (Date, epoch ms or ISO string; default: any). cognito-local prints a message before it
 * answers the call that sends it, but the line reaches the outbox a moment later: poll.
 */
export async function waitForMessage(
  dir: string,
  to: string,
  since: Date | number | string = 0,
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const from = new Date(since).getTime();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(dir).find((m) => m.to.toLowerCase() === to.toLowerCase() && Date.parse(m.at) >= from);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No message to ${to} since ${new Date(from).toISOString()} in ${path.join(dir, OUTBOX_FILE)} within ${timeoutMs} ms`);
    }
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up

/** What `clientela.json` keeps. */
interface LocalPoolState {
  userPoolId: string;
  clientId: string;
  /** `totpSecret`: the seeded administrator's authenticator (administrators need a second factor). */
  admin: { email: string; password: string; totpSecret?: string };
}

/**
 * How cognito-local is started: its own start script with the log written synchronously
 * (cognito-local-start.mjs), so a message is in the outbox as soon as its call answers.
 */
function cognitoLocalBin(): string {
  return fileURLToPath(new URL('./cognito-local-start.mjs', import.meta.url));
}

/** A password that meets PASSWORD_POLICY: 20 characters, every class, no quote or space. */
export function generatePassword(length = 20): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '-_.!#%+='];
  for (const c of sets[3]!) if (!PASSWORD_SYMBOLS.includes(c)) throw new Error(`"${c}" is not a Cognito symbol`);
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < Math.max(length, PASSWORD_POLICY.minLength)) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (passwordProblems(password).length > 0) throw new Error('generated password misses the policy');
  return password;
}

function readState(dir: string): LocalPoolState | undefined {
  try {
    const state = JSON.parse(readFileSync(path.join(dir, STATE_FILE), 'utf8')) as Partial<LocalPoolState>;
    if (state.userPoolId && state.clientId && state.admin?.email && state.admin.password) return state as LocalPoolState;
  } catch {
    // none yet, or unreadable: a new pool
  }
  return undefined;
}

/**
 * lambdas/contract/auth.ts's password policy in Cognito's words, as the local pool is created
 * with it (tests/infra/auth.test.ts checks that the cloud's pool says the same).
 */
export const COGNITO_PASSWORD_POLICY = {
  MinimumLength: PASSWORD_POLICY.minLength,
  RequireUppercase: PASSWORD_POLICY.requireUppercase,
  RequireLowercase: PASSWORD_POLICY.requireLowercase,
  RequireNumbers: PASSWORD_POLICY.requireDigits,
  RequireSymbols: PASSWORD_POLICY.requireSymbols,
  TemporaryPasswordValidityDays: PASSWORD_POLICY.tempPasswordValidityDays,
} as const;

/** Creates the pool, client, group and administrator as the cloud has them. */
async function createPool(client: CognitoIdentityProviderClient): Promise<LocalPoolState> {
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: POOL_NAME,
      // No UsernameAttributes: the user name is the e-mail itself.
      UsernameConfiguration: { CaseSensitive: false },
      Policies: { PasswordPolicy: COGNITO_PASSWORD_POLICY },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AutoVerifiedAttributes: ['email'],
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      MfaConfiguration: 'OPTIONAL',
    }),
  );
  const userPoolId = UserPool!.Id!;
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: CLIENT_NAME,
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: TOKEN_VALIDITY.accessTokenMinutes,
      IdTokenValidity: TOKEN_VALIDITY.idTokenMinutes,
      RefreshTokenValidity: TOKEN_VALIDITY.refreshTokenDays,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
    }),
  );
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Description: 'Administradores' }));
  const admin = { email: LOCAL_ADMIN_EMAIL, password: generatePassword() };
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: admin.email,
      UserAttributes: [
        { Name: 'email', Value: admin.email },
        { Name: 'email_verified', Value: 'true' },
      ],
      MessageAction: 'SUPPRESS',
      TemporaryPassword: admin.password,
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: admin.email, Password: admin.password, Permanent: true }),
  );
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: admin.email, GroupName: ADMIN_GROUP }));
  return { userPoolId, clientId: UserPoolClient!.ClientId!, admin };
}

/**
 * Turns TOTP on for the seeded administrator, as a person would in Minha conta (administrators
 * act only with a second factor): with its password, cognito-local's AssociateSoftwareToken,
 * VerifySoftwareToken with the first code, SetUserMFAPreference. Returns the secret; undefined
 * when the password no longer signs in or a second factor was turned on some other way.
 */
async function enableAdminTotp(client: CognitoIdentityProviderClient, state: LocalPoolState): Promise<string | undefined> {
  let accessToken: string | undefined;
  try {
    const res = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: state.clientId, AuthParameters: { USERNAME: state.admin.email, PASSWORD: state.admin.password } }),
    );
    accessToken = res.AuthenticationResult?.AccessToken;
  } catch {
    return undefined;
  }
  if (!accessToken) return undefined;
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) return undefined;
  await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode), FriendlyDeviceName: 'Clientela (local)' }));
  await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  return SecretCode;
}

/** True when the remembered pool and client still exist in cognito-local's data. */
async function stateIsLive(client: CognitoIdentityProviderClient, state: LocalPoolState): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolClientCommand({ UserPoolId: state.userPoolId, ClientId: state.clientId }));
    return true;
  } catch {
    return false;
  }
}

/** Whether the seeded administrator still exists and its remembered password still signs in. */
async function adminState(
  client: CognitoIdentityProviderClient,
  state: LocalPoolState,
): Promise<{ exists: boolean; passwordWorks: boolean }> {
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: state.userPoolId, Username: state.admin.email }));
  } catch {
    return { exists: false, passwordWorks: false };
  }
  try {
    const res = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: state.clientId,
        AuthParameters: { USERNAME: state.admin.email, PASSWORD: state.admin.password },
      }),
    );
    // Tokens, or a second factor to give: either way the password was right.
    return { exists: true, passwordWorks: Boolean(res.AuthenticationResult || res.ChallengeName) };
  } catch {
    return { exists: true, passwordWorks: false };
  }
}

/**
 * The variable naming (comma-separated) the variables of this process that cognito-local gets
 * besides its own environment: markers by which whoever started the laptop runtime finds the
 * processes it started (a test run sets it, tests/support/dynamodb-global-setup.ts). DynamoDB
 * Local's JVM inherits the whole environment and needs none.
 */
export const PASS_ENV_VARIABLE = 'CLIENTELA_PASS_ENV';

/** The variables of `env` that PASS_ENV_VARIABLE names (those set). */
export function passedOn(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = (env[PASS_ENV_VARIABLE] ?? '').split(',').map((n) => n.trim());
  return Object.fromEntries(names.flatMap((n) => (n && env[n] !== undefined ? [[n, env[n]]] : [])));
}

/** Starts cognito-local on a free port of 127.0.0.1; retries once when the port was taken meanwhile. */
async function launch(
  dir: string,
  startTimeoutMs: number,
  onLine: (line: string) => void,
): Promise<{ proc: TiedProcess; port: number }> {
  const bin = cognitoLocalBin();
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    const proc = await spawnTied(
      process.execPath,
      [bin],
      {
        name: 'cognito-local',
        cwd: dir,
        // Its own environment only: cognito-local reads CODE (a fixed code for every message),
        // DEBUG and others that a developer's shell may carry.
        env: {
          ...passedOn(process.env),
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TMPDIR: process.env.TMPDIR,
          // The port and host it listens on, and its tokens' issuer.
          PORT: String(port),
          HOST: '127.0.0.1',
          // Its message boxes wrap at the terminal width: never, so the outbox parser sees whole lines.
          COLUMNS: '1000',
          FORCE_COLOR: '0',
          AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
        },
        onLine,
      },
    );
    const deadline = Date.now() + startTimeoutMs;
    try {
      for (;;) {
        if (proc.exited) {
          const output = proc.recentOutput().join('\n');
          if (/EADDRINUSE/.test(output) && attempt < 3) break;
          throw new Error(`cognito-local exited during start-up:\n${output}`);
        }
        const ok = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1_000) }).then(
          (r) => r.ok,
          () => false,
        );
        // It answers: make sure it is ours, not a process that grabbed the port meanwhile.
        if (ok && ownsListeningPort(proc.pid, port) !== false && isAlive(proc.pid)) return { proc, port };
        if (ok) throw new Error(`Port ${port} is answered by another process, not by the cognito-local just started.`);
        if (Date.now() > deadline) {
          throw new Error(`cognito-local did not answer within ${startTimeoutMs} ms:\n${proc.recentOutput().join('\n')}`);
        }
        await sleep(50);
      }
    } catch (err) {
      await proc.stop();
      throw err;
    }
    await proc.stop();
  }
}

/**
 * Starts cognito-local for a DATA_DIR and resolves once the pool, client and administrator are
 * there. Rejects (leaving nothing running) when it cannot start.
 */
export async function startLocalCognito(options: LocalCognitoOptions): Promise<LocalIdentity> {
  const { startTimeoutMs = 30_000, onMessage, onOutput } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const inMemory = options.dataDir === 'memory';
  const dir = inMemory ? mkdtempSync(path.join(os.tmpdir(), 'clientela-cognito-')) : path.resolve(options.dataDir, 'cognito');
  const removeTemp = () => {
    if (inMemory) rmSync(dir, { recursive: true, force: true });
  };
  if (inMemory) process.once('exit', removeTemp);
  mkdirSync(path.join(dir, '.cognito'), { recursive: true });
  // Read at every start (cognito-local merges it over its defaults): without it every new pool
  // gets UsernameAttributes ['email'] (sign-in by e-mail alias, user name = sub), whatever
  // CreateUserPool says. An empty list keeps the e-mail as the user name itself.
  writeFileSync(path.join(dir, '.cognito', 'config.json'), `${JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }, null, 2)}\n`);

  const deliver = (m: Omit<OutboxMessage, 'at'>) => {
    const message: OutboxMessage = { at: new Date().toISOString(), ...m };
    try {
      appendFileSync(path.join(dir, OUTBOX_FILE), `${JSON.stringify(message)}\n`);
    } catch {
      // the folder is being removed (stop)
    }
    log(describeMessage(message));
    onMessage?.(message);
  };
  const parse = createMessageParser(deliver);
  const onLine = (line: string) => {
    parse(line);
    onOutput?.(line);
  };

  let launched: { proc: TiedProcess; port: number };
  try {
    launched = await launch(dir, startTimeoutMs, onLine);
  } catch (err) {
    removeTemp();
    throw err;
  }
  const { proc, port } = launched;
  let shim: CognitoShim | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await shim?.stop();
      await proc.stop();
      removeTemp();
      process.off('exit', removeTemp);
    })());

  const endpoint = `http://127.0.0.1:${port}/`;
  const client = new CognitoIdentityProviderClient({ ...localCognitoClientConfig(endpoint), maxAttempts: 1 });
  try {
    let state = readState(dir);
    let created = false;
    if (!state || !(await stateIsLive(client, state))) {
      state = await createPool(client);
      created = true;
      // It holds a password: only for this user.
      writeFileSync(path.join(dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    }
    const admin = created ? { exists: true, passwordWorks: true } : await adminState(client, state);
    // A new pool's administrator, or one from before administrators needed TOTP, gets it now.
    if (admin.passwordWorks && !state.admin.totpSecret) {
      const totpSecret = await enableAdminTotp(client, state);
      if (totpSecret) {
        state = { ...state, admin: { ...state.admin, totpSecret } };
        writeFileSync(path.join(dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
      }
    }
    shim = await startCognitoShim({ upstream: endpoint, newPassword: () => generatePassword(), deliver, signOut: (username) => ledgerOf(dir).signOut(username) });
    proc.detach();
    const issuer = `http://127.0.0.1:${port}/${state.userPoolId}`;
    return {
      issuer,
      userPoolId: state.userPoolId,
      clientId: state.clientId,
      endpoint,
      adminEndpoint: shim.endpoint,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      port,
      dir,
      admin: { ...state.admin, ...admin },
      created,
      pid: proc.pid,
      wrapperPid: proc.wrapperPid,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    client.destroy();
  }
}

/** The lines a local command prints about sign-in at start. */
export function describeIdentity(identity: LocalIdentity | undefined): string[] {
  if (!identity) return ['Sign-in is off (AUTH=off): anyone who opens the app can change the data.'];
  const { admin } = identity;
  return [
    admin.passwordWorks
      ? `Sign in as ${admin.email} with password ${admin.password}${admin.totpSecret ? ` and the TOTP secret ${admin.totpSecret} in an authenticator app` : ''}`
      : admin.exists
        ? `Sign in as ${admin.email} with the password you gave it (the generated one was changed)`
        : `The seeded administrator ${admin.email} was deleted: sign in as another administrator, or delete ${identity.dir} (with the app stopped) for a new user pool`,
    `  local Cognito: ${identity.endpoint} · pool ${identity.userPoolId}${identity.created ? ' (new)' : ''} · e-mails: ${path.join(identity.dir, OUTBOX_FILE)}`,
  ];
}
