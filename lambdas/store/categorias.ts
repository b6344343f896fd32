/**
 * Categories in storage: reads, and the writes a service composes ("create a category",
 * "rename it", "delete it if it has no clients", "count a client in or out of it"), each a list
 * of operations for one `commit`.
 */
import type { Categoria, CategoriaRef } from '../contract/types.ts';
import { foldName } from '../contract/text.ts';
import { uniqueClaimsOf } from './claims.ts';
import {
  CATEGORIA_LIST_PROJECTION,
  CATEGORIA_PROJECTION,
  CENTS_SUM,
  CLIENT_COUNT,
  FIRST_CATEGORIA_SK,
  REF_PROJECTION,
  categoriaItem,
  categoriaKey,
  toCategoria,
  toCategoriaRecord,
  toCategoriaRef,
  VIP_COUNT,
  VIP_CENTS_SUM,
  type CategoriaRecord,
} from './items.ts';
import { claimName, releaseName } from './names.ts';
import { historyOps } from './historico.ts';
import { getItem, queryAll } from './reads.ts';
import { PARTITION_KEYS, RECORD_KIND } from './table.ts';
import { allOf, anyOf, equals, exists, missing, type WriteOp, type WriteOutcome } from './write.ts';
import type { NameOutcome } from './names.ts';

/** The category still has clients. */
export type CategoriaOutcome = { kind: 'hasClientes' };

/** Every category, sorted by id. */
export async function listCategorias(): Promise<Categoria[]> {
  return (await queryAll(PARTITION_KEYS.categoria, CATEGORIA_LIST_PROJECTION, undefined, FIRST_CATEGORIA_SK)).map(toCategoria);
}

/** Every category as embedded in a client, by id. */
export async function categoriaRefs(): Promise<Map<number, CategoriaRef>> {
  return new Map((await queryAll(PARTITION_KEYS.categoria, REF_PROJECTION, undefined, FIRST_CATEGORIA_SK)).map((c) => [Number(c.sk), toCategoriaRef(c)]));
}

/**
 * The categories as embedded in a client, by id, and how many clients the stored counts hold
 * (the categories' and, when the table has it, the "Sem categoria" item's): one Query.
 */
export async function categoriaRefsWithCount(): Promise<{ refs: Map<number, CategoriaRef>; clientes: number }> {
  const items = await queryAll(PARTITION_KEYS.categoria, `${REF_PROJECTION}, ${CLIENT_COUNT}`);
  let clientes = 0;
  const refs = new Map<number, CategoriaRef>();
  for (const c of items) {
    clientes += Number(c[CLIENT_COUNT] ?? 0);
    if (Number(c.sk) >= FIRST_CATEGORIA_SK) refs.set(Number(c.sk), toCategoriaRef(c));
  }
  return { refs, clientes };
}

/** One category as code handles it (the audit fields and history counter included); undefined when missing. */
export async function readCategoria(id: number): Promise<CategoriaRecord | undefined> {
  const item = await getItem(categoriaKey(id), CATEGORIA_PROJECTION);
  return item && toCategoriaRecord(item);
}

/** One category as embedded in a client; undefined when missing. */
export async function readCategoriaRef(id: number): Promise<CategoriaRef | undefined> {
  const item = await getItem(categoriaKey(id), REF_PROJECTION);
  return item && toCategoriaRef(item);
}

/**
 * A category stored anew (fresh id, or the same id back from the trash) with its uniqueness
 * claims taken; its key taken already means another write put it there first (`changed`).
 */
export function createCategoria(c: CategoriaRecord): WriteOp<WriteOutcome | NameOutcome>[] {
  return [
    { name: 'categoria.put', put: categoriaItem(c), condition: missing('pk'), onFailed: () => ({ kind: 'changed' }) },
    ...uniqueClaimsOf('categoria', c).map((claim) => claim.take()),
  ];
}

/**
 * What creating a category writes, defined once for the API's creates, an import's categories
 * and the seed: the record as createCategoria writes it and its `criado` history entry with its
 * feed item, stamped with the record's `criadoEm` / `criadoPor`.
 */
export function createCategoriaWithHistory(c: CategoriaRecord): WriteOp<WriteOutcome | NameOutcome>[] {
  const entry = { acao: 'criado' as const, em: String(c.criadoEm), por: String(c.criadoPor) };
  return [...createCategoria(c), ...historyOps({ kind: RECORD_KIND.categoria, id: c.id, nome: c.descricao, seq: 1, entry })];
}

/**
 * Updates a category read as `before` to `after` (conditioned on the versao read): its name,
 * versao, and the audit fields and history counter `after` carries. A new folded name is claimed
 * and the old one left (`holders`: the old name's holders as read).
 */
export function renameCategoria(before: CategoriaRecord, after: CategoriaRecord, holders: readonly number[]): WriteOp<WriteOutcome | NameOutcome>[] {
  // The totals (count, VIPs, sum) belong to the client writes: a rename never sets them.
  const { pk: _pk, sk: _sk, [CLIENT_COUNT]: _count, [VIP_COUNT]: _vips, [CENTS_SUM]: _soma, [VIP_CENTS_SUM]: _somaVip, ...fields } = categoriaItem(after);
  const ops: WriteOp<WriteOutcome | NameOutcome>[] = [
    {
      name: 'categoria.rename',
      key: categoriaKey(before.id),
      update: { set: fields },
      condition: allOf(exists('pk'), equals('versao', before.versao)),
      onFailed: (old) => ({ kind: old ? 'staleVersao' : 'notFound' }),
    },
  ];
  if (foldName(after.descricao) !== foldName(before.descricao)) {
    ops.push(claimName(after.descricao, [before.id]));
    const release = releaseName(before.descricao, before.id, holders);
    if (release) ops.push(release);
  }
  return ops;
}

/**
 * Deletes a category read as `before`, only while no client uses it (`hasClientes`) and it is
 * unchanged (`staleVersao`: a rename changes which name it frees). The service adds what goes
 * with it: the freed claims, the trash copy, the history entry.
 */
export function deleteCategoria(before: CategoriaRecord): WriteOp<WriteOutcome | CategoriaOutcome> {
  return {
    name: 'categoria.delete',
    key: categoriaKey(before.id),
    delete: true,
    condition: allOf(exists('pk'), anyOf(missing(CLIENT_COUNT), equals(CLIENT_COUNT, 0)), equals('versao', before.versao)),
    onFailed: (old) => {
      if (!old) return { kind: 'notFound' };
      return Number(old[CLIENT_COUNT] ?? 0) > 0 ? { kind: 'hasClientes' } : { kind: 'staleVersao' };
    },
  };
}
