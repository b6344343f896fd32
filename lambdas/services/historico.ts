/**
 * The history's rules: who and when of a write (the actor, the server's clock), the fields an
 * update changed (over the contract's ONE list of a record's editable fields, so new fields are
 * recorded without touching this code), and the paged reads of a record's history.
 */
import { MESSAGES } from '../contract/messages.ts';
import type { Actor, Alteracao, EntradaHistorico, Pagina } from '../contract/types.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { readHistory } from '../store/historico.ts';
import { recordEverStored } from '../store/lixeira.ts';
import { decodeCursor, encodeCursor } from '../store/paging.ts';
import type { RecordKind } from '../store/table.ts';
import { canonicalJson } from './canonical.ts';

/** Who writes and when: stamped on the record's audit fields and its history entry. */
export interface Stamp {
  /** ISO 8601 UTC. */
  em: string;
  /** The actor's e-mail (`anônimo` in the open mode). */
  por: string;
  /** The same instant in ms (trash index, TTL). */
  ms: number;
}

export const stampOf = (actor: Actor, nowMs = Date.now()): Stamp => ({ em: new Date(nowMs).toISOString(), por: actor.email, ms: nowMs });

/**
 * What every new record starts with: version and history 1, the key its create claimed (kept for
 * its purge), and `actor` as who created and last updated it, now.
 */
export function newRecordFields(actor: Actor, idempotencia?: string) {
  const { em, por } = stampOf(actor);
  return {
    versao: 1,
    historico: 1,
    ...(idempotencia === undefined ? {} : { idempotencia }),
    criadoEm: em,
    criadoPor: por,
    atualizadoEm: em,
    atualizadoPor: por,
  };
}

/** A referenced record (`{id, descricao}`) is the same one by id, whatever its name now. */
const isRef = (v: unknown): v is { id: number } => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number';
const same = (a: unknown, b: unknown): boolean => (isRef(a) && isRef(b) ? a.id === b.id : canonicalJson(a) === canonicalJson(b));

/**
 * The fields among `fields` whose value differs between the two wire views of a record, with
 * both values (an absent value is `null`). Empty: the update changes nothing.
 */
export function changesOf<F extends string>(
  fields: readonly F[],
  before: Readonly<Partial<Record<F, unknown>>>,
  after: Readonly<Partial<Record<F, unknown>>>,
): Alteracao[] {
  return fields
    .filter((campo) => !same(before[campo] ?? null, after[campo] ?? null))
    .map((campo) => ({ campo, antes: before[campo] ?? null, depois: after[campo] ?? null }));
}

/** `?limit=&cursor=` as the HTTP layer read them (the limit already checked). */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** The sort key a request's cursor stands for (400 when it is not one the API gave out). */
export function cursorOf(page: PageRequest): number | undefined {
  if (page.cursor === undefined) return undefined;
  const sk = decodeCursor(page.cursor);
  if (sk === undefined) throw new BadRequestError(MESSAGES.cursorInvalido);
  return sk;
}

/** The cursor of the next page (null on the last). */
export const nextCursor = (next: number | undefined): string | null => (next === undefined ? null : encodeCursor(next));

/**
 * A record's history, newest first, paged; readable after a delete. 404 (`notFound`) when the
 * record never existed: no history, and neither live nor in the trash (a record stored before
 * the history has none yet: an empty page).
 */
export async function historicoOf(_actor: Actor, kind: RecordKind, id: number, page: PageRequest, notFound: string): Promise<Pagina<EntradaHistorico>> {
  const after = cursorOf(page);
  const { entries, next } = await readHistory(kind, id, page.limit, after);
  if (entries.length === 0 && after === undefined && !(await recordEverStored(kind, id))) throw new NotFoundError(notFound);
  return { itens: entries, cursor: nextCursor(next) };
}
