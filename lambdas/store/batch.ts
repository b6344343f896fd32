/**
 * Bulk writes: BatchWriteItem in batches of 25, a few at a time, retrying the items DynamoDB
 * leaves unprocessed under load. Unconditional: puts only for records with fresh ids (seeding),
 * deletes only of items nothing else writes any more (a purged record's history).
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Database } from './client.ts';

const BATCH_SIZE = 25;
const CONCURRENT_BATCHES = 4;
const MAX_UNPROCESSED_ROUNDS = 12;

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

async function batchWrite(db: Database, requests: readonly WriteRequest[]): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE) batches.push(requests.slice(i, i + BATCH_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let batch = batches[next++]!;
      for (let round = 0; batch.length > 0; round++) {
        if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('Batch write gave up: DynamoDB kept items unprocessed.');
        if (round > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** round)));
        const out = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: batch } }));
        batch = (out.UnprocessedItems?.[db.tableName] ?? []) as WriteRequest[];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_BATCHES, batches.length) }, worker));
}

/** Puts every item (any stored item type: categories, clients, name claims). */
export function batchPut(db: Database, items: readonly Record<string, unknown>[]): Promise<void> {
  return batchWrite(db, items.map((Item) => ({ PutRequest: { Item } })));
}

/** Deletes every item of these keys. */
export function batchDelete(db: Database, keys: readonly { pk: string; sk: number }[]): Promise<void> {
  return batchWrite(db, keys.map((Key) => ({ DeleteRequest: { Key } })));
}
