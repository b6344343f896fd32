/** Strongly consistent reads: whole partitions (every page) and single items. */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { SEQUENCIA_KEY } from './items.ts';

type Stored = Record<string, unknown>;

/**
 * Every item of a partition, sorted by sk, following LastEvaluatedKey (a page stops at 1 MB).
 * `projection` names the attributes to return (keeps pages and time small).
 */
export async function queryAll(pk: string, projection: string): Promise<Stored[]> {
  const items: Stored[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: projection,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) items.push(item);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** One item by key, strongly consistent; undefined when missing. */
export async function getItem(key: { pk: string; sk: number }, projection?: string): Promise<Stored | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true, ProjectionExpression: projection }),
  );
  return out.Item;
}

/** The next id of an entity from the atomic counter (unique under concurrency; gaps are fine). */
export async function nextId(counter: 'categoria' | 'produto'): Promise<number> {
  const out = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: SEQUENCIA_KEY,
      UpdateExpression: 'ADD #c :one',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.[counter]);
}
