/**
 * The trash: a delete moves the record here in the same write (its copy under
 * `LIXEIRA#<kind>`, sk = id, plus an index entry under `LIXEIRA`, sk = time in ms × 1000 + a
 * random 0–999, which GET /lixeira reads newest first). Both say when the entry expires,
 * TRASH_DAYS after the delete: the copy, which holds the record, through DynamoDB TTL
 * (`expiresAt`); the index entry in `expira`, without TTL, since it is also the to-do of the
 * trash's sweep, which erases what TTL can't reach (the record's history and feed items: one
 * item each, no single TTL for them) and then the entry itself (services/lixeira.ts). TTL deletes
 * late, so every read here treats an expired entry as absent. A restore takes the copy and the
 * index entry out in the same write as the record; a purge first marks both (`purgando`: a
 * restore then refuses it and the list leaves it out), erases the history, then removes them.
 */
import { LIMITS } from '../contract/limits.ts';
import type { ItemLixeira, Tipo } from '../contract/types.ts';
import { historyOps } from './historico.ts';
import { categoriaKey, clienteKey, IDEMPOTENCY_REF, type Stored } from './items.ts';
import { queryPage, timeSk } from './paging.ts';
import { getItem, queryPages } from './reads.ts';
import { pointerKey } from './tarefas.ts';
import { PK, RECORD_KIND, TTL_ATTRIBUTE, type RecordKind } from './table.ts';
import { allOf, compare, equals, exists, missing, type WriteOp, type WriteOutcome } from './write.ts';

/** The attribute that marks a copy and its index entry being purged (epoch seconds of the mark). */
export const PURGING = 'purgando';
const DAY_SECONDS = 24 * 60 * 60;

/** Days a deleted record stays in the trash: `TRASH_DAYS` (read on every use), else the default; a bad value fails the request. */
export function lixeiraDays(): number {
  const text = process.env.TRASH_DAYS?.trim();
  if (!text) return LIMITS.trashDays.default;
  const days = Number(text);
  if (!Number.isInteger(days) || days < LIMITS.trashDays.min || days > LIMITS.trashDays.max) {
    throw new Error(`TRASH_DAYS must be a whole number of days from ${LIMITS.trashDays.min} to ${LIMITS.trashDays.max}, not "${text}"`);
  }
  return days;
}

/** The key of a record's copy in the trash. */
export const lixeiraKey = (kind: RecordKind, id: number) => ({ pk: `${PK.lixeira}#${kind}`, sk: id });
/** The key of an index entry. */
export const lixeiraIndexKey = (indice: number) => ({ pk: PK.lixeira, sk: indice });
/** A fresh index sort key: newest first by time (a clash fails the write, which retries). */
export const newIndexSk = timeSk;

/** Who deleted the record, when, and what the index lists. */
export interface LixeiraMeta {
  nome: string;
  excluidoEm: string;
  excluidoPor: string;
  /** The index entry's sort key (newIndexSk). */
  indice: number;
  /** Epoch seconds when the entry expires (the copy's TTL, the index entry's `expira`). */
  expiresAt: number;
}

/**
 * The index entry's expiry (epoch seconds). Entries written before the sweep carry the TTL
 * attribute instead (`expiresAt`): read as their expiry too.
 */
export const EXPIRA = 'expira';
/** The index entry's expiry, whichever way it was stored. */
const indexExpiry = (item: Stored): number => Number(item[EXPIRA] ?? item[TTL_ATTRIBUTE]);

/** The trash's TTL for a delete made at `nowMs`. */
export const lixeiraExpiry = (nowMs: number): number => Math.floor(nowMs / 1000) + lixeiraDays() * DAY_SECONDS;

/**
 * A client's copy keeps the name its category had when the client was deleted: a restore after
 * that category was purged can still say which one it was.
 */
export const CATEGORIA_NAME = 'categoriaDescricao';

/**
 * What a delete adds to its write: the record's copy and index entry in the trash, and its
 * 'excluido' history entry (number `seq`, with its feed item), stamped `em`/`por` at `ms`. A
 * client's copy also keeps its category's name (`categoriaNome`).
 */
export function deletionOps(
  kind: RecordKind,
  item: Record<string, unknown>,
  nome: string,
  seq: number,
  stamp: { em: string; por: string; ms: number },
  categoriaNome?: string,
): WriteOp<WriteOutcome>[] {
  const { em, por, ms } = stamp;
  const copy = categoriaNome === undefined ? item : { ...item, [CATEGORIA_NAME]: categoriaNome };
  return [
    ...putInLixeira(kind, copy, { nome, excluidoEm: em, excluidoPor: por, indice: newIndexSk(ms), expiresAt: lixeiraExpiry(ms) }),
    ...historyOps({ kind, id: Number(item.sk), nome, seq, entry: { acao: 'excluido', em, por } }),
  ];
}

/**
 * Puts a record (its stored item, the history counter at the delete's entry) in the trash: the
 * copy and the index entry, each conditioned on its key being free (`changed` otherwise).
 */
export function putInLixeira(kind: RecordKind, item: Record<string, unknown>, meta: LixeiraMeta): WriteOp<WriteOutcome>[] {
  const { pk: _pk, sk, ...attributes } = item;
  const id = Number(sk);
  const { nome, ...who } = meta;
  const changed = () => ({ kind: 'changed' }) as const;
  return [
    { name: 'lixeira.put', put: { ...lixeiraKey(kind, id), ...attributes, ...who, [TTL_ATTRIBUTE]: meta.expiresAt }, condition: missing('pk'), onFailed: changed },
    {
      name: 'lixeira.index',
      // No TTL: the sweep removes it once it erased the record's history (the to-do outlives the copy).
      put: {
        ...lixeiraIndexKey(meta.indice),
        tipo: kind,
        id,
        nome,
        excluidoEm: meta.excluidoEm,
        excluidoPor: meta.excluidoPor,
        [EXPIRA]: meta.expiresAt,
      },
      condition: missing('pk'),
      onFailed: changed,
    },
  ];
}

/** A record's copy in the trash as read. */
export interface LixeiraCopy {
  kind: RecordKind;
  id: number;
  /** The stored attributes (the record's, read with the record's own mappers). */
  item: Stored;
  excluidoEm: string;
  excluidoPor: string;
  indice: number;
  expiresAt: number;
  /** A purge has started on it. */
  purging: boolean;
  /** A client's: the name its category had when it was deleted. */
  categoriaNome?: string;
  /** The key of the idempotency record its create claimed (it holds the create's answer). */
  idempotencia?: string;
}

/** True once TTL may drop it: it reads as absent from then on. */
export const isExpired = (copy: { expiresAt: number }, nowSeconds: number): boolean => copy.expiresAt <= nowSeconds;

/** The record's copy in the trash, expired or not; undefined when there is none. */
export async function readLixeiraCopy(kind: RecordKind, id: number): Promise<LixeiraCopy | undefined> {
  const item = await getItem(lixeiraKey(kind, id));
  if (!item) return undefined;
  return {
    kind,
    id,
    item,
    excluidoEm: String(item.excluidoEm),
    excluidoPor: String(item.excluidoPor),
    indice: Number(item.indice),
    expiresAt: Number(item[TTL_ATTRIBUTE]),
    purging: item[PURGING] !== undefined,
    ...(typeof item[CATEGORIA_NAME] === 'string' ? { categoriaNome: item[CATEGORIA_NAME] } : {}),
    ...(typeof item[IDEMPOTENCY_REF] === 'string' ? { idempotencia: item[IDEMPOTENCY_REF] } : {}),
  };
}

/**
 * Takes a record out of the trash (a restore): deletes the copy, only while it is still the one
 * read, unexpired and not being purged (`notFound` otherwise: restored or purged meanwhile,
 * expired), and its index entry.
 */
export function takeFromLixeira(copy: LixeiraCopy, nowSeconds: number): WriteOp<WriteOutcome>[] {
  return [
    {
      name: 'lixeira.restore',
      key: lixeiraKey(copy.kind, copy.id),
      delete: true,
      condition: allOf(equals('indice', copy.indice), compare(TTL_ATTRIBUTE, '>', nowSeconds), missing(PURGING)),
      onFailed: () => ({ kind: 'notFound' }),
    },
    { name: 'lixeira.unindex', key: lixeiraIndexKey(copy.indice), delete: true },
  ];
}

/**
 * Marks the copy read and its index entry as being purged (a restore refuses the copy from then
 * on, the list leaves the entry out); `notFound` when the copy is gone or is another one.
 */
export function markPurging(copy: LixeiraCopy, nowSeconds: number): WriteOp<WriteOutcome>[] {
  const update = { set: { [PURGING]: nowSeconds } };
  const notFound = () => ({ kind: 'notFound' }) as const;
  return [
    { name: 'lixeira.purging', key: lixeiraKey(copy.kind, copy.id), update, condition: equals('indice', copy.indice), onFailed: notFound },
    { name: 'lixeira.purging.index', key: lixeiraIndexKey(copy.indice), update, condition: exists('pk'), onFailed: notFound },
  ];
}

/** Removes the copy and its index entry for good (the end of a purge). */
export function dropFromLixeira(copy: LixeiraCopy): WriteOp[] {
  return [
    { name: 'lixeira.drop', key: lixeiraKey(copy.kind, copy.id), delete: true },
    { name: 'lixeira.unindex', key: lixeiraIndexKey(copy.indice), delete: true },
  ];
}

/** Removes an index entry whose copy is gone already (TTL dropped it): the sweep's last step. */
export const dropIndex = (indice: number): WriteOp => ({ name: 'lixeira.unindex', key: lixeiraIndexKey(indice), delete: true });

/** A page of the trash, newest first, after sort key `after`; expired entries and entries being purged are never listed. */
export async function readLixeiraPage(limit: number, after: number | undefined, nowSeconds: number): Promise<{ items: ItemLixeira[]; next: number | undefined }> {
  const page = await queryPage(PK.lixeira, limit, after, {
    expression: '(#expira > :now OR (attribute_not_exists(#expira) AND #exp > :now)) AND attribute_not_exists(#purging)',
    names: { '#expira': EXPIRA, '#exp': TTL_ATTRIBUTE, '#purging': PURGING },
    values: { ':now': nowSeconds },
  });
  return {
    items: page.items.map((item) => ({
      tipo: item.tipo as Tipo,
      id: Number(item.id),
      nome: String(item.nome),
      excluidoEm: String(item.excluidoEm),
      excluidoPor: String(item.excluidoPor),
      expiraEm: new Date(indexExpiry(item) * 1000).toISOString(),
    })),
    next: page.next,
  };
}

/** An index entry the sweep must finish: the record it names, and its sort key. */
export interface LixeiraTodo {
  kind: RecordKind;
  id: number;
  indice: number;
}

/**
 * What the sweep has to do, oldest first: the index entries to finish (expired at `nowSeconds`,
 * or marked by a purge before `stalledBefore` that never finished: it failed half-way), and the
 * unexpired entries stored before the index kept its own expiry (`legacy`: their TTL attribute
 * would let DynamoDB drop the to-do before the sweep reads it; keepExpiry moves it to `expira`).
 */
export async function lixeiraToSweep(nowSeconds: number, stalledBefore: number): Promise<{ todo: LixeiraTodo[]; legacy: number[] }> {
  const todo: LixeiraTodo[] = [];
  const legacy: number[] = [];
  await queryPages(
    {
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: '#expira <= :now OR attribute_exists(#exp) OR #purging < :stalled',
      ExpressionAttributeNames: { '#expira': EXPIRA, '#exp': TTL_ATTRIBUTE, '#purging': PURGING },
      ExpressionAttributeValues: { ':pk': PK.lixeira, ':now': nowSeconds, ':stalled': stalledBefore },
      ProjectionExpression: 'sk, tipo, id, #expira, #exp, #purging',
    },
    (page) => {
      for (const item of page.Items ?? []) {
        const entry = { kind: item.tipo as RecordKind, id: Number(item.id), indice: Number(item.sk) };
        const stalled = item[PURGING] !== undefined && Number(item[PURGING]) < stalledBefore;
        if (indexExpiry(item) <= nowSeconds || stalled) todo.push(entry);
        else if (item[EXPIRA] === undefined) legacy.push(entry.indice);
      }
    },
  );
  return { todo, legacy };
}

/**
 * Moves an index entry's expiry from the TTL attribute to `expira` (an entry stored before the
 * sweep): DynamoDB no longer drops it, so the sweep erases the record's history when it expires.
 */
export const keepExpiry = (indice: number): WriteOp<WriteOutcome> => ({
  name: 'lixeira.keepExpiry',
  key: lixeiraIndexKey(indice),
  update: { setFrom: { [EXPIRA]: TTL_ATTRIBUTE }, remove: [TTL_ATTRIBUTE] },
  condition: exists(TTL_ATTRIBUTE),
  // Gone (restored, purged) or converted meanwhile: nothing left to keep.
  onFailed: () => ({ kind: 'changed' }) as const,
});

/** True when the record is live or has a copy in the trash (even an expired one TTL has not dropped yet). */
export async function recordEverStored(kind: RecordKind, id: number): Promise<boolean> {
  // A tarefa's pointer stays until its purge (services/tarefas.ts).
  const live = kind === RECORD_KIND.categoria ? categoriaKey(id) : kind === RECORD_KIND.tarefa ? pointerKey(id) : clienteKey(id);
  const [record, copy] = await Promise.all([getItem(live, 'sk'), getItem(lixeiraKey(kind, id), 'sk')]);
  return record !== undefined || copy !== undefined;
}
