/**
 * Paged reads of a partition newest first (the history, the trash index): a page is `limit`
 * items after the cursor, and the cursor of the next page is an opaque token for the sort key
 * of the page's last item (null on the last page).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import type { Stored } from './items.ts';

/** A page: the items and the sort key after which the next page starts (undefined: no more). */
export interface Page {
  items: Stored[];
  next: number | undefined;
}

/** The cursor handed to the caller for a sort key: base64url JSON, opaque to clients. */
export const encodeCursor = (sk: number): string => Buffer.from(JSON.stringify({ sk })).toString('base64url');

/** The sort key a cursor stands for; undefined when it is not one this API gave out. */
export function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const sk = (value as { sk?: unknown } | null)?.sk;
    return typeof sk === 'number' && Number.isSafeInteger(sk) && sk >= 0 ? sk : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A sort key ordered by time for partitions read newest first (the trash index, the activity
 * feed): ms × 1000 plus a random 0–999 against two writes in one ms (a clash fails the write's
 * `attribute_not_exists` condition, and the write is retried).
 */
export const timeSk = (nowMs: number): number => nowMs * 1000 + Math.floor(Math.random() * 1000);

/** A filter the items must pass (evaluated by DynamoDB after the key condition). */
export interface PageFilter {
  expression: string;
  names?: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * Up to `limit` items of partition `pk`, newest (highest sk) first, after sort key `after`, and
 * whether more follow. Reads `limit + 1` to know; with a filter, DynamoDB may drop items a page
 * evaluated, so it keeps querying until it has them or the partition ends.
 */
export async function queryPage(pk: string, limit: number, after: number | undefined, filter?: PageFilter): Promise<Page> {
  const items: Stored[] = [];
  let start: Record<string, unknown> | undefined = after === undefined ? undefined : { pk, sk: after };
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: limit + 1 - items.length,
        ExclusiveStartKey: start,
        ...(filter
          ? {
              FilterExpression: filter.expression,
              ...(filter.names ? { ExpressionAttributeNames: filter.names } : {}),
              ExpressionAttributeValues: { ':pk': pk, ...filter.values },
            }
          : { ExpressionAttributeValues: { ':pk': pk } }),
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start && items.length <= limit);
  const more = items.length > limit;
  const page = items.slice(0, limit);
  return { items: page, next: more ? Number(page[page.length - 1]!.sk) : undefined };
}
