import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { JobDef } from '../../lambdas/routes.ts';
import { createAppFunction, type FunctionDefaults } from './functions.ts';

/** Tag on every scheduled function; the value is the job's name (route functions carry ROUTE_TAG). */
export const JOB_TAG = 'clientela:job';

/** Props of {@link Jobs}. */
export interface JobsProps extends FunctionDefaults {
  readonly table: ITable;
  /** The jobs (lambdas/routes.ts `jobs`). */
  readonly jobs: readonly JobDef[];
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
      const fn = createAppFunction(this, {
        name: job.name,
        handler: job.handler,
        description: job.description,
        handlersDir: props.handlersDir,
        projectRoot: props.projectRoot,
        logRetention: props.logRetention,
        memorySize: props.memorySize,
        bundleAwsSdk: props.bundleAwsSdk,
        timeout: Duration.minutes(job.timeoutMinutes),
        environment: { TABLE_NAME: props.table.tableName },
        grants: [{ actions: job.actions, resources: [props.table.tableArn] }],
        tag: [JOB_TAG, job.name],
        acknowledgements: [
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
        ],
      });
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
      functions.set(job.name, fn);
    }
    this.functions = functions;
  }
}
