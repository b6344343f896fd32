/**
 * Client rules (a "produto" on the wire): joins with the categories, and writes that keep every
 * category's client count exact whatever the interleaving (the store writes the client and the
 * counts in one write, conditioned on the client as read and on the categories existing). Every
 * rule gets the actor (who is calling): the next step records it on each write.
 */
import { MESSAGES } from '../contract/messages.ts';
import type { Actor, CategoriaRef, Cliente, ClienteInput, Update } from '../contract/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { categoriaRefs, readCategoriaRef } from '../store/categorias.ts';
import { ensureAggregates } from '../store/aggregates.ts';
import * as store from '../store/clientes.ts';
import { claimIdempotencyKey } from '../store/idempotency.ts';
import { nextId } from '../store/ids.ts';
import { toCliente, type ClienteRecord } from '../store/items.ts';
import { commit } from '../store/write.ts';
import { idempotencyClaim, type Answer, type IdempotencyKey } from './idempotency.ts';
import { AGAIN, errorFor, readThenWrite } from './outcomes.ts';

const NOT_FOUND = { notFound: MESSAGES.produtoNaoEncontrado };

/** The category a client names, as it is now: 400 when it does not exist. */
async function categoriaOf(id: number | null): Promise<CategoriaRef | null> {
  if (id === null) return null;
  const ref = await readCategoriaRef(id);
  if (!ref) throw new BadRequestError(MESSAGES.categoriaInexistente(id), 'categoria.id');
  return ref;
}

/** Every client, sorted by id, each with its category as it is now (categories read once). */
export async function listClientes(_actor: Actor): Promise<Cliente[]> {
  const [refs, records] = await Promise.all([categoriaRefs(), store.listClientes()]);
  let categorias = refs;
  // A category created after the parallel category read may already hold a client: read once more.
  if (records.some((r) => r.categoriaId !== null && !categorias.has(r.categoriaId))) categorias = await categoriaRefs();
  return records.map((r) => toCliente(r, r.categoriaId === null ? null : (categorias.get(r.categoriaId) ?? null)));
}

/** One client with its category embedded (404 when missing). */
export async function getCliente(_actor: Actor, id: number): Promise<Cliente> {
  const record = await store.readCliente(id);
  if (!record) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
  return toCliente(record, record.categoriaId === null ? null : ((await readCategoriaRef(record.categoriaId)) ?? null));
}

/**
 * Creates a client with versao 1, counted in its category in the same write (400 when the
 * category does not exist). An Idempotency-Key is claimed in the same write and replays the
 * first answer.
 */
export async function createCliente(_actor: Actor, input: ClienteInput, idempotency?: IdempotencyKey): Promise<Answer<Cliente>> {
  const claim = idempotency && idempotencyClaim(idempotency, input);
  let ref: CategoriaRef | null = null;
  if (input.categoriaId !== null) {
    // Without a key, refuse before spending an id; with one, the write decides (it may replay).
    ref = claim ? ((await readCategoriaRef(input.categoriaId)) ?? { id: input.categoriaId, descricao: '' }) : await categoriaOf(input.categoriaId);
  }
  const record: ClienteRecord = { id: await nextId('cliente'), ...input, versao: 1 };
  const created: Answer<Cliente> = { status: 201, body: toCliente(record, ref) };
  return readThenWrite(async () => {
    await ensureAggregates();
    const written = await commit([...store.createCliente(record), claim && claimIdempotencyKey(claim, created)]);
    if (written.ok) return created;
    const { outcome } = written;
    if (outcome.kind === 'keyReplayed') return { status: outcome.status, body: outcome.body as Cliente };
    if (outcome.kind === 'changed') return AGAIN;
    throw errorFor(outcome, { ...NOT_FOUND, idempotent: claim !== undefined });
  });
}

/**
 * Replaces every editable field of a client (never creates). With `versao`, only while it is
 * current (409 otherwise). A move between categories adjusts both categories' totals in the same write; a
 * client that changed between the read and the write is read again and retried.
 */
export async function updateCliente(_actor: Actor, input: Update<ClienteInput>): Promise<Cliente> {
  const { versao, ...fields } = input;
  return readThenWrite(async () => {
    await ensureAggregates();
    const before = await store.readCliente(input.id);
    if (!before) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
    if (versao !== undefined && before.versao !== versao) throw new ConflictError(MESSAGES.conflitoVersao);
    const ref = await categoriaOf(fields.categoriaId);
    const after: ClienteRecord = { ...fields, versao: before.versao + 1 };
    const written = await commit(store.replaceCliente(before, after));
    if (written.ok) return toCliente(after, ref);
    const { outcome } = written;
    if ((outcome.kind === 'staleVersao' && versao === undefined) || outcome.kind === 'changed') return AGAIN;
    throw errorFor(outcome, NOT_FOUND);
  });
}

/** Deletes a client, counted out of its category in the same write; 404 when missing. */
export async function removeCliente(_actor: Actor, id: number): Promise<void> {
  return readThenWrite(async () => {
    await ensureAggregates();
    const before = await store.readCliente(id);
    if (!before) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
    const written = await commit(store.deleteCliente(before));
    if (written.ok) return undefined;
    if (written.outcome.kind === 'staleVersao' || written.outcome.kind === 'changed') return AGAIN;
    throw errorFor(written.outcome, NOT_FOUND);
  });
}
