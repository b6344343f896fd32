/**
 * The storage format of each item and its mapping to the wire types: the only place that knows
 * attribute names, so no storage attribute (pk, sk, produtos, categoriaId, expiresAt) can leak.
 */
import type { Categoria, CategoriaRef, Produto } from '../contract/types.ts';
import { PK, TTL_ATTRIBUTE } from './table.ts';

export interface CategoriaItem {
  pk: typeof PK.categoria;
  sk: number;
  descricao: string;
  /** How many clients use this category. */
  produtos: number;
  versao: number;
}

export interface ProdutoItem {
  pk: typeof PK.produto;
  sk: number;
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  /** Absent when the client has no category. */
  categoriaId?: number;
  versao: number;
}

export interface IdempotencyItem {
  pk: string;
  sk: 0;
  /** SHA-256 of the canonical validated body. */
  bodyHash: string;
  /** The first response: status and body (JSON text). */
  responseStatus: number;
  responseBody: string;
  [TTL_ATTRIBUTE]: number;
}

/** Key of the id counters item; its attributes are named after the entity (`categoria`, `produto`). */
export const SEQUENCIA_KEY = { pk: PK.sequencia, sk: 0 } as const;

export const categoriaKey = (id: number) => ({ pk: PK.categoria, sk: id });
export const produtoKey = (id: number) => ({ pk: PK.produto, sk: id });

/** Attributes a category read needs (the count is storage only). */
export const CATEGORIA_PROJECTION = 'sk, descricao, versao';
/** Attributes a client read needs. */
export const PRODUTO_PROJECTION = 'sk, nome, segmento, pontoFocal, valorContrato, categoriaId, versao';

type Stored = Record<string, unknown>;

/** A stored category as the API returns it. */
export function toCategoria(stored: object): Categoria {
  const item = stored as Stored;
  return { id: Number(item.sk), descricao: String(item.descricao), versao: Number(item.versao) };
}

/** A stored client as the API returns it, with its category embedded as it is now. */
export function toProduto(stored: object, categoria: CategoriaRef | null): Produto {
  const item = stored as Stored;
  return {
    id: Number(item.sk),
    nome: String(item.nome),
    segmento: String(item.segmento ?? ''),
    pontoFocal: String(item.pontoFocal ?? ''),
    valorContrato: Number(item.valorContrato),
    categoria,
    versao: Number(item.versao),
  };
}

/** The client's category id, or null when it has none. */
export function categoriaIdOf(stored: object): number | null {
  const item = stored as Stored;
  return typeof item.categoriaId === 'number' ? item.categoriaId : null;
}

/**
 * Decodes the few attribute types this app stores (S, N, BOOL, NULL, M) from the raw
 * AttributeValue form DynamoDB returns in condition-failure errors, which the document client
 * does not unmarshall.
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
    return undefined;
  };
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, decode(v)]));
}
