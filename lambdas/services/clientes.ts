/**
 * Client rules (a "produto" on the wire): joins with the categories, and writes that keep every
 * category's client count exact and every documento unique whatever the interleaving (the store
 * writes the client, the counts and the documento claims in one write, conditioned on the client
 * as read, on the categories existing and on the documento being free). Every rule gets the
 * actor (who is calling): the next step records it on each write.
 */
import { CONTATO_FIELDS, datasProblem } from '../contract/cliente.ts';
import { formatDocumento } from '../contract/formatos.ts';
import { MESSAGES } from '../contract/messages.ts';
import type { Actor, CategoriaRef, Cliente, ClienteContato, ClienteInput, Update } from '../contract/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { categoriaRefs, readCategoriaRef } from '../store/categorias.ts';
import * as store from '../store/clientes.ts';
import { claimIdempotencyKey } from '../store/idempotency.ts';
import { nextId } from '../store/ids.ts';
import { toCliente, type ClienteRecord } from '../store/items.ts';
import { commit, type Outcome } from '../store/write.ts';
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

/**
 * The 409 for a documento another client has, naming it; AGAIN when that client no longer has it
 * (deleted, or its documento changed meanwhile: the claim is free or moved).
 */
async function documentoTaken(outcome: Extract<Outcome, { kind: 'documentoTaken' }>, documento: string | undefined): Promise<typeof AGAIN> {
  const holder = await store.readCliente(outcome.holder);
  if (!documento || holder?.documento !== documento) return AGAIN;
  throw new ConflictError(MESSAGES.documentoDuplicado(formatDocumento(documento), holder.nome), 'documento');
}

/** The contact fields a create sets (null, "none", is left out: the record has no such attribute). */
function contatoSet(input: ClienteInput): ClienteInput {
  const out = { ...input };
  for (const f of CONTATO_FIELDS) if (out[f] === null) delete out[f];
  return out;
}

/**
 * A PUT's contact fields applied to the stored ones: a field absent from the body is kept (a
 * client that does not know it never erases it), null clears it, a value replaces it.
 */
function mergeContato(before: ClienteContato, patch: ClienteInput): ClienteContato {
  const out: ClienteContato = {};
  for (const f of CONTATO_FIELDS) {
    const value = patch[f] === undefined ? before[f] : (patch[f] ?? undefined);
    if (value !== undefined) out[f] = value;
  }
  return out;
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
 * category does not exist), its documento claimed (409 naming the client that has it). An
 * Idempotency-Key is claimed in the same write and replays the first answer.
 */
export async function createCliente(_actor: Actor, body: ClienteInput, idempotency?: IdempotencyKey): Promise<Answer<Cliente>> {
  const input = contatoSet(body);
  const claim = idempotency && idempotencyClaim(idempotency, input);
  let ref: CategoriaRef | null = null;
  if (input.categoriaId !== null) {
    // Without a key, refuse before spending an id; with one, the write decides (it may replay).
    ref = claim ? ((await readCategoriaRef(input.categoriaId)) ?? { id: input.categoriaId, descricao: '' }) : await categoriaOf(input.categoriaId);
  }
  return readThenWrite(async () => {
    const record: ClienteRecord = { ...(input as ClienteRecord), id: await nextId('cliente'), versao: 1 };
    const created: Answer<Cliente> = { status: 201, body: toCliente(record, ref) };
    const written = await commit([...store.createCliente(record), claim && claimIdempotencyKey(claim, created)]);
    if (written.ok) return created;
    const { outcome } = written;
    if (outcome.kind === 'keyReplayed') return { status: outcome.status, body: outcome.body as Cliente };
    if (outcome.kind === 'documentoTaken') return documentoTaken(outcome, record.documento);
    throw errorFor(outcome, { ...NOT_FOUND, idempotent: claim !== undefined });
  });
}

/**
 * Replaces the spec's editable fields of a client (never creates); the contact fields follow
 * mergeContato (absent: kept). With `versao`, only while it is current (409 otherwise). A move
 * between categories adjusts both counts, and a new documento is claimed (409 naming the client
 * that has it) and the old one freed, in the same write; a client that changed between the read
 * and the write is read again and retried.
 */
export async function updateCliente(_actor: Actor, input: Update<ClienteInput>): Promise<Cliente> {
  const { versao, id, nome, segmento, pontoFocal, valorContrato, categoriaId } = input;
  return readThenWrite(async () => {
    const before = await store.readCliente(id);
    if (!before) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
    if (versao !== undefined && before.versao !== versao) throw new ConflictError(MESSAGES.conflitoVersao);
    const after: ClienteRecord = { id, nome, segmento, pontoFocal, valorContrato, categoriaId, ...mergeContato(before, input), versao: before.versao + 1 };
    // The dates of the body with the kept ones: said about the date the body sent.
    const problem = datasProblem(after.inicioContrato, after.fimContrato);
    if (problem) throw new BadRequestError(problem, input.fimContrato === undefined ? 'inicioContrato' : 'fimContrato');
    const ref = await categoriaOf(categoriaId);
    const written = await commit(store.replaceCliente(before, after));
    if (written.ok) return toCliente(after, ref);
    const { outcome } = written;
    if (outcome.kind === 'changed' || (outcome.kind === 'staleVersao' && versao === undefined)) return AGAIN;
    if (outcome.kind === 'documentoTaken') return documentoTaken(outcome, after.documento);
    throw errorFor(outcome, NOT_FOUND);
  });
}

/** Deletes a client, counted out of its category in the same write; 404 when missing. */
export async function removeCliente(_actor: Actor, id: number): Promise<void> {
  return readThenWrite(async () => {
    const before = await store.readCliente(id);
    if (!before) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
    const written = await commit(store.deleteCliente(before));
    if (written.ok) return undefined;
    if (written.outcome.kind === 'staleVersao' || written.outcome.kind === 'changed') return AGAIN;
    throw errorFor(written.outcome, NOT_FOUND);
  });
}
