import * as path from 'node:path';
import { RemovalPolicy, Tags, Validations, type Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** The newest Node.js runtime this aws-cdk-lib offers (arm64 + Node 24: lowest cost per ms). */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;
/** Memory of every function (MB); CPU scales with it. The benchmark may tune it. */
export const FUNCTION_MEMORY_MB = 512;
/**
 * Bundle the AWS SDK into each function (true) or leave it to the runtime's copy (false). Kept
 * bundled until the benchmark measures module start both ways.
 */
export const BUNDLE_AWS_SDK = true;
/**
 * Banner of each bundle: bundled CommonJS code (parts of the AWS SDK) calls `require`, which an
 * ES module does not have.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** The module a bundle takes the SDK's default credentials from (the environment's: see it). */
export const CREDENTIALS_MODULE = 'lambdas/store/credentials.ts';

/**
 * How every function of the stack is bundled: one minified, tree-shaken ES module for
 * FUNCTION_RUNTIME, with esbuild from node_modules (synth needs neither Docker nor network).
 * `bundleAwsSdk`: the AWS SDK inside the bundle (its default credential chain reduced to the
 * environment's, which is where Lambda puts them), or the runtime's copy.
 */
export function esmBundling({ bundleAwsSdk, projectRoot }: { bundleAwsSdk: boolean; projectRoot: string }): BundlingOptions {
  return {
    minify: true,
    // Minified, but functions and classes keep their names: a stack trace in the logs reads
    // `at parseId`, not `at xe`, and errors keep their class names.
    keepNames: true,
    // No source maps: they double the bundle and need --enable-source-maps, which slows start.
    sourceMap: false,
    format: OutputFormat.ESM,
    target: FUNCTION_RUNTIME.name.replace('nodejs', 'node').replace('.x', ''),
    mainFields: ['module', 'main'],
    banner: ESM_REQUIRE_BANNER,
    externalModules: bundleAwsSdk ? [] : ['@aws-sdk/*', '@smithy/*'],
    esbuildArgs: {
      '--tree-shaking': 'true',
      ...(bundleAwsSdk ? { '--alias:@aws-sdk/credential-provider-node': path.join(projectRoot, CREDENTIALS_MODULE) } : {}),
    },
    forceDockerBundling: false,
  };
}

/** What every app function shares, whatever runs it (a route or a schedule). */
export interface FunctionDefaults {
  /** Folder with `<handler>.ts` files (lambdas/handlers). */
  readonly handlersDir: string;
  /** The repository root (package.json + lock file) esbuild bundles from. */
  readonly projectRoot: string;
  /** Retention of the function's log group. */
  readonly logRetention: RetentionDays;
  /** @default FUNCTION_MEMORY_MB */
  readonly memorySize?: number;
  /** @default BUNDLE_AWS_SDK */
  readonly bundleAwsSdk?: boolean;
}

/** One function: its row's name, handler and permissions, and how it runs. */
export interface AppFunctionProps extends FunctionDefaults {
  /** The row's name: the constructs are `<name>Logs`, `<name>Role` and `<name>Function` (their paths are frozen). */
  readonly name: string;
  /** `<handler>.ts` under `handlersDir`. */
  readonly handler: string;
  /** Description of the function and of its role. */
  readonly description: string;
  readonly timeout: Duration;
  readonly environment: Record<string, string>;
  /** Resource-scoped grants besides the log group: `actions` on `resources`, one statement each (none when empty). */
  readonly grants: readonly { readonly actions: readonly string[]; readonly resources: readonly string[] }[];
  /** The tag that says what runs the function (key and value). */
  readonly tag: readonly [key: string, value: string];
  /** cdk-nag findings acknowledged on the function, with their reasons. */
  readonly acknowledgements: readonly { readonly id: string; readonly reason: string }[];
}

/**
 * One app function under `scope`: its own log group and a role that may write to that log group
 * and use exactly the granted actions (instead of the AWSLambdaBasicExecutionRole managed policy,
 * logs on `*`), bundled by esmBundling, arm64, JSON logs.
 */
export function createAppFunction(scope: Construct, props: AppFunctionProps): NodejsFunction {
  // Logs expire with their retention and go with the stack (only the table is retained).
  const logGroup = new LogGroup(scope, `${props.name}Logs`, { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
  const role = new Role(scope, `${props.name}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: props.description,
  });
  logGroup.grantWrite(role);
  for (const grant of props.grants) {
    if (grant.actions.length > 0) role.addToPolicy(new PolicyStatement({ actions: [...grant.actions], resources: [...grant.resources] }));
  }
  const fn = new NodejsFunction(scope, `${props.name}Function`, {
    description: props.description,
    entry: path.join(props.handlersDir, `${props.handler}.ts`),
    handler: 'handler',
    projectRoot: props.projectRoot,
    depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
    runtime: FUNCTION_RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? FUNCTION_MEMORY_MB,
    timeout: props.timeout,
    role,
    environment: props.environment,
    logGroup,
    loggingFormat: LoggingFormat.JSON,
    bundling: esmBundling({ bundleAwsSdk: props.bundleAwsSdk ?? BUNDLE_AWS_SDK, projectRoot: props.projectRoot }),
  });
  Tags.of(fn).add(props.tag[0], props.tag[1]);
  if (props.acknowledgements.length > 0) Validations.of(fn).acknowledge(...props.acknowledgements);
  return fn;
}
