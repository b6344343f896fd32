/**
 * CDK entry (`cdk.json`: `npx tsx infra/app.ts`). Context and environment are read here and
 * nowhere below: the stack and its constructs get typed props.
 *
 * Context (cdk.json defaults, override with `-c key=value`):
 *   existingTableName   adopt a table retained by an earlier deployment (or restored from a
 *                       backup): verified, and its protections turned on, at deploy time
 *   corsOrigins         comma-separated origins allowed to call the API cross-origin (default none)
 *   throttleRateLimit   stage requests/second (50)      throttleBurstLimit  stage burst (100)
 *   logRetentionDays    retention of every log group (30)
 *   domainName + certificateArn   the company's own domain (ACM certificate in us-east-1)
 *   alarmEmail          subscribe this address to the alarm topic
 *   webDist             the built web app (web/dist)
 *   memorySize          MB per function (512)       bundleAwsSdk  true: SDK inside each bundle
 *                       (both for the benchmark; defaults in infra/constructs/api.ts)
 *   auth                on (Cognito sign-in, the default) | off (the spec's open mode: no sign-in)
 *   adminEmail          create this first administrator (Cognito e-mails the temporary password)
 *   mfa                 off | optional (default) | required: TOTP with an authenticator app
 *   sessionDays         days a sign-in lasts without the password (refresh token, 30)
 *   threatProtection    off (default, Lite plan) | audit | enforced (Plus plan, billed per user)
 *   trashDays           days a deleted record stays in the trash before TTL drops it (30)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { Node } from 'constructs';
import { userNameOf } from '../lambdas/contract/auth.ts';
import { LIMITS } from '../lambdas/contract/limits.ts';
import { jobs, routes } from '../lambdas/routes.ts';
import { ClientelaStack, type AuthSettings, type ClientelaStackProps } from './clientela-stack.ts';
import { MFA_MODES, SESSION_DAYS, THREAT_PROTECTION_MODES, USERNAME_MAX_LENGTH } from './constructs/identity.ts';

/** The repository root. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The stack's name in CloudFormation. */
export const STACK_NAME = 'Clientela';

/** Reads and validates the context into the stack's typed props. */
export function stackPropsFromContext(node: Node): ClientelaStackProps {
  const str = (key: string): string | undefined => {
    const value = node.tryGetContext(key) as unknown;
    if (value === undefined || value === null) return undefined;
    const text = String(value).trim();
    return text === '' ? undefined : text;
  };
  const positiveNumber = (key: string, fallback: number): number => {
    const text = str(key);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`Context ${key} must be a positive number, got "${text}"`);
    return value;
  };
  const bool = (key: string): boolean | undefined => {
    const text = str(key);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false') throw new Error(`Context ${key} must be true or false, got "${text}"`);
    return text === 'true';
  };
  const oneOf = <T extends string>(key: string, values: readonly T[], fallback: T): T => {
    const text = str(key);
    if (text === undefined) return fallback;
    if (!(values as readonly string[]).includes(text)) {
      throw new Error(`Context ${key} must be one of ${values.join(', ')}, got "${text}"`);
    }
    return text as T;
  };
  const list = (key: string): string[] => {
    const value = node.tryGetContext(key) as unknown;
    const items = Array.isArray(value) ? value.map(String) : (str(key) ?? '').split(',');
    return items.map((s) => s.trim()).filter((s) => s !== '');
  };

  const corsOrigins = list('corsOrigins');
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new Error(`Context corsOrigins: "${origin}" is not an origin (scheme://host[:port], no path)`);
    }
  }

  const logRetentionDays = positiveNumber('logRetentionDays', 30);
  if (!(Object.values(RetentionDays) as unknown[]).includes(logRetentionDays)) {
    throw new Error(`Context logRetentionDays: ${logRetentionDays} is not a CloudWatch Logs retention (e.g. 30, 90, 365)`);
  }

  const memorySize = str('memorySize') === undefined ? undefined : positiveNumber('memorySize', 0);
  if (memorySize !== undefined && !(Number.isInteger(memorySize) && memorySize >= 128 && memorySize <= 10240)) {
    throw new Error(`Context memorySize must be an integer from 128 to 10240 (MB), got ${memorySize}`);
  }

  const domainName = str('domainName');
  const certificateArn = str('certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('Context domainName and certificateArn go together (a custom domain needs its certificate)');
  }
  if (certificateArn !== undefined && !/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error('Context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront only uses those)');
  }

  const auth = authFromContext(str, oneOf);

  const trash = str('trashDays');
  const trashDays = trash === undefined ? LIMITS.trashDays.default : Number(trash);
  if (!Number.isInteger(trashDays) || trashDays < LIMITS.trashDays.min || trashDays > LIMITS.trashDays.max) {
    throw new Error(`Context trashDays must be a whole number of days from ${LIMITS.trashDays.min} to ${LIMITS.trashDays.max}, got "${trash}"`);
  }

  return {
    stackName: STACK_NAME,
    description: 'Clientela: client management (CloudFront + S3 site, HTTP API, Lambda, DynamoDB)',
    // No `env`: the stack is environment-agnostic (it needs no lookups), so the template is the
    // same with or without credentials, and `cdk deploy` targets the profile's account/region.
    routes,
    jobs,
    handlersDir: path.join(PROJECT_ROOT, 'lambdas', 'handlers'),
    projectRoot: PROJECT_ROOT,
    webDistPath: path.resolve(PROJECT_ROOT, str('webDist') ?? 'web/dist'),
    existingTableName: str('existingTableName'),
    // Changes on every synth: the adopted table's verification runs on every deploy.
    synthesizedAt: new Date().toISOString(),
    corsOrigins,
    throttleRateLimit: positiveNumber('throttleRateLimit', 50),
    throttleBurstLimit: positiveNumber('throttleBurstLimit', 100),
    logRetention: logRetentionDays as RetentionDays,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    alarmEmail: str('alarmEmail'),
    memorySize,
    bundleAwsSdk: bool('bundleAwsSdk'),
    auth,
    trashDays,
  };
}

/** The context keys that configure sign-in (refused with `auth=off`, where nothing would use them). */
const SIGN_IN_KEYS = ['adminEmail', 'mfa', 'sessionDays', 'threatProtection'] as const;

/** Sign-in settings from context: `auth`, then the pool's options, each validated. */
function authFromContext(
  str: (key: string) => string | undefined,
  oneOf: <T extends string>(key: string, values: readonly T[], fallback: T) => T,
): AuthSettings {
  if (oneOf('auth', ['on', 'off'], 'on') === 'off') {
    const given = SIGN_IN_KEYS.filter((key) => str(key) !== undefined);
    if (given.length > 0) {
      throw new Error(`Context ${given.join(', ')} configure sign-in, which auth=off turns off: remove them or the auth=off`);
    }
    return { mode: 'off' };
  }

  const days = str('sessionDays');
  const sessionDays = days === undefined ? SESSION_DAYS.default : Number(days);
  if (!Number.isInteger(sessionDays) || sessionDays < SESSION_DAYS.min || sessionDays > SESSION_DAYS.max) {
    throw new Error(`Context sessionDays must be a whole number of days from ${SESSION_DAYS.min} to ${SESSION_DAYS.max}, got "${days}"`);
  }

  const email = str('adminEmail');
  // The e-mail is the user name: Cognito's rules for user names apply (no spaces, at most 128).
  if (email !== undefined && !(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email) && email.length <= USERNAME_MAX_LENGTH)) {
    throw new Error(`Context adminEmail must be an e-mail address (at most ${USERNAME_MAX_LENGTH} characters), got "${email}"`);
  }

  return {
    mode: 'cognito',
    mfa: oneOf('mfa', MFA_MODES, 'optional'),
    sessionDays,
    threatProtection: oneOf('threatProtection', THREAT_PROTECTION_MODES, 'off'),
    adminEmail: email === undefined ? undefined : userNameOf(email),
  };
}

/**
 * The app with the Clientela stack and the cdk-nag packs (AwsSolutions, Serverless) as
 * validation plugins: a synth with unacknowledged findings fails and writes
 * `<outdir>/validation-report.json`. `overrides` replace props read from context (tests: another
 * route table).
 */
export function buildApp(
  props: AppProps = {},
  overrides: Partial<ClientelaStackProps> = {},
): { app: App; stack: ClientelaStack } {
  const app = new App(props);
  const stack = new ClientelaStack(app, STACK_NAME, { ...stackPropsFromContext(app.node), ...overrides });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  return { app, stack };
}

const isEntry = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  buildApp().app.synth();
}
