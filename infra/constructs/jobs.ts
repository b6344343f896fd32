import * as path from 'node:path';
import { Duration, RemovalPolicy, Tags, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { JobDef } from '../../lambdas/routes.ts';
import { BUNDLE_AWS_SDK, esmBundling, FUNCTION_MEMORY_MB, FUNCTION_RUNTIME } from './api.ts';

/** Tag on every scheduled function; the value is the job's name (route functions carry ROUTE_TAG). */
export const JOB_TAG = 'clientela:job';

/** Props of {@link Jobs}. */
export interface JobsProps {
  readonly table: ITable;
  /** The jobs (lambdas/routes.ts `jobs`). */
  readonly jobs: readonly JobDef[];
  /** Folder with `<handler>.ts` files (lambdas/handlers). */
  readonly handlersDir: string;
  readonly projectRoot: string;
  readonly logRetention: RetentionDays;
  /** @default FUNCTION_MEMORY_MB */
  readonly memorySize?: number;
  /** @default BUNDLE_AWS_SDK */
  readonly bundleAwsSdk?: boolean;
}

/**
 * The scheduled functions: one per job row, run by an EventBridge rule every `everyMinutes`, each
 * with its own log group and a role with exactly its row's table actions (as the route functions).
 */
export class Jobs extends Construct {
  /** The job functions, keyed by job name. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const functions = new Map<string, NodejsFunction>();
    for (const job of props.jobs) {
      const logGroup = new LogGroup(this, `${job.name}Logs`, { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
      const role = new Role(this, `${job.name}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: job.description });
      logGroup.grantWrite(role);
      if (job.actions.length > 0) role.addToPolicy(new PolicyStatement({ actions: [...job.actions], resources: [props.table.tableArn] }));
      const bundleAwsSdk = props.bundleAwsSdk ?? BUNDLE_AWS_SDK;
      const fn = new NodejsFunction(this, `${job.name}Function`, {
        description: job.description,
        entry: path.join(props.handlersDir, `${job.handler}.ts`),
        handler: 'handler',
        projectRoot: props.projectRoot,
        depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
        runtime: FUNCTION_RUNTIME,
        architecture: Architecture.ARM_64,
        memorySize: props.memorySize ?? FUNCTION_MEMORY_MB,
        timeout: Duration.minutes(job.timeoutMinutes),
        role,
        environment: { TABLE_NAME: props.table.tableName },
        logGroup,
        loggingFormat: LoggingFormat.JSON,
        bundling: esmBundling({ bundleAwsSdk, projectRoot: props.projectRoot }),
      });
      Tags.of(fn).add(JOB_TAG, job.name);
      const rule = new Rule(this, `${job.name}Schedule`, {
        description: job.description,
        schedule: Schedule.rate(Duration.minutes(job.everyMinutes)),
        // A failed run is not retried: the next one does the same work.
        targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
      });
      Validations.of(rule).acknowledge({
        id: 'Serverless-EventBusDLQ',
        reason: 'A schedule: an event EventBridge could not deliver carries nothing; the next run does the same work.',
      });
      Validations.of(fn).acknowledge(
        {
          id: 'Serverless-LambdaDLQ',
          reason:
            'Run by its schedule: a failed run leaves its work in the table for the next run, so a dead-letter ' +
            'queue of schedule events would hold nothing to redo; the Errors alarm reports the failure.',
        },
        {
          id: 'Serverless-LambdaTracing',
          reason: 'X-Ray active tracing would add xray:* on Resource * to the role; JSON logs and the alarms cover a batch job.',
        },
      );
      functions.set(job.name, fn);
    }
    this.functions = functions;
  }
}
