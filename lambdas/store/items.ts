/**
 * The storage format of each item, how to build one, and its mapping to the wire types: the only
 * place that knows attribute names, so no storage attribute (pk, sk, the client count,
 * categoriaId, expiresAt) can leak into a response.
 */
import type { Categoria, CategoriaRef, Cliente } from '../contract/types.ts';
import { PK } from './table.ts';

/**
 * The stored attribute holding a category's client count. The first release named it
 * `produtos`; the delete guard and every ADD address it through this constant, so a rename in
 * code can never strand the stored counts (and let a category with clients be deleted).
 */
export const CLIENT_COUNT = 'produtos';

/** Stored names of the id counters on the SEQUENCIA item, by entity. */
export const COUNTER_ATTRIBUTE = { categoria: 'categoria', cliente: 'produto' } as const;
export type Counter = keyof typeof COUNTER_ATTRIBUTE;

export type CategoriaItem = {
  pk: typeof PK.categoria;
  sk: number;
  descricao: string;
  /** How many clients use this category. */
  [CLIENT_COUNT]: number;
  /** How many of them are VIP, and the sum of their contracts in integer cents (store/aggregates.ts). */
  vips: number;
  soma: number;
  versao: number;
};

export type ClienteItem = {
  pk: typeof PK.cliente;
  sk: number;
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  /** Absent when the client has no category. */
  categoriaId?: number;
  versao: number;
};

/** A category as code handles it: the count under its code name. */
export interface CategoriaRecord {
  id: number;
  descricao: string;
  clientes: number;
  /** VIP clients and the contract sum in integer cents (0 when absent: a new category). */
  vips?: number;
  soma?: number;
  versao: number;
}

/** A client as code handles it: no key attributes, the category by id (null: none). */
export interface ClienteRecord {
  id: number;
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoriaId: number | null;
  versao: number;
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
export const clienteKey = (id: number) => ({ pk: PK.cliente, sk: id });
/** Key of the id counters item. */
export const SEQUENCIA_KEY = { pk: PK.sequencia, sk: 0 } as const;

/** The stored form of a category. */
export const categoriaItem = (c: CategoriaRecord): CategoriaItem => ({
  ...categoriaKey(c.id),
  descricao: c.descricao,
  [CLIENT_COUNT]: c.clientes,
  [VIP_COUNT]: c.vips ?? 0,
  [CENTS_SUM]: c.soma ?? 0,
  versao: c.versao,
});

/** The stored form of a client (no category: no `categoriaId` attribute at all). */
export function clienteItem(c: ClienteRecord): ClienteItem {
  const { id, categoriaId, ...fields } = c;
  return { ...clienteKey(id), ...fields, ...(categoriaId !== null ? { categoriaId } : {}) };
}

/** Attributes a category read needs (the count is storage only). */
export const CATEGORIA_PROJECTION = 'sk, descricao, versao';
/** Attributes a client read needs. */
export const CLIENTE_PROJECTION = 'sk, nome, segmento, pontoFocal, valorContrato, categoriaId, versao';
/** Attributes of a category as embedded in a client. */
export const REF_PROJECTION = 'sk, descricao';

/** An item as DynamoDB returns it. */
export type Stored = Record<string, unknown>;

/** A stored category as the API returns it. */
export function toCategoria(stored: object): Categoria {
  const item = stored as Stored;
  return { id: Number(item.sk), descricao: String(item.descricao), versao: Number(item.versao) };
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
  };
}

/** A client as the API returns it, with its category embedded as it is now. */
export function toCliente(c: ClienteRecord, categoria: CategoriaRef | null): Cliente {
  return { id: c.id, nome: c.nome, segmento: c.segmento, pontoFocal: c.pontoFocal, valorContrato: c.valorContrato, categoria, versao: c.versao };
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
