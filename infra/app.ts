/**
 * CDK entry (`cdk.json`: `npx tsx infra/app.ts`). The settings file and the environment are read
 * here and nowhere below: the stack and its constructs get typed props.
 *
 * Settings: `clientela.config.json` at the repository root (every key, its default and its check
 * in infra/settings.ts; `clientela.config.example.json` shows them). cdk.json holds none of them,
 * and a `-c key=value` that differs from the file is refused (the next deploy would undo it).
 * Context keys that are not settings: `webDist` (the built web app, web/dist).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { Node } from 'constructs';
import { userNameOf } from '../lambdas/contract/auth.ts';
import { jobs, routes } from '../lambdas/routes.ts';
import { ClientelaStack, type AuthSettings, type ClientelaStackProps } from './clientela-stack.ts';
import {
  BASE_STACK_NAME,
  notificationEmail,
  parseSettings,
  readSettingsFile,
  refuseCommandLineOverrides,
  refuseSettingsInCdkJson,
  SETTINGS_FILE,
  stackNameOf,
  type Settings,
} from './settings.ts';

/** The repository root. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The stack's name in CloudFormation without an environment (`environment` appends `-<name>`). */
export const STACK_NAME = BASE_STACK_NAME;
/** The settings file the entry reads (`CLIENTELA_CONFIG` points elsewhere, e.g. a staging file). */
export const settingsFilePath = (): string => path.resolve(PROJECT_ROOT, process.env.CLIENTELA_CONFIG ?? SETTINGS_FILE);

/** The effective settings into the stack's typed props (`node`: the `webDist` context key). */
export function stackPropsFromSettings(settings: Settings, node: Node): ClientelaStackProps {
  const webDist = node.tryGetContext('webDist') as unknown;
  return {
    stackName: stackNameOf(settings),
    description: 'Clientela: client management (CloudFront + S3 site, HTTP API, Lambda, DynamoDB)',
    // No `env`: the stack is environment-agnostic (it needs no lookups), so the template is the
    // same with or without credentials, and `cdk deploy` targets the profile's account/region.
    routes,
    jobs,
    handlersDir: path.join(PROJECT_ROOT, 'lambdas', 'handlers'),
    projectRoot: PROJECT_ROOT,
    webDistPath: path.resolve(PROJECT_ROOT, typeof webDist === 'string' && webDist !== '' ? webDist : 'web/dist'),
    existingTableName: settings.existingTableName,
    // Changes on every synth: the adopted table's verification runs on every deploy.
    synthesizedAt: new Date().toISOString(),
    corsOrigins: settings.corsOrigins,
    throttleRateLimit: settings.throttleRateLimit,
    throttleBurstLimit: settings.throttleBurstLimit,
    logRetention: settings.logRetentionDays as RetentionDays,
    customDomain:
      settings.domainName && settings.certificateArn ? { domainName: settings.domainName, certificateArn: settings.certificateArn } : undefined,
    alarmEmail: notificationEmail(settings),
    memorySize: settings.memorySize,
    bundleAwsSdk: settings.bundleAwsSdk,
    auth: authOf(settings),
    trashDays: settings.trashDays,
    timeZone: settings.timeZone,
    allowedCidrs: settings.allowedCidrs,
    monthlyBudgetUsd: settings.monthlyBudgetUsd,
    budgetByTag: settings.budgetByTag,
    originSecretVersions: settings.originSecretVersions,
    settings,
  };
}

/** Sign-in from the settings: the pool's options, or the open mode. */
function authOf(settings: Settings): AuthSettings {
  if (settings.auth === 'off') return { mode: 'off' };
  return {
    mode: 'cognito',
    mfa: settings.mfa,
    sessionDays: settings.sessionDays,
    threatProtection: settings.threatProtection,
    adminEmail: settings.adminEmail === undefined ? undefined : userNameOf(settings.adminEmail),
    sesFromEmail: settings.sesFromEmail,
  };
}

/** cdk.json's `context` block (the CDK CLI merges it into the app's context). */
function cdkJsonContext(): Record<string, unknown> {
  const file = path.join(PROJECT_ROOT, 'cdk.json');
  if (!fs.existsSync(file)) return {};
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
}

/**
 * The app with the Clientela stack and the cdk-nag packs (AwsSolutions, Serverless) as
 * validation plugins: a synth with unacknowledged findings fails and writes
 * `<outdir>/validation-report.json`. `settings` is the settings file's content (validated here);
 * `overrides` replace props (tests: another route table). Refuses settings left in cdk.json and
 * `-c` values that differ from the settings.
 */
export function buildApp(
  props: AppProps = {},
  overrides: Partial<ClientelaStackProps> = {},
  settings: unknown = {},
): { app: App; stack: ClientelaStack; settings: Settings } {
  const app = new App(props);
  refuseSettingsInCdkJson(cdkJsonContext());
  const effective = parseSettings(settings);
  refuseCommandLineOverrides(app.node.getAllContext(), effective);
  const stack = new ClientelaStack(app, stackNameOf(effective), { ...stackPropsFromSettings(effective, app.node), ...overrides });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  return { app, stack, settings: effective };
}

const isEntry = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  buildApp({}, {}, readSettingsFile(settingsFilePath()).raw).app.synth();
}
