import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';
import { TableAdoption } from './table-adoption.ts';

/** Props of {@link Data}. */
export interface DataProps {
  /**
   * Name of a table retained by an earlier deployment (after `cdk destroy`), or restored from a
   * backup. When set, that table is adopted instead of creating a new, empty one beside the
   * company's data: the deployment verifies it and turns on its protections ({@link TableAdoption}).
   */
  readonly existingTableName?: string;
  /** Retention of the adoption handler's logs. */
  readonly logRetention: RetentionDays;
  /** When the app was synthesized: an adopted table is verified again on every deploy. */
  readonly synthesizedAt: string;
}

const ATTRIBUTE_TYPES = { S: AttributeType.STRING, N: AttributeType.NUMBER, B: AttributeType.BINARY } as const;

/** The single DynamoDB table of the app (shape from lambdas/store/table.ts). */
export class Data extends Construct {
  /** The table the functions read and write; grants are scoped to its ARN. */
  readonly table: ITable;
  /** Set when the table is an adopted, pre-existing one: the resource that verifies it. */
  readonly adoption?: TableAdoption;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    if (props.existingTableName) {
      this.table = Table.fromTableName(this, 'Table', props.existingTableName);
      this.adoption = new TableAdoption(this, 'Adoption', {
        table: this.table,
        logRetention: props.logRetention,
        synthesizedAt: props.synthesizedAt,
      });
      return;
    }
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEY.partitionKey.name, type: ATTRIBUTE_TYPES[TABLE_KEY.partitionKey.type] },
      sortKey: { name: TABLE_KEY.sortKey.name, type: ATTRIBUTE_TYPES[TABLE_KEY.sortKey.type] },
      // On-demand: a small company's traffic is tiny and spiky; no capacity to plan or pay idle.
      billingMode: BillingMode.PAY_PER_REQUEST,
      // The AWS managed key (aws/dynamodb): every use is logged in CloudTrail, no monthly key fee,
      // and no customer key whose accidental disabling would lock the company out of its data.
      encryption: TableEncryption.AWS_MANAGED,
      // Restore to any second of the last 35 days (a bad import, a bug, a wrong delete).
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Customer data outlives the stack: CloudFormation can neither delete nor replace it.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // Idempotency records expire by themselves (expiry is also checked on read: TTL is late).
      timeToLiveAttribute: TTL_ATTRIBUTE,
    });
    // The list's index (sparse: only the index items carry its keys). CloudFormation adds one
    // index per table update: a later index is added in a release of its own (docs/architecture.md).
    for (const index of TABLE_INDEXES) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey.name, type: ATTRIBUTE_TYPES[index.partitionKey.type] },
        sortKey: { name: index.sortKey.name, type: ATTRIBUTE_TYPES[index.sortKey.type] },
        projectionType: ProjectionType.INCLUDE,
        nonKeyAttributes: [...index.projected],
      });
    }
    this.table = table;
  }
}
