import { Aws, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** Every alarm looks at 5-minute sums and fires on the first bad period (low traffic: 1 error matters). */
export const ALARM_PERIOD = Duration.minutes(5);
/** The metric the access-log filter counts 429s into (HTTP APIs publish no 429 metric of their own). */
export const THROTTLED_METRIC = { namespace: 'Clientela', name: 'ApiThrottledRequests' } as const;

/** Props of {@link Alarms}. */
export interface AlarmsProps {
  /** The API stage whose 5xx responses are watched. */
  readonly stage: IHttpStage;
  /** The stage's access log group (JSON lines with a string `status`): its 429s are counted. */
  readonly accessLogs: ILogGroup;
  /** The app functions, keyed by route name: an Errors and a Throttles alarm each. */
  readonly functions: ReadonlyMap<string, IFunction>;
  /** Optional address subscribed to the topic (it must confirm the subscription email). */
  readonly alarmEmail?: string;
}

/**
 * CloudWatch alarms on the API's 5xx and 429s, and on each function's errors and throttles, all
 * notifying one SNS topic.
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: readonly Alarm[];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    // A customer managed key: CloudWatch cannot publish to a topic encrypted with the AWS managed
    // aws/sns key (its key policy can't be changed), so alarms would silently never arrive.
    const key = new Key(this, 'TopicKey', {
      description: 'Clientela alarm topic encryption',
      enableKeyRotation: true,
      // It only protects alarm messages in transit through SNS: nothing to keep after a destroy
      // (a retained key would bill $1/month forever).
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    // Only on behalf of this account's alarms (a confused deputy can't use the key).
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarms',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Clientela alarms',
      masterKey: key,
      enforceSSL: true,
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
    const add = (alarmId: string, description: string, metric: IMetric): void => {
      const alarm = new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        // No traffic is not a problem.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new SnsAction(this.topic));
      alarm.addOkAction(new SnsAction(this.topic));
      alarms.push(alarm);
    };

    add(
      'Api5xx',
      'The API answered 5xx (a handler failed, timed out or was throttled by Lambda).',
      props.stage.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' }),
    );
    // Stage throttling answers 429 before any function runs; HTTP APIs count them only inside
    // 4xx, so the access log's `status` (a JSON string) is counted instead.
    const throttled = new MetricFilter(this, 'Api429Filter', {
      logGroup: props.accessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: THROTTLED_METRIC.namespace,
      metricName: THROTTLED_METRIC.name,
      metricValue: '1',
    });
    add(
      'Api429',
      'The API stage turned requests away with 429 (stage throttling: -c throttleRateLimit / throttleBurstLimit).',
      throttled.metric({ period: ALARM_PERIOD, statistic: 'Sum' }),
    );
    // One alarm per function for each metric (an alarm's metric math may hold at most 10
    // metrics, and the name says which route). Throttles are the app's own functions' only, not
    // the account's: another workload's throttling is not this app's alarm.
    for (const [name, fn] of props.functions) {
      add(
        `${name}Errors`,
        `The ${name} function failed (uncaught error or timeout).`,
        fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }),
      );
      add(
        `${name}Throttles`,
        `Lambda throttled the ${name} function (the account's concurrency in this region is used up).`,
        fn.metricThrottles({ period: ALARM_PERIOD, statistic: 'Sum' }),
      );
    }
    this.alarms = alarms;
  }
}
