/**
 * The one definition of the table's shape, used by the CDK data construct and by the local
 * server when it creates its table. Plain data: no AWS SDK or CDK imports.
 */
export const TABLE_KEY = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'N' },
} as const;

/**
 * Marshalling of every writer of this table (handlers, tools, tests): an undefined attribute is
 * left out, never stored.
 */
export const MARSHALL_OPTIONS = { removeUndefinedValues: true } as const;

/** Epoch-seconds attribute that DynamoDB TTL deletes (idempotency records). */
export const TTL_ATTRIBUTE = 'expiresAt';

/**
 * Partition keys of the single-table design. The values are stored data: the client's
 * partition keeps the name the first release gave it (`PRODUTO`).
 */
export const PK = {
  categoria: 'CATEGORIA',
  cliente: 'PRODUTO',
  sequencia: 'SEQUENCIA',
  /** Prefix: an idempotency record is `IDEMPOTENCIA#<METHOD /path>#<key>`. */
  idempotencia: 'IDEMPOTENCIA',
  /**
   * Prefix of uniqueness claims: `UNICO#categoria#<folded name>` holds the ids of the categories
   * with that name; `UNICO#categoria` alone marks that every stored category has its claim.
   */
  unico: 'UNICO',
  /** The global activity feed: sk = time in ms × 1000 + a random 0–999 (store/feed.ts). */
  atividade: 'ATIVIDADE',
} as const;
