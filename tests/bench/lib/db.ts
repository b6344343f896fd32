/**
 * The bench's seeded data: one on-disk DynamoDB Local in tests/bench/results/db (git-ignored),
 * one table per data set, kept between runs and reused when its counts are right.
 */
import { fileURLToPath } from 'node:url';
import { DeleteTableCommand, DynamoDBClient, QueryCommand, waitUntilTableNotExists } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startDynamoLocal, localClientConfig, localDynamoEnv, type DynamoLocal } from '../../../infra/local/dynamodb.ts';
import { ensureTable } from '../../../infra/local/table.ts';
import { progressLine } from '../../../tools/progress.ts';
import { seedDatabase, type SeedProgress } from '../../../tools/seed.ts';
import { MARSHALL_OPTIONS } from '../../../lambdas/store/table.ts';
import { PARTITION_KEYS } from '../../../lambdas/store/table.ts';
import { CLIENT_COUNT, FIRST_CATEGORIA_SK, SEM_CATEGORIA_KEY } from '../../../lambdas/store/items.ts';

/**
 * Where the bench's database lives: `BENCH_DB_DIR` when set (e.g. a tmpfs folder such as
 * /dev/shm/clientela-bench: DynamoDB Local syncs every write to its SQLite file, and without the disk's
 * fsync the seeding runs about 2.5 × faster; the data then lasts until the machine restarts).
 */
export const DB_DIR = process.env.BENCH_DB_DIR ?? fileURLToPath(new URL('../results/db/', import.meta.url));

/** DynamoDB Local's heap for the bench: its Query of a 250,000-client partition fails within the default 512 MB. */
const BENCH_HEAP_MB = 3072;

export interface DataSet {
  table: string;
  categorias: number;
  clientes: number;
}

/** Categories in every data set: the seed's 16 base names, so descriptions look real. */
const CATEGORIAS = 16;

/** The data set with `clientes` clients. */
export const dataSet = (clientes: number): DataSet => ({ table: `bench-${clientes}`, categorias: CATEGORIAS, clientes });

export interface PartitionStats {
  items: number;
  /** Pages a strongly consistent Query of the whole partition takes (DynamoDB stops each at 1 MB). */
  pages: number;
}

export interface BenchDb {
  local: DynamoLocal;
  client: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  /** Env for processes (or handlers) that should use this DynamoDB Local. */
  env: Record<string, string>;
  /** Counts items and 1 MB pages of one partition. */
  partition(table: string, pk: string): Promise<PartitionStats>;
  /** Makes sure the table holds exactly the data set (reused, or dropped and seeded again). */
  ensure(set: DataSet, log: (line: string) => void): Promise<{ seeded: boolean; produtos: PartitionStats; categorias: PartitionStats }>;
  /** Drops the table when present (scratch tables). */
  drop(table: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the bench's DynamoDB Local on its on-disk folder. */
export async function openBenchDb(): Promise<BenchDb> {
  // BENCH_DB_DIR=memory: an in-memory DynamoDB Local (nothing kept; for a machine whose disk is the bottleneck).
  const local = await startDynamoLocal({ dataDir: process.env.BENCH_DB_DIR?.trim() || DB_DIR, startTimeoutMs: 60_000, maxHeapMb: BENCH_HEAP_MB, onOutput: (line) => { if (/exception|error/i.test(line)) console.error(`dynamodb-local: ${line}`); } });
  const client = new DynamoDBClient(localClientConfig(local.endpoint));
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL_OPTIONS });

  /** Items of a partition (from sk `fromSk`: the categories start at 1, sk 0 holds the Sem categoria totals). */
  const partition = async (table: string, pk: string, fromSk?: number): Promise<PartitionStats> => {
    let items = 0;
    let pages = 0;
    let start: Record<string, import('@aws-sdk/client-dynamodb').AttributeValue> | undefined;
    do {
      // COUNT reads the same 1 MB pages a full read does, without sending the items.
      const out = await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: fromSk === undefined ? 'pk = :pk' : 'pk = :pk AND sk >= :from',
          ExpressionAttributeValues: fromSk === undefined ? { ':pk': { S: pk } } : { ':pk': { S: pk }, ':from': { N: String(fromSk) } },
          Select: 'COUNT',
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items += out.Count ?? 0;
      pages++;
      start = out.LastEvaluatedKey;
    } while (start);
    return { items, pages };
  };

  /** The clients the stored totals count (every category's and Sem categoria's). */
  const totalsCount = async (table: string): Promise<number> => {
    const out = await client.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: PARTITION_KEYS.categoria } }, ConsistentRead: true }));
    // Without the Sem categoria item its clients are uncounted: never equal then.
    if (!(out.Items ?? []).some((i) => Number(i.sk?.N) === SEM_CATEGORIA_KEY.sk)) return -1;
    return (out.Items ?? []).reduce((n, i) => n + Number(i[CLIENT_COUNT]?.N ?? 0), 0);
  };

  const drop = async (table: string) => {
    try {
      await client.send(new DeleteTableCommand({ TableName: table }));
      await waitUntilTableNotExists({ client, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: table });
    } catch (err) {
      if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    }
  };

  const ensure: BenchDb['ensure'] = async (set, log) => {
    await ensureTable(client, set.table);
    let produtos = await partition(set.table, PARTITION_KEYS.cliente);
    let categorias = await partition(set.table, PARTITION_KEYS.categoria, FIRST_CATEGORIA_SK);
    if (produtos.items === set.clientes && categorias.items === set.categorias) return { seeded: false, produtos, categorias };
    // Progress every 10 s (done, rate, time left): a large set takes minutes.
    const started = Date.now();
    let shown = started;
    const onProgress = (p: SeedProgress) => {
      if (Date.now() - shown < 10_000 && p.feitos < p.total) return;
      shown = Date.now();
      log(`${set.table}: ${progressLine(p, started)}`);
    };
    const db = { doc, tableName: set.table };
    // The totals (Sem categoria's included: its item exists) equal the clients: stopped between chunks.
    const resumable = produtos.items > 0 && produtos.items < set.clientes && categorias.items === set.categorias && (await totalsCount(set.table)) === produtos.items;
    if (resumable) {
      // A seed stopped between chunks (its totals equal its clients): continued, not redone.
      log(`continuing ${set.table}: ${produtos.items} of ${set.clientes} clientes there`);
      const ids = (await client.send(new QueryCommand({ TableName: set.table, KeyConditionExpression: 'pk = :pk AND sk >= :from', ExpressionAttributeValues: { ':pk': { S: PARTITION_KEYS.categoria }, ':from': { N: String(FIRST_CATEGORIA_SK) } }, ProjectionExpression: 'sk' }))).Items!.map((i) => Number(i.sk!.N));
      await seedDatabase(db, { categorias: 0, clientes: set.clientes - produtos.items }, { onProgress, intoCategorias: ids });
    } else {
      log(`seeding ${set.table}: ${set.categorias} categorias, ${set.clientes} clientes (kept in ${DB_DIR} for the next runs)`);
      await drop(set.table);
      await ensureTable(client, set.table);
      await seedDatabase(db, { categorias: set.categorias, clientes: set.clientes }, { onProgress });
    }
    produtos = await partition(set.table, PARTITION_KEYS.cliente);
    categorias = await partition(set.table, PARTITION_KEYS.categoria, FIRST_CATEGORIA_SK);
    return { seeded: true, produtos, categorias };
  };

  return {
    local,
    client,
    doc,
    env: localDynamoEnv(local.endpoint),
    partition,
    ensure,
    drop,
    stop: async () => {
      client.destroy();
      await local.stop();
    },
  };
}
