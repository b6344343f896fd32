/**
 * Client rules (a "produto" on the wire): joins with the categories, and writes that keep every
 * category's client count exact and every documento unique whatever the interleaving (the store
 * writes the client, the counts and the documento claims in one write, conditioned on the client
 * as read, on the categories existing and on the documento being free). Every write stamps who
 * and when (the actor) and writes its history entry in the same transaction; a delete moves the
 * client to the trash (services/lixeira.ts restores it).
 */
import { CLIENTE_FIELDS, CONTATO_FIELDS, datasProblem } from '../contract/cliente.ts';
import { formatDocumento } from '../contract/formatos.ts';
import { MESSAGES } from '../contract/messages.ts';
import { LIMITS } from '../contract/limits.ts';
import type { Actor, CategoriaRef, Cliente, ClienteContato, ClienteInput, EntradaHistorico, ObservacaoCliente, Pagina, ProximaTarefa, Update } from '../contract/types.ts';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError } from '../errors.ts';
import { categoriaRefs, categoriaRefsWithCount, readCategoriaRef } from '../store/categorias.ts';
import { releaseClaims, uniqueClaimsOf } from '../store/claims.ts';
import { ensureAggregates } from '../store/aggregates.ts';
import * as store from '../store/clientes.ts';
import { historyOps } from '../store/historico.ts';
import { claimIdempotencyKey, idempotencyPk, registroRef } from '../store/idempotency.ts';
import { nextId } from '../store/ids.ts';
import { clienteItem, toCliente, type ClienteRecord } from '../store/items.ts';
import { deletionOps } from '../store/lixeira.ts';
import { readAllProximas, readProxima } from '../store/tarefas.ts';
import { RECORD_KIND } from '../store/table.ts';
import { commit, type WriteOp } from '../store/write.ts';
import { changesOf, cursorOf, historicoOf, newRecordFields, nextCursor, stampOf, type PageRequest } from './historico.ts';
import { idempotencyClaim, type Answer, type IdempotencyKey } from './idempotency.ts';
import { AGAIN, errorFor, readThenWrite, type Outcome } from './outcomes.ts';

const NOT_FOUND = { notFound: MESSAGES.produtoNaoEncontrado };
const KIND = RECORD_KIND.cliente;

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
export async function documentoTaken(outcome: Extract<Outcome, { kind: 'documentoTaken' }>, documento: string | undefined): Promise<typeof AGAIN> {
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
/** A client as its history compares it: the wire's editable fields, the category embedded. */
const wireView = (c: ClienteRecord, categoria: CategoriaRef | null): Record<string, unknown> => ({ ...c, categoria });

/** A client as read, with its next tarefa when it has one (kept apart from the record: store/tarefas.ts). */
export const withProxima = (c: Cliente, proxima: ProximaTarefa | undefined): Cliente => (proxima ? { ...c, proximaTarefa: proxima } : c);

/** The paged form of the list, which the whole list's 413 names. */
export const PAGINA_PATH = 'GET /api/produtos/pagina';

/**
 * Every client, sorted by id, each with its category as it is now (categories read once). Above
 * LIMITS.lista.listaCompletaMax clients (the categories' stored counts tell, read with them) the
 * list is not read at all: 413 naming the paged form, as when the answer passes the response cap.
 */
export async function listClientes(_actor: Actor): Promise<Cliente[]> {
  const { refs, clientes } = await categoriaRefsWithCount();
  if (clientes > LIMITS.lista.listaCompletaMax) throw new PayloadTooLargeError(MESSAGES.listaGrande(PAGINA_PATH));
  const [records, proximas] = await Promise.all([store.listClientes(clientes), readAllProximas()]);
  let categorias = refs;
  // A category created after the category read may already hold a client: read once more.
  if (records.some((r) => r.categoriaId !== null && !categorias.has(r.categoriaId))) categorias = await categoriaRefs();
  return records.map((r) => withProxima(toCliente(r, r.categoriaId === null ? null : (categorias.get(r.categoriaId) ?? null)), proximas.get(r.id)));
}

/**
 * The notes of the clients that have some, by id, in pages of at most
 * LIMITS.exportacao.observacoesBytes of JSON (the list leaves them out): what an export adds to
 * the list it has.
 */
export async function listObservacoes(_actor: Actor, page: PageRequest): Promise<Pagina<ObservacaoCliente>> {
  const { items, next } = await store.pageObservacoes(cursorOf(page), LIMITS.exportacao.observacoesBytes);
  return { itens: items, cursor: nextCursor(next) };
}

/** One client with its category embedded (404 when missing). */
export async function getCliente(_actor: Actor, id: number): Promise<Cliente> {
  const [record, proxima] = await Promise.all([store.readCliente(id), readProxima(id)]);
  if (!record) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
  return withProxima(toCliente(record, record.categoriaId === null ? null : ((await readCategoriaRef(record.categoriaId)) ?? null)), proxima.proxima);
}

/**
 * Creates a client with versao 1, counted in its category in the same write (400 when the
 * category does not exist), its documento claimed (409 naming the client that has it), with its
 * `criado` history entry. An Idempotency-Key is claimed in the same write and replays the first
 * answer.
 */
export async function createCliente(actor: Actor, input: ClienteInput, idempotency?: IdempotencyKey): Promise<Answer<Cliente>> {
  const claim = idempotency && idempotencyClaim(idempotency, input);
  let ref: CategoriaRef | null = null;
  if (input.categoriaId !== null) {
    // Without a key, refuse before spending an id; with one, the write decides (it may replay).
    ref = claim ? ((await readCategoriaRef(input.categoriaId)) ?? { id: input.categoriaId, descricao: '' }) : await categoriaOf(input.categoriaId);
  }
  // Retried only when the feed's time key clashed (`changed`): a new id, nothing was written.
  return readThenWrite(async () => {
    await ensureAggregates();
    const { record, ops } = newClienteWrite(actor, input, await nextId('cliente'), { idempotencia: claim && idempotencyPk(claim) });
    const created: Answer<Cliente> = { status: 201, body: toCliente(record, ref) };
    const written = await commit([...ops, claim && claimIdempotencyKey(claim, created, registroRef(KIND, record.id))]);
    if (written.ok) return created;
    const { outcome } = written;
    if (outcome.kind === 'keyReplayed') return { status: outcome.status, body: outcome.body as Cliente };
    if (outcome.kind === 'changed') return AGAIN;
    if (outcome.kind === 'documentoTaken') return documentoTaken(outcome, record.documento);
    throw errorFor(outcome, { ...NOT_FOUND, idempotent: claim !== undefined });
  });
}

/** A new client with id `id` as its create stores it (stamped now; the contact fields as the contract stores them). */
export function newClienteRecord(actor: Actor, body: ClienteInput, id: number, idempotencia?: string): ClienteRecord {
  const input = contatoSet(body);
  return {
    id,
    ...(input as Omit<ClienteRecord, 'id' | 'versao' | 'historico'>),
    ...newRecordFields(actor, idempotencia),
  };
}

/**
 * A new client with id `id` and what its create writes: the record (counted in its category, its
 * documento claimed, its list index items) and its `criado` history entry
 * (store.createClienteWithHistory, which the seed and an import's rows write too). For POST /produtos.
 * `idempotencia`: the key the create claims (kept on the record for its purge).
 */
export function newClienteWrite(actor: Actor, body: ClienteInput, id: number, { idempotencia }: { idempotencia?: string } = {}): { record: ClienteRecord; ops: WriteOp<Outcome>[] } {
  const record = newClienteRecord(actor, body, id, idempotencia);
  return { record, ops: store.createClienteWithHistory(record) };
}

/**
 * Replaces the spec's editable fields of a client (never creates); the contact fields follow
 * mergeContato (absent: kept). With `versao`, only while it is current (409 otherwise). A move
 * between categories adjusts both counts, and a new documento is claimed (409 naming the client
 * that has it) and the old one freed, in the same write; a client that changed between the read
 * and the write is read again and retried. The fields that really changed are stamped and
 * recorded in its history (none: no entry, the stamp stays).
 */
export async function updateCliente(actor: Actor, input: Update<ClienteInput>): Promise<Cliente> {
  const { versao, id, nome, segmento, pontoFocal, valorContrato, categoriaId } = input;
  return readThenWrite(async () => {
    await ensureAggregates();
    const before = await store.readCliente(id);
    if (!before) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
    if (versao !== undefined && before.versao !== versao) throw new ConflictError(MESSAGES.conflitoVersao);
    const moved = before.categoriaId !== categoriaId;
    const [ref, beforeRef] = await Promise.all([
      categoriaOf(categoriaId),
      moved && before.categoriaId !== null ? readCategoriaRef(before.categoriaId) : undefined,
    ]);
    const kept: ClienteRecord = { ...before };
    for (const f of CONTATO_FIELDS) delete kept[f];
    const next: ClienteRecord = { ...kept, id, nome, segmento, pontoFocal, valorContrato, categoriaId, ...mergeContato(before, input), versao: before.versao + 1 };
    // The dates of the body with the kept ones: said about the date the body sent.
    const problem = datasProblem(next.inicioContrato, next.fimContrato);
    if (problem) throw new BadRequestError(problem, input.fimContrato === undefined ? 'inicioContrato' : 'fimContrato');
    const { em, por } = stampOf(actor);
    const changes = changesOf(CLIENTE_FIELDS, wireView(before, moved ? (beforeRef ?? null) : ref), wireView(next, ref));
    const after: ClienteRecord = changes.length > 0 ? { ...next, historico: before.historico + 1, atualizadoEm: em, atualizadoPor: por } : next;
    const written = await commit([
      ...store.replaceCliente(before, after),
      ...(changes.length > 0
        ? historyOps({ kind: KIND, id: before.id, nome: after.nome, seq: after.historico, entry: { acao: 'alterado', em, por, alteracoes: changes } })
        : []),
    ]);
    if (written.ok) return toCliente(after, ref);
    const { outcome } = written;
    if (outcome.kind === 'changed' || (outcome.kind === 'staleVersao' && versao === undefined)) return AGAIN;
    if (outcome.kind === 'documentoTaken') return documentoTaken(outcome, after.documento);
    throw errorFor(outcome, NOT_FOUND);
  });
}

/**
 * Deletes a client, moving it to the trash in the same write: counted out of its category, its
 * uniqueness claims freed, its copy and index entry in the trash, its `excluido` history entry.
 * 404 when missing.
 */
export async function removeCliente(actor: Actor, id: number): Promise<void> {
  return readThenWrite(async () => {
    await ensureAggregates();
    const before = await store.readCliente(id);
    if (!before) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
    const [released, categoria] = await Promise.all([
      releaseClaims(uniqueClaimsOf('cliente', before)),
      before.categoriaId === null ? undefined : readCategoriaRef(before.categoriaId),
    ]);
    const seq = before.historico + 1;
    const written = await commit([
      ...store.deleteCliente(before),
      ...released,
      ...deletionOps(KIND, clienteItem({ ...before, historico: seq }), before.nome, seq, stampOf(actor), categoria?.descricao),
    ]);
    if (written.ok) return undefined;
    if (written.outcome.kind === 'staleVersao' || written.outcome.kind === 'changed') return AGAIN;
    throw errorFor(written.outcome, NOT_FOUND);
  });
}

/** A client's history, newest first (404 when it never existed). */
export const historicoCliente = (actor: Actor, id: number, page: PageRequest): Promise<Pagina<EntradaHistorico>> =>
  historicoOf(actor, KIND, id, page, MESSAGES.produtoNaoEncontrado);
