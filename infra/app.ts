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
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { Node } from 'constructs';
import { routes } from '../lambdas/routes.ts';
import { ClientelaStack, type ClientelaStackProps } from './clientela-stack.ts';

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

  return {
    stackName: STACK_NAME,
    description: 'Clientela: client management (CloudFront + S3 site, HTTP API, Lambda, DynamoDB)',
    // No `env`: the stack is environment-agnostic (it needs no lookups), so the template is the
    // same with or without credentials, and `cdk deploy` targets the profile's account/region.
    routes,
    handlersDir: path.join(PROJECT_ROOT, 'lambdas', 'handlers'),
    projectRoot: PROJECT_ROOT,
    webDistPath: path.resolve(PROJECT_ROOT, str('webDist') ?? 'web/dist'),
    existingTableName: str('existingTableName'),
    corsOrigins,
    throttleRateLimit: positiveNumber('throttleRateLimit', 50),
    throttleBurstLimit: positiveNumber('throttleBurstLimit', 100),
    logRetention: logRetentionDays as RetentionDays,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    alarmEmail: str('alarmEmail'),
    memorySize,
    bundleAwsSdk: bool('bundleAwsSdk'),
  };
}

/**
 * The app with the Clientela stack and the cdk-nag packs (AwsSolutions, Serverless) as
 * validation plugins: a synth with unacknowledged findings fails and writes
 * `<outdir>/validation-report.json`.
 */
export function buildApp(props: AppProps = {}): { app: App; stack: ClientelaStack } {
  const app = new App(props);
  const stack = new ClientelaStack(app, STACK_NAME, stackPropsFromContext(app.node));
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  return { app, stack };
}

const isEntry = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  buildApp().app.synth();
}
