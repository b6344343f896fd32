import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aws, Duration, RemovalPolicy, Token, Validations, type IResolvable, type IResolveContext } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { CfnPolicy, Policy } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../../lambdas/contract/auth.ts';
import { contentSecurityPolicy, FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from '../security-headers.ts';
import type { OriginVerify } from './origin-verify.ts';

/** The CloudFront Function's source (viewer request: app routes → /index.html, or their prerendered page). */
export const SPA_REWRITE_CODE_PATH = fileURLToPath(new URL('../cloudfront/spa-rewrite.js', import.meta.url));
/** Cache-Control of the content-hashed files under assets/: a new build gets new names. */
export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html and the other root files: always revalidated. */
export const ROOT_CACHE_CONTROL = 'no-cache';
/** Folder of Vite's hashed build output inside web/dist. */
export const ASSETS_DIR = 'assets';
/**
 * The web's runtime configuration beside index.html: the pool and client ids exist
 * only once deployed, after `npm run build`, so the deployment writes them; the app fetches it at
 * start (no inline script: the CSP forbids them). Served like index.html (no-cache).
 */
export const WEB_CONFIG_FILE = 'config.json';
/** How long CloudFront and S3 access logs are kept (they hold IP addresses: personal data). */
export const ACCESS_LOG_EXPIRY = Duration.days(90);
/**
 * Every error code CloudFront lets a distribution configure (and so caches, 10 s by default,
 * 5xx even with `Cache-Control: no-store`): each gets an error caching TTL of 0, so one 500 or
 * 503 of the API is never served to the next users behind that edge.
 */
export const UNCACHED_ERROR_CODES = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504] as const;

/** A company's own domain for the site. */
export interface CustomDomain {
  /** e.g. `clientes.example.com.br` (its DNS CNAME/alias points to the distribution). */
  readonly domainName: string;
  /** ACM certificate for that name, in us-east-1 (CloudFront's region). */
  readonly certificateArn: string;
}

/** Props of {@link Site}. */
export interface SiteProps {
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  readonly apiDomainName: string;
  /** The header CloudFront adds to every request it sends to the API (the API requires it). */
  readonly originVerify: Pick<OriginVerify, 'headerName' | 'value'>;
  /** The built web app (`npm run build` output: index.html + assets/). */
  readonly webDistPath: string;
  /** Optional custom domain; without it the `*.cloudfront.net` name is used. */
  readonly customDomain?: CustomDomain;
  /** Retention of the deployment helper's logs. */
  readonly logRetention: RetentionDays;
  /** Written to `/config.json` (its values may be deploy-time tokens). */
  readonly webConfig: WebConfig;
  /** Origins the app may call besides its own (CSP `connect-src`): Cognito's endpoint with sign-in on. */
  readonly connectSources: readonly string[];
  /** Only these networks (CIDR, IPv4 and IPv6) reach the site and `/api/*`; empty: everyone. */
  readonly allowedCidrs?: readonly string[];
}

/** The line of the CloudFront Function the deployment fills with `allowedCidrs`. */
export const ALLOWED_NETWORKS_LINE = 'var ALLOWED_NETWORKS = [];';

/** The CloudFront Function's code with the allowed networks written in (none: the file as it is). */
export function viewerRequestCode(allowedCidrs: readonly string[]): string {
  const code = fs.readFileSync(SPA_REWRITE_CODE_PATH, 'utf8');
  if (!code.includes(ALLOWED_NETWORKS_LINE)) throw new Error(`${SPA_REWRITE_CODE_PATH} lost its line ${ALLOWED_NETWORKS_LINE}`);
  if (allowedCidrs.length === 0) return code;
  return code.replace(ALLOWED_NETWORKS_LINE, `var ALLOWED_NETWORKS = ${JSON.stringify(allowedCidrs)};`);
}

/** The web app: a private S3 bucket behind CloudFront, which also routes `/api/*` to the API. */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  /** `https://<custom domain or distribution domain>` */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const indexHtml = path.join(props.webDistPath, 'index.html');
    if (!fs.existsSync(indexHtml)) {
      throw new Error(
        `The web app is not built: ${indexHtml} is missing. Run \`npm run build\` first ` +
          '(`npm run synth` and `npm run deploy` do it for you).',
      );
    }

    // One bucket for CloudFront's and S3's access logs, expiring them (they hold IP addresses).
    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront's standard logging writes with ACLs (fails at deploy time when ACLs are off).
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: ACCESS_LOG_EXPIRY }],
      // Logs go with the stack (only the table is retained).
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.bucket = new Bucket(this, 'Bucket', {
      // Private: only CloudFront reads it, through Origin Access Control.
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/',
      // The content is rebuilt from git at any time: no versioning, removed with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    // CloudFront policy names are global to the account: the region keeps a second copy of the
    // stack (another region) from failing at deploy time on a name clash.
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${Aws.STACK_NAME}-SecurityHeaders-${Aws.REGION}`,
      comment: 'Clientela security headers (infra/security-headers.ts)',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ 'connect-src': props.connectSources }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: toEnum(HeadersFrameOption, FRAME_OPTIONS), override: true },
        referrerPolicy: { referrerPolicy: toEnum(HeadersReferrerPolicy, REFERRER_POLICY), override: true },
      },
    });

    const allowedCidrs = props.allowedCidrs ?? [];
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serve index.html for app routes (paths without a file extension)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(viewerRequestCode(allowedCidrs)),
    });
    // With allowed networks the API's behaviour runs it too (it never rewrites /api/ paths).
    const networkCheck = allowedCidrs.length > 0 ? [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }] : undefined;

    const domain = props.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Clientela',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // All edge locations: the users are in Brazil, which the cheaper price classes leave out.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      domainNames: domain ? [domain.domainName] : undefined,
      certificate: domain ? Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn) : undefined,
      // Only settable with an own certificate; *.cloudfront.net keeps CloudFront's default.
      minimumProtocolVersion: domain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      // Error caching TTL 0 and no response page: CloudFront passes the origin's own error
      // response through (the API's JSON `mensagem`, S3's 403/404), it only stops caching it
      // ("Control how long CloudFront caches errors", CloudFront Developer Guide). A page
      // would turn the API's JSON errors into HTML.
      errorResponses: UNCACHED_ERROR_CODES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessControl: new S3OriginAccessControl(this, 'OriginAccessControl', {
            originAccessControlName: `${Aws.STACK_NAME}-Site-${Aws.REGION}`,
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`/api/*`]: {
          // No origin path: the stage `api` is already the first path segment.
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Replaces a header of that name sent by the viewer.
            customHeaders: { [props.originVerify.headerName]: props.originVerify.value },
          }),
          // A redirect would turn a POST into a GET: plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host: API Gateway answers 403 to a foreign Host header.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          // The handler compresses its own responses from the forwarded Accept-Encoding; CloudFront
          // compresses nothing when caching is disabled.
          compress: false,
          responseHeadersPolicy: headers,
          functionAssociations: networkCheck,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: the company decides who may use it, and staff travel.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF: a web ACL costs more per month than the rest of the stack for a small company; ' +
          'the API stage is throttled. The README shows how to attach one.',
      },
    );
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose ' +
          'minimum protocol cannot be set; with domainName + certificateArn it is TLSv1.2_2021.',
      });
    }
    this.url = `https://${domain ? domain.domainName : this.distribution.distributionDomainName}`;

    // Both deployments share one CDK helper function; give its logs a retention.
    const deployLogs = new LogGroup(this, 'DeploymentLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // 1. Hashed assets first, cached for a year and never pruned: a tab opened before this
    //    deploy still finds its lazily loaded chunks.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(path.join(props.webDistPath, ASSETS_DIR))],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${ASSETS_DIR}/`,
      cacheControl: [CacheControl.fromString(ASSETS_CACHE_CONTROL)],
      prune: false,
      memoryLimit: 512,
      logGroup: deployLogs,
    });
    // 2. Then index.html, the other root files and config.json, revalidated on every load, and
    //    an invalidation so the edge serves the new ones at once.
    const root = new BucketDeployment(this, 'DeployRoot', {
      sources: [
        Source.asset(props.webDistPath, { exclude: [ASSETS_DIR, `${ASSETS_DIR}/**`, WEB_CONFIG_FILE] }),
        Source.jsonData(WEB_CONFIG_FILE, props.webConfig),
      ],
      destinationBucket: this.bucket,
      cacheControl: [CacheControl.fromString(ROOT_CACHE_CONTROL)],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/', '/prerender/*', `/${WEB_CONFIG_FILE}`],
      memoryLimit: 512,
      logGroup: deployLogs,
    });
    root.node.addDependency(assets);
    // Both deployments share one helper function, which runs with the first one's AWS CLI layer;
    // each BucketDeployment creates its own layer, so the second is never attached to anything.
    if (!root.node.tryRemoveChild('AwsCliLayer')) {
      throw new Error('aws-cdk-lib changed: BucketDeployment no longer creates its AwsCliLayer child');
    }
    scopeInvalidationsTo(root, this.distribution.distributionArn);
  }
}

/**
 * BucketDeployment grants its helper cloudfront:CreateInvalidation and GetInvalidation on `*`;
 * both take a distribution ARN, so the rendered statement is narrowed to the one distribution
 * (the helper can't invalidate any other distribution of the account).
 */
function scopeInvalidationsTo(deployment: BucketDeployment, distributionArn: string): void {
  const policy = deployment.handlerRole.node.tryFindChild('DefaultPolicy') as Policy | undefined;
  if (!policy) throw new Error('aws-cdk-lib changed: the BucketDeployment helper role has no DefaultPolicy');
  const cfn = policy.node.defaultChild as CfnPolicy;
  // The document as CDK renders it (merged, deduplicated), with that one statement rewritten.
  const scoped: IResolvable = {
    creationStack: [],
    resolve: (context: IResolveContext) => {
      const document = context.resolve(policy.document) as { Statement: { Action: string | string[]; Resource: unknown }[] };
      const invalidations = document.Statement.filter((st) => [st.Action].flat().includes('cloudfront:CreateInvalidation'));
      if (invalidations.length !== 1 || invalidations[0]!.Resource !== '*') {
        throw new Error('aws-cdk-lib changed: expected one cloudfront:CreateInvalidation statement on "*"');
      }
      invalidations[0]!.Resource = context.resolve(distributionArn);
      return document;
    },
    toString: () => Token.asString(scoped),
  };
  cfn.policyDocument = scoped;
}

/** The enum member whose value is `value` (fails loudly if security-headers.ts drifts). */
function toEnum<T extends Record<string, string>>(enumObject: T, value: string): T[keyof T] {
  const member = Object.values(enumObject).find((v) => v === value);
  if (member === undefined) throw new Error(`Unsupported header value for CloudFront: ${value}`);
  return member as T[keyof T];
}
