/**
 * Creates the application table on a local endpoint, from the one definition of its shape
 * (lambdas/store/table.ts) that the CDK data construct uses too.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';

/**
 * Ensures `tableName` exists (key schema from TABLE_KEY, on-demand billing, TTL on
 * TTL_ATTRIBUTE). Returns true when this call created it, false when it was already there.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
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
        ],
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
