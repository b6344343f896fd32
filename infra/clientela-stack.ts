import { CfnOutput, CfnResource, DefaultStackSynthesizer, Lazy, RemovalPolicy, Stack, Validations, type CfnElement, type StackProps } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct, IConstruct } from 'constructs';
import { PASSWORD_POLICY } from '../lambdas/contract/auth.ts';
import { DEFAULT_TIME_ZONE } from '../lambdas/contract/limits.ts';
import type { JobDef, RouteDef } from '../lambdas/routes.ts';
import { Alarms, tagStackResources } from './constructs/alarms.ts';
import { Api } from './constructs/api.ts';
import { Data } from './constructs/data.ts';
import { Identity, SESSION_DAYS, type IdentitySettings } from './constructs/identity.ts';
import { Jobs } from './constructs/jobs.ts';
import { OriginVerify, type OriginSecretVersions } from './constructs/origin-verify.ts';
import { Site, type CustomDomain } from './constructs/site.ts';
import type { WebConfig } from '../lambdas/contract/auth.ts';
import { publishedSettings, type Settings } from './settings.ts';

/** Sign-in with the Cognito user pool, or the spec's open mode (`auth: "off"`). */
export type AuthSettings = ({ readonly mode: 'cognito' } & IdentitySettings) | { readonly mode: 'off' };

/** What the stack says about the open mode, in an output and in SECURITY.md. */
export const OPEN_ACCESS_WARNING =
  'Sign-in is OFF (auth "off" in clientela.config.json): anyone with the site URL can read, change and delete every record.';

/** Everything the stack needs, resolved from context by infra/app.ts (nothing below reads context). */
export interface ClientelaStackProps extends StackProps {
  /** THE route table (lambdas/routes.ts). */
  readonly routes: readonly RouteDef[];
  /** The scheduled functions (lambdas/routes.ts `jobs`). */
  readonly jobs: readonly JobDef[];
  /** lambdas/handlers */
  readonly handlersDir: string;
  /** The repository root (package.json, lock file, node_modules with esbuild). */
  readonly projectRoot: string;
  /** web/dist */
  readonly webDistPath: string;
  /** Adopt this retained table instead of creating one. */
  readonly existingTableName?: string;
  /** When the app was synthesized (ISO 8601): an adopted table is verified again on every deploy. */
  readonly synthesizedAt: string;
  /** CORS allow-list of the API; empty: no CORS. */
  readonly corsOrigins: readonly string[];
  readonly throttleRateLimit: number;
  readonly throttleBurstLimit: number;
  readonly logRetention: RetentionDays;
  readonly customDomain?: CustomDomain;
  readonly alarmEmail?: string;
  /** @default FUNCTION_MEMORY_MB */
  readonly memorySize?: number;
  /** @default BUNDLE_AWS_SDK */
  readonly bundleAwsSdk?: boolean;
  /** Sign-in (on by default) or the open mode. */
  readonly auth: AuthSettings;
  /** Days a deleted record stays in the trash (the functions' TRASH_DAYS). @default LIMITS.trashDays.default */
  readonly trashDays?: number;
  /** The company's IANA time zone (the functions' TIME_ZONE, `/config.json`'s `timeZone`). @default DEFAULT_TIME_ZONE */
  readonly timeZone?: string;
  /** Only these networks (CIDR, IPv4 and IPv6) reach the site and the API. @default everyone */
  readonly allowedCidrs?: readonly string[];
  /** The budget's monthly amount (USD). @default 5 */
  readonly monthlyBudgetUsd?: number;
  /** The budget counts only the stack's cost-allocation tag. @default false */
  readonly budgetByTag?: boolean;
  /** During an origin-secret rotation: the versions sent and still accepted. */
  readonly originSecretVersions?: OriginSecretVersions;
  /** The effective settings: their security-relevant part is published (output `Settings`) for the next deploy. */
  readonly settings?: Settings;
}

/** Clientela in one stack: table, user pool, API with its functions, scheduled functions, site, alarms. */
export class ClientelaStack extends Stack {
  readonly data: Data;
  readonly api: Api;
  readonly jobs: Jobs;
  readonly site: Site;
  readonly alarms: Alarms;
  readonly originVerify: OriginVerify;
  /** The user pool; with `auth: "off"` it stays in the stack, unused (switching back finds its people). */
  readonly identity: Identity;

  constructor(scope: Construct, id: string, props: ClientelaStackProps) {
    super(scope, id, props);
    this.data = new Data(this, 'Data', {
      existingTableName: props.existingTableName,
      logRetention: props.logRetention,
      synthesizedAt: props.synthesizedAt,
    });
    // CloudFront sends it, the functions require it: the execute-api URL alone gets 403.
    this.originVerify = new OriginVerify(this, 'OriginVerify', { versions: props.originSecretVersions });
    // The e-mails name the site, whose URL exists only once the Site below is built (the pool
    // depends on the distribution, never the other way round). With sign-in off the pool stays,
    // unused: removing it would orphan the retained pool and its people.
    const siteUrl = Lazy.string({ produce: () => this.site.url });
    const signIn: IdentitySettings =
      props.auth.mode === 'cognito'
        ? props.auth
        : { mfa: 'optional', sessionDays: SESSION_DAYS.default, threatProtection: 'off' };
    this.identity = new Identity(this, 'Identity', {
      mfa: signIn.mfa,
      sessionDays: signIn.sessionDays,
      threatProtection: signIn.threatProtection,
      adminEmail: signIn.adminEmail,
      sesFromEmail: signIn.sesFromEmail,
      siteUrl,
    });
    const identity = props.auth.mode === 'cognito' ? this.identity : undefined;
    this.api = new Api(this, 'Api', {
      table: this.data.table,
      originVerify: this.originVerify,
      routes: props.routes,
      auth: identity && { userPool: identity.userPool, client: identity.client, issuer: identity.issuer },
      handlersDir: props.handlersDir,
      projectRoot: props.projectRoot,
      corsOrigins: props.corsOrigins,
      throttleRateLimit: props.throttleRateLimit,
      throttleBurstLimit: props.throttleBurstLimit,
      logRetention: props.logRetention,
      memorySize: props.memorySize,
      bundleAwsSdk: props.bundleAwsSdk,
      trashDays: props.trashDays,
      timeZone: props.timeZone,
    });
    this.jobs = new Jobs(this, 'Jobs', {
      table: this.data.table,
      jobs: props.jobs,
      handlersDir: props.handlersDir,
      projectRoot: props.projectRoot,
      logRetention: props.logRetention,
      memorySize: props.memorySize,
      bundleAwsSdk: props.bundleAwsSdk,
    });
    const functions = new Map([...this.api.functions, ...this.jobs.functions]);
    // An adopted table is verified (and protected) before any function can serve a request or run.
    if (this.data.adoption) {
      for (const fn of functions.values()) fn.node.addDependency(this.data.adoption.resource);
    }
    // The web's runtime configuration (/config.json): where to sign in, or the open mode.
    const webConfig: WebConfig = identity
      ? {
          auth: 'cognito',
          region: this.region,
          userPoolId: identity.userPool.userPoolId,
          clientId: identity.client.userPoolClientId,
          cognitoEndpoint: `${identity.endpoint}/`,
          sessionDays: identity.sessionDays,
          timeZone: props.timeZone ?? DEFAULT_TIME_ZONE,
        }
      : { auth: 'off', timeZone: props.timeZone ?? DEFAULT_TIME_ZONE };
    // The site depends on the API (its origin), never the other way round (a cycle).
    this.site = new Site(this, 'Site', {
      apiDomainName: this.api.domainName,
      originVerify: this.originVerify,
      webDistPath: props.webDistPath,
      customDomain: props.customDomain,
      logRetention: props.logRetention,
      webConfig,
      connectSources: identity ? [identity.endpoint] : [],
      allowedCidrs: props.allowedCidrs ?? [],
    });
    this.alarms = new Alarms(this, 'Alarms', {
      stage: this.api.stage,
      accessLogs: this.api.accessLogs,
      table: this.data.table,
      jobs: new Map([...this.jobs.functions].filter(([name]) => props.jobs.find((j) => j.name === name)?.alarmed !== false)),
      alarmEmail: props.alarmEmail,
      stackName: this.stackName,
      monthlyBudgetUsd: props.monthlyBudgetUsd ?? 5,
      budgetByTag: props.budgetByTag ?? false,
    });
    tagStackResources(this);

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The app' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.site.distribution.distributionDomainName,
      description: 'Point the custom domain here (CNAME, or an alias record at the apex)',
    });
    // No ApiUrl output: the execute-api URL answers 403 without CloudFront's origin header; the
    // API is SiteUrl/api.
    new CfnOutput(this, 'TableName', {
      value: this.data.table.tableName,
      description: 'Retained on destroy; adopt it again with "existingTableName" in clientela.config.json',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn, description: 'Subscribe to get alarms' });
    if (props.settings) {
      // Read by the next `npm run deploy`: lowering these needs --accept-change.
      new CfnOutput(this, 'Settings', {
        value: JSON.stringify(publishedSettings(props.settings)),
        description: 'The security-relevant settings of this deployment (infra/scripts/deploy.ts compares them)',
      });
    }
    if (identity) {
      new CfnOutput(this, 'UserPoolId', {
        value: identity.userPool.userPoolId,
        description: 'The users (Cognito user pool; retained on destroy)',
      });
      new CfnOutput(this, 'UserPoolClientId', { value: identity.client.userPoolClientId, description: 'The web app client' });
      if (props.auth.mode === 'cognito' && props.auth.adminEmail !== undefined) {
        new CfnOutput(this, 'AdminEmail', {
          value: identity.admin!.username!,
          description: `First administrator: Cognito e-mails it a temporary password (valid ${PASSWORD_POLICY.tempPasswordValidityDays} days)`,
        });
      }
    } else {
      new CfnOutput(this, 'OpenAccess', { value: OPEN_ACCESS_WARNING, description: 'Deployed with auth "off"' });
    }

    acknowledgeHelperFindings(this, this.site.bucket);
    retainAutoDeleteLogs(this, props.logRetention);
  }
}

/**
 * cdk-nag findings on CDK's own helper function (the S3 deployment handler shared by both web
 * deployments), whose code, runtime and role aws-cdk-lib generates; it runs only during a
 * deployment. Each acknowledgement says why it is acceptable.
 */
function acknowledgeHelperFindings(stack: Stack, siteBucket: IConstruct): void {
  const siteBucketId = stack.getLogicalId(siteBucket.node.defaultChild as CfnElement);
  const assetsBucket = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>`;
  const sync = 'CDK deployment helper: syncs the built web into the site bucket, objects only';
  const helpers = stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  for (const helper of helpers) {
    Validations.of(helper).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK deployment helper: aws-cdk-lib attaches the basic execution policy (its own logs).',
      },
      { id: 'AwsSolutions-IAM5[Action::s3:GetBucket*]', reason: `${sync} (reads the source bucket).` },
      { id: 'AwsSolutions-IAM5[Action::s3:GetObject*]', reason: `${sync} (reads the zipped build).` },
      { id: 'AwsSolutions-IAM5[Action::s3:List*]', reason: `${sync} (lists what is already there).` },
      { id: 'AwsSolutions-IAM5[Action::s3:Abort*]', reason: `${sync} (aborts failed multipart uploads).` },
      { id: 'AwsSolutions-IAM5[Action::s3:DeleteObject*]', reason: `${sync} (granted by CDK; prune is off).` },
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${assetsBucket}/*]`,
        reason: 'CDK deployment helper: reads the zipped build from the CDK bootstrap assets bucket.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`,
        reason: 'CDK deployment helper: writes the objects of the site bucket, and no other bucket.',
      },
      { id: 'AwsSolutions-L1', reason: 'CDK deployment helper: aws-cdk-lib pins its (Python) runtime.' },
      { id: 'Serverless-LambdaLatestVersion', reason: 'CDK deployment helper: aws-cdk-lib pins its runtime.' },
      {
        id: 'Serverless-LambdaDLQ',
        reason: 'CDK deployment helper: invoked by CloudFormation, which fails the deployment on error.',
      },
      { id: 'Serverless-LambdaTracing', reason: 'CDK deployment helper: runs only during deployments.' },
    );
  }
}

/**
 * The S3 auto-delete helper (a CDK singleton provider, run when a bucket is created or removed)
 * would log into `/aws/lambda/<name>`, created on first run and kept forever: it gets a log
 * group with the stack's retention instead. A new name, since the implicit group may already
 * exist in a deployed account (CloudFormation can't create a group that exists).
 */
function retainAutoDeleteLogs(stack: Stack, retention: RetentionDays): void {
  const provider = stack.node.tryFindChild('Custom::S3AutoDeleteObjectsCustomResourceProvider');
  const handler = provider?.node.tryFindChild('Handler');
  if (!(handler instanceof CfnResource)) throw new Error('aws-cdk-lib changed: no S3 auto-delete provider handler found');
  const logs = new LogGroup(stack, 'AutoDeleteObjectsLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
  handler.addPropertyOverride('LoggingConfig', { LogGroup: logs.logGroupName, LogFormat: 'Text' });
  // The helper's role has AWSLambdaBasicExecutionRole (logs on any group), so it can write there.
  handler.node.addDependency(logs);
}
