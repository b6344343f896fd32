import { Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DEFAULT_TIME_ZONE, LIMITS } from '../../lambdas/contract/limits.ts';
import { API_BASE_PATH, CORS, isSignInOnly, type RouteDef } from '../../lambdas/routes.ts';
import { TABLE_INDEXES } from '../../lambdas/store/table.ts';
import { createAppFunction, type FunctionDefaults } from './functions.ts';
import type { OriginVerify } from './origin-verify.ts';

/** A short timeout: every route is one or two DynamoDB round trips. */
export const FUNCTION_TIMEOUT = Duration.seconds(10);
/** Tag on every app function (CDK helper functions don't carry it); the value is the route name. */
export const ROUTE_TAG = 'clientela:route';
/** The stage name: it is also the first path segment, so `/api/...` works directly and via CloudFront. */
export const STAGE_NAME = API_BASE_PATH.replace(/^\//, '');

/**
 * The stage's access log line: JSON (every value a string, so a missing one stays valid JSON)
 * with the given `$context` variables and the stack's name as `stack` (the 429 metric's dimension).
 */
export function accessLogFormat(stackName: string, fields: Record<string, string>): string {
  return JSON.stringify({ stack: stackName, ...fields });
}

/** The user pool whose access tokens open the API (sign-in on). */
export interface ApiAuth {
  readonly userPool: IUserPool;
  /** The web's app client: the only audience (`client_id`) the authorizer accepts. */
  readonly client: IUserPoolClient;
  /** The pool's token issuer (the HTTP layer checks `iss` against it too). */
  readonly issuer: string;
}

/**
 * The functions' sign-in environment: with a pool, `AUTH_MODE=cognito` and what the
 * HTTP layer checks the authorizer's claims against (and the users handlers call); without one,
 * the spec's open mode.
 */
export function authEnvironment(auth: ApiAuth | undefined): Record<string, string> {
  if (!auth) return { AUTH_MODE: 'off' };
  return {
    AUTH_MODE: 'cognito',
    AUTH_ISSUER: auth.issuer,
    AUTH_CLIENT_ID: auth.client.userPoolClientId,
    USER_POOL_ID: auth.userPool.userPoolId,
  };
}

/** Props of {@link Api}. */
export interface ApiProps extends FunctionDefaults {
  /** The table every function reads and writes (grants are scoped to its ARN). */
  readonly table: ITable;
  /** The secret every function requires in CloudFront's origin header (in its environment). */
  readonly originVerify: Pick<OriginVerify, 'envName' | 'value'> & Partial<Pick<OriginVerify, 'previousEnvName' | 'previousValue'>>;
  /**
   * THE route table: one function and one route per row (with sign-in off, the rows that call the
   * user pool are left out).
   */
  readonly routes: readonly RouteDef[];
  /** Sign-in: a JWT authorizer on every route. Absent: the spec's open mode (`auth: "off"`). */
  readonly auth?: ApiAuth;
  /** Origins allowed to call the API cross-origin; empty: no CORS at all. */
  readonly corsOrigins: readonly string[];
  /** Stage throttling: steady requests per second. */
  readonly throttleRateLimit: number;
  /** Stage throttling: burst capacity. */
  readonly throttleBurstLimit: number;
  /** Retention of the access logs and of every function's logs. */
  readonly logRetention: RetentionDays;
  /** Days a deleted record stays in the trash (TRASH_DAYS of every function). @default LIMITS.trashDays.default */
  readonly trashDays?: number;
  /** The company's IANA time zone (TIME_ZONE of every function: the tarefas' day boundaries). @default DEFAULT_TIME_ZONE */
  readonly timeZone?: string;
}

/** The HTTP API (stage `api`) with one Lambda function per row of the route table. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The stage's access log group (one JSON line per request). */
  readonly accessLogs: LogGroup;
  /** The app functions, keyed by route name. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;
  /** The API's host name, for the CloudFront origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const cors = props.corsOrigins.length > 0;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Clientela REST API',
      // Every route, `$default` included, needs an access token of the web's client: API Gateway
      // checks its signature, issuer, audience and expiry before any function runs (401 otherwise).
      // CORS preflight is answered by API Gateway itself, before any route or authorizer.
      defaultAuthorizer: props.auth
        ? new HttpUserPoolAuthorizer('Authorizer', props.auth.userPool, {
            userPoolClients: [props.auth.client],
            identitySource: ['$request.header.Authorization'],
          })
        : undefined,
      // One explicit stage `api` instead of `$default`, so paths keep their `/api` prefix.
      createDefaultStage: false,
      // Without an allow-list there is no CORS at all: the site calls its own origin. With one,
      // API Gateway answers preflight itself, from the same rules the handlers use locally.
      corsPreflight: cors
        ? {
            allowOrigins: [...props.corsOrigins],
            allowMethods: CORS.allowMethods.map((m) => CorsHttpMethod[m]),
            allowHeaders: [...CORS.allowHeaders],
            exposeHeaders: [...CORS.exposeHeaders],
            maxAge: Duration.seconds(CORS.maxAgeSeconds),
          }
        : undefined,
    });

    // Logs expire with their retention and go with the stack (only the table is retained).
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    this.accessLogs = accessLogs;
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.httpApi,
      stageName: STAGE_NAME,
      autoDeploy: true,
      // Caps what a runaway client (or a loop in the web app) can cost.
      throttle: { rateLimit: props.throttleRateLimit, burstLimit: props.throttleBurstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // JSON, HTTP API variables only (the REST API presets name variables HTTP APIs lack).
        format: AccessLogFormat.custom(
          accessLogFormat(Stack.of(this).stackName, {
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            httpMethod: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integration.latency',
            integrationStatus: '$context.integration.status',
            integrationError: '$context.integrationErrorMessage',
            errorMessage: '$context.error.message',
            userAgent: '$context.identity.userAgent',
            // Who called (the access token's `username`: the e-mail), and why the authorizer refused.
            user: '$context.authorizer.claims.username',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const functions = new Map<string, NodejsFunction>();
    for (const route of props.routes.filter((r) => props.auth !== undefined || !isSignInOnly(r))) {
      const fn = this.routeFunction(route, props);
      functions.set(route.name, fn);
      const integration = new HttpLambdaIntegration(`${route.name}Integration`, fn);
      new HttpRoute(this, `${route.name}Route`, {
        httpApi: this.httpApi,
        routeKey:
          route.routeKey === HttpRouteKey.DEFAULT.key
            ? HttpRouteKey.DEFAULT
            : HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
      });
    }
    this.functions = functions;
    if (!props.auth) {
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'Deployed with auth "off" (clientela.config.json, with its openAccess acknowledgement), the spec\'s open mode the company chose: no sign-in, so anyone with the ' +
          'URL can read and change the data (stack output OpenAccess, SECURITY.md). Only stage throttling caps abuse.',
      });
    }
    this.domainName = Fn.parseDomainName(this.httpApi.apiEndpoint);
  }

  /** One function for one route: its own log group and a role with exactly the route's actions. */
  private routeFunction(route: RouteDef, props: ApiProps): NodejsFunction {
    const environment: Record<string, string> = {
      TABLE_NAME: props.table.tableName,
      [props.originVerify.envName]: props.originVerify.value,
      ...(props.originVerify.previousEnvName && props.originVerify.previousValue
        ? { [props.originVerify.previousEnvName]: props.originVerify.previousValue }
        : {}),
      ...authEnvironment(props.auth),
      // A delete stamps its trash entry's TTL from it (lambdas/store/lixeira.ts).
      TRASH_DAYS: String(props.trashDays ?? LIMITS.trashDays.default),
      // The tarefas' days (`desde`/`ate`, today's and overdue counts) are the company's (services/tarefas.ts).
      TIME_ZONE: props.timeZone ?? DEFAULT_TIME_ZONE,
    };
    if (props.corsOrigins.length > 0) environment.CORS_ORIGINS = props.corsOrigins.join(',');
    return createAppFunction(this, {
      name: route.name,
      handler: route.handler,
      description: `Clientela ${route.routeKey}`,
      handlersDir: props.handlersDir,
      projectRoot: props.projectRoot,
      logRetention: props.logRetention,
      memorySize: props.memorySize,
      bundleAwsSdk: props.bundleAwsSdk,
      timeout: FUNCTION_TIMEOUT,
      environment,
      grants: [
        // The list routes query the table's indexes, which a grant on the table alone does not cover.
        { actions: route.actions, resources: [props.table.tableArn, ...(route.readsIndexes ? TABLE_INDEXES.map((i) => `${props.table.tableArn}/index/${i.name}`) : [])] },
        // Only with sign-in: the open mode has no pool to call.
        ...(props.auth ? [{ actions: route.userPoolActions ?? [], resources: [props.auth.userPool.userPoolArn] }] : []),
      ],
      tag: [ROUTE_TAG, route.name],
      acknowledgements: [
        {
          id: 'Serverless-LambdaDLQ',
          reason:
            'Invoked synchronously by API Gateway only: a failure is returned to the caller; a DLQ ' +
            'would only ever receive failed asynchronous invocations, of which there are none.',
        },
        {
          id: 'Serverless-LambdaTracing',
          reason:
            'X-Ray active tracing would add xray:* on Resource * to every role and start-up time for ' +
            'one or two DynamoDB calls per request; JSON logs with request ids and the alarms cover it.',
        },
      ],
    });
  }
}
