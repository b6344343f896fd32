/**
 * Bulk writes for tools (seeding): BatchWriteItem in batches of 25, a few at a time, retrying the
 * items DynamoDB leaves unprocessed under load. Unconditional: only for records with fresh ids.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';

const BATCH_SIZE = 25;
const CONCURRENT_BATCHES = 4;
const MAX_UNPROCESSED_ROUNDS = 12;

/** Puts every item (any stored item type: categories, clients, name claims). */
export async function batchPut(db: Db, items: readonly Record<string, unknown>[]): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) batches.push(items.slice(i, i + BATCH_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let round = 0; requests.length > 0; round++) {
        if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('Batch write gave up: DynamoDB kept items unprocessed.');
        if (round > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** round)));
        const out = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: requests } }));
        requests = (out.UnprocessedItems?.[db.tableName] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_BATCHES, batches.length) }, worker));
}
