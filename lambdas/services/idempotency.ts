/**
 * Idempotent creates: an `Idempotency-Key` (scoped to the route) is claimed by a conditional Put
 * inside the same transaction as the create, storing the response it will replay. Claim and
 * record commit together, so a concurrent duplicate either finds the claim or is the one that
 * created; never a second record. Expired claims count as absent (TTL deletes late).
 */
import { createHash } from 'node:crypto';
import { LIMITS } from '../contract/limits.ts';
import { MESSAGES } from '../contract/messages.ts';
import { UnprocessableError } from '../errors.ts';
import { tableName } from '../store/client.ts';
import type { IdempotencyItem } from '../store/items.ts';
import { PK, TTL_ATTRIBUTE } from '../store/table.ts';
import type { TransactItem } from '../store/transact.ts';

/** A key about to be claimed for one route and one validated body. */
export interface IdempotencyClaim {
  pk: string;
  bodyHash: string;
  /** Epoch seconds when the claim is made. */
  now: number;
}

/** The outcome of a create: the status and body to answer (and to replay). */
export interface Created<T> {
  status: number;
  body: T;
}

/** JSON with object keys sorted, so equal bodies hash equal whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The claim for `key` on `routeKey` (e.g. `POST /categorias`) and the validated body. */
export function idempotencyClaim(routeKey: string, key: string, validatedBody: unknown, nowMs = Date.now()): IdempotencyClaim {
  return {
    pk: `${PK.idempotencia}#${routeKey}#${key}`,
    bodyHash: createHash('sha256').update(canonicalJson(validatedBody)).digest('base64url'),
    now: Math.floor(nowMs / 1000),
  };
}

/** The transaction item that claims the key and stores the response to replay. */
export function claimItem(claim: IdempotencyClaim, created: Created<unknown>): TransactItem {
  const item: IdempotencyItem = {
    pk: claim.pk,
    sk: 0,
    bodyHash: claim.bodyHash,
    responseStatus: created.status,
    responseBody: JSON.stringify(created.body),
    [TTL_ATTRIBUTE]: claim.now + LIMITS.idempotencyTtlSeconds,
  };
  return {
    Put: {
      TableName: tableName(),
      Item: item,
      ConditionExpression: 'attribute_not_exists(pk) OR #exp < :now',
      ExpressionAttributeNames: { '#exp': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': claim.now },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/**
 * The answer when the claim failed because a live claim exists: its first response when the
 * body is the same, 422 when it differs.
 */
export function replay<T>(claim: IdempotencyClaim, existing: Record<string, unknown> | undefined): Created<T> {
  if (!existing || typeof existing.responseBody !== 'string') {
    // The condition failed, so the claim existed; DynamoDB returns it with ALL_OLD.
    throw new Error('Idempotency claim failed without the existing claim');
  }
  if (existing.bodyHash !== claim.bodyHash) throw new UnprocessableError(MESSAGES.idempotenciaCorpoDiferente);
  return { status: Number(existing.responseStatus), body: JSON.parse(existing.responseBody) as T };
}
