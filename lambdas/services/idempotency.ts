/**
 * Idempotent creates: an `Idempotency-Key` (scoped to the route) is claimed in the same write as
 * the record it creates, with the answer it will replay (lambdas/store/idempotency.ts). Claim and
 * record commit together, so a concurrent duplicate either finds the claim or is the one that
 * created; never a second record. Here: what identifies "the same request".
 */
import { createHash } from 'node:crypto';
import type { IdempotencyClaim } from '../store/idempotency.ts';
import { canonicalJson } from './canonical.ts';

export type { Answer, IdempotencyClaim } from '../store/idempotency.ts';

/** A key as the request sent it, scoped to its route (`POST /categorias`). */
export interface IdempotencyKey {
  routeKey: string;
  key: string;
}

/** The claim of a key for the validated body (the same body hashes the same, whatever its key order). */
export function idempotencyClaim({ routeKey, key }: IdempotencyKey, validatedBody: unknown, nowMs = Date.now()): IdempotencyClaim {
  return {
    routeKey,
    key,
    bodyHash: createHash('sha256').update(canonicalJson(validatedBody)).digest('base64url'),
    now: Math.floor(nowMs / 1000),
  };
}
