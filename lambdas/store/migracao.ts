/**
 * The migration that gives clients stored before the list index their index items
 * (store/listas.ts): resumable (its progress, the last client id done, is stored after every
 * page of clients), idempotent (each client's items are put whole, conditioned on the versao
 * read, so a client written meanwhile by the API, which writes its own items, is read again),
 * and reporting progress. The local runtime runs it at every start (on an existing `.data`
 * table); in the cloud the deploy starts its job (infra/constructs/data.ts). Until it is done the
 * paged list answers 503 with the progress, never a partial list.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { defaultDb, type Database } from './client.ts';
import { clienteKey, toClienteRecord, type ClienteRecord } from './items.ts';
import { indexItemsOf } from './listas.ts';
import { PARTITION_KEYS } from './table.ts';
import { commit, equals, missing, type WriteOp, type WriteOutcome } from './write.ts';

/** The index migration's progress item. */
export const MIGRACAO_INDICES_KEY = { pk: PARTITION_KEYS.migracao, sk: 1 } as const;

/** What a client's index items are made of (the list's projection lacks no field they need). */
const PROJECTION = 'sk, nome, segmento, pontoFocal, valorContrato, categoriaId, versao, atualizadoEm, email, documento, fimContrato';
/** Clients read per page, and written at once. */
const PAGE = 200;
const PARALLEL = 8;

export interface MigrationProgress {
  feitos: number;
  /** Clients stored when it started (more may come: they are written with their items). */
  total: number;
  concluida: boolean;
}

/** Tables whose index this instance has seen complete. */
const done = new Set<string>();
/** Test seam: this instance forgets which tables it saw migrated. */
export const forgetIndexesState = (): void => done.clear();

async function readProgress(db: Database): Promise<Record<string, unknown> | undefined> {
  return (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: MIGRACAO_INDICES_KEY, ConsistentRead: true }))).Item;
}

async function hasClientes(db: Database): Promise<boolean> {
  const out = await db.doc.send(
    new QueryCommand({ TableName: db.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PARTITION_KEYS.cliente }, Limit: 1, ProjectionExpression: 'sk' }),
  );
  return (out.Items?.length ?? 0) > 0;
}

const markDone = (db: Database, feitos: number) =>
  commit([{ name: 'migracao.concluir', key: MIGRACAO_INDICES_KEY, update: { set: { concluida: new Date().toISOString(), feitos } } }], db);

/**
 * A table with no client yet needs no migration: marked done, so every later client (written with
 * its items) is listed. True when the index is complete.
 */
export async function markIndexesDoneIfEmpty(db: Database): Promise<boolean> {
  const progress = await readProgress(db);
  if (progress?.concluida) return true;
  if (progress || (await hasClientes(db))) return false;
  await markDone(db, 0);
  return true;
}

/**
 * Whether the index is complete (one read per instance once it is), else the migration's
 * progress: the paged list's guard.
 */
export async function indexesReady(
  db: Database = defaultDb(),
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<{ ready: true } | { ready: false; feitos: number; total: number }> {
  if (done.has(db.tableName)) return { ready: true };
  // A read-only route (no write grant) only looks: a table without clients has nothing to index.
  if (readOnly) {
    const progress = await readProgress(db);
    if (progress?.concluida) done.add(db.tableName);
    if (progress?.concluida || (!progress && !(await hasClientes(db)))) return { ready: true };
    return { ready: false, feitos: Number(progress?.feitos ?? 0), total: Number(progress?.total ?? 0) };
  }
  if (await markIndexesDoneIfEmpty(db)) {
    done.add(db.tableName);
    return { ready: true };
  }
  const progress = await readProgress(db);
  return { ready: false, feitos: Number(progress?.feitos ?? 0), total: Number(progress?.total ?? 0) };
}

/** A client's items put whole, on the condition that it is still as read. */
function migrationOps(c: ClienteRecord): WriteOp<WriteOutcome>[] {
  return [
    { name: 'cliente.check', key: clienteKey(c.id), check: true, condition: equals('versao', c.versao), onFailed: () => ({ kind: 'changed' }) },
    ...[...indexItemsOf(c).values()].map((item): WriteOp => ({ name: 'indice.put', put: item })),
  ];
}

/** Writes one client's items; read again while the API changes it meanwhile (gone: nothing to do). */
async function migrateOne(db: Database, first: ClienteRecord): Promise<void> {
  let c: ClienteRecord | undefined = first;
  while (c) {
    const written = await commit(migrationOps(c), db);
    if (written.ok) return;
    const item: Record<string, unknown> | undefined = (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: clienteKey(c.id), ConsistentRead: true, ProjectionExpression: PROJECTION }))).Item;
    c = item && toClienteRecord(item);
  }
}

/**
 * Runs the migration to its end from where it stopped (a done one returns at once), calling
 * `onProgress` after every page, until `keepGoing` says no (between pages). Safe to run twice at
 * once (each write is idempotent).
 */
export async function migrateIndexes(
  db: Database,
  onProgress: (p: MigrationProgress) => void = () => {},
  keepGoing: () => boolean = () => true,
): Promise<MigrationProgress> {
  let progress = await readProgress(db);
  if (progress?.concluida) return { feitos: Number(progress.feitos ?? 0), total: Number(progress.total ?? 0), concluida: true };
  if (!progress) {
    const total = await countClientes(db);
    progress = { ...MIGRACAO_INDICES_KEY, feitos: 0, total, iniciada: new Date().toISOString() };
    // Another run started it first: fine, both go on from the stored progress.
    await commit([{ name: 'migracao.start', put: progress, condition: missing('pk'), onFailed: (): WriteOutcome => ({ kind: 'changed' }) }], db);
  }
  let feitos = Number(progress.feitos ?? 0);
  const total = Number(progress.total ?? 0);
  let start: Record<string, unknown> | undefined = progress.cursor === undefined ? undefined : clienteKey(Number(progress.cursor));
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': PARTITION_KEYS.cliente },
        ProjectionExpression: PROJECTION,
        ConsistentRead: true,
        Limit: PAGE,
        ExclusiveStartKey: start,
      }),
    );
    const clientes = (page.Items ?? []).map(toClienteRecord);
    const queue = [...clientes];
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) await migrateOne(db, c);
      }),
    );
    feitos += clientes.length;
    start = page.LastEvaluatedKey;
    const last = clientes.at(-1);
    if (last) {
      await commit([{ name: 'migracao.progresso', key: MIGRACAO_INDICES_KEY, update: { set: { cursor: last.id, feitos } } }], db);
    }
    onProgress({ feitos, total, concluida: false });
    // Out of time (a job's run): the next run goes on from the stored progress.
    if (start && !keepGoing()) return { feitos, total, concluida: false };
  } while (start);
  await markDone(db, feitos);
  const result = { feitos, total, concluida: true };
  onProgress(result);
  return result;
}

/** Clients stored now (a Select COUNT over the partition's pages: no item is returned). */
async function countClientes(db: Database): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.doc.send(
      new QueryCommand({ TableName: db.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PARTITION_KEYS.cliente }, Select: 'COUNT', ExclusiveStartKey: start }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The migration's progress as stored (undefined: never started). */
export async function migrationProgress(db: Database): Promise<MigrationProgress | undefined> {
  const p = await readProgress(db);
  return p && { feitos: Number(p.feitos ?? 0), total: Number(p.total ?? 0), concluida: p.concluida !== undefined };
}
