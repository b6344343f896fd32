/**
 * The storage format of each item, how to build one, and its mapping to the wire types: the only
 * place that knows attribute names, so no storage attribute (pk, sk, the client count,
 * categoriaId, expiresAt) can leak into a response.
 */
import { CONTATO_FIELDS } from '../contract/cliente.ts';
import type { Categoria, CategoriaRef, Cliente, ClienteContato } from '../contract/types.ts';
import { PK } from './table.ts';

/**
 * The stored attribute holding a category's client count. The first release named it
 * `produtos`; the delete guard and every ADD address it through this constant, so a rename in
 * code can never strand the stored counts (and let a category with clients be deleted).
 */
export const CLIENT_COUNT = 'produtos';

/** Stored names of the id counters on the SEQUENCIA item, by entity. */
export const COUNTER_ATTRIBUTE = { categoria: 'categoria', cliente: 'produto', importacao: 'importacao', tarefa: 'tarefa' } as const;
export type Counter = keyof typeof COUNTER_ATTRIBUTE;

/**
 * Who created a record and who changed it last (contract's Auditoria): stored under the wire's
 * names, absent on records stored before them.
 */
export const AUDIT_ATTRIBUTES = ['criadoEm', 'criadoPor', 'atualizadoEm', 'atualizadoPor'] as const;
export type AuditAttributes = { [K in (typeof AUDIT_ATTRIBUTES)[number]]?: string };

/**
 * A record's history counter: the sequence of its last history entry (the entry's sk), bumped in
 * the same write as the entry. Absent (0) on records stored before the history.
 */
export const HISTORY_COUNTER = 'historico';

/**
 * The key (pk) of the idempotency record a record's create claimed: that record holds the
 * create's answer (the record's fields) for a day, and a purge erases it with the record.
 * Storage only: never in an answer.
 */
export const IDEMPOTENCY_REF = 'idempotencia';

export type CategoriaItem = {
  pk: typeof PK.categoria;
  sk: number;
  descricao: string;
  /** How many clients use this category. */
  [CLIENT_COUNT]: number;
  /** How many of them are VIP, and the sum of their contracts in integer cents (store/aggregates.ts). */
  vips: number;
  soma: number;
  /** The contract sum of its VIPs in integer cents (absent on tables from before it: store/aggregates.ts). */
  somaVip?: number;
  versao: number;
  [HISTORY_COUNTER]?: number;
  [IDEMPOTENCY_REF]?: string;
} & AuditAttributes;

/** The contact and contract fields are attributes of their own, absent when not set. */
export type ClienteItem = { [K in keyof ClienteContato]?: string } & {
  pk: typeof PK.cliente;
  sk: number;
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  /** Absent when the client has no category. */
  categoriaId?: number;
  versao: number;
  [HISTORY_COUNTER]?: number;
  [IDEMPOTENCY_REF]?: string;
} & AuditAttributes;

/** A category as code handles it: the count under its code name. */
export interface CategoriaRecord extends AuditAttributes {
  id: number;
  descricao: string;
  clientes: number;
  /** VIP clients and the contract sum in integer cents (0 when absent: a new category). */
  vips?: number;
  soma?: number;
  somaVip?: number;
  versao: number;
  /** The sequence of its last history entry (0: none yet). */
  historico: number;
  /** The idempotency record its create claimed (IDEMPOTENCY_REF). */
  idempotencia?: string;
}

/** A client as code handles it: no key attributes, the category by id (null: none). */
export interface ClienteRecord extends ClienteContato, AuditAttributes {
  id: number;
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoriaId: number | null;
  versao: number;
  /** The sequence of its last history entry (0: none yet). */
  historico: number;
  /** The idempotency record its create claimed (IDEMPOTENCY_REF). */
  idempotencia?: string;
}

export const categoriaKey = (id: number) => ({ pk: PK.categoria, sk: id });
/**
 * The first category sk. Below it, sk 0 of the same partition holds the totals of the clients
 * without a category (store/aggregates.ts): one Query reads every category's totals and theirs.
 * Category reads start here, so that item is never listed as a category.
 */
export const FIRST_CATEGORIA_SK = 1;
/** The "Sem categoria" totals item. */
export const SEM_CATEGORIA_KEY = { pk: PK.categoria, sk: 0 } as const;
/** Stored names of the VIP count and the contract sum (integer cents) on a category and on the Sem categoria item. */
export const VIP_COUNT = 'vips';
export const CENTS_SUM = 'soma';
/** Stored name of the VIPs' contract sum (integer cents): the VIP views' total. */
export const VIP_CENTS_SUM = 'somaVip';
export const clienteKey = (id: number) => ({ pk: PK.cliente, sk: id });
/** Key of the id counters item. */
export const SEQUENCIA_KEY = { pk: PK.sequencia, sk: 0 } as const;

/** None: records stored before the audit fields, and lists (which don't read them). */
const NO_AUDIT: AuditAttributes = Object.freeze({});

/** The audit attributes that are set (an absent one is never stored as undefined). */
function auditOf(r: AuditAttributes): AuditAttributes {
  // Lists map thousands of records without them: skip the work.
  if (r.criadoEm === undefined && r.atualizadoEm === undefined) return NO_AUDIT;
  const out: AuditAttributes = {};
  for (const a of AUDIT_ATTRIBUTES) if (r[a] !== undefined) out[a] = r[a];
  return out;
}

/** The history counter as stored: absent while 0 (records stored before keep their shape). */
const counterOf = (historico: number) => (historico > 0 ? { [HISTORY_COUNTER]: historico } : {});
/** The idempotency reference as stored: only when the create claimed a key. */
const refOf = (idempotencia: string | undefined) => (idempotencia === undefined ? {} : { [IDEMPOTENCY_REF]: idempotencia });

/** The stored form of a category. */
export const categoriaItem = (c: CategoriaRecord): CategoriaItem => ({
  ...categoriaKey(c.id),
  descricao: c.descricao,
  [CLIENT_COUNT]: c.clientes,
  [VIP_COUNT]: c.vips ?? 0,
  [CENTS_SUM]: c.soma ?? 0,
  [VIP_CENTS_SUM]: c.somaVip ?? 0,
  versao: c.versao,
  ...counterOf(c.historico),
  ...refOf(c.idempotencia),
  ...auditOf(c),
});

/**
 * The stored form of a client (no category: no `categoriaId` attribute at all; a contact field
 * not set: no attribute either).
 */
export function clienteItem(c: ClienteRecord): ClienteItem {
  const { id, categoriaId, historico, idempotencia, criadoEm: _a, criadoPor: _b, atualizadoEm: _c, atualizadoPor: _d, ...fields } = c;
  for (const f of CONTATO_FIELDS) if (fields[f] === undefined) delete fields[f];
  return { ...clienteKey(id), ...fields, ...(categoriaId !== null ? { categoriaId } : {}), ...counterOf(historico), ...refOf(idempotencia), ...auditOf(c) };
}

/** What a single read adds to a list's attributes: the audit fields, the history counter, the idempotency reference. */
const AUDIT_PROJECTION = `${AUDIT_ATTRIBUTES.join(', ')}, ${HISTORY_COUNTER}, ${IDEMPOTENCY_REF}`;
/**
 * Attributes a category list needs (the count is storage only). Lists leave out the audit
 * fields: the list pages don't show them, and they would double a big list's size.
 */
export const CATEGORIA_LIST_PROJECTION = 'sk, descricao, versao';
/** Attributes a category read needs: the list's, the audit fields and the history counter. */
export const CATEGORIA_PROJECTION = `${CATEGORIA_LIST_PROJECTION}, ${AUDIT_PROJECTION}`;
/**
 * Attributes a client list needs: every field but `observacoes` (up to 2,000 characters each, only
 * in a single read); of the audit fields only `atualizadoEm` (the list sorts by last change).
 */
export const CLIENTE_LIST_PROJECTION = `sk, nome, segmento, pontoFocal, valorContrato, categoriaId, versao, atualizadoEm, ${CONTATO_FIELDS.filter((f) => f !== 'observacoes').join(', ')}`;
/** Attributes a client read needs: the list's, `observacoes`, the audit fields and the history counter. */
export const CLIENTE_PROJECTION = `${CLIENTE_LIST_PROJECTION.replace(', atualizadoEm', '')}, observacoes, ${AUDIT_PROJECTION}`;
/** Attributes of a category as embedded in a client. */
export const REF_PROJECTION = 'sk, descricao';

/** An item as DynamoDB returns it. */
export type Stored = Record<string, unknown>;

/** The audit attributes of a stored item that are set (strings). */
function storedAudit(item: Stored): AuditAttributes {
  if (item.criadoEm === undefined && item.atualizadoEm === undefined) return NO_AUDIT;
  const out: AuditAttributes = {};
  for (const a of AUDIT_ATTRIBUTES) if (typeof item[a] === 'string') out[a] = item[a];
  return out;
}

/** The idempotency reference of a stored item, when it has one. */
const storedRef = (item: Stored): { idempotencia?: string } => (typeof item[IDEMPOTENCY_REF] === 'string' ? { idempotencia: item[IDEMPOTENCY_REF] } : {});

/** A stored category as code handles it. */
export function toCategoriaRecord(stored: object): CategoriaRecord {
  const item = stored as Stored;
  return {
    id: Number(item.sk),
    descricao: String(item.descricao),
    clientes: Number(item[CLIENT_COUNT] ?? 0),
    versao: Number(item.versao),
    historico: Number(item[HISTORY_COUNTER] ?? 0),
    ...storedRef(item),
    ...storedAudit(item),
  };
}

/** A category as the API returns it (the audit fields when it has them). */
export function categoriaWire(c: Omit<CategoriaRecord, 'clientes' | 'historico'>): Categoria {
  return { id: c.id, descricao: c.descricao, versao: c.versao, ...auditOf(c) };
}

/** A stored category as the API returns it. */
export function toCategoria(stored: object): Categoria {
  const item = stored as Stored;
  return { id: Number(item.sk), descricao: String(item.descricao), versao: Number(item.versao), ...storedAudit(item) };
}

/** A stored category as embedded in a client. */
export function toCategoriaRef(stored: object): CategoriaRef {
  const item = stored as Stored;
  return { id: Number(item.sk), descricao: String(item.descricao) };
}

/** A stored client as code handles it (one object per item: lists map thousands). */
export function toClienteRecord(stored: object): ClienteRecord {
  const item = stored as Stored;
  return {
    id: Number(item.sk),
    nome: String(item.nome),
    segmento: String(item.segmento ?? ''),
    pontoFocal: String(item.pontoFocal ?? ''),
    valorContrato: Number(item.valorContrato),
    categoriaId: typeof item.categoriaId === 'number' ? item.categoriaId : null,
    versao: Number(item.versao),
    ...contatoOf(item),
    historico: Number(item[HISTORY_COUNTER] ?? 0),
    ...storedRef(item),
    ...storedAudit(item),
  };
}

/** The contact fields an item or record has (only those set). */
export function contatoOf(source: object): ClienteContato {
  const item = source as Stored;
  const out: ClienteContato = {};
  for (const f of CONTATO_FIELDS) if (typeof item[f] === 'string') out[f] = item[f];
  return out;
}

/** A client as the API returns it, with its category embedded as it is now (contact and audit fields only when set). */
export function toCliente(c: ClienteRecord, categoria: CategoriaRef | null): Cliente {
  return {
    id: c.id,
    nome: c.nome,
    segmento: c.segmento,
    pontoFocal: c.pontoFocal,
    valorContrato: c.valorContrato,
    categoria,
    ...contatoOf(c),
    versao: c.versao,
    ...auditOf(c),
  };
}

/**
 * Decodes the attribute types this app stores (S, N, BOOL, NULL, M, L, NS, SS) from the raw
 * AttributeValue form DynamoDB returns in condition-failure errors, which the document client
 * does not unmarshall. Number sets come back as arrays.
 */
export function decodeRaw(raw: Record<string, unknown> | undefined): Stored | undefined {
  if (!raw) return undefined;
  const decode = (v: unknown): unknown => {
    const av = v as Record<string, unknown>;
    if ('S' in av) return av.S;
    if ('N' in av) return Number(av.N);
    if ('BOOL' in av) return av.BOOL;
    if ('NULL' in av) return null;
    if ('M' in av) return decodeRaw(av.M as Record<string, unknown>);
    if ('L' in av) return (av.L as unknown[]).map(decode);
    if ('NS' in av) return (av.NS as string[]).map(Number);
    if ('SS' in av) return av.SS;
    return undefined;
  };
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, decode(v)]));
}
