/**
 * How a batch of independent parts (an import's rows) is packed into transactions for
 * `commitEach`: each row brings the op-list of a single create (so whatever a create writes beside
 * the record comes along), the numeric additions rows make to one item (a category's totals) are
 * merged into one update (a transaction holds one operation per item), and a transaction is
 * filled up to DynamoDB's 100 items with every item counted.
 */
import { keyOf, type Failure, type WriteOp } from './write.ts';

/** DynamoDB's limit of items (one operation each) in one transaction. */
export const TRANSACTION_MAX_ITEMS = 100;

/**
 * Whether an op only adds numbers to its item (a category's count or totals): such ops on one
 * item with one condition merge into one.
 */
export const isMergeable = (op: WriteOp<Failure>): boolean =>
  'update' in op &&
  op.update.add !== undefined &&
  Object.keys(op.update).every((k) => k === 'add') &&
  Object.values(op.update.add).every((v) => typeof v === 'number');

/** The item and condition of a mergeable op: ops with the same one merge. */
const mergeKey = (op: WriteOp<Failure>): string => {
  const { pk, sk } = keyOf(op);
  return JSON.stringify([pk, sk, op.condition ?? null]);
};

/** Merges numeric additions to one item (same condition) into one op that adds the sums. */
function merge<O extends Failure>(ops: readonly WriteOp<O>[]): WriteOp<O> {
  const first = ops[0]!;
  if (ops.length === 1 || !('update' in first)) return first;
  const sums: Record<string, number> = {};
  for (const op of ops) {
    if (!('update' in op)) continue;
    for (const [attribute, value] of Object.entries(op.update.add ?? {})) sums[attribute] = (sums[attribute] ?? 0) + (value as number);
  }
  return { ...first, name: `${first.name}×${ops.length}`, update: { add: sums } };
}

/** A row's own items (its create op-list without the mergeable updates) and its mergeable updates. */
interface RowOps<O extends Failure> {
  own: WriteOp<O>[];
  mergeable: WriteOp<O>[];
}

const split = <O extends Failure>(ops: readonly WriteOp<O>[]): RowOps<O> => ({ own: ops.filter((op) => !isMergeable(op)), mergeable: ops.filter(isMergeable) });

/** The transaction of some rows: the ops and, for each op, the rows it belongs to (index in `rows`). */
export interface Packed<O extends Failure> {
  ops: WriteOp<O>[];
  rowsOf: number[][];
}

/**
 * The ops of one transaction for `rows` (each row's op-list) plus `extra` (items the transaction
 * carries once: the idempotency claim, the job's count): each row's own items, then the merged
 * updates, then the extra items.
 */
export function pack<O extends Failure>(rows: readonly (readonly WriteOp<O>[])[], extra: readonly WriteOp<O>[]): Packed<O> {
  const ops: WriteOp<O>[] = [];
  const rowsOf: number[][] = [];
  const shared = new Map<string, { ops: WriteOp<O>[]; rows: number[] }>();
  rows.map(split).forEach((row, r) => {
    for (const op of row.own) {
      ops.push(op);
      rowsOf.push([r]);
    }
    for (const op of row.mergeable) {
      const key = mergeKey(op);
      const group = shared.get(key) ?? { ops: [], rows: [] };
      group.ops.push(op);
      group.rows.push(r);
      shared.set(key, group);
    }
  });
  for (const group of shared.values()) {
    ops.push(merge(group.ops));
    rowsOf.push(group.rows);
  }
  for (const op of extra) {
    ops.push(op);
    rowsOf.push([]);
  }
  return { ops, rowsOf };
}

/**
 * Splits rows (each row's op-list) into consecutive groups whose transaction (own items +
 * distinct merged items + `extraItems`) stays within TRANSACTION_MAX_ITEMS. Sizes come from each
 * row's real op-list.
 */
export function chunkRows(rowOps: readonly (readonly WriteOp<Failure>[])[], extraItems: number): number[][] {
  const rows = rowOps.map(split);
  const chunks: number[][] = [];
  let current: number[] = [];
  let items = extraItems;
  let keys = new Set<string>();
  rows.forEach((row, r) => {
    const newKeys = row.mergeable.map(mergeKey).filter((k) => !keys.has(k));
    const cost = row.own.length + new Set(newKeys).size;
    if (extraItems + cost > TRANSACTION_MAX_ITEMS) throw new Error(`One row needs ${cost} items: more than a transaction holds`);
    if (items + cost > TRANSACTION_MAX_ITEMS) {
      chunks.push(current);
      current = [];
      items = extraItems;
      keys = new Set();
      const all = row.mergeable.map(mergeKey);
      items += row.own.length + new Set(all).size;
      all.forEach((k) => keys.add(k));
    } else {
      items += cost;
      newKeys.forEach((k) => keys.add(k));
    }
    current.push(r);
  });
  if (current.length) chunks.push(current);
  return chunks;
}
