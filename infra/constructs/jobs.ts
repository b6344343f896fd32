import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { JobDef } from '../../lambdas/routes.ts';
import { TABLE_INDEXES } from '../../lambdas/store/table.ts';
import { createAppFunction, type FunctionDefaults } from './functions.ts';

/** Tag on every scheduled function; the value is the job's name (route functions carry ROUTE_TAG). */
export const JOB_TAG = 'clientela:job';

/** Props of {@link Jobs}. */
export interface JobsProps extends FunctionDefaults {
  readonly table: ITable;
  /** The jobs (lambdas/routes.ts `jobs`). */
  readonly jobs: readonly JobDef[];
  /** Sign-in on: the user pool the sign-in-only jobs read. Absent: those jobs are left out. */
  readonly userPool?: IUserPool;
  /** The settings' `timeZone`: the daily jobs run at their wall-clock time there (and count its days). */
  readonly timeZone: string;
  /** The settings' `sesFromEmail`: the mail jobs send from it; absent, they send nothing. */
  readonly mailFrom?: string;
  /** The site's URL, for the links in the e-mails. */
  readonly siteUrl: string;
}

/**
 * The SES identities an address may send as: the address itself or its domain, whichever of them
 * is verified (docs/deploy.md).
 */
export function sesIdentityArns(stack: Stack, address: string): string[] {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return [address, domain].map((identity) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }));
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
    for (const job of props.jobs.filter((j) => props.userPool !== undefined || j.signInOnly !== true)) {
      const indexes = job.readsIndexes ? TABLE_INDEXES.map((i) => `${props.table.tableArn}/index/${i.name}`) : [];
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
        // Each job gets only what it reads: the table, and for the reminders the pool, the zone
        // its days are counted in, the site for its links and the sender.
        environment: {
          TABLE_NAME: props.table.tableName,
          ...(job.signInOnly && props.userPool ? { AUTH_MODE: 'cognito', USER_POOL_ID: props.userPool.userPoolId } : {}),
          ...(job.dailyAt ? { TIME_ZONE: props.timeZone } : {}),
          ...(job.sendsMail ? { SITE_URL: props.siteUrl, ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}) } : {}),
        },
        grants: [
          { actions: job.actions, resources: [props.table.tableArn, ...indexes] },
          ...(props.userPool && job.userPoolActions ? [{ actions: job.userPoolActions, resources: [props.userPool.userPoolArn] }] : []),
        ],
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
      if (job.sendsMail && props.mailFrom) {
        // SendEmail from the settings' sender only (the condition), as that address or its domain.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: sesIdentityArns(Stack.of(this), props.mailFrom),
            conditions: { StringEquals: { 'ses:FromAddress': props.mailFrom } },
          }),
        );
      }
      functions.set(job.name, fn);
      if (job.dailyAt) {
        // EventBridge rules are UTC only: Scheduler runs it at the company's wall-clock time,
        // daylight-saving changes included.
        // Its own role, allowed to invoke this function only (the L2 target's grant adds `:*`).
        const role = new Role(this, `${job.name}ScheduleRole`, {
          description: `Lets EventBridge Scheduler run ${job.name}`,
          assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
        });
        role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
        new CfnSchedule(this, `${job.name}Schedule`, {
          description: job.description,
          scheduleExpression: `cron(${job.dailyAt.minute} ${job.dailyAt.hour} * * ? *)`,
          scheduleExpressionTimezone: props.timeZone,
          flexibleTimeWindow: { mode: 'OFF' },
          state: 'ENABLED',
          // Not retried by the schedule: the Errors log says so, and the next morning runs again
          // (the function's per-person claims would make a retry safe, not useful).
          target: { arn: fn.functionArn, roleArn: role.roleArn, retryPolicy: { maximumRetryAttempts: 0 } },
        });
        continue;
      }
      const rule = new Rule(this, `${job.name}Schedule`, {
        description: job.description,
        schedule: Schedule.rate(Duration.minutes(job.everyMinutes ?? 60)),
        // A failed run is not retried: the next one does the same work.
        targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
      });
      Validations.of(rule).acknowledge({
        id: 'Serverless-EventBusDLQ',
        reason: 'A schedule: an event EventBridge could not deliver carries nothing; the next run does the same work.',
      });
    }
    this.functions = functions;
  }
}
