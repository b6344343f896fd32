/**
 * TransactWriteItems with the retry AWS asks for: a transaction cancelled for a
 * `TransactionConflict` (another transaction touching the same item) is retried with jittered
 * exponential backoff; condition failures are returned to the caller to interpret.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../contract/messages.ts';
import { ConflictError } from '../errors.ts';
import { decodeRaw } from './items.ts';
import { documentClient } from './client.ts';

/** Attempts in all (the first + retries) before a persistent conflict becomes a 409. */
export const TRANSACTION_ATTEMPTS = 4;
const BASE_DELAY_MS = 20;
const MAX_DELAY_MS = 250;

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One entry of CancellationReasons, with the old item (ALL_OLD) decoded when returned. */
export interface CancellationReason {
  code: string;
  item: Record<string, unknown> | undefined;
}

/** The reasons of a TransactionCanceledException, in the order of the transaction's items. */
export function cancellationReasons(err: unknown): CancellationReason[] | undefined {
  if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') return undefined;
  const raw = (err as { CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] }).CancellationReasons;
  return (raw ?? []).map((r) => ({ code: r.Code ?? 'None', item: decodeRaw(r.Item) }));
}

/** A transaction cancelled because an item's condition failed, with the reasons. */
export class ConditionsFailed extends Error {
  constructor(readonly reasons: CancellationReason[]) {
    super('Transaction cancelled: a condition failed');
    this.name = 'ConditionsFailed';
  }
  /** True when the item at `index` failed its condition. */
  failed(index: number): boolean {
    return this.reasons[index]?.code === 'ConditionalCheckFailed';
  }
}

/** Full-jitter exponential backoff (AWS's recommendation); `attempt` counts from 1. */
export const backoff = (attempt: number): Promise<unknown> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt)));

/**
 * Runs a TransactWriteItems. Throws ConditionsFailed when a condition failed; retries
 * TransactionConflict up to TRANSACTION_ATTEMPTS in all, then throws a 409 (`conflictMessage`);
 * any other error (throttling included) propagates to the HTTP layer.
 */
export async function transactWrite(
  items: TransactItem[],
  conflictMessage: string = MESSAGES.conflitoConcorrente,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (!reasons) throw err;
      if (reasons.some((r) => r.code === 'ConditionalCheckFailed')) throw new ConditionsFailed(reasons);
      // Throttling (mapped to 503 by the HTTP layer) and anything unexpected propagate.
      if (reasons.some((r) => r.code === 'ThrottlingError')) throw err;
      if (!reasons.some((r) => r.code === 'TransactionConflict')) throw err;
      if (attempt >= TRANSACTION_ATTEMPTS) throw new ConflictError(conflictMessage);
      await backoff(attempt);
    }
  }
}
