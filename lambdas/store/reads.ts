/** Strongly consistent reads: whole partitions (every page) and single items. */
import { GetCommand, QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { defaultDb, documentClient, tableName, type Database } from './client.ts';
import type { Stored } from './items.ts';

/**
 * Items a list page may evaluate: above what a 1 MB page holds (about 8,200 clients of typical
 * size), so on AWS the pages stay the 1 MB ones. DynamoDB Local reads the whole rest of the
 * partition for every page unless a Limit bounds it, which made lists quadratic locally.
 */
export const QUERY_PAGE_LIMIT = 10_000;

/**
 * Every item of a partition, sorted by sk, following LastEvaluatedKey (a page stops at 1 MB).
 * `projection` names the attributes to return (keeps pages and time small); `fromSk` skips the
 * items below that sk (the categories start at 1: sk 0 is the "Sem categoria" totals item), `toSk`
 * those above it.
 */
export async function queryAll(pk: string, projection: string, db: Database = defaultDb(), fromSk?: number, toSk?: number): Promise<Stored[]> {
  const items: Stored[] = [];
  const values: Record<string, unknown> = { ':pk': pk };
  if (fromSk !== undefined) values[':from'] = fromSk;
  if (toSk !== undefined) values[':to'] = toSk;
  const range = fromSk !== undefined && toSk !== undefined ? ' AND sk BETWEEN :from AND :to' : fromSk !== undefined ? ' AND sk >= :from' : toSk !== undefined ? ' AND sk <= :to' : '';
  await queryPages(
    {
      KeyConditionExpression: `pk = :pk${range}`,
      ExpressionAttributeValues: values,
      ProjectionExpression: projection,
      Limit: QUERY_PAGE_LIMIT,
    },
    (page) => {
      for (const item of page.Items ?? []) items.push(item);
    },
    db,
  );
  return items;
}

/** A strongly consistent Query, every page (following LastEvaluatedKey) handed to `each` in order. */
export async function queryPages(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'ConsistentRead'>,
  each: (page: QueryCommandOutput) => void,
  db: Database = defaultDb(),
): Promise<void> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new QueryCommand({ ...input, TableName: db.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    each(page);
    start = page.LastEvaluatedKey;
  } while (start);
}

/** One item by key, strongly consistent; undefined when missing. */
export async function getItem(key: { pk: string; sk: number }, projection?: string): Promise<Stored | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true, ProjectionExpression: projection }),
  );
  return out.Item;
}
