/**
 * Category rules: listing, reads, creation with an id from the counter and a unique name,
 * renames, and deletes only while no client uses it. Every rule gets the actor (who is calling;
 * every signed-in person may use them): the next step records it on each write.
 */
import { MESSAGES } from '../contract/messages.ts';
import { foldName } from '../contract/text.ts';
import type { Actor, Categoria, CategoriaInput, Update } from '../contract/types.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import * as store from '../store/categorias.ts';
import { claimIdempotencyKey } from '../store/idempotency.ts';
import { nextId } from '../store/ids.ts';
import { ensureNameClaims, readNameHolders } from '../store/names.ts';
import { commit, type Outcome } from '../store/write.ts';
import { idempotencyClaim, type Answer, type IdempotencyKey } from './idempotency.ts';
import { AGAIN, errorFor, readThenWrite } from './outcomes.ts';

const NOT_FOUND = { notFound: MESSAGES.categoriaNaoEncontrada };

/** Every category, sorted by id. */
export const listCategorias = (_actor: Actor): Promise<Categoria[]> => store.listCategorias();

/** One category (404 when missing). */
export async function getCategoria(_actor: Actor, id: number): Promise<Categoria> {
  const categoria = await store.readCategoria(id);
  if (!categoria) throw new NotFoundError(MESSAGES.categoriaNaoEncontrada);
  return categoria;
}

/**
 * The 409 for a name held by other categories, naming the first as stored; AGAIN when it is
 * gone meanwhile (its delete freed the name).
 */
async function nameTaken(outcome: Extract<Outcome, { kind: 'nameTaken' }>): Promise<typeof AGAIN> {
  const holder = outcome.holders[0] === undefined ? undefined : await store.readCategoria(outcome.holders[0]);
  if (!holder) return AGAIN;
  throw new ConflictError(MESSAGES.categoriaDuplicada(holder.descricao), 'descricao');
}

/**
 * Creates a category with count 0 and versao 1, claiming its name (409 when another category
 * has it). With an Idempotency-Key, the key is claimed in the same write; a live key replays
 * its first answer (or 422 for another body).
 */
export async function createCategoria(_actor: Actor, input: CategoriaInput, idempotency?: IdempotencyKey): Promise<Answer<Categoria>> {
  const claim = idempotency && idempotencyClaim(idempotency, input);
  await ensureNameClaims();
  return readThenWrite(async () => {
    const id = await nextId('categoria');
    const record = { id, descricao: input.descricao, clientes: 0, versao: 1 };
    const created: Answer<Categoria> = { status: 201, body: { id, descricao: input.descricao, versao: 1 } };
    const written = await commit([...store.createCategoria(record), claim && claimIdempotencyKey(claim, created)]);
    if (written.ok) return created;
    const { outcome } = written;
    if (outcome.kind === 'keyReplayed') return { status: outcome.status, body: outcome.body as Categoria };
    if (outcome.kind === 'nameTaken') return nameTaken(outcome);
    throw errorFor(outcome, { ...NOT_FOUND, idempotent: claim !== undefined });
  });
}

/**
 * Renames a category and bumps its versao; never creates. With `versao`, only while it is
 * current (409 otherwise); without, last writer wins. A new name must be free (409); a change of
 * case or accents of its own name is not a new name.
 */
export async function updateCategoria(actor: Actor, input: Update<CategoriaInput>): Promise<Categoria> {
  await ensureNameClaims();
  return readThenWrite(async () => {
    const before = await getCategoria(actor, input.id);
    if (input.versao !== undefined && before.versao !== input.versao) throw new ConflictError(MESSAGES.conflitoVersao);
    // Only a new name (once folded) changes claims: then read who holds the old one.
    const renamed = foldName(input.descricao) !== foldName(before.descricao);
    const holders = renamed ? await readNameHolders(before.descricao) : [];
    const written = await commit(store.renameCategoria(before, input.descricao, holders));
    if (written.ok) return { id: before.id, descricao: input.descricao, versao: before.versao + 1 };
    const { outcome } = written;
    if (outcome.kind === 'changed' || (outcome.kind === 'staleVersao' && input.versao === undefined)) return AGAIN;
    if (outcome.kind === 'nameTaken') return nameTaken(outcome);
    throw errorFor(outcome, NOT_FOUND);
  });
}

/** Deletes a category only while no client uses it (409), freeing its name; 404 when missing. */
export async function removeCategoria(actor: Actor, id: number): Promise<void> {
  await ensureNameClaims();
  return readThenWrite(async () => {
    const before = await getCategoria(actor, id);
    const holders = await readNameHolders(before.descricao);
    const written = await commit(store.deleteCategoria(before, holders));
    if (written.ok) return undefined;
    const { outcome } = written;
    if (outcome.kind === 'changed' || outcome.kind === 'staleVersao') return AGAIN;
    throw errorFor(outcome, NOT_FOUND);
  });
}
