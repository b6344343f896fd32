import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CustomResource, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';
import type { AdoptionProperties } from '../custom-resources/adopt-table.ts';
import { esmBundling, FUNCTION_RUNTIME } from './functions.ts';

/** The deploy-time handler (verifies the table, turns its protections on). */
export const ADOPT_TABLE_ENTRY = fileURLToPath(new URL('../custom-resources/adopt-table.ts', import.meta.url));
/** The repository root (package.json, lock file, esbuild). */
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** CloudFormation type of the resource. */
export const TABLE_ADOPTION_TYPE = 'Custom::ClientelaTableAdoption';
/** Exactly what the handler calls, on the adopted table's ARN only. */
export const TABLE_ADOPTION_ACTIONS = [
  'dynamodb:DescribeTable',
  'dynamodb:DescribeContinuousBackups',
  'dynamodb:UpdateContinuousBackups',
  'dynamodb:DescribeTimeToLive',
  'dynamodb:UpdateTimeToLive',
  'dynamodb:UpdateTable',
] as const;

/** Props of {@link TableAdoption}. */
export interface TableAdoptionProps {
  /** The table imported by name (`Table.fromTableName`). */
  readonly table: ITable;
  /** Retention of the handler's logs. */
  readonly logRetention: RetentionDays;
  /**
   * When the app was synthesized (ISO 8601, infra/app.ts): a property that changes on every
   * synth, so every deploy calls the handler again (CloudFormation calls a custom resource only
   * when it is created or its properties change).
   */
  readonly synthesizedAt: string;
}

/**
 * Re-adoption of a retained table that keeps its protections: a table imported by name gets
 * none from CloudFormation (and a restored one comes back without PITR, TTL and deletion
 * protection), and a mistyped name would deploy fine and answer 500 forever.
 *
 * Why a custom resource and not `cdk import`: import brings the table under CloudFormation but
 * applies none of the template's properties until a later change, needs an interactive step
 * with the physical name, and must run alone before the first deploy. This resource runs inside
 * every deploy that adopts a table (its `SynthesizedAt` changes with every synth): it fails the
 * deployment (rolled back, nothing half-made) on a missing or foreign table, and turns on
 * whatever protection is off, and on-demand billing. The table stays outside the stack, so a
 * `cdk destroy` can never touch it.
 */
export class TableAdoption extends Construct {
  readonly resource: CustomResource;
  readonly handler: NodejsFunction;

  constructor(scope: Construct, id: string, props: TableAdoptionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Clientela: verifies the adopted table and turns its protections on',
    });
    logGroup.grantWrite(role);
    role.addToPolicy(new PolicyStatement({ actions: [...TABLE_ADOPTION_ACTIONS], resources: [props.table.tableArn] }));

    this.handler = new NodejsFunction(this, 'Handler', {
      description: 'Clientela: verifies the adopted table and turns its protections on (deploy time)',
      entry: ADOPT_TABLE_ENTRY,
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      // Up to 13 minutes of waiting for the table, PITR after a restore, or a new index's build,
      // then the answer (a build still running then fails the deploy; the next one waits for it).
      timeout: Duration.minutes(15),
      role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      // Runs a few times a year: the runtime's own SDK keeps the asset tiny.
      bundling: esmBundling({ bundleAwsSdk: false, projectRoot: PROJECT_ROOT }),
    });
    Validations.of(this.handler).acknowledge(
      {
        id: 'Serverless-LambdaDLQ',
        reason:
          'Invoked by CloudFormation during deployments only, and it always answers CloudFormation itself ' +
          '(SUCCESS, or FAILED with the reason shown by the deployment): a dead-letter queue would have no reader.',
      },
      { id: 'Serverless-LambdaTracing', reason: 'Runs only during deployments that adopt a table: a few calls, logged.' },
    );

    const properties: AdoptionProperties = {
      TableName: props.table.tableName,
      PartitionKey: { Name: TABLE_KEY.partitionKey.name, Type: TABLE_KEY.partitionKey.type },
      SortKey: { Name: TABLE_KEY.sortKey.name, Type: TABLE_KEY.sortKey.type },
      TimeToLiveAttribute: TTL_ATTRIBUTE,
      Indexes: TABLE_INDEXES.map((i) => ({
        Name: i.name,
        PartitionKey: { Name: i.partitionKey.name, Type: i.partitionKey.type },
        SortKey: { Name: i.sortKey.name, Type: i.sortKey.type },
        NonKeyAttributes: [...i.projected],
      })),
      SynthesizedAt: props.synthesizedAt,
    };
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: this.handler.functionArn,
      resourceType: TABLE_ADOPTION_TYPE,
      properties: { ...properties },
    });
    // The log group and the permissions exist before CloudFormation calls the handler.
    this.resource.node.addDependency(role, logGroup);
  }
}
