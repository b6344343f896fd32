/**
 * The client list's orders as sort keys compared byte by byte in UTF-8, as DynamoDB compares an
 * index's sort keys. One definition for the server's index items (store/listas.ts) and for the
 * web's export of a view from the whole list (lib/csv/whole-view.ts), so both order alike.
 */
import { orderKey } from './text.ts';

/** The sorts an index keeps (the category order is built from the category views). */
export const INDEX_SORTS = ['nome', 'valor', 'alteracao'] as const;
export type IndexSort = (typeof INDEX_SORTS)[number];

/** Between a sort key's value and the id: below every character a value holds, so "ana" sorts before "ana b". */
export const SEP = '\u0001';
/** Longest word and name key kept (an index sort key holds at most 1,024 bytes). */
export const MAX_KEY_CHARS = 200;

/** A contract value in whole cents (what the aggregates sum and the value order compares). */
export const toCents = (valorContrato: number): number => Math.round(valorContrato * 100);

/** The id as the end of a sort key: fixed width, so ties order by id. */
export const idKey = (id: number): string => String(id).padStart(16, '0');

/** A name's key in the name order. */
export const nameKey = (nome: string): string => orderKey(nome).slice(0, MAX_KEY_CHARS);

/** What a client's place in a sort depends on. */
export interface Sortable {
  id: number;
  nome: string;
  valorContrato: number;
  atualizadoEm?: string | undefined;
}

/** A client's value in a sort: its name key, its value in cents (fixed width), its last change (none: ''). */
export function sortValue(c: Sortable, sort: IndexSort): string {
  if (sort === 'nome') return nameKey(c.nome);
  if (sort === 'valor') return String(toCents(c.valorContrato)).padStart(15, '0');
  return c.atualizadoEm ?? '';
}

/** A client's sort key in a list view of `sort`: the value, then the id. */
export const sortKeyOf = (c: Sortable, sort: IndexSort): string => `${sortValue(c, sort)}${SEP}${idKey(c.id)}`;

/**
 * Compares as UTF-8 bytes do (that is, by code point), as DynamoDB orders sort keys; JavaScript's
 * `<` compares UTF-16 units, which differ above U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (U+D800–DFFF) stands for a code point above U+FFFF: above every other unit.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The category buckets in the category order: by name as pt-BR people sort (the same name: by
 * id), the clients without one (bucket 0, "Sem categoria") last; reversed when descending.
 */
export function bucketsInOrder(categorias: Iterable<{ id: number; descricao: string }>, desc: boolean): number[] {
  const ranked = [...categorias]
    .map((c) => ({ id: c.id, key: orderKey(c.descricao) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id))
    .map((c) => c.id);
  ranked.push(0);
  return desc ? ranked.reverse() : ranked;
}
