/**
 * The one definition of the table's shape, used by the CDK data construct and by the local
 * server when it creates its table. Plain data: no AWS SDK or CDK imports.
 */
export const TABLE_KEY = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'N' },
} as const;

/**
 * The table's global secondary index: one, overloaded and sparse. Only the index items of
 * store/listas.ts carry `lpk`/`lsk`, so no other item is copied into it. Its partition key names
 * a list view (`L#<filter>#<sort>`), the renewals (`R`) or the search words (`B`); its sort key
 * orders that view. The projected attributes are those the search and the renewals filter,
 * sort and total by without reading the clients. DynamoDB adds one index per table update: a new
 * index is a new entry here, and an upgrade adds one per deploy (docs/architecture.md).
 */
export const TABLE_INDEXES = [
  {
    name: 'lista',
    partitionKey: { name: 'lpk', type: 'S' },
    sortKey: { name: 'lsk', type: 'S' },
    projected: ['lt', 'ln', 'lv', 'lc', 'la'],
  },
] as const;
export type TableIndex = (typeof TABLE_INDEXES)[number];

/**
 * Marshalling of every writer of this table (handlers, tools, tests): an undefined attribute is
 * left out, never stored.
 */
export const MARSHALL_OPTIONS = { removeUndefinedValues: true } as const;

/** Epoch-seconds attribute that DynamoDB TTL deletes (idempotency records, trash entries). */
export const TTL_ATTRIBUTE = 'expiresAt';

/**
 * Partition keys of the single-table design. The values are stored data: the client's
 * partition keeps the name the first release gave it (`PRODUTO`).
 */
export const PARTITION_KEYS = {
  categoria: 'CATEGORIA',
  cliente: 'PRODUTO',
  sequencia: 'SEQUENCIA',
  /** Prefix: an idempotency record is `IDEMPOTENCIA#<METHOD /path>#<key>`. */
  idempotencia: 'IDEMPOTENCIA',
  /**
   * Prefix of uniqueness claims: `UNICO#categoria#<folded name>` holds the ids of the categories
   * with that name; `UNICO#categoria` alone marks that every stored category has its claim;
   * `UNICO#documento#<CPF/CNPJ as stored>` holds the id of the live client with that documento.
   */
  unico: 'UNICO',
  /** Prefix of a record's history: `HISTORICO#produto#<id>`, `HISTORICO#categoria#<id>`; sk = its sequence. */
  historico: 'HISTORICO',
  /**
   * The trash: `LIXEIRA#produto` / `LIXEIRA#categoria` hold the deleted records' copies (sk = id);
   * `LIXEIRA` alone is its index, newest first (sk = time in ms × 1000 + a random 0–999).
   */
  lixeira: 'LIXEIRA',
  /**
   * The activity feed: one item per history entry of any record, newest first (sk = time in ms ×
   * 1000 + a random 0–999), each expiring after FEED_DAYS so the partition stays small.
   */
  atividade: 'ATIVIDADE',
  /**
   * CSV imports: the job is `IMPORTACAO` / id; the records it created are listed under
   * `IMPORTACAO#<id>` / client id (what its undo deletes).
   */
  importacao: 'IMPORTACAO',
  /** A client's index items: `INDICE#<id>` / slot (store/listas.ts). */
  indice: 'INDICE',
  /**
   * An import batch's index items put ahead of its clients: `INDICE-ADIANTADO` / the batch's first
   * reserved id, with its last (`ultimo`) and when (`em`), until they are settled (store/index-ahead.ts).
   */
  indiceAdiantado: 'INDICE-ADIANTADO',
  /** Migrations of stored records: `MIGRACAO` / the migration's number, with its progress. */
  migracao: 'MIGRACAO',
  /** A person's reminder settings: `USUARIO#<e-mail, lower case>` / 0 (store/lembretes.ts). */
  usuario: 'USUARIO',
  /** A live calendar feed's secret: `CALENDARIO#<SHA-256 of the secret, hex>` / 0 names its person. */
  calendario: 'CALENDARIO',
} as const;

/**
 * The kind of a record in the keys of its history and trash items: stored data, spelled as the
 * wire's `tipo` (the client keeps the first release's word, `produto`).
 */
export const RECORD_KIND = { categoria: 'categoria', cliente: 'produto', tarefa: 'tarefa' } as const;
export type RecordKind = (typeof RECORD_KIND)[keyof typeof RECORD_KIND];
