/**
 * Every write of the app goes through `commit`: a list of operations, each one item with its
 * condition and the meaning of that condition failing, written as ONE DynamoDB write (a single
 * Put/Update/Delete when there is one item, else TransactWriteItems, all or nothing). An
 * operation is declarative (a key; a put, an update's set / add / remove / delete, a delete or a
 * check; a condition): this module alone renders it to the SDK's TransactItem, UpdateExpression
 * and ConditionExpression (a unit test keeps it so). A failed condition comes back as the outcome
 * its operation declares, decoded here and nowhere else; each store module declares its own
 * outcomes, the services map them to answers. One more item in the same write (a history entry, a
 * trash copy, an aggregate, a uniqueness claim) is one more operation in the list.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultDb, type Database } from './client.ts';
import { decodeRaw, type Stored } from './items.ts';

/** Attempts in all (the first + retries) of a transaction cancelled for TransactionConflict. */
export const TRANSACTION_ATTEMPTS = 4;
const BASE_DELAY_MS = 20;
const MAX_DELAY_MS = 250;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Why a write did not happen: what its failed condition means (each store module declares its own kinds). */
export interface Failure {
  readonly kind: string;
}

/** The outcomes any write may have. */
export type WriteOutcome =
  /** The record the write names does not exist (any more). */
  | { kind: 'notFound' }
  /** The record's `versao` is no longer the one the write was based on. */
  | { kind: 'staleVersao' }
  /** Another item the write relied on changed since it was read: read again and retry. */
  | { kind: 'changed' }
  /** Other transactions kept conflicting on the same items through every retry. */
  | { kind: 'busy' };

/** An item's key. */
export interface Key {
  pk: string;
  sk: number;
}

type Comparison = '=' | '<' | '<=' | '>' | '>=';

/** A condition on the item as stored, built with the helpers below. */
export type Condition =
  | { readonly exists: string }
  | { readonly missing: string }
  | { readonly attribute: string; readonly is: Comparison; readonly value: unknown }
  | { readonly contains: string; readonly value: unknown }
  | { readonly sizeOf: string; readonly value: number }
  | { readonly and: readonly Condition[] }
  | { readonly or: readonly Condition[] };

export const exists = (attribute: string): Condition => ({ exists: attribute });
export const missing = (attribute: string): Condition => ({ missing: attribute });
export const compare = (attribute: string, is: Comparison, value: unknown): Condition => ({ attribute, is, value });
export const equals = (attribute: string, value: unknown): Condition => compare(attribute, '=', value);
export const contains = (attribute: string, value: unknown): Condition => ({ contains: attribute, value });
export const sizeIs = (attribute: string, value: number): Condition => ({ sizeOf: attribute, value });
export const allOf = (...conditions: Condition[]): Condition => ({ and: conditions });
export const anyOf = (...conditions: Condition[]): Condition => ({ or: conditions });

/** What an update changes: attributes set (or copied from another attribute), numbers or set elements added, attributes removed, set elements deleted. */
export interface Changes {
  readonly set?: Readonly<Record<string, unknown>>;
  /** Attribute ← another attribute of the same item. */
  readonly setFrom?: Readonly<Record<string, string>>;
  readonly add?: Readonly<Record<string, number | ReadonlySet<number>>>;
  readonly remove?: readonly string[];
  readonly deleteFromSet?: Readonly<Record<string, ReadonlySet<number>>>;
}

/** What an operation does to its item. */
export type Action = { readonly put: Stored } | { readonly key: Key; readonly update: Changes } | { readonly key: Key; readonly delete: true } | { readonly key: Key; readonly check: true };

/** One item of a write; `O`: what its failed condition means (none: it has no condition that may fail). */
export type WriteOp<O extends Failure = never> = Action & {
  /** What it does, e.g. `cliente.put` (logs, test hooks). */
  readonly name: string;
  readonly condition?: Condition;
  /** The meaning of its condition failing, given the item as it was (absent: it did not exist). */
  readonly onFailed?: (old: Stored | undefined) => O;
  /** Its outcome answers the request whatever else failed (an idempotent retry gets its first answer). */
  readonly decisive?: boolean;
};

/** The items the puts of these operations write whole (a seed writes a create's items in bulk). */
export const itemsPutBy = (ops: readonly AnyOp[]): Stored[] => ops.flatMap((op) => ('put' in op ? [op.put] : []));

/** An operation whatever its outcomes (what hooks and packing look at). */
export type AnyOp = WriteOp<Failure>;

/** The key of the item an operation writes. */
export const keyOf = (op: Action): Key => ('put' in op ? { pk: String(op.put.pk), sk: Number(op.put.sk) } : op.key);

/** Placeholders of one rendered item: `#name` for attribute names, `:vN` for values. */
class Expressions {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  name(attribute: string): string {
    const placeholder = `#${attribute.replace(/\W/g, '_')}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }
  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }
  condition(c: Condition): string {
    if ('exists' in c) return `attribute_exists(${this.name(c.exists)})`;
    if ('missing' in c) return `attribute_not_exists(${this.name(c.missing)})`;
    if ('attribute' in c) return `${this.name(c.attribute)} ${c.is} ${this.value(c.value)}`;
    if ('contains' in c) return `contains(${this.name(c.contains)}, ${this.value(c.value)})`;
    if ('sizeOf' in c) return `size(${this.name(c.sizeOf)}) = ${this.value(c.value)}`;
    const [parts, joiner] = 'and' in c ? [c.and, ' AND '] : [c.or, ' OR '];
    return parts.map((p) => ('and' in p || 'or' in p ? `(${this.condition(p)})` : this.condition(p))).join(joiner);
  }
  update(u: Changes): string {
    const clauses: string[] = [];
    const sets = [
      ...Object.entries(u.set ?? {}).map(([a, v]) => `${this.name(a)} = ${this.value(v)}`),
      ...Object.entries(u.setFrom ?? {}).map(([a, from]) => `${this.name(a)} = ${this.name(from)}`),
    ];
    if (sets.length) clauses.push(`SET ${sets.join(', ')}`);
    const adds = Object.entries(u.add ?? {}).map(([a, v]) => `${this.name(a)} ${this.value(v)}`);
    if (adds.length) clauses.push(`ADD ${adds.join(', ')}`);
    if (u.remove?.length) clauses.push(`REMOVE ${u.remove.map((a) => this.name(a)).join(', ')}`);
    const deletes = Object.entries(u.deleteFromSet ?? {}).map(([a, v]) => `${this.name(a)} ${this.value(v)}`);
    if (deletes.length) clauses.push(`DELETE ${deletes.join(', ')}`);
    return clauses.join(' ');
  }
  /** The placeholders used, as the SDK takes them (none: left out). */
  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/**
 * The SDK's form of an operation on `table`: the one place a TransactItem, UpdateExpression or
 * ConditionExpression is built. A conditional item asks for its old image when its condition
 * fails (to decode the outcome).
 */
export function toTransactItem(op: WriteOp<Failure>, table: string): TransactItem {
  const x = new Expressions();
  const update = 'update' in op ? x.update(op.update) : undefined;
  const condition = op.condition && { ConditionExpression: x.condition(op.condition), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const };
  const common = { TableName: table, ...condition, ...x.attributes() };
  if ('put' in op) return { Put: { ...common, Item: op.put } };
  if (update !== undefined) return { Update: { ...common, Key: op.key, UpdateExpression: update } };
  if ('delete' in op) return { Delete: { ...common, Key: op.key } };
  if (!condition) throw new Error(`A check without a condition: ${op.name}`);
  return { ConditionCheck: { ...common, ...condition, Key: op.key } };
}

/**
 * Runs one unconditional update outside any transaction and returns the updated attributes'
 * new values (an atomic counter's reservation).
 */
export async function updateReturningNew(key: Key, changes: Changes, db: Database = defaultDb()): Promise<Stored> {
  const x = new Expressions();
  const UpdateExpression = x.update(changes);
  const out = await db.doc.send(new UpdateCommand({ TableName: db.tableName, Key: key, UpdateExpression, ...x.attributes(), ReturnValues: 'UPDATED_NEW' }));
  return out.Attributes ?? {};
}

export type Written<O extends Failure = Failure> = { ok: true } | { ok: false; outcome: O | { kind: 'busy' } };

/**
 * Test seams, empty in production: `beforeCommit` is awaited with the operations before each
 * commit, so a test can hold a write between its reads and its transaction and let another
 * request run there; `afterCommit` is called when that commit is over (written or not), so a test
 * can see which writes ran at the same time.
 */
export const writeHooks: { beforeCommit?: (ops: readonly AnyOp[]) => Promise<void> | void; afterCommit?: (ops: readonly AnyOp[]) => void } = {};

/** Full-jitter exponential backoff (AWS's recommendation); `attempt` counts from 1. */
export const backoff = (attempt: number): Promise<unknown> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt)));

/**
 * Writes the operations as one write (falsy entries are skipped, so optional items read as
 * `cond && op`). Returns `{ ok: false, outcome }` when a condition failed (a decisive operation's
 * outcome first, else the first failing item's) or TransactionConflict outlived its retries;
 * throttling (a transaction cancelled for it included: ThrottledWriteError) and anything
 * unexpected propagate to the HTTP layer. Tools pass their own table (`db`).
 */
export async function commit<P extends WriteOp<Failure> | false | null | undefined>(parts: readonly P[], db?: Database): Promise<Written<OutcomeOf<P>>> {
  type O = OutcomeOf<P>;
  const ops = parts.filter((p): p is P & WriteOp<O> => !!p) as WriteOp<O>[];
  const written = await commitEach(ops, db);
  if (written.ok || written.busy) return written.ok ? written : { ok: false, outcome: { kind: 'busy' } };
  const failed = [...written.failed];
  const decisive = failed.find(([i]) => ops[i]!.decisive);
  return { ok: false, outcome: (decisive ?? failed[0]!)[1] };
}

/** The outcomes the operations of a list may have. */
export type OutcomeOf<P> = P extends WriteOp<infer O> ? O : never;

/** A write that reports every operation whose condition failed (by index), or that it stayed busy. */
export type WrittenEach<O extends Failure = Failure> = { ok: true } | { ok: false; busy: true } | { ok: false; busy?: false; failed: Map<number, O> };

/**
 * `commit` for a write of many independent parts (an import batch): when conditions fail, the
 * outcome of EVERY failed operation, by its index, so the caller can drop the parts they belong
 * to and write the rest again.
 */
export async function commitEach<O extends Failure>(ops: readonly WriteOp<O>[], db: Database = defaultDb()): Promise<WrittenEach<O>> {
  if (ops.length === 0) return { ok: true };
  await writeHooks.beforeCommit?.(ops);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await send(ops, db);
        return { ok: true };
      } catch (err) {
        const failed = conditionFailures(err, ops.length);
        if (failed) return { ok: false, failed: decideEach(ops, failed) };
        const codes = cancellationCodes(err);
        if (codes?.includes('ThrottlingError')) throw new ThrottledWriteError(err);
        if (!codes?.includes('TransactionConflict')) throw err;
        if (attempt >= TRANSACTION_ATTEMPTS) return { ok: false, busy: true };
        await backoff(attempt);
      }
    }
  } finally {
    writeHooks.afterCommit?.(ops);
  }
}

async function send(ops: readonly WriteOp<Failure>[], { doc, tableName }: Database): Promise<void> {
  const items = ops.map((op) => toTransactItem(op, tableName));
  const [only] = items;
  // One item: a plain conditional write (half the write units of a transaction).
  if (items.length === 1 && only) {
    if (only.Put) return void (await doc.send(new PutCommand(only.Put)));
    if (only.Update) return void (await doc.send(new UpdateCommand(only.Update)));
    if (only.Delete) return void (await doc.send(new DeleteCommand(only.Delete)));
  }
  await doc.send(new TransactWriteCommand({ TransactItems: items }));
}

/** The failed items (index → old image) of a write whose condition failed; undefined otherwise. */
function conditionFailures(err: unknown, count: number): Map<number, Stored | undefined> | undefined {
  if (!(err instanceof Error)) return undefined;
  const e = err as Error & { Item?: Record<string, unknown>; CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] };
  if (e.name === 'ConditionalCheckFailedException' && count === 1) return new Map([[0, decodeRaw(e.Item)]]);
  if (e.name !== 'TransactionCanceledException') return undefined;
  const failed = new Map<number, Stored | undefined>();
  (e.CancellationReasons ?? []).forEach((r, i) => {
    if (r.Code === 'ConditionalCheckFailed') failed.set(i, decodeRaw(r.Item));
  });
  return failed.size > 0 ? failed : undefined;
}

/** The reasons' codes of a cancelled transaction (undefined for any other error). */
function cancellationCodes(err: unknown): (string | undefined)[] | undefined {
  if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') return undefined;
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
}

/**
 * A transaction cancelled because an item was throttled: named as DynamoDB names throttling, so
 * the HTTP layer answers it as any throttling (503, safe to retry) without reading the reasons.
 * Throttling wins over a conflict in the same answer (a retry here would add to the load).
 */
export class ThrottledWriteError extends Error {
  override readonly name = 'ThrottlingException';
  constructor(cause: unknown) {
    super('A transaction was cancelled: an item was throttled.', { cause });
  }
}

function decideEach<O extends Failure>(ops: readonly WriteOp<O>[], failed: Map<number, Stored | undefined>): Map<number, O> {
  return new Map(
    [...failed].map(([i, old]) => {
      const op = ops[i]!;
      if (!op.onFailed) throw new Error(`Unexpected condition failure on ${op.name}`);
      return [i, op.onFailed(old)];
    }),
  );
}
