/**
 * Category rules: listing, reads, creation with an id from the counter and a unique name,
 * renames, and deletes only while no client uses it. Every write stamps who and when (the actor)
 * and writes its history entry in the same transaction; a delete moves the category to the trash
 * (services/lixeira.ts restores it).
 */
import { CATEGORIA_FIELDS } from '../contract/fields.ts';
import { MESSAGES } from '../contract/messages.ts';
import { foldName } from '../contract/text.ts';
import type { Actor, Categoria, CategoriaInput, EntradaHistorico, Pagina, Update } from '../contract/types.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import * as store from '../store/categorias.ts';
import { releaseClaims, uniqueClaimsOf } from '../store/claims.ts';
import { historyOps } from '../store/historico.ts';
import { claimIdempotencyKey, idempotencyPk, registroRef } from '../store/idempotency.ts';
import { nextId } from '../store/ids.ts';
import { categoriaItem, categoriaWire, type CategoriaRecord } from '../store/items.ts';
import { deletionOps } from '../store/lixeira.ts';
import { ensureNameClaims, readNameHolders } from '../store/names.ts';
import { RECORD_KIND } from '../store/table.ts';
import { commit, type WriteOp } from '../store/write.ts';
import { changesOf, historicoOf, newRecordFields, stampOf, type PageRequest } from './historico.ts';
import { idempotencyClaim, type Answer, type IdempotencyKey } from './idempotency.ts';
import { AGAIN, errorFor, readThenWrite, type Outcome } from './outcomes.ts';

const NOT_FOUND = { notFound: MESSAGES.categoriaNaoEncontrada };
const KIND = RECORD_KIND.categoria;

/** Every category, sorted by id. */
export const listCategorias = (_actor: Actor): Promise<Categoria[]> => store.listCategorias();

/** One category as stored (404 when missing). */
async function readOr404(id: number): Promise<CategoriaRecord> {
  const categoria = await store.readCategoria(id);
  if (!categoria) throw new NotFoundError(MESSAGES.categoriaNaoEncontrada);
  return categoria;
}

/** One category (404 when missing). */
export async function getCategoria(_actor: Actor, id: number): Promise<Categoria> {
  return categoriaWire(await readOr404(id));
}

/**
 * The 409 for a name held by other categories, naming the first as stored; AGAIN when it is
 * gone meanwhile (its delete freed the name).
 */
export async function nameTaken(outcome: Extract<Outcome, { kind: 'nameTaken' }>): Promise<typeof AGAIN> {
  const holder = outcome.holders[0] === undefined ? undefined : await store.readCategoria(outcome.holders[0]);
  if (!holder) return AGAIN;
  throw new ConflictError(MESSAGES.categoriaDuplicada(holder.descricao), 'descricao');
}

/**
 * A new category with id `id` and what its create writes: the record, its name claimed, its
 * `criado` history entry (store.createCategoriaWithHistory, which the seed writes too), for
 * POST /categorias and an import's categories. `idempotencia`: the key the create claims (kept on the record for its purge).
 */
export function newCategoriaWrite(actor: Actor, input: CategoriaInput, id: number, idempotencia?: string): { record: CategoriaRecord; ops: WriteOp<Outcome>[] } {
  const record: CategoriaRecord = {
    id,
    descricao: input.descricao,
    clientes: 0,
    ...newRecordFields(actor, idempotencia),
  };
  return { record, ops: store.createCategoriaWithHistory(record) };
}

/**
 * Creates a category with count 0 and versao 1, claiming its name (409 when another category
 * has it), with its `criado` history entry. With an Idempotency-Key, the key is claimed in the
 * same write; a live key replays its first answer (or 422 for another body).
 */
export async function createCategoria(actor: Actor, input: CategoriaInput, idempotency?: IdempotencyKey): Promise<Answer<Categoria>> {
  const claim = idempotency && idempotencyClaim(idempotency, input);
  await ensureNameClaims();
  return readThenWrite(async () => {
    const { record, ops } = newCategoriaWrite(actor, input, await nextId('categoria'), claim && idempotencyPk(claim));
    const created: Answer<Categoria> = { status: 201, body: categoriaWire(record) };
    const written = await commit([...ops, claim && claimIdempotencyKey(claim, created, registroRef(KIND, record.id))]);
    if (written.ok) return created;
    const { outcome } = written;
    if (outcome.kind === 'keyReplayed') return { status: outcome.status, body: outcome.body as Categoria };
    if (outcome.kind === 'nameTaken') return nameTaken(outcome);
    if (outcome.kind === 'changed') return AGAIN;
    throw errorFor(outcome, { ...NOT_FOUND, idempotent: claim !== undefined });
  });
}

/**
 * Renames a category and bumps its versao; never creates. With `versao`, only while it is
 * current (409 otherwise); without, last writer wins. A new name must be free (409); a change of
 * case or accents of its own name is not a new name. A real change is stamped and recorded in
 * the category's history (its clients' histories don't change: they embed it by id).
 */
export async function updateCategoria(actor: Actor, input: Update<CategoriaInput>): Promise<Categoria> {
  await ensureNameClaims();
  return readThenWrite(async () => {
    const before = await readOr404(input.id);
    if (input.versao !== undefined && before.versao !== input.versao) throw new ConflictError(MESSAGES.conflitoVersao);
    const changes = changesOf(CATEGORIA_FIELDS, before, input);
    const { em, por } = stampOf(actor);
    const after: CategoriaRecord = {
      ...before,
      descricao: input.descricao,
      versao: before.versao + 1,
      ...(changes.length > 0 ? { historico: before.historico + 1, atualizadoEm: em, atualizadoPor: por } : {}),
    };
    // Only a new name (once folded) changes claims: then read who holds the old one.
    const renamed = foldName(input.descricao) !== foldName(before.descricao);
    const holders = renamed ? await readNameHolders(before.descricao) : [];
    const written = await commit([
      ...store.renameCategoria(before, after, holders),
      ...(changes.length > 0
        ? historyOps({ kind: KIND, id: before.id, nome: after.descricao, seq: after.historico, entry: { acao: 'alterado', em, por, alteracoes: changes } })
        : []),
    ]);
    if (written.ok) return categoriaWire(after);
    const { outcome } = written;
    if (outcome.kind === 'changed' || (outcome.kind === 'staleVersao' && input.versao === undefined)) return AGAIN;
    if (outcome.kind === 'nameTaken') return nameTaken(outcome);
    throw errorFor(outcome, NOT_FOUND);
  });
}

/**
 * Deletes a category only while no client uses it (409; clients in the trash don't count),
 * moving it to the trash in the same write: its name freed, its copy and index entry in the
 * trash, its `excluido` history entry. 404 when missing.
 */
export async function removeCategoria(actor: Actor, id: number): Promise<void> {
  await ensureNameClaims();
  return readThenWrite(async () => {
    const before = await readOr404(id);
    const released = await releaseClaims(uniqueClaimsOf('categoria', before));
    const seq = before.historico + 1;
    const written = await commit([
      store.deleteCategoria(before),
      ...released,
      ...deletionOps(KIND, categoriaItem({ ...before, historico: seq }), before.descricao, seq, stampOf(actor)),
    ]);
    if (written.ok) return undefined;
    const { outcome } = written;
    if (outcome.kind === 'changed' || outcome.kind === 'staleVersao') return AGAIN;
    throw errorFor(outcome, NOT_FOUND);
  });
}

/** A category's history, newest first (404 when it never existed). */
export const historicoCategoria = (actor: Actor, id: number, page: PageRequest): Promise<Pagina<EntradaHistorico>> =>
  historicoOf(actor, KIND, id, page, MESSAGES.categoriaNaoEncontrada);
