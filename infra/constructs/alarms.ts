import { Aws, Duration, Tags, Validations, type Stack } from 'aws-cdk-lib';
import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  LogQueryWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** Alarms look at 5-minute sums and fire on the first bad period (low traffic: 1 error matters). */
export const ALARM_PERIOD = Duration.minutes(5);
/**
 * The metric the access-log filter counts 429s into (HTTP APIs publish no 429 metric of their
 * own), with the stack's name as its `Stack` dimension: a staging copy counts its own.
 */
export const THROTTLED_METRIC = { namespace: 'Clientela', name: 'ApiThrottledRequests', dimension: 'Stack' } as const;
/** The 4xx ratio that means the site is locked out (401/403 for everyone): percent, requests, window. */
export const CLIENT_ERROR_RATIO = { percent: 50, minRequests: 20, window: Duration.minutes(15) } as const;
/** A scheduled job with no successful run for this long has stopped (trashDays depends on the sweep). */
export const JOB_SILENCE = Duration.hours(2);
/**
 * CloudWatch's free tier counts alarm metrics (each metric an alarm reads), 10 per account and
 * region: the stack stays within it. A staging copy in the same account and region doubles them.
 */
export const MAX_ALARM_METRICS = 10;
/** The cost-allocation tag on every resource of the stack (the budget can count only it). */
export const STACK_TAG = 'clientela:stack';
/** The budget e-mails at this share of the amount spent, and when the month's forecast passes it all. */
export const BUDGET_ACTUAL_PERCENT = 80;

/** A metric read as its sum over `period` (how every alarm and graph here counts), with a graph's label. */
const sumOver = (period: Duration, label?: string) => ({ period, statistic: 'Sum', ...(label === undefined ? {} : { label }) });

/** Two metrics added or subtracted, a period without data counting as 0 (a count publishes nothing at 0). */
function combined(first: [string, IMetric], operator: '+' | '-', second: [string, IMetric], period: Duration, label: string): MathExpression {
  return new MathExpression({
    expression: `FILL(${first[0]}, 0) ${operator} FILL(${second[0]}, 0)`,
    usingMetrics: { [first[0]]: first[1], [second[0]]: second[1] },
    period,
    label,
  });
}

/** Props of {@link Alarms}. */
export interface AlarmsProps {
  /** The API stage: 5xx, the 4xx ratio. */
  readonly stage: IHttpStage;
  /** The stage's access log group (JSON lines with a string `status` and the `stack`): 429s, p95 per route. */
  readonly accessLogs: ILogGroup;
  /** The table: its read and write throttle events. */
  readonly table: ITable;
  /** The scheduled functions, keyed by job name: their errors and their silence. */
  readonly jobs: ReadonlyMap<string, IFunction>;
  /** Who is told (alarms and budget); without it the topic has no subscriber (the deploy warns). */
  readonly alarmEmail?: string;
  /** The stack's name (`Clientela`, `Clientela-staging`): dashboard, budget and the 429 metric carry it. */
  readonly stackName: string;
  /** The budget's monthly amount in USD. */
  readonly monthlyBudgetUsd: number;
  /** Count only resources with the stack's cost-allocation tag (once the operator activated it). */
  readonly budgetByTag: boolean;
}

/**
 * What tells the operator something is wrong: a handful of alarms, each with a reason (at most
 * MAX_ALARM_METRICS metrics in all), into one SNS topic with the alarm e-mail; a dashboard of
 * free metrics plus the p95 per route from the access log; a monthly budget.
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: readonly Alarm[];
  readonly dashboard: Dashboard;
  readonly budget: CfnBudget;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    // No customer managed key: alarm messages carry alarm names and metric values, no customer
    // data, and a key would cost $1 a month (a third of the stack's bill); CloudWatch can't use
    // the AWS managed aws/sns key. enforceSSL keeps them encrypted in transit.
    this.topic = new Topic(this, 'Topic', { displayName: 'Clientela alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'No server-side encryption: the topic carries alarm names and metric values only (no customer data); the AWS ' +
        'managed aws/sns key cannot be used by CloudWatch and a customer managed key costs $1/month. Publishing needs TLS.',
    });
    // enforceSSL writes a topic policy, and a topic policy replaces SNS's default one (which let
    // the account's services publish): without this Allow, CloudWatch is refused SNS:Publish and
    // the alarms fire without a single e-mail. Only this account's alarms may publish.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarms',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:*` },
        },
      }),
    );
    if (props.alarmEmail) {
      this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
      Validations.of(this.topic).acknowledge({
        id: 'Serverless-SNSRedrivePolicy',
        reason:
          'E-mail subscription: SNS retries delivery itself, and a dead-letter queue of alarm mails ' +
          'would have no reader; the alarm state stays visible in CloudWatch.',
      });
    }

    const alarms: Alarm[] = [];
    const add = (
      alarmId: string,
      description: string,
      metric: IMetric,
      options: { threshold?: number; operator?: ComparisonOperator; periods?: number; missing?: TreatMissingData } = {},
    ): void => {
      const alarm = new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold: options.threshold ?? 1,
        comparisonOperator: options.operator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: options.periods ?? 1,
        // No traffic is not a problem (the jobs' silence alarm says otherwise for itself).
        treatMissingData: options.missing ?? TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new SnsAction(this.topic));
      alarm.addOkAction(new SnsAction(this.topic));
      alarms.push(alarm);
    };

    add(
      'Api5xx',
      'The API answered 5xx (a handler failed, timed out or was throttled by Lambda).',
      props.stage.metricServerError(sumOver(ALARM_PERIOD)),
    );
    // A locked-out site shows as 401/403 for everyone (an authorizer or origin-secret mismatch),
    // never as 5xx. At least 20 requests, so one person mistyping a password is not an outage.
    const window = CLIENT_ERROR_RATIO.window;
    add(
      'Api4xxRatio',
      `At least ${CLIENT_ERROR_RATIO.percent}% of at least ${CLIENT_ERROR_RATIO.minRequests} API requests in ${window.toMinutes()} ` +
        'minutes were refused with 4xx: sign-in or the origin secret may be broken for everyone.',
      new MathExpression({
        expression: `IF(requests >= ${CLIENT_ERROR_RATIO.minRequests}, 100 * FILL(refused, 0) / requests, 0)`,
        usingMetrics: {
          refused: props.stage.metricClientError(sumOver(window)),
          requests: props.stage.metricCount(sumOver(window)),
        },
        period: window,
        label: '4xx % of requests',
      }),
      { threshold: CLIENT_ERROR_RATIO.percent },
    );
    // Stage throttling answers 429 before any function runs; HTTP APIs count them only inside
    // 4xx, so the access log's `status` (a JSON string) is counted instead.
    const throttled = new MetricFilter(this, 'Api429Filter', {
      logGroup: props.accessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: THROTTLED_METRIC.namespace,
      metricName: THROTTLED_METRIC.name,
      metricValue: '1',
      dimensions: { [THROTTLED_METRIC.dimension]: '$.stack' },
    });
    add(
      'Api429',
      'The API stage turned requests away with 429 (stage throttling: throttleRateLimit / throttleBurstLimit in clientela.config.json).',
      throttled.metric({ ...sumOver(ALARM_PERIOD), dimensionsMap: { [THROTTLED_METRIC.dimension]: props.stackName } }),
    );
    for (const [name, fn] of props.jobs) {
      const hour = Duration.hours(1);
      add(`${name}Errors`, `A run of the ${name} job failed (uncaught error or timeout).`, fn.metricErrors(sumOver(ALARM_PERIOD)));
      // Missing data is the failure here: a schedule that stopped firing publishes nothing.
      add(
        `${name}Silent`,
        `The ${name} job has had no successful run for ${JOB_SILENCE.toHours()} hours: deleted records are not erased on time.`,
        combined(['runs', fn.metricInvocations(sumOver(hour))], '-', ['failed', fn.metricErrors(sumOver(hour))], hour, 'successful runs'),
        {
          threshold: 1,
          operator: ComparisonOperator.LESS_THAN_THRESHOLD,
          periods: JOB_SILENCE.toHours(),
          missing: TreatMissingData.BREACHING,
        },
      );
    }
    add(
      'TableThrottles',
      'DynamoDB throttled reads or writes of the table (requests were slowed or failed).',
      combined(
        ['reads', props.table.metric('ReadThrottleEvents', sumOver(ALARM_PERIOD))],
        '+',
        ['writes', props.table.metric('WriteThrottleEvents', sumOver(ALARM_PERIOD))],
        ALARM_PERIOD,
        'throttle events',
      ),
    );
    // Account-wide: one metric instead of one per function; when Lambda throttles, the account's
    // concurrency in the region is used up, for this app and everything beside it.
    add(
      'LambdaThrottles',
      "Lambda throttled functions in this account and region (its concurrency is used up): the API may answer 5xx/503.",
      new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', ...sumOver(ALARM_PERIOD) }),
    );
    this.alarms = alarms;

    this.dashboard = this.buildDashboard(props);

    const budgetEmail = props.alarmEmail;
    this.budget = new CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${props.stackName}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
        // A filter on a cost-allocation tag that is not activated matches nothing: only once the
        // operator activated it (docs/deploy.md) does the budget count the stack alone.
        costFilters: props.budgetByTag ? { TagKeyValue: [`user:${STACK_TAG}$${props.stackName}`] } : undefined,
      },
      notificationsWithSubscribers: budgetEmail
        ? [
            {
              notification: {
                notificationType: 'ACTUAL',
                comparisonOperator: 'GREATER_THAN',
                threshold: BUDGET_ACTUAL_PERCENT,
                thresholdType: 'PERCENTAGE',
              },
              subscribers: [{ subscriptionType: 'EMAIL', address: budgetEmail }],
            },
            {
              notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' },
              subscribers: [{ subscriptionType: 'EMAIL', address: budgetEmail }],
            },
          ]
        : undefined,
    });
  }

  /** One dashboard: AWS's own (free) metrics, and the p95 latency per route from the access log. */
  private buildDashboard(props: AlarmsProps): Dashboard {
    const period = ALARM_PERIOD;
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: props.stackName,
      defaultInterval: Duration.days(1),
    });
    const lambda = (metricName: string, statistic = 'Sum') => new Metric({ namespace: 'AWS/Lambda', metricName, period, statistic });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# ${props.stackName}\nAlarms go to the alarm topic; runbooks in docs/deploy.md.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        left: [
          props.stage.metricCount(sumOver(period, 'requests')),
          props.stage.metricClientError(sumOver(period, '4xx')),
          props.stage.metricServerError(sumOver(period, '5xx')),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'API latency (ms)',
        left: [
          props.stage.metricLatency({ period, statistic: 'p95', label: 'p95' }),
          props.stage.metricIntegrationLatency({ period, statistic: 'p95', label: 'integration p95' }),
        ],
        width: 12,
      }),
    );
    const jobMetrics = [...props.jobs].flatMap(([name, fn]) => [
      fn.metricInvocations(sumOver(Duration.hours(1), `${name} runs`)),
      fn.metricErrors(sumOver(Duration.hours(1), `${name} errors`)),
    ]);
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda (account and region)',
        left: [lambda('Invocations'), lambda('Errors'), lambda('Throttles')],
        right: [lambda('ConcurrentExecutions', 'Maximum')],
        width: 8,
      }),
      new GraphWidget({
        title: 'DynamoDB table',
        left: [
          props.table.metricConsumedReadCapacityUnits(sumOver(period, 'read units')),
          props.table.metricConsumedWriteCapacityUnits(sumOver(period, 'write units')),
        ],
        right: [
          props.table.metric('ReadThrottleEvents', sumOver(period, 'read throttles')),
          props.table.metric('WriteThrottleEvents', sumOver(period, 'write throttles')),
        ],
        width: 8,
      }),
      new GraphWidget({ title: 'Scheduled jobs (hourly)', left: jobMetrics, width: 8 }),
    );
    dashboard.addWidgets(
      new LogQueryWidget({
        title: 'p95 latency per route (access log)',
        logGroupNames: [props.accessLogs.logGroupName],
        queryLines: [
          'fields routeKey, responseLatency',
          'filter ispresent(routeKey)',
          'stats pct(responseLatency, 95) as p95_ms, count(*) as requests by routeKey',
          'sort p95_ms desc',
        ],
        width: 24,
        height: 8,
      }),
    );
    return dashboard;
  }
}

/** The number of metrics each alarm of a template reads (a metric alarm 1, a math alarm its metrics). */
export function alarmMetricCount(alarm: { MetricName?: unknown; Metrics?: { MetricStat?: unknown }[] }): number {
  if (alarm.MetricName !== undefined) return 1;
  return (alarm.Metrics ?? []).filter((m) => m.MetricStat !== undefined).length;
}

/** Tags every taggable resource of the stack with its name (the budget's cost-allocation tag). */
export function tagStackResources(stack: Stack): void {
  Tags.of(stack).add(STACK_TAG, stack.stackName);
}
