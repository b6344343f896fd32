/**
 * Reads a whole test table and checks the data invariants the API promises: each category's
 * client count equals its real number of clients, no client references a missing category,
 * ids unique and below the counters, idempotency claims only beside their record, each category
 * name held by exactly its claim (once the stored names are claimed), no stray item;
 * each client's contact fields as the contract stores them, and each documento held by exactly
 * its client's claim. No record both live and in the trash, each trash copy with its
 * index entry, a record's history entries numbered 1..its counter (live records and trash copies),
 * each entry's feed item naming its record and no other feed item, no history left of a record
 * that is neither live nor in the trash (a purge erases it all), the idempotency record of a
 * create naming its record.
 * Tarefas (store/tarefas.ts): each record (or tombstone) under its client with its pointer; each
 * live record with exactly its two agenda index items (the team's and its responsavel's, by
 * status, keyed by `quando` then id, typed; the team's naming its responsavel, or not at all when
 * the test wrote it as the release before did), a tombstone with none and with its trash copy; the
 * index's pending counts equal the pending records; each client's next-tarefa item names exactly
 * its earliest pending tarefa (absent: none); nothing of a tarefa left under a client that is
 * neither live nor in the trash (a purge erases it all).
 * The totals (client count, VIPs, contract sum in cents: of each category and of "Sem
 * categoria") equal a full recount once they exist.
 */
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CONTATO_FIELDS, checkContato } from '../../lambdas/contract/cliente.ts';
import { foldName } from '../../lambdas/contract/text.ts';
import { isVipValue } from '../../lambdas/contract/limits.ts';
import { toCents } from '../../lambdas/store/aggregates.ts';
import { FEED_SK } from '../../lambdas/store/historico.ts';
import { CATEGORIA_NAME, EXPIRA, PURGING } from '../../lambdas/store/lixeira.ts';
import {
  AUDIT_ATTRIBUTES,
  CENTS_SUM,
  CLIENT_COUNT,
  COUNTER_ATTRIBUTE,
  HISTORY_COUNTER,
  IDEMPOTENCY_REF,
  SEM_CATEGORIA_KEY,
  toClienteRecord,
  VIP_CENTS_SUM,
  VIP_COUNT,
  type ClienteRecord,
} from '../../lambdas/store/items.ts';
import { indexItemsOf, LISTA_INDEX } from '../../lambdas/store/listas.ts';
import { MIGRACAO_INDICES_KEY } from '../../lambdas/store/migracao.ts';
import { documentoClaimKey, NAME_CLAIMS_MARKER } from '../../lambdas/store/names.ts';
import { PARTITION_KEYS, RECORD_KIND, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';
import { AGENDA_LPK, AGENDA_RESPONSAVEL, agendaSk, EXCLUIDA, proximaOf, TAREFA_PK, toTarefaRecord, type TarefaRecord } from '../../lambdas/store/tarefas.ts';

export interface StoredCategoria {
  id: number;
  descricao: string;
  /** The stored client count. */
  clientes: number;
  /** The stored VIP count and contract sum in cents (undefined: not counted yet). */
  vips?: number;
  soma?: bigint;
  /** The VIPs' contract sum in cents (undefined: not counted yet). */
  somaVip?: bigint;
  versao: number;
}

/** Stored totals of a group of clients (the sum in cents, exact). */
export interface StoredTotais {
  clientes: number;
  vips: number;
  soma: bigint;
}

/** A stored client, as code handles it. */
export type StoredCliente = Omit<ClienteRecord, 'historico' | 'idempotencia' | (typeof AUDIT_ATTRIBUTES)[number]>;

export interface StoredIdempotency {
  pk: string;
  responseStatus: number;
  responseBody: string;
  expiresAt: number;
  /** The record whose create it answered (`produto#7`), when it is one. */
  registro?: string;
}

export interface Snapshot {
  categorias: Map<number, StoredCategoria>;
  clientes: Map<number, StoredCliente>;
  idempotency: StoredIdempotency[];
  counters: { categoria: number; cliente: number };
  /** Name claims: folded name → the ids holding it. */
  names: Map<string, number[]>;
  /** Whether the marker says every stored category has its claim. */
  namesClaimed: boolean;
  /** Documento claims: documento → the id of the client holding it. */
  documentos: Map<string, number>;
  /** Import jobs (id → records created) and the records each still lists (id → client ids). */
  importacoes?: Map<number, { criados: number; estado: string }>;
  importados?: Map<number, number[]>;
  /** Import id → how many records its undo deleted and a restore has still to bring back. */
  desfeitos?: Map<number, number>;
  /** The "Sem categoria" totals item (also the marker that every category has its totals). */
  semCategoria?: StoredTotais;
  /** The VIPs' contract sum of the clients without a category (undefined: not counted yet). */
  semCategoriaVip?: bigint;
  /** The clients' list index items, client id → slot → item; and what each live client's should be. */
  indices?: Map<number, Map<number, Record<string, unknown>>>;
  expectedIndices?: Map<number, Map<number, Record<string, unknown>>>;
  /** Id ranges of import batches whose index items went ahead and are not settled yet (store/index-ahead.ts). */
  indexAhead?: [number, number][];
  /** Whether the index migration is done (then every live client has all its index items). */
  indexesDone?: boolean;
  /** Items whose pk is none of the known partitions. */
  stray: Record<string, unknown>[];
  /** Attributes no item of that kind should have (e.g. an unknown request field stored). */
  unknownAttributes: string[];
  /**
   * The history counters of live records and of trash copies (not those being purged,
   * whose history is going), `produto#1` → counter (0: none yet).
   */
  historyCounters?: Map<string, number>;
  /** The history entries' sks of each record, `produto#1` → [1, 2, …]. */
  history?: Map<string, number[]>;
  /** The feed item sk each history entry names, `produto#1` → [sk, …] (entries stored before they kept it: none). */
  historyFeed?: Map<string, number[]>;
  /** The trash copies, `produto#1` → the index sk they name. */
  trash?: Map<string, number>;
  /** The trash index entries, sk → `produto#1`. */
  trashIndex?: Map<number, string>;
  /** The records whose copy or index entry a purge marked (`produto#1`). */
  purging?: Set<string>;
  /** How many activity feed items there are. */
  feedItems?: number;
  /** The activity feed items, sk → the record they name (`produto#1`). */
  feed?: Map<number, string>;
  /** The tarefa records stored under their clients (live ones), by id; and the tombstones' ids → client. */
  tarefas?: Map<number, TarefaRecord>;
  tarefaTombstones?: Map<number, number>;
  /** Tarefa records stored under a partition other than their client's (`TAREFA#<cliente>`). */
  tarefaMisplaced?: string[];
  /** The tarefa pointers, id → client. */
  tarefaPointers?: Map<number, number>;
  /** The agenda index items, `<cliente>#<id>` → slot → item. */
  agenda?: Map<string, Map<number, Record<string, unknown>>>;
  /** The clients' next-tarefa items, by client. */
  proximas?: Map<number, Record<string, unknown>>;
  /** The tarefa id counter. */
  tarefaCounter?: number;
}

const CATEGORIA_ATTRIBUTES = ['pk', 'sk', 'descricao', CLIENT_COUNT, VIP_COUNT, CENTS_SUM, VIP_CENTS_SUM, 'versao', HISTORY_COUNTER, IDEMPOTENCY_REF, ...AUDIT_ATTRIBUTES];
const CLIENTE_ATTRIBUTES = ['pk', 'sk', 'nome', 'segmento', 'pontoFocal', 'valorContrato', 'categoriaId', 'versao', ...CONTATO_FIELDS, HISTORY_COUNTER, IDEMPOTENCY_REF, ...AUDIT_ATTRIBUTES];
/** What the trash adds to a record's copy: who deleted it and when, its index entry, its TTL, a purge's mark. */
const TRASH_COPY_ATTRIBUTES = ['excluidoEm', 'excluidoPor', 'indice', TTL_ATTRIBUTE, PURGING];

/**
 * The attributes each kind of item may have: anything else was stored by mistake. Keyed by pk,
 * else by the pk's first segment.
 */
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  [PARTITION_KEYS.categoria]: CATEGORIA_ATTRIBUTES,
  [PARTITION_KEYS.cliente]: CLIENTE_ATTRIBUTES,
  [PARTITION_KEYS.historico]: ['pk', 'sk', 'acao', 'em', 'por', 'alteracoes', FEED_SK],
  [PARTITION_KEYS.atividade]: ['pk', 'sk', 'tipo', 'id', 'nome', 'acao', 'em', 'por', 'alteracoes', TTL_ATTRIBUTE],
  // The trash: its index (the expiry in EXPIRA; entries stored before it have the TTL attribute), and the copies.
  [PARTITION_KEYS.lixeira]: ['pk', 'sk', 'tipo', 'id', 'nome', 'excluidoEm', 'excluidoPor', EXPIRA, TTL_ATTRIBUTE, PURGING],
  [`${PARTITION_KEYS.lixeira}#${RECORD_KIND.categoria}`]: [...CATEGORIA_ATTRIBUTES, ...TRASH_COPY_ATTRIBUTES],
  [`${PARTITION_KEYS.lixeira}#${RECORD_KIND.cliente}`]: [...CLIENTE_ATTRIBUTES, ...TRASH_COPY_ATTRIBUTES, CATEGORIA_NAME],
  [PARTITION_KEYS.sequencia]: ['pk', 'sk', ...Object.values(COUNTER_ATTRIBUTE)],
  [PARTITION_KEYS.indice]: ['pk', 'sk', LISTA_INDEX.partitionKey.name, LISTA_INDEX.sortKey.name, ...LISTA_INDEX.projected],
  [PARTITION_KEYS.indiceAdiantado]: ['pk', 'sk', 'ultimo', 'em'],
  [PARTITION_KEYS.migracao]: ['pk', 'sk', 'feitos', 'total', 'cursor', 'iniciada', 'concluida'],
  [PARTITION_KEYS.idempotencia]: ['pk', 'sk', 'bodyHash', 'responseStatus', 'responseBody', 'registro', TTL_ATTRIBUTE],
  [PARTITION_KEYS.unico]: ['pk', 'sk', 'ids', 'at', 'id'],
  // The import job, and (`IMPORTACAO#<id>`) the records it created.
  // What an undo deleted (`#desfeito`, `#desfeita-categoria`) keeps where the import listed it (listaPk, listaSk), for a restore.
  [PARTITION_KEYS.importacao]: ['pk', 'sk', 'autor', 'autorSub', 'criadoEm', 'atualizadoEm', 'estado', 'total', 'criados', 'categorias', 'arquivo', 'assinatura', 'linha', 'id', 'listaPk', 'listaSk'],
};
/** A tarefa's record (a tombstone has only its keys, `cliente`, the mark and the history counter). */
const TAREFA_ATTRIBUTES = [
  'pk', 'sk', 'cliente', 'tipo', 'descricao', 'quando', 'duracaoMin', 'responsavel', 'concluida', 'resultado', 'concluidaEm', 'concluidaPor', 'versao',
  EXCLUIDA, HISTORY_COUNTER, IDEMPOTENCY_REF, ...AUDIT_ATTRIBUTES,
];
ALLOWED_ATTRIBUTES[`${PARTITION_KEYS.lixeira}#${RECORD_KIND.tarefa}`] = [...TAREFA_ATTRIBUTES, ...TRASH_COPY_ATTRIBUTES];
// `TAREFA` alone holds the pointers; `TAREFA#<cliente>` the records (looked up by its own name below).
ALLOWED_ATTRIBUTES[TAREFA_PK.tarefa] = ['pk', 'sk', 'cliente'];
ALLOWED_ATTRIBUTES[TAREFA_PK.agenda] = ['pk', 'sk', 'lpk', 'lsk', 'lt', AGENDA_RESPONSAVEL];
ALLOWED_ATTRIBUTES[TAREFA_PK.proxima] = ['pk', 'sk', 'v', 'id', 'tipo', 'descricao', 'quando', 'responsavel', 'lpk', 'lsk'];
const TAREFA_RECORDS_PREFIX = `${TAREFA_PK.tarefa}#`;

const NAME_PREFIX = `${NAME_CLAIMS_MARKER.pk}#`;
const DOCUMENTO_PREFIX = documentoClaimKey('').pk;

/** Every item of the table (a consistent Scan, every page): test tables are small. */
export async function snapshot(doc: DynamoDBDocumentClient, tableName: string): Promise<Snapshot> {
  const s: Snapshot = {
    categorias: new Map(),
    clientes: new Map(),
    idempotency: [],
    counters: { categoria: 0, cliente: 0 },
    names: new Map(),
    namesClaimed: false,
    documentos: new Map(),
    importacoes: new Map(),
    importados: new Map(),
    desfeitos: new Map(),
    stray: [],
    unknownAttributes: [],
    indices: new Map(),
    expectedIndices: new Map(),
    indexAhead: [],
    indexesDone: false,
    historyCounters: new Map(),
    history: new Map(),
    historyFeed: new Map(),
    trash: new Map(),
    trashIndex: new Map(),
    purging: new Set(),
    feedItems: 0,
    feed: new Map(),
    tarefas: new Map(),
    tarefaTombstones: new Map(),
    tarefaMisplaced: [],
    tarefaPointers: new Map(),
    agenda: new Map(),
    proximas: new Map(),
    tarefaCounter: 0,
  };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      const sk = Number(item.sk);
      const allowed = pk.startsWith(TAREFA_RECORDS_PREFIX) ? TAREFA_ATTRIBUTES : (ALLOWED_ATTRIBUTES[pk] ?? ALLOWED_ATTRIBUTES[pk.split('#')[0]!]);
      for (const name of Object.keys(item)) {
        if (allowed && !allowed.includes(name)) s.unknownAttributes.push(`${pk}/${sk}.${name}`);
      }
      if ((pk === PARTITION_KEYS.categoria && sk !== SEM_CATEGORIA_KEY.sk) || pk === PARTITION_KEYS.cliente) {
        s.historyCounters!.set(`${pk === PARTITION_KEYS.categoria ? RECORD_KIND.categoria : RECORD_KIND.cliente}#${sk}`, Number(item[HISTORY_COUNTER] ?? 0));
      }
      if (pk === PARTITION_KEYS.categoria && sk === SEM_CATEGORIA_KEY.sk) {
        s.semCategoria = { clientes: Number(item[CLIENT_COUNT]), vips: Number(item[VIP_COUNT]), soma: BigInt(item[CENTS_SUM]) };
        if (item[VIP_CENTS_SUM] !== undefined) s.semCategoriaVip = BigInt(item[VIP_CENTS_SUM] as number);
      } else if (pk === PARTITION_KEYS.categoria) {
        s.categorias.set(sk, {
          id: sk,
          descricao: item.descricao,
          clientes: Number(item[CLIENT_COUNT] ?? 0),
          ...(item[VIP_COUNT] !== undefined ? { vips: Number(item[VIP_COUNT]) } : {}),
          ...(item[CENTS_SUM] !== undefined ? { soma: BigInt(item[CENTS_SUM]) } : {}),
          ...(item[VIP_CENTS_SUM] !== undefined ? { somaVip: BigInt(item[VIP_CENTS_SUM] as number) } : {}),
          versao: Number(item.versao),
        });
      } else if (pk === PARTITION_KEYS.cliente) {
        // As the model compares it: the history counter and audit stamps are kept apart.
        const record = toClienteRecord(item);
        const { historico: _h, idempotencia: _i, criadoEm: _a, criadoPor: _b, atualizadoEm: _c, atualizadoPor: _d, ...cliente } = record;
        s.clientes.set(sk, cliente);
        s.expectedIndices!.set(sk, indexItemsOf(record));
      } else if (pk.startsWith(`${PARTITION_KEYS.indice}#`)) {
        const id = Number(pk.slice(PARTITION_KEYS.indice.length + 1));
        const slots = s.indices!.get(id) ?? new Map<number, Record<string, unknown>>();
        slots.set(sk, item);
        s.indices!.set(id, slots);
      } else if (pk === PARTITION_KEYS.indiceAdiantado) {
        s.indexAhead!.push([sk, Number(item.ultimo)]);
      } else if (pk === MIGRACAO_INDICES_KEY.pk) {
        if (sk === MIGRACAO_INDICES_KEY.sk && item.concluida !== undefined) s.indexesDone = true;
      } else if (pk === PARTITION_KEYS.sequencia) {
        s.counters = {
          categoria: Number(item[COUNTER_ATTRIBUTE.categoria] ?? 0),
          cliente: Number(item[COUNTER_ATTRIBUTE.cliente] ?? 0),
        };
        s.tarefaCounter = Number(item[COUNTER_ATTRIBUTE.tarefa] ?? 0);
      } else if (pk.startsWith(TAREFA_RECORDS_PREFIX)) {
        const cliente = Number(pk.slice(TAREFA_RECORDS_PREFIX.length));
        if (Number(item.cliente) !== cliente) s.tarefaMisplaced!.push(`tarefa ${sk} stored under ${pk} names cliente ${String(item.cliente)}`);
        const record = toTarefaRecord(item);
        if (record) {
          s.tarefas!.set(sk, record);
          s.historyCounters!.set(`${RECORD_KIND.tarefa}#${sk}`, record.historico);
        } else s.tarefaTombstones!.set(sk, cliente);
      } else if (pk === TAREFA_PK.tarefa) {
        s.tarefaPointers!.set(sk, Number(item.cliente));
      } else if (pk.startsWith(`${TAREFA_PK.agenda}#`)) {
        const key = pk.slice(TAREFA_PK.agenda.length + 1);
        const slots = s.agenda!.get(key) ?? new Map<number, Record<string, unknown>>();
        slots.set(sk, item);
        s.agenda!.set(key, slots);
      } else if (pk === TAREFA_PK.proxima) {
        s.proximas!.set(sk, item);
      } else if (pk.startsWith(`${PARTITION_KEYS.idempotencia}#`)) {
        s.idempotency.push({
          pk,
          responseStatus: Number(item.responseStatus),
          responseBody: String(item.responseBody),
          expiresAt: Number(item[TTL_ATTRIBUTE]),
          ...(typeof item.registro === 'string' ? { registro: item.registro } : {}),
        });
      } else if (pk === NAME_CLAIMS_MARKER.pk) {
        s.namesClaimed = true;
      } else if (pk.startsWith(DOCUMENTO_PREFIX)) {
        s.documentos.set(pk.slice(DOCUMENTO_PREFIX.length), Number(item.id));
      } else if (pk.startsWith(NAME_PREFIX)) {
        s.names.set(pk.slice(NAME_PREFIX.length), [...((item.ids as Set<number> | undefined) ?? [])].sort((a, b) => a - b));
      } else if (pk.startsWith(`${PARTITION_KEYS.historico}#`)) {
        const record = pk.slice(PARTITION_KEYS.historico.length + 1);
        s.history!.set(record, [...(s.history!.get(record) ?? []), sk]);
        if (item[FEED_SK] !== undefined) s.historyFeed!.set(record, [...(s.historyFeed!.get(record) ?? []), Number(item[FEED_SK])]);
      } else if (pk === PARTITION_KEYS.lixeira) {
        const record = `${String(item.tipo)}#${Number(item.id)}`;
        s.trashIndex!.set(sk, record);
        if (item[PURGING] !== undefined) s.purging!.add(record);
      } else if (pk.startsWith(`${PARTITION_KEYS.lixeira}#`)) {
        const record = `${pk.slice(PARTITION_KEYS.lixeira.length + 1)}#${sk}`;
        s.trash!.set(record, Number(item.indice));
        if (item[PURGING] !== undefined) s.purging!.add(record);
        // A copy keeps the record's history counter (its history is going while a purge runs).
        else s.historyCounters!.set(record, Number(item[HISTORY_COUNTER] ?? 0));
      } else if (pk === PARTITION_KEYS.atividade) {
        s.feedItems!++;
        s.feed!.set(sk, `${String(item.tipo)}#${Number(item.id)}`);
      } else if (pk === PARTITION_KEYS.importacao) {
        s.importacoes!.set(sk, { criados: Number(item.criados), estado: String(item.estado) });
      } else if (pk.startsWith(`${PARTITION_KEYS.importacao}#`) && (pk.endsWith('#desfeito') || pk.endsWith('#desfeita-categoria'))) {
        // A record the import's undo deleted, to restore: only an undone import has them.
        const id = Number(pk.slice(PARTITION_KEYS.importacao.length + 1).replace(/#desfeit.*$/, ''));
        s.desfeitos!.set(id, (s.desfeitos!.get(id) ?? 0) + 1);
      } else if (pk.startsWith(`${PARTITION_KEYS.importacao}#`) && pk.endsWith('#categoria')) {
        // A category an import created: listed for its undo (a normal delete may remove it first).
      } else if (pk.startsWith(`${PARTITION_KEYS.importacao}#`)) {
        // A client an import created: by its line (`#linha`, the client id in `id`), or by id (before).
        const byLine = pk.endsWith('#linha');
        const id = Number(pk.slice(PARTITION_KEYS.importacao.length + 1).replace(/#linha$/, ''));
        s.importados!.set(id, [...(s.importados!.get(id) ?? []), byLine ? Number(item.id) : sk]);
      } else {
        s.stray.push(item);
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return s;
}

/** What a check knows beyond the snapshot. */
export interface InvariantOptions {
  /**
   * Tarefas whose team index item the test wrote as the release before did, without its
   * `responsavel` (`ln`): legal only for those (the reads then learn it from the record).
   */
  agendaWrittenBefore?: ReadonlySet<number>;
}

/** The violated invariants of a snapshot ([] when all hold). */
export function invariantViolations(s: Snapshot, options: InvariantOptions = {}): string[] {
  const out: string[] = [];
  const real = new Map<number, number>();
  for (const p of s.clientes.values()) {
    if (p.categoriaId !== null) {
      real.set(p.categoriaId, (real.get(p.categoriaId) ?? 0) + 1);
      if (!s.categorias.has(p.categoriaId)) out.push(`orphan: cliente ${p.id} references missing categoria ${p.categoriaId}`);
    }
    if (!(p.id >= 1 && p.id <= s.counters.cliente)) out.push(`cliente id ${p.id} outside 1..${s.counters.cliente}`);
    if (!(p.versao >= 1)) out.push(`cliente ${p.id} versao ${p.versao}`);
  }
  for (const c of s.categorias.values()) {
    const count = real.get(c.id) ?? 0;
    if (c.clientes !== count) out.push(`count drift: categoria ${c.id} stores ${CLIENT_COUNT}=${c.clientes}, has ${count}`);
    if (!(c.id >= 1 && c.id <= s.counters.categoria)) out.push(`categoria id ${c.id} outside 1..${s.counters.categoria}`);
    if (!(c.versao >= 1)) out.push(`categoria ${c.id} versao ${c.versao}`);
  }
  // An import lists at most the records it counted, each an id the counter gave out;
  // a batch's claims hold the ids it created.
  for (const [id, listed] of s.importados ?? []) {
    const job = s.importacoes?.get(id);
    if (!job) out.push(`import ${id} lists records but does not exist`);
    else if (listed.length > job.criados) out.push(`import ${id} lists ${listed.length} records, counted ${job.criados}`);
    for (const c of listed) if (!(c >= 1 && c <= s.counters.cliente)) out.push(`import ${id} lists cliente id ${c} outside 1..${s.counters.cliente}`);
  }
  for (const [id] of s.desfeitos ?? []) {
    const job = s.importacoes?.get(id);
    if (!job) out.push(`import ${id} lists undone records but does not exist`);
    else if (job.estado !== 'desfeita' && job.estado !== 'desfazendo') out.push(`import ${id} is ${job.estado} but lists undone records`);
  }
  for (const k of s.idempotency.filter((k) => k.pk.includes('/importacoes/'))) {
    const body = JSON.parse(k.responseBody) as { criados?: { id: number }[] };
    if (k.responseStatus !== 200 || !Array.isArray(body.criados)) out.push(`idempotency ${k.pk} stored ${k.responseStatus} ${k.responseBody.slice(0, 80)}`);
    for (const c of body.criados ?? []) if (!(c.id <= s.counters.cliente)) out.push(`idempotency ${k.pk} holds cliente id ${c.id}`);
  }
  for (const k of s.idempotency.filter((k) => !k.pk.includes('/importacoes'))) {
    // A claim is written with its record: a 201 claim whose record is missing was never created
    // (a later delete of the record is legitimate, so only ids above the counter are wrong).
    const body = JSON.parse(k.responseBody) as { id?: number };
    const kind = k.pk.includes('/categorias') ? 'categoria' : k.pk.includes('/tarefas') ? 'tarefa' : 'cliente';
    const counter = kind === 'tarefa' ? (s.tarefaCounter ?? 0) : s.counters[kind];
    if (k.responseStatus !== 201) out.push(`idempotency ${k.pk} stored status ${k.responseStatus}`);
    if (!(typeof body.id === 'number' && body.id <= counter)) out.push(`idempotency ${k.pk} holds id ${body.id}`);
    if (!(k.expiresAt > Date.now() / 1000)) out.push(`idempotency ${k.pk} already expired at ${k.expiresAt}`);
    // It names the record its answer holds (a purge erases it by that name).
    const tipo = RECORD_KIND[kind];
    if (k.registro !== undefined && k.registro !== `${tipo}#${body.id}`) out.push(`idempotency ${k.pk} answers ${tipo} ${body.id} but names ${k.registro}`);
  }
  // A name claim holds exactly the categories of that name; once claimed, every category has one.
  const byName = new Map<string, number[]>();
  for (const c of s.categorias.values()) byName.set(foldName(c.descricao), [...(byName.get(foldName(c.descricao)) ?? []), c.id]);
  for (const [name, ids] of s.names) {
    const expected = byName.get(name) ?? [];
    if (ids.length === 0 || ids.some((id) => !expected.includes(id))) out.push(`name claim "${name}" holds [${ids}], categories of that name [${expected}]`);
  }
  if (s.namesClaimed) {
    for (const [name, ids] of byName) {
      const held = s.names.get(name) ?? [];
      if (ids.some((id) => !held.includes(id))) out.push(`name "${name}" of categories [${ids}] is held by [${held}]`);
    }
  }
  out.push(...contatoViolations(s));
  out.push(...indexViolations(s));
  out.push(...historyAndTrashViolations(s));
  out.push(...tarefaViolations(s, options));
  // Totals: once they exist (the Sem categoria item is there), each equals a full recount.
  if (s.semCategoria) {
    const recount = new Map<number, StoredTotais>();
    for (const c of s.clientes.values()) {
      const key = c.categoriaId ?? SEM_CATEGORIA_KEY.sk;
      const t = recount.get(key) ?? { clientes: 0, vips: 0, soma: 0n };
      t.clientes++;
      if (isVipValue(c.valorContrato)) t.vips++;
      t.soma += BigInt(toCents(c.valorContrato));
      recount.set(key, t);
    }
    const none = { clientes: 0, vips: 0, soma: 0n };
    const show = (t: StoredTotais) => `${t.clientes} clientes, ${t.vips} vips, soma ${t.soma}`;
    const same = (a: StoredTotais, b: StoredTotais) => a.clientes === b.clientes && a.vips === b.vips && a.soma === b.soma;
    const sem = recount.get(SEM_CATEGORIA_KEY.sk) ?? none;
    if (!same(s.semCategoria, sem)) out.push(`totals drift: Sem categoria stores ${show(s.semCategoria)}, has ${show(sem)}`);
    // The VIPs' sums, once counted (the Sem categoria item has one), each equal a recount.
    if (s.semCategoriaVip !== undefined) {
      const vipSum = new Map<number, bigint>();
      for (const c of s.clientes.values()) {
        if (!isVipValue(c.valorContrato)) continue;
        const key = c.categoriaId ?? SEM_CATEGORIA_KEY.sk;
        vipSum.set(key, (vipSum.get(key) ?? 0n) + BigInt(toCents(c.valorContrato)));
      }
      if (s.semCategoriaVip !== (vipSum.get(SEM_CATEGORIA_KEY.sk) ?? 0n)) out.push(`VIP sum drift: Sem categoria stores ${s.semCategoriaVip}, has ${vipSum.get(SEM_CATEGORIA_KEY.sk) ?? 0n}`);
      for (const c of s.categorias.values()) {
        if (c.somaVip !== (vipSum.get(c.id) ?? 0n)) out.push(`VIP sum drift: categoria ${c.id} stores ${c.somaVip}, has ${vipSum.get(c.id) ?? 0n}`);
      }
    }
    for (const c of s.categorias.values()) {
      const real = recount.get(c.id) ?? none;
      // The client count has its own check (count drift) above.
      const stored = { clientes: real.clientes, vips: c.vips ?? -1, soma: c.soma ?? -1n };
      if (!same(stored, real)) out.push(`totals drift: categoria ${c.id} stores ${show(stored)}, has ${show(real)}`);
    }
  }
  for (const item of s.stray) out.push(`stray item ${JSON.stringify(item).slice(0, 200)}`);
  for (const a of s.unknownAttributes) out.push(`unknown attribute stored: ${a}`);
  return out;
}

/**
 * The list index: index items belong to live clients only, each equal to what the client's
 * fields make it (store/listas.ts); only an import batch not settled yet (its marker names the id)
 * may have put items ahead of a client it has not created.
 */
function indexViolations(s: Snapshot): string[] {
  const out: string[] = [];
  const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => (typeof v === 'number' ? Number(a[k]) === v : a[k] === v));
  for (const [id, slots] of s.indices ?? []) {
    const expected = s.expectedIndices?.get(id);
    if (!expected) {
      if (s.indexAhead?.some(([first, last]) => id >= first && id <= last)) continue;
      out.push(`index items of cliente ${id}, which is not live: slots [${[...slots.keys()]}]`);
      continue;
    }
    for (const [slot, item] of slots) {
      const want = expected.get(slot);
      if (!want) out.push(`cliente ${id} has index slot ${slot} it should not: ${JSON.stringify(item).slice(0, 120)}`);
      else if (!same(item, want)) out.push(`cliente ${id} index slot ${slot} stores ${JSON.stringify(item).slice(0, 160)}, should be ${JSON.stringify(want).slice(0, 160)}`);
    }
  }
  return out;
}

/**
 * Once the index migration is done, every live client has all its index items. Not among the
 * general invariants: suites plant records as releases before the index stored them, on tables
 * the test server marks migrated (a real upgrade runs the migration over them).
 */
export function indexCompletenessViolations(s: Snapshot): string[] {
  const out: string[] = [];
  if (!s.indexesDone) return out;
  for (const [id, expected] of s.expectedIndices ?? []) {
    const stored = s.indices?.get(id);
    const missing = [...expected.keys()].filter((slot) => !stored?.has(slot));
    if (missing.length > 0) out.push(`cliente ${id} lacks index slots [${missing}] after the migration`);
  }
  return out;
}

/**
 * Every stored contact field is what the contract stores for it (a value read again
 * gives itself: E.164, a documento without punctuation, an ISO date, the e-mail's domain in lower
 * case), the contract never ends before it starts, and each documento is held by exactly its
 * client's claim (one client per documento).
 */
function contatoViolations(s: Snapshot): string[] {
  const out: string[] = [];
  const holders = new Map<string, number[]>();
  for (const c of s.clientes.values()) {
    for (const f of CONTATO_FIELDS) {
      const v = c[f];
      if (v === undefined) continue;
      const again = checkContato(f, v);
      if (!again.ok || again.value !== v) out.push(`cliente ${c.id} stores ${f}=${JSON.stringify(v)}, not as the contract stores it`);
    }
    if (c.inicioContrato && c.fimContrato && c.fimContrato < c.inicioContrato) out.push(`cliente ${c.id} ends ${c.fimContrato} before ${c.inicioContrato}`);
    if (c.documento) holders.set(c.documento, [...(holders.get(c.documento) ?? []), c.id]);
  }
  for (const [documento, ids] of holders) {
    if (ids.length > 1) out.push(`documento ${documento} held by clientes [${ids}]`);
    if (s.documentos.get(documento) !== ids[0]) out.push(`documento ${documento} of cliente ${ids[0]} claimed by ${s.documentos.get(documento)}`);
  }
  for (const [documento, id] of s.documentos) {
    if (s.clientes.get(id)?.documento !== documento) out.push(`documento claim ${documento} held by cliente ${id}, which does not have it`);
  }
  return out;
}

/**
 * The history and trash invariants: no record both live and in the trash; each trash copy with exactly its
 * index entry; a record's history entries are 1..n with n its counter (live records and trash
 * copies not being purged), so no write went without its entry; each entry's feed item exists
 * and names the entry's record, and every feed item is some entry's (one feed item per entry);
 * no history of a record that is neither live nor in the trash (a purge, or the sweep, erases
 * it with the copy; while the index entry is left, the sweep still has it to do).
 */
function historyAndTrashViolations(s: Snapshot): string[] {
  const out: string[] = [];
  const live = (record: string) => {
    const [kind, id] = record.split('#');
    return (kind === RECORD_KIND.categoria ? s.categorias : kind === RECORD_KIND.tarefa ? (s.tarefas ?? new Map()) : s.clientes).has(Number(id));
  };
  for (const [record, indice] of s.trash ?? []) {
    if (live(record)) out.push(`${record} is both live and in the trash`);
    if (s.trashIndex?.get(indice) !== record) out.push(`trash copy ${record} without its index entry ${indice}`);
  }
  for (const [indice, record] of s.trashIndex ?? []) {
    if (s.trash?.get(record) !== indice) out.push(`trash index ${indice} names ${record}, which has no copy there`);
  }
  for (const [record, counter] of s.historyCounters ?? []) {
    const sks = [...(s.history?.get(record) ?? [])].sort((a, b) => a - b);
    if (counter > 0 && (sks.length !== counter || sks.some((sk, i) => sk !== i + 1))) {
      out.push(`history of ${record}: counter ${counter}, entries [${sks}]`);
    }
  }
  const inTrash = new Set(s.trashIndex?.values());
  for (const record of s.history?.keys() ?? []) {
    if (!live(record) && !s.trash?.has(record) && !inTrash.has(record)) out.push(`history of ${record} left behind: it is neither live nor in the trash`);
  }
  // A tarefa's history feeds no activity item (the home's feed is of clients and categories).
  let entries = 0;
  for (const [record, sks] of s.history ?? []) if (!record.startsWith(`${RECORD_KIND.tarefa}#`)) entries += sks.length;
  if (s.feedItems !== undefined && s.feedItems !== entries) out.push(`${s.feedItems} feed items for ${entries} history entries`);
  if (s.feed && s.historyFeed) {
    const named = new Set<number>();
    for (const [record, sks] of s.historyFeed) {
      for (const sk of sks) {
        named.add(sk);
        if (s.feed.get(sk) !== record) out.push(`history of ${record} names feed item ${sk}, which ${s.feed.has(sk) ? `names ${s.feed.get(sk)}` : 'does not exist'}`);
      }
    }
    const entriesWithKey = [...s.historyFeed.values()].reduce((n, sks) => n + sks.length, 0);
    // Every entry keeps its feed key: then every feed item is one entry's.
    if (entriesWithKey === entries) for (const [sk, record] of s.feed) if (!named.has(sk)) out.push(`feed item ${sk} of ${record} belongs to no history entry`);
  }
  return out;
}

/**
 * The tarefas' invariants (store/tarefas.ts). A client in the trash keeps its tarefas stored, index
 * items included (the reads leave them out while it is not live); a client neither live nor in
 * the trash has nothing of a tarefa left, unless a purge of it is under way (the sweep finishes it).
 */
function tarefaViolations(s: Snapshot, options: InvariantOptions): string[] {
  const out: string[] = [...(s.tarefaMisplaced ?? [])];
  const tarefas = s.tarefas ?? new Map<number, TarefaRecord>();
  const tombstones = s.tarefaTombstones ?? new Map<number, number>();
  const clienteRef = (c: number) => `${RECORD_KIND.cliente}#${c}`;
  const inTrash = new Set(s.trashIndex?.values());
  const stored = (c: number) => s.clientes.has(c) || s.trash?.has(clienteRef(c)) === true || inTrash.has(clienteRef(c));
  const purging = (c: number) => s.purging?.has(clienteRef(c)) === true;
  const counter = s.tarefaCounter ?? 0;

  for (const t of tarefas.values()) {
    if (!(t.id >= 1 && t.id <= counter)) out.push(`tarefa id ${t.id} outside 1..${counter}`);
    if (!(t.versao >= 1)) out.push(`tarefa ${t.id} versao ${t.versao}`);
    if (t.concluida !== (t.concluidaEm !== undefined) || t.concluida !== (t.concluidaPor !== undefined)) out.push(`tarefa ${t.id} concluida=${t.concluida} with concluidaEm=${t.concluidaEm}, concluidaPor=${t.concluidaPor}`);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(t.quando)) out.push(`tarefa ${t.id} stores quando ${t.quando}, not UTC ISO`);
    if (s.trash?.has(`${RECORD_KIND.tarefa}#${t.id}`)) out.push(`tarefa ${t.id} is both live and in the trash`);
  }
  for (const [id, cliente] of tombstones) {
    if (tarefas.has(id)) out.push(`tarefa ${id} is both a record and a tombstone`);
    // A tombstone stands for the trash copy: one without the other is a half-done delete, restore or purge.
    if (!s.trash?.has(`${RECORD_KIND.tarefa}#${id}`) && !purging(cliente)) out.push(`tarefa ${id}: a tombstone under cliente ${cliente} without its trash copy`);
  }
  for (const record of s.trash?.keys() ?? []) {
    const [kind, id] = record.split('#');
    if (kind === RECORD_KIND.tarefa && !tombstones.has(Number(id)) && !s.purging?.has(record)) out.push(`${record} in the trash without its tombstone under its client`);
  }

  // Pointers: one per record or tombstone, naming its client; none left over.
  const clienteOf = new Map<number, number>([...tombstones, ...[...tarefas.values()].map((t) => [t.id, t.cliente] as const)]);
  for (const [id, cliente] of clienteOf) {
    const pointer = s.tarefaPointers?.get(id);
    if (pointer !== cliente && !purging(cliente)) out.push(`tarefa ${id} of cliente ${cliente}: pointer ${pointer === undefined ? 'missing' : `names cliente ${pointer}`}`);
  }
  for (const [id, cliente] of s.tarefaPointers ?? []) {
    if (!clienteOf.has(id) && !purging(cliente)) out.push(`tarefa pointer ${id} → cliente ${cliente} without its record`);
  }

  // The agenda index: a live record has exactly its two items, as its fields make them; nothing else has any.
  const pendentes = new Map<string, number>();
  for (const t of tarefas.values()) {
    const lsk = agendaSk(t.quando, t.id);
    const want = new Map<number, Record<string, unknown>>([
      [0, { lpk: AGENDA_LPK.equipe(t.concluida), lsk, lt: t.tipo, [AGENDA_RESPONSAVEL]: t.responsavel }],
      [1, { lpk: AGENDA_LPK.pessoa(t.concluida, t.responsavel), lsk, lt: t.tipo, [AGENDA_RESPONSAVEL]: undefined }],
    ]);
    const slots = s.agenda?.get(`${t.cliente}#${t.id}`) ?? new Map<number, Record<string, unknown>>();
    // The team item names its responsavel; one without it is legal only as written before that (the test says which).
    if (options.agendaWrittenBefore?.has(t.id) && slots.get(0)?.[AGENDA_RESPONSAVEL] === undefined) delete want.get(0)![AGENDA_RESPONSAVEL];
    for (const [slot, fields] of want) {
      const item = slots.get(slot);
      if (!item) out.push(`tarefa ${t.id} lacks agenda slot ${slot}`);
      else if (Object.entries(fields).some(([k, v]) => item[k] !== v)) out.push(`tarefa ${t.id} agenda slot ${slot} stores ${JSON.stringify(item)}, should hold ${JSON.stringify(fields)}`);
    }
    for (const slot of slots.keys()) if (!want.has(slot)) out.push(`tarefa ${t.id} has agenda slot ${slot} it should not`);
    if (!t.concluida) for (const lpk of [AGENDA_LPK.equipe(false), AGENDA_LPK.pessoa(false, t.responsavel)]) pendentes.set(lpk, (pendentes.get(lpk) ?? 0) + 1);
  }
  const indexed = new Map<string, number>();
  for (const [key, slots] of s.agenda ?? []) {
    const [cliente, id] = key.split('#').map(Number) as [number, number];
    const t = tarefas.get(id);
    if (!t || t.cliente !== cliente) {
      if (!purging(cliente)) out.push(`agenda items of tarefa ${id} (cliente ${cliente}), which is ${tombstones.has(id) ? 'in the trash' : 'not stored'}: slots [${[...slots.keys()]}]`);
      continue;
    }
    for (const item of slots.values()) if (String(item.lpk).startsWith(AGENDA_LPK.equipe(false))) indexed.set(String(item.lpk), (indexed.get(String(item.lpk)) ?? 0) + 1);
  }
  // The counts the agenda and the badge read (one Query per partition) are the pending records'.
  for (const lpk of new Set([...pendentes.keys(), ...indexed.keys()])) {
    if ((pendentes.get(lpk) ?? 0) !== (indexed.get(lpk) ?? 0)) out.push(`agenda ${lpk} indexes ${indexed.get(lpk) ?? 0} pending tarefas, ${pendentes.get(lpk) ?? 0} are stored`);
  }

  // Each client's next tarefa: its earliest pending one, or none.
  const byCliente = new Map<number, TarefaRecord[]>();
  for (const t of tarefas.values()) byCliente.set(t.cliente, [...(byCliente.get(t.cliente) ?? []), t]);
  for (const cliente of new Set([...byCliente.keys(), ...(s.proximas?.keys() ?? [])])) {
    const next = proximaOf(byCliente.get(cliente) ?? []);
    const item = s.proximas?.get(cliente);
    if (!item) {
      if (next && !purging(cliente)) out.push(`cliente ${cliente} has pending tarefa ${next.id} but no next-tarefa item`);
      continue;
    }
    if (!(Number(item.v) >= 1)) out.push(`next-tarefa item of cliente ${cliente} has counter ${String(item.v)}`);
    const shown = item.id === undefined ? undefined : { id: item.id, tipo: item.tipo, descricao: item.descricao, quando: item.quando, responsavel: item.responsavel, lpk: item.lpk, lsk: item.lsk };
    const want = next && { id: next.id, tipo: next.tipo, descricao: next.descricao, quando: next.quando, responsavel: next.responsavel, lpk: AGENDA_LPK.proxima, lsk: agendaSk(next.quando, cliente) };
    if (JSON.stringify(shown) !== JSON.stringify(want)) out.push(`next tarefa of cliente ${cliente} is ${JSON.stringify(shown)}, should be ${JSON.stringify(want)}`);
    if (!shown && (item.lpk !== undefined || item.lsk !== undefined)) out.push(`cliente ${cliente} without a next tarefa is still in the index (${String(item.lpk)})`);
  }

  // Nothing of a tarefa under a client that is gone (neither live nor in the trash), unless its purge is under way.
  for (const cliente of new Set([...clienteOf.values(), ...(s.proximas?.keys() ?? [])])) {
    if (!stored(cliente) && !purging(cliente)) out.push(`tarefa items left under cliente ${cliente}, which is neither live nor in the trash`);
  }
  return out;
}
