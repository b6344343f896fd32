/**
 * Creates the application table on a local endpoint, from the one definition of its shape
 * (lambdas/store/table.ts) that the CDK data construct uses too.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type GlobalSecondaryIndex,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE, type TableIndex } from '../../lambdas/store/table.ts';

/** An index of TABLE_INDEXES as CreateTable and UpdateTable take it. */
export const gsiOf = (index: TableIndex): GlobalSecondaryIndex => ({
  IndexName: index.name,
  KeySchema: [
    { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
    { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
  ],
  Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projected] },
});

const indexAttributes = (index: TableIndex) => [
  { AttributeName: index.partitionKey.name, AttributeType: index.partitionKey.type },
  { AttributeName: index.sortKey.name, AttributeType: index.sortKey.type },
];

/**
 * Adds the indexes of TABLE_INDEXES an existing table lacks (a `.data` table from before them),
 * one per update as DynamoDB requires, each waited for until ACTIVE. Returns their names.
 */
export async function ensureIndexes(client: DynamoDBClient, tableName: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const added: string[] = [];
  for (const index of TABLE_INDEXES) {
    const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    if (table?.GlobalSecondaryIndexes?.some((g) => g.IndexName === index.name)) continue;
    log(`Adding the index "${index.name}" to table "${tableName}"…`);
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: indexAttributes(index),
        GlobalSecondaryIndexUpdates: [{ Create: gsiOf(index) }],
      }),
    );
    for (let i = 0; ; i++) {
      const status = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.name)?.IndexStatus;
      if (status === 'ACTIVE') break;
      if (i > 600) throw new Error(`The index "${index.name}" of table "${tableName}" did not become active.`);
      await new Promise((r) => setTimeout(r, 500));
    }
    added.push(index.name);
  }
  return added;
}

/**
 * Ensures `tableName` exists (key schema from TABLE_KEY, the indexes of TABLE_INDEXES, on-demand
 * billing, TTL on TTL_ATTRIBUTE); an existing one gets the indexes it lacks. Returns true when
 * this call created it, false when it was already there.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string, log?: (line: string) => void): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    await ensureIndexes(client, tableName, log);
    return false;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  const { partitionKey, sortKey } = TABLE_KEY;
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: partitionKey.name, AttributeType: partitionKey.type },
          { AttributeName: sortKey.name, AttributeType: sortKey.type },
          ...TABLE_INDEXES.flatMap(indexAttributes),
        ],
        GlobalSecondaryIndexes: TABLE_INDEXES.map(gsiOf),
        KeySchema: [
          { AttributeName: partitionKey.name, KeyType: 'HASH' },
          { AttributeName: sortKey.name, KeyType: 'RANGE' },
        ],
      }),
    );
  } catch (err) {
    // Another process created it between our describe and create.
    if (err instanceof ResourceInUseException) return false;
    throw err;
  }
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
  // DynamoDB Local accepts UpdateTimeToLive (it records the setting; expiry is best effort).
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
  return true;
}
