/**
 * The portfolio's totals, kept exact by the writes themselves: each category item holds its
 * client count (`produtos`), VIP count (`vips`) and contract sum in integer cents (`soma`), and
 * one item, sk 0 of the category partition, holds the same for the clients without a category.
 * Every client write (create, update or move, delete; restore and import too) adds
 * `aggregateOps(before, after)` to its one transaction, so the totals change with the client or
 * not at all, whatever the interleaving. One Query of the category partition reads them all.
 *
 * Tables from before the totals: the "Sem categoria" item doubles as the marker that every
 * category has its totals. Every client write first runs `ensureAggregates`, which, while the
 * marker is missing, counts the stored clients and sets each category's totals (only where they
 * are missing, so a late second pass never overwrites totals that writes have moved since), then
 * puts the marker. No client write runs before the marker exists, so the count can't race one.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isVipValue } from '../contract/limits.ts';
import type { CategoriaTotais, Resumo, Totais } from '../contract/types.ts';
import { tableName, type Database } from './client.ts';
import {
  categoriaKey,
  CENTS_SUM,
  CLIENT_COUNT,
  FIRST_CATEGORIA_SK,
  SEM_CATEGORIA_KEY,
  VIP_CENTS_SUM,
  VIP_COUNT,
  type ClienteRecord,
  type Stored,
} from './items.ts';
import { getItem, queryAll } from './reads.ts';
import { PARTITION_KEYS } from './table.ts';
import { allOf, commit, exists, missing, type WriteOp, type WriteOutcome } from './write.ts';

/** A category the write refers to does not exist. */
export type AggregateOutcome = { kind: 'categoriaMissing'; id: number };

// A contract value in integer cents (values have at most 2 decimals): sums stay exact.
import { toCents } from '../contract/list-order.ts';
export { toCents };

/** Cents (a BigInt when DynamoDB returns one above 2^53) as BRL. */
const toReais = (cents: unknown): number => Number(cents ?? 0) / 100;

/** Totals of a group of clients (or their change): count, VIP count, contract sum in cents. */
export interface Delta {
  clientes: number;
  vips: number;
  cents: number;
  /** The VIPs' contract sum in cents. */
  vipCents: number;
}

const NONE: Readonly<Delta> = Object.freeze({ clientes: 0, vips: 0, cents: 0, vipCents: 0 });

/** The bucket of a client: its category id, or 0 for "Sem categoria". */
const bucketOf = (c: Pick<ClienteRecord, 'categoriaId'>): number => c.categoriaId ?? SEM_CATEGORIA_KEY.sk;

/** The totals of these clients by bucket (category id, or 0 for "Sem categoria"). */
export function totalsOf(clientes: Iterable<Pick<ClienteRecord, 'categoriaId' | 'valorContrato'>>): Map<number, Delta> {
  const totals = new Map<number, Delta>();
  for (const c of clientes) {
    const t = totals.get(bucketOf(c)) ?? { ...NONE };
    t.clientes++;
    if (isVipValue(c.valorContrato)) {
      t.vips++;
      t.vipCents += toCents(c.valorContrato);
    }
    t.cents += toCents(c.valorContrato);
    totals.set(bucketOf(c), t);
  }
  return totals;
}

/**
 * The operations that keep the totals exact when a client stored as `before` becomes `after`
 * (null: it did not exist / no longer exists). One update per item touched: a move that also
 * changes the value folds both changes of each category into one; a write that changes neither
 * the category nor the VIP status nor the value touches nothing. A category must exist
 * (`categoriaMissing` otherwise).
 */
export function aggregateOps(before: ClienteRecord | null, after: ClienteRecord | null): WriteOp<WriteOutcome | AggregateOutcome>[] {
  const deltas = new Map<number, Delta>();
  const add = (c: ClienteRecord, sign: 1 | -1) => {
    const d = deltas.get(bucketOf(c)) ?? { ...NONE };
    d.clientes += sign;
    d.vips += isVipValue(c.valorContrato) ? sign : 0;
    d.cents += sign * toCents(c.valorContrato);
    d.vipCents += isVipValue(c.valorContrato) ? sign * toCents(c.valorContrato) : 0;
    deltas.set(bucketOf(c), d);
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  const ops: WriteOp<WriteOutcome | AggregateOutcome>[] = [];
  for (const [bucket, d] of deltas) {
    if (d.clientes === 0 && d.vips === 0 && d.cents === 0 && d.vipCents === 0) continue;
    ops.push(bucket === SEM_CATEGORIA_KEY.sk ? semCategoriaOp(d) : categoriaOp(bucket, d));
  }
  return ops;
}

const added = (d: Delta) => ({ [CLIENT_COUNT]: d.clientes, [VIP_COUNT]: d.vips, [CENTS_SUM]: d.cents, [VIP_CENTS_SUM]: d.vipCents });

function categoriaOp(id: number, d: Delta): WriteOp<AggregateOutcome> {
  return {
    name: 'categoria.totals',
    key: categoriaKey(id),
    update: { add: added(d) },
    condition: exists('pk'),
    onFailed: () => ({ kind: 'categoriaMissing', id }),
  };
}

function semCategoriaOp(d: Delta): WriteOp<WriteOutcome> {
  return {
    name: 'semCategoria.totals',
    key: SEM_CATEGORIA_KEY,
    update: { add: added(d) },
    // Never create it here: its absence means the totals must be counted first.
    condition: exists('pk'),
    onFailed: () => {
      // Gone (a table restored without it): count again before the retry.
      ready.delete(tableName());
      return { kind: 'changed' };
    },
  };
}

/**
 * Tools that write clients in bulk (seeding): adds their totals to the Sem categoria item when it
 * exists; when it does not, the first client write counts every stored client anyway.
 */
export async function addSemCategoria(db: Database, t: Delta): Promise<void> {
  const op = semCategoriaOp(t);
  // Its absence is fine here (see above): nothing to count into.
  await commit([{ ...op, onFailed: () => ({ kind: 'notFound' }) }], db);
}

/**
 * Tools that write clients in bulk, on a table with no client yet: its totals are complete (all
 * zero), so the Sem categoria item (the marker) is put as the count of an empty table would put
 * it, and the clients seeded next are counted into it. Nothing when the table has clients or the item.
 */
export async function markTotalsIfEmpty(db: Database): Promise<void> {
  const some = await db.doc.send(
    new QueryCommand({ TableName: db.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PARTITION_KEYS.cliente }, Limit: 1, ProjectionExpression: 'sk' }),
  );
  if ((some.Items?.length ?? 0) > 0) return;
  await commit(
    [
      {
        name: 'semCategoria.put',
        put: { ...SEM_CATEGORIA_KEY, [CLIENT_COUNT]: 0, [VIP_COUNT]: 0, [CENTS_SUM]: 0, [VIP_CENTS_SUM]: 0 },
        condition: missing('pk'),
        // There already: nothing to do.
        onFailed: () => ({ kind: 'changed' }),
      },
    ],
    db,
  );
}

/**
 * Tools that write clients in bulk: adds a batch's totals (totalsOf) to its categories (which
 * must exist) and to the Sem categoria item (see addSemCategoria), one update each.
 */
export async function addTotals(db: Database, totals: ReadonlyMap<number, Delta>): Promise<void> {
  for (const [bucket, d] of totals) {
    if (bucket === SEM_CATEGORIA_KEY.sk) await addSemCategoria(db, d);
    else {
      const written = await commit([categoriaOp(bucket, d)], db);
      if (!written.ok) throw new Error(`categoria ${bucket} does not exist: its clients' totals were not added`);
    }
  }
}

/** Tables whose marker this instance has seen. */
const ready = new Set<string>();
const PARALLEL_UPDATES = 8;

/** Test seam: this instance forgets which tables it saw totals in (a test removes them to stage an old table). */
export const forgetSeenTotals = (): void => ready.clear();

/**
 * Makes sure the totals exist (once per table; afterwards one read per instance, then nothing).
 * Every client write awaits it before reading; idempotent and safe to run from several
 * instances at once.
 */
export async function ensureAggregates(): Promise<void> {
  const table = tableName();
  if (ready.has(table)) return;
  const marker = await getItem(SEM_CATEGORIA_KEY, `sk, ${VIP_CENTS_SUM}`);
  if (!marker || marker[VIP_CENTS_SUM] === undefined) await countStoredClientes();
  ready.add(table);
}

/**
 * Counts every stored client into its category's totals and puts the marker (see above). The
 * VIPs' sum (`somaVip`) came later: on a table with the other totals, the same count sets it
 * where missing, and the marker of it is its presence on the Sem categoria item.
 */
async function countStoredClientes(): Promise<void> {
  const stored = await queryAll(PARTITION_KEYS.cliente, 'categoriaId, valorContrato');
  const totals = totalsOf(
    stored.map((c) => ({ categoriaId: typeof c.categoriaId === 'number' ? c.categoriaId : null, valorContrato: Number(c.valorContrato) })),
  );
  const categorias = (await queryAll(PARTITION_KEYS.categoria, 'sk', undefined, FIRST_CATEGORIA_SK)).map((c) => Number(c.sk));
  const worker = async () => {
    for (let id = categorias.pop(); id !== undefined; id = categorias.pop()) {
      const t = totals.get(id) ?? NONE;
      // The count (`produtos`) is exact already; set the rest where missing (gone or set: fine).
      await commit([
        {
          name: 'categoria.countTotals',
          key: categoriaKey(id),
          update: { set: { [VIP_COUNT]: t.vips, [CENTS_SUM]: t.cents } },
          condition: allOf(exists('pk'), missing(VIP_COUNT)),
          onFailed: () => ({ kind: 'changed' }),
        },
      ]);
      await commit([setVipSum(categoriaKey(id), t.vipCents)]);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_UPDATES }, worker));
  const none = totals.get(SEM_CATEGORIA_KEY.sk) ?? NONE;
  const put = await commit([
    {
      name: 'semCategoria.put',
      put: { ...SEM_CATEGORIA_KEY, [CLIENT_COUNT]: none.clientes, [VIP_COUNT]: none.vips, [CENTS_SUM]: none.cents, [VIP_CENTS_SUM]: none.vipCents },
      condition: missing('pk'),
      // Another instance put it first, from the same count: fine.
      onFailed: () => ({ kind: 'changed' }),
    },
  ]);
  // There already (a table from before the VIPs' sum): its sum, where still missing, marks the count done.
  if (!put.ok) await commit([setVipSum(SEM_CATEGORIA_KEY, none.vipCents)]);
}

/** Sets a bucket's VIPs' sum where it is missing (a late second count never overwrites one that writes have moved). */
function setVipSum(key: { pk: string; sk: number }, cents: number): WriteOp<WriteOutcome> {
  return {
    name: 'totals.countVipSum',
    key,
    update: { set: { [VIP_CENTS_SUM]: cents } },
    condition: allOf(exists('pk'), missing(VIP_CENTS_SUM)),
    onFailed: () => ({ kind: 'changed' }),
  };
}

const totaisOf = (item: Stored): Totais => ({
  clientes: Number(item[CLIENT_COUNT] ?? 0),
  vips: Number(item[VIP_COUNT] ?? 0),
  soma: toReais(item[CENTS_SUM]),
});

const RESUMO_PROJECTION = `sk, descricao, ${CLIENT_COUNT}, ${VIP_COUNT}, ${CENTS_SUM}`;

/**
 * The portfolio's totals from ONE Query of the category partition (whatever the number of
 * clients). On a table without totals yet, they are counted first (once), then read.
 */
export async function readResumo(): Promise<Resumo> {
  let items = await queryAll(PARTITION_KEYS.categoria, RESUMO_PROJECTION);
  if (items[0]?.sk !== SEM_CATEGORIA_KEY.sk) {
    await ensureAggregates();
    items = await queryAll(PARTITION_KEYS.categoria, RESUMO_PROJECTION);
  }
  ready.add(tableName());
  const [sem = {}, ...rest] = items;
  // The whole in cents (BigInt: a sum of sums stays exact).
  let cents = 0n;
  const whole = { clientes: 0, vips: 0 };
  for (const item of items) {
    cents += BigInt((item[CENTS_SUM] ?? 0) as number | bigint);
    whole.clientes += Number(item[CLIENT_COUNT] ?? 0);
    whole.vips += Number(item[VIP_COUNT] ?? 0);
  }
  const categorias: CategoriaTotais[] = rest.map((c) => ({ id: Number(c.sk), descricao: String(c.descricao), ...totaisOf(c) }));
  return { ...whole, soma: toReais(cents), categorias, semCategoria: totaisOf(sem) };
}

/**
 * The totals of a list view from the aggregates: every client, one category's (0: "Sem
 * categoria"), or their VIPs. One read (a GetItem, or the Query of the category partition).
 */
export async function readViewTotals(filter: { categoria?: number; vip: boolean }): Promise<Totais> {
  await ensureAggregates();
  const projection = `sk, ${CLIENT_COUNT}, ${VIP_COUNT}, ${CENTS_SUM}, ${VIP_CENTS_SUM}`;
  const items =
    filter.categoria === undefined
      ? await queryAll(PARTITION_KEYS.categoria, projection)
      : [(await getItem(filter.categoria === SEM_CATEGORIA_KEY.sk ? SEM_CATEGORIA_KEY : categoriaKey(filter.categoria), projection)) ?? {}];
  let cents = 0n;
  let clientes = 0;
  let vips = 0;
  for (const item of items) {
    vips += Number(item[VIP_COUNT] ?? 0);
    clientes += Number((filter.vip ? item[VIP_COUNT] : item[CLIENT_COUNT]) ?? 0);
    cents += BigInt(((filter.vip ? item[VIP_CENTS_SUM] : item[CENTS_SUM]) ?? 0) as number | bigint);
  }
  return { clientes, vips, soma: toReais(cents) };
}
