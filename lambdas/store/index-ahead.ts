/**
 * A CSV import's clients get their list index items ahead of their records: put in bulk
 * (BatchWriteItem, a few at once) before the rows' transactions, instead of inside them. An
 * import row is about 4 items without its index items and 15 with them, and a transaction's item
 * costs twice a bulk one (2 WCU against 1 in AWS; on DynamoDB Local, which writes a transaction
 * one item at a time, about 0.5 ms against 0.2), so this is most of an import's time.
 *
 * Why it stays exact:
 * - the items go in before the record exists, under ids the batch reserved: no other write knows
 *   those ids yet, so nothing can change the client between its index items and its record;
 * - a client therefore never exists without its index items; what may exist for a moment is the
 *   opposite, index items whose client is not (yet) there, and every reader of the index already
 *   skips an id without a client (one deleted between the index read and the record read);
 * - the batch first puts a marker naming its id range (`INDICE-ADIANTADO` / first id). Once its
 *   transactions answered, the items of every id it did not create (a failed row, a line created
 *   before) are deleted and the marker with them;
 * - a batch that died midway (a timeout, a crash) leaves its marker. Once it is older than any
 *   function may run (STALE_AFTER_MS), the next import batch sweeps it: the ids of its range
 *   without a client lose their index items.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchDelete, batchPut } from './batch.ts';
import { defaultDb } from './client.ts';
import { clienteKey, type ClienteRecord } from './items.ts';
import { indexOps, readClientesByIds } from './listas.ts';
import { queryAll } from './reads.ts';
import { PARTITION_KEYS } from './table.ts';
import { commit, itemsPutBy, keyOf, missing, type WriteOp } from './write.ts';

/** Longer than any function runs (Lambda's ceiling is 15 minutes): a marker this old is a dead batch's. */
export const STALE_AFTER_MS = 20 * 60_000;

/** The marker of a batch's index items put ahead: its reserved ids `sk`…`ultimo`, since `em` (epoch ms). */
const markerKey = (first: number) => ({ pk: PARTITION_KEYS.indiceAdiantado, sk: first });

/** The index items of a batch's clients, put ahead of their records. */
export interface IndexAhead {
  first: number;
  records: readonly ClienteRecord[];
}

/**
 * Puts the marker of the ids `first`…`last`, then every index item of `records` (clients about
 * to be created under those ids).
 */
export async function putIndexAhead(first: number, last: number, records: readonly ClienteRecord[]): Promise<IndexAhead> {
  const db = defaultDb();
  await batchPut(db, [{ ...markerKey(first), ultimo: last, em: Date.now() }]);
  await batchPut(db, records.flatMap((c) => itemsPutBy(indexOps(null, c))));
  return { first, records };
}

/** Once the batch's transactions answered: the index items of the ids it did not create go, then the marker. */
export async function settleIndexAhead({ first, records }: IndexAhead, created: ReadonlySet<number>): Promise<void> {
  const db = defaultDb();
  // The deletes a client's delete writes to its index items.
  await batchDelete(db, records.filter((c) => !created.has(c.id)).flatMap((c) => indexOps(c, null).map(keyOf)));
  await batchDelete(db, [markerKey(first)]);
}

/**
 * Deletes the index items of id `id` while it has no client, in one transaction with that check: a
 * client that came back meanwhile (restored from the trash, with its own items) keeps them.
 */
async function dropOrphan(id: number): Promise<boolean> {
  const items = await queryAll(`${PARTITION_KEYS.indice}#${id}`, 'pk, sk');
  if (items.length === 0) return true;
  const written = await commit([
    { name: 'indice.orfao.check', key: clienteKey(id), check: true, condition: missing('pk') },
    ...items.map((k): WriteOp => ({ name: 'indice.orfao.delete', key: { pk: String(k.pk), sk: Number(k.sk) }, delete: true })),
  ]);
  // Written, or the client is there: settled. Busy (other writes on these items): the next sweep tries again.
  return written.ok || written.outcome.kind !== 'busy';
}

/**
 * Settles the markers of batches that died midway (older than STALE_AFTER_MS at `now`): the index
 * items of each id in their range that has no client are deleted, then the marker (kept for the
 * next sweep while an id could not be settled). Returns how many markers it settled.
 */
export async function sweepIndexAhead(now = Date.now()): Promise<number> {
  const db = defaultDb();
  const markers = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'em < :stale',
      ExpressionAttributeValues: { ':pk': PARTITION_KEYS.indiceAdiantado, ':stale': now - STALE_AFTER_MS },
      ConsistentRead: true,
    }),
  );
  let settled = 0;
  for (const marker of markers.Items ?? []) {
    const first = Number(marker.sk);
    const ids = Array.from({ length: Number(marker.ultimo) - first + 1 }, (_, i) => first + i);
    const live = await readClientesByIds(ids);
    const gone = ids.filter((id) => !live.has(id));
    const dropped = await Promise.all(gone.map(dropOrphan));
    if (dropped.includes(false)) continue;
    await batchDelete(db, [markerKey(first)]);
    settled++;
  }
  return settled;
}
