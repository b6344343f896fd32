/**
 * The one definition of the table's shape, used by the CDK data construct and by the local
 * server when it creates its table. Plain data: no AWS SDK or CDK imports.
 */
export const TABLE_KEY = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'N' },
} as const;

/** Epoch-seconds attribute that DynamoDB TTL deletes (idempotency records). */
export const TTL_ATTRIBUTE = 'expiresAt';

/** Partition keys of the single-table design. */
export const PK = {
  categoria: 'CATEGORIA',
  produto: 'PRODUTO',
  sequencia: 'SEQUENCIA',
  /** Prefix: an idempotency record is `IDEMPOTENCIA#<METHOD /path>#<key>`. */
  idempotencia: 'IDEMPOTENCIA',
} as const;
