/**
 * Idempotency records: an `Idempotency-Key` claimed by a conditional Put in the same write as the
 * create, holding the answer to replay. Expired records count as absent (TTL deletes late).
 */
import { LIMITS } from '../contract/limits.ts';
import { PARTITION_KEYS, TTL_ATTRIBUTE } from './table.ts';
import { anyOf, compare, equals, missing, type WriteOp, type WriteOutcome } from './write.ts';

/** The idempotency key is live: with the same body (its first answer), or with another body. */
export type IdempotencyOutcome = { kind: 'keyReplayed'; status: number; body: unknown } | { kind: 'keyReused' };

/** A key about to be claimed for one route and one validated body. */
export interface IdempotencyClaim {
  /** The route key, e.g. `POST /categorias`, and with sign-in `#<sub>`: a key is scoped to its route and its caller. */
  routeKey: string;
  key: string;
  /** Hash of the canonical validated body. */
  bodyHash: string;
  /** Epoch seconds when the claim is made. */
  now: number;
}

/** The answer a create gives (and an idempotent retry replays). */
export interface Answer<T> {
  status: number;
  body: T;
}

export type IdempotencyItem = {
  pk: string;
  sk: 0;
  bodyHash: string;
  /** The first answer: status and body (JSON text). */
  responseStatus: number;
  responseBody: string;
  /** The record the answer holds (`produto#7`), when it is one record's create: its purge erases this item too. */
  registro?: string;
  [TTL_ATTRIBUTE]: number;
};

/** The partition key of a claim's record (stored on the record it created, so its purge finds it without a Scan). */
export const idempotencyPk = (claim: Pick<IdempotencyClaim, 'routeKey' | 'key'>): string => `${PARTITION_KEYS.idempotencia}#${claim.routeKey}#${claim.key}`;

/** How a record names itself in the idempotency record of its create. */
export const registroRef = (kind: string, id: number): string => `${kind}#${id}`;

/**
 * Claims the key and stores `answer`; a live claim fails it with `keyReplayed` or `keyReused`.
 * `registro`: the record the answer holds (see IdempotencyItem).
 */
export function claimIdempotencyKey(claim: IdempotencyClaim, answer: Answer<unknown>, registro?: string): WriteOp<IdempotencyOutcome> {
  const item: IdempotencyItem = {
    pk: idempotencyPk(claim),
    sk: 0,
    bodyHash: claim.bodyHash,
    responseStatus: answer.status,
    responseBody: JSON.stringify(answer.body),
    ...(registro === undefined ? {} : { registro }),
    [TTL_ATTRIBUTE]: claim.now + LIMITS.idempotencyTtlSeconds,
  };
  return {
    name: 'idempotency.claim',
    put: item,
    condition: anyOf(missing('pk'), compare(TTL_ATTRIBUTE, '<', claim.now)),
    // An idempotent retry gets its first answer, whatever else failed.
    decisive: true,
    onFailed: (old) => {
      // The condition failed, so a live claim exists; DynamoDB returns it as the old image.
      if (!old || typeof old.responseBody !== 'string') throw new Error('Idempotency claim failed without the existing claim');
      if (old.bodyHash !== claim.bodyHash) return { kind: 'keyReused' };
      return { kind: 'keyReplayed', status: Number(old.responseStatus), body: JSON.parse(old.responseBody) as unknown };
    },
  };
}

/**
 * Erases the idempotency record at `pk` while it still holds `registro`'s create (a purge: the
 * answer it replays is the record's data). Once it expired, the key may hold another create's
 * answer: then the condition keeps it (`changed`, which the purge ignores).
 */
export function forgetIdempotencyKey(pk: string, registro: string): WriteOp<WriteOutcome> {
  return {
    name: 'idempotency.forget',
    key: { pk, sk: 0 },
    delete: true,
    condition: equals('registro', registro),
    onFailed: () => ({ kind: 'changed' }),
  };
}
