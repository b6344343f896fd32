/**
 * Every write of the app goes through `commit`: a list of operations, each one item with its
 * condition and the meaning of that condition failing, written as ONE DynamoDB write (a single
 * Put/Update/Delete when there is one item, else TransactWriteItems, all or nothing). A failed
 * condition comes back as a typed outcome, decoded here and nowhere else; the services map
 * outcomes to answers. One more item in the same write (a history entry, a trash copy, an
 * aggregate, a uniqueness claim) is one more operation in the list.
 */
import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client.ts';
import { decodeRaw, type Stored } from './items.ts';

/** Attempts in all (the first + retries) of a transaction cancelled for TransactionConflict. */
export const TRANSACTION_ATTEMPTS = 4;
const BASE_DELAY_MS = 20;
const MAX_DELAY_MS = 250;

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Why a write did not happen, when a condition said no (or the item kept being contended). */
export type Outcome =
  /** The record the write names does not exist (any more). */
  | { kind: 'notFound' }
  /** A category the write refers to does not exist. */
  | { kind: 'categoriaMissing'; id: number }
  /** The category still has clients. */
  | { kind: 'hasClientes' }
  /** The record's `versao` is no longer the one the write was based on. */
  | { kind: 'staleVersao' }
  /** Another item the write relied on changed since it was read: read again and retry. */
  | { kind: 'changed' }
  /** A unique value is held by these records (ids): a category name (`campo` descricao). */
  | { kind: 'nameTaken'; holders: number[]; campo?: string }
  /** The documento (CPF/CNPJ) is held by this client (id). */
  | { kind: 'documentoTaken'; holder: number }
  /** The idempotency key is live with the same body: its first answer. */
  | { kind: 'keyReplayed'; status: number; body: unknown }
  /** The idempotency key is live with another body. */
  | { kind: 'keyReused' }
  /** Other transactions kept conflicting on the same items through every retry. */
  | { kind: 'busy' }
  /** This line of an import's file was created already, as client `id` (a line is created once per import). */
  | { kind: 'linhaImportada'; id: number }
  /** The import takes no more rows: it was concluded, or is being undone (`estado`). */
  | { kind: 'importacaoEncerrada'; estado: string }
  /** The rows would pass the total of lines the import declared when it began. */
  | { kind: 'importacaoCheia'; total: number };

/** One item of a write. */
export interface Op {
  /** What it does, e.g. `cliente.put` (logs, test hooks). */
  readonly name: string;
  readonly item: TransactItem;
  /** The meaning of its condition failing, given the item as it was (absent: it did not exist). */
  readonly onFailed?: (old: Stored | undefined) => Outcome;
}

export type Written = { ok: true } | { ok: false; outcome: Outcome };

/**
 * Test seams, empty in production: `beforeCommit` is awaited with the operations before each
 * commit, so a test can hold a write between its reads and its transaction and let another
 * request run there; `afterCommit` is called when that commit is over (written or not), so a test
 * can see which writes ran at the same time.
 */
export const writeHooks: { beforeCommit?: (ops: readonly Op[]) => Promise<void> | void; afterCommit?: (ops: readonly Op[]) => void } = {};

/** Full-jitter exponential backoff (AWS's recommendation); `attempt` counts from 1. */
export const backoff = (attempt: number): Promise<unknown> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt)));

/** Outcomes that answer the request whatever else failed: an idempotent retry gets its first answer. */
const FIRST: ReadonlySet<Outcome['kind']> = new Set(['keyReplayed', 'keyReused']);

/**
 * Writes the operations as one write (falsy entries are skipped, so optional items read as
 * `cond && op`). Returns `{ ok: false, outcome }` when a condition failed (an idempotency
 * outcome first, else the first failing item's) or TransactionConflict outlived its retries;
 * throttling (a transaction cancelled for it included: ThrottledWriteError) and anything
 * unexpected propagate to the HTTP layer. Tools pass their own client (`doc`).
 */
export async function commit(parts: readonly (Op | false | null | undefined)[], doc?: DynamoDBDocumentClient): Promise<Written> {
  const ops = parts.filter((p): p is Op => !!p);
  const written = await commitEach(ops, doc);
  if (written.ok || written.busy) return written.ok ? written : { ok: false, outcome: { kind: 'busy' } };
  const outcomes = [...written.failed.values()];
  return { ok: false, outcome: outcomes.find((o) => FIRST.has(o.kind)) ?? outcomes[0]! };
}

/** A write that reports every operation whose condition failed (by index), or that it stayed busy. */
export type WrittenEach = { ok: true } | { ok: false; busy: true } | { ok: false; busy?: false; failed: Map<number, Outcome> };

/**
 * `commit` for a write of many independent parts (an import batch): when conditions fail, the
 * outcome of EVERY failed operation, by its index, so the caller can drop the parts they belong
 * to and write the rest again.
 */
export async function commitEach(ops: readonly Op[], doc: DynamoDBDocumentClient = documentClient()): Promise<WrittenEach> {
  if (ops.length === 0) return { ok: true };
  await writeHooks.beforeCommit?.(ops);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await send(ops, doc);
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

const OLD_IMAGE = { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } as const;

/** Every conditional item asks for its old image when its condition fails (to decode the outcome). */
function withOldImage(item: TransactItem): TransactItem {
  const { Put, Update, Delete, ConditionCheck } = item;
  if (Put?.ConditionExpression) return { Put: { ...Put, ...OLD_IMAGE } };
  if (Update?.ConditionExpression) return { Update: { ...Update, ...OLD_IMAGE } };
  if (Delete?.ConditionExpression) return { Delete: { ...Delete, ...OLD_IMAGE } };
  if (ConditionCheck) return { ConditionCheck: { ...ConditionCheck, ...OLD_IMAGE } };
  return item;
}

async function send(ops: readonly Op[], doc: DynamoDBDocumentClient): Promise<void> {
  const items = ops.map((op) => withOldImage(op.item));
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

function decideEach(ops: readonly Op[], failed: Map<number, Stored | undefined>): Map<number, Outcome> {
  return new Map(
    [...failed].map(([i, old]) => {
      const op = ops[i]!;
      if (!op.onFailed) throw new Error(`Unexpected condition failure on ${op.name}`);
      return [i, op.onFailed(old)];
    }),
  );
}
