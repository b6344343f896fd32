/**
 * Trash rules: the list of deleted records (newest first, expired ones never shown), restoring a
 * record with the same id and a new versao (its uniqueness claims taken again, a client whose
 * category is gone comes back without it), the administrators' purge, which removes the copy and
 * the record's history for good, and the sweep, which does the same for expired entries. Ids are
 * never reused: the counters never go back.
 */
import { MESSAGES } from '../contract/messages.ts';
import type { Actor, Alteracao, CategoriaRef, ItemLixeira, Pagina, Restaurado, Tipo } from '../contract/types.ts';
import { NotFoundError } from '../errors.ts';
import { createCategoria, readCategoria, readCategoriaRef } from '../store/categorias.ts';
import { createCliente, readCliente } from '../store/clientes.ts';
import { eraseHistory, historyOps } from '../store/historico.ts';
import { forgetIdempotencyKey, registroRef } from '../store/idempotency.ts';
import { categoriaWire, IDEMPOTENCY_REF, toCategoriaRecord, toClienteRecord, toCliente, type CategoriaRecord, type ClienteRecord, type Stored } from '../store/items.ts';
import { dropFromLixeira, dropIndex, isExpired, keepExpiry, readLixeiraPage, markPurging, readLixeiraCopy, takeFromLixeira, lixeiraToSweep, type LixeiraCopy } from '../store/lixeira.ts';
import { ensureAggregates } from '../store/aggregates.ts';
import { ensureNameClaims } from '../store/names.ts';
import { RECORD_KIND, type RecordKind } from '../store/table.ts';
import { clienteOfTarefa, dropPointer, dropTombstone, eraseClienteTarefas } from '../store/tarefas.ts';
import { commit, type WriteOp } from '../store/write.ts';
import { requireLiveAdmin } from './authority.ts';
import { nameTaken } from './categorias.ts';
import { documentoTaken } from './clientes.ts';
import { cursorOf, nextCursor, stampOf, type PageRequest } from './historico.ts';
import { AGAIN, errorFor, readThenWrite, type Outcome } from './outcomes.ts';
import { isTarefaLive, restoreTarefaOps } from './tarefas.ts';

const NOT_IN_TRASH = { notFound: MESSAGES.naoEstaNaLixeira };
/** The stored kind of each wire `tipo` (the same words: the wire's are the stored ones). */
const KIND_OF: Record<Tipo, RecordKind> = { produto: RECORD_KIND.cliente, categoria: RECORD_KIND.categoria, tarefa: RECORD_KIND.tarefa };

/** The deleted records, newest first, paged; expired ones never appear. */
export async function listLixeira(_actor: Actor, page: PageRequest): Promise<Pagina<ItemLixeira>> {
  const { items, next } = await readLixeiraPage(page.limit, cursorOf(page), Math.floor(Date.now() / 1000));
  return { itens: items, cursor: nextCursor(next) };
}

/** The copy of a record in the trash that a restore may take: not expired, not being purged (404 otherwise). */
async function restorable(kind: RecordKind, id: number, nowSeconds: number): Promise<LixeiraCopy> {
  const copy = await readLixeiraCopy(kind, id);
  if (!copy || copy.purging || isExpired(copy, nowSeconds)) throw new NotFoundError(MESSAGES.naoEstaNaLixeira);
  return copy;
}

/** The 409 for a uniqueness claim another record took meanwhile (AGAIN when that holder is gone). */
function claimTaken(outcome: Extract<Outcome, { kind: 'nameTaken' | 'documentoTaken' }>, copy: LixeiraCopy): Promise<typeof AGAIN> {
  if (outcome.kind === 'nameTaken') return nameTaken(outcome);
  return documentoTaken(outcome, typeof copy.item.documento === 'string' ? copy.item.documento : undefined);
}

/** The name of a category the client pointed to, when it is in the trash now (for the warning). */
async function trashedCategoriaName(id: number): Promise<string | undefined> {
  const copy = await readLixeiraCopy(RECORD_KIND.categoria, id);
  return copy && !copy.purging && !isExpired(copy, Math.floor(Date.now() / 1000)) ? String(copy.item.descricao) : undefined;
}

/**
 * Restores a record from the trash with the same id and versao + 1, in one write: the copy and
 * its index entry out (a second restore finds nothing: 404), the record back, its uniqueness
 * claims taken again (409 naming the record that holds one now), a client counted in its
 * category again, and the `restaurado` history entry. A client whose category no longer exists
 * comes back without category, and the answer's `aviso` says so.
 */
export async function restoreFromLixeira(actor: Actor, tipo: Tipo, id: number): Promise<Restaurado> {
  const kind = KIND_OF[tipo];
  if (kind === RECORD_KIND.categoria) await ensureNameClaims();
  // A client comes back into its category's totals (counted first on a table from before them).
  else await ensureAggregates();
  return readThenWrite(async () => {
    const stamp = stampOf(actor);
    const nowSeconds = Math.floor(stamp.ms / 1000);
    const copy = await restorable(kind, id, nowSeconds);
    const seq = Number(copy.item.historico ?? 0) + 1;
    const audit = { historico: seq, atualizadoEm: stamp.em, atualizadoPor: stamp.por };
    let ops: WriteOp<Outcome>[];
    let answer: Restaurado;
    if (kind === RECORD_KIND.tarefa) {
      // The copy goes out in the tarefa's own ops (first, as below).
      const restored = await restoreTarefaOps(copy, stamp, nowSeconds);
      const written = await commit(restored.ops);
      if (written.ok) return { tipo, registro: restored.tarefa };
      if (written.outcome.kind === 'changed') return AGAIN;
      throw errorFor(written.outcome, NOT_IN_TRASH);
    }
    if (kind === RECORD_KIND.categoria) {
      const old = toCategoriaRecord(copy.item);
      const record: CategoriaRecord = { ...old, clientes: 0, versao: old.versao + 1, ...audit };
      ops = [...createCategoria(record), ...historyOps({ kind, id, nome: record.descricao, seq, entry: { acao: 'restaurado', em: stamp.em, por: stamp.por } })];
      answer = { tipo, registro: categoriaWire(record) };
    } else {
      const old = toClienteRecord(copy.item);
      let ref: CategoriaRef | null = null;
      const alteracoes: Alteracao[] = [];
      let aviso: string | undefined;
      if (old.categoriaId !== null) {
        ref = (await readCategoriaRef(old.categoriaId)) ?? null;
        if (!ref) {
          // Its name as the category's own copy has it; after a purge, as the client's copy kept it.
          const descricao = (await trashedCategoriaName(old.categoriaId)) ?? copy.categoriaNome;
          aviso = MESSAGES.restauradoSemCategoria(descricao);
          alteracoes.push({ campo: 'categoria', antes: { id: old.categoriaId, descricao: descricao ?? '' }, depois: null });
        }
      }
      const record: ClienteRecord = { ...old, categoriaId: ref ? ref.id : null, versao: old.versao + 1, ...audit };
      ops = [...createCliente(record), ...historyOps({ kind, id, nome: record.nome, seq, entry: { acao: 'restaurado', em: stamp.em, por: stamp.por, alteracoes } })];
      answer = { tipo, registro: toCliente(record, ref), ...(aviso ? { aviso } : {}) };
    }
    // The copy first: a restore that lost the race reads `notFound`, whatever else failed with it.
    const written = await commit([...takeFromLixeira(copy, nowSeconds), ...ops]);
    if (written.ok) return answer;
    const { outcome } = written;
    // The category went away meanwhile (read again: the client comes back without it), or another write raced.
    if (outcome.kind === 'categoriaMissing' || outcome.kind === 'changed') return AGAIN;
    if (outcome.kind === 'nameTaken' || outcome.kind === 'documentoTaken') return claimTaken(outcome, copy);
    throw errorFor(outcome, NOT_IN_TRASH);
  });
}

/** True while the record itself is live (a record can't be both live and in the trash). */
async function isLive(kind: RecordKind, id: number): Promise<boolean> {
  if (kind === RECORD_KIND.tarefa) return isTarefaLive(id);
  return (kind === RECORD_KIND.categoria ? await readCategoria(id) : await readCliente(id)) !== undefined;
}

/**
 * Removes a record from the trash for good, with its whole history (its personal data goes with
 * it); administrators only (403). The copy and its index entry are marked first, so a restore
 * racing it is refused and the list no longer shows it; a purge that fails half-way can be run
 * again (and the sweep finishes it if nobody does). A record whose trash entry already expired
 * but whose history is still stored gets that history removed. 404 when there is nothing to
 * remove. Returns the purge for an administrator; 403 for anyone else.
 */
export async function purgeFor(actor: Actor): Promise<(tipo: Tipo, id: number) => Promise<void>> {
  // Checked live against the user pool before anything else, the request's own validation included (as the users API).
  await requireLiveAdmin(actor, MESSAGES.somenteAdministradoresExcluir);
  return purge;
}

async function purge(tipo: Tipo, id: number): Promise<void> {
  const kind = KIND_OF[tipo];
  const nowSeconds = Math.floor(Date.now() / 1000);
  const copy = await readLixeiraCopy(kind, id);
  if (copy && !isExpired(copy, nowSeconds)) {
    const marked = await commit(markPurging(copy, nowSeconds));
    if (!marked.ok) throw errorFor(marked.outcome, NOT_IN_TRASH);
  } else if (!copy && (await isLive(kind, id))) {
    throw new NotFoundError(MESSAGES.naoEstaNaLixeira);
  }
  const removed = await erase(kind, id, copy);
  if (!copy && removed === 0) throw new NotFoundError(MESSAGES.naoEstaNaLixeira);
}

/**
 * Erases a record that leaves the trash for good (a purge, or the sweep once its entry expired),
 * each step safe to run again: its history and the feed items it wrote, the idempotency record
 * of its create while that still holds it, then its copy and index entry (`indice`: the entry
 * to drop when the copy is gone already). Returns how many history entries went.
 */
async function erase(kind: RecordKind, id: number, copy: LixeiraCopy | undefined, indice?: number): Promise<number> {
  // A client's tarefas go first (they stay stored under it while it is in the trash); a tarefa's
  // tombstone and pointer go with it. Both before the copy: a purge that stops half-way is found again.
  if (kind === RECORD_KIND.cliente) await eraseTarefasOfCliente(id);
  else if (kind === RECORD_KIND.tarefa) await eraseTarefaLeftovers(id, copy);
  const removed = await eraseHistory(kind, id);
  if (copy?.idempotencia) await commit([forgetIdempotencyKey(copy.idempotencia, registroRef(kind, id))]);
  if (copy) await commit(dropFromLixeira(copy));
  else if (indice !== undefined) await commit([dropIndex(indice)]);
  return removed;
}

/**
 * Erases one tarefa of a client being erased: its history, and when it was in the trash on its
 * own, its copy and trash entry (and the idempotency record of its create, either way).
 */
async function eraseTarefaOfCliente(id: number, item: Stored): Promise<void> {
  await eraseHistory(RECORD_KIND.tarefa, id);
  const copy = await readLixeiraCopy(RECORD_KIND.tarefa, id);
  const idempotencia = copy?.idempotencia ?? (typeof item[IDEMPOTENCY_REF] === 'string' ? item[IDEMPOTENCY_REF] : undefined);
  if (idempotencia) await commit([forgetIdempotencyKey(idempotencia, registroRef(RECORD_KIND.tarefa, id))]);
  if (copy) await commit(dropFromLixeira(copy));
}

/** Every tarefa stored under a client, in batches (more than one transaction holds: the purge is not one). */
const eraseTarefasOfCliente = (cliente: number): Promise<number> => eraseClienteTarefas(cliente, eraseTarefaOfCliente);

/** A purged tarefa's tombstone under its client and its pointer (the record is the trash copy). */
async function eraseTarefaLeftovers(id: number, copy: LixeiraCopy | undefined): Promise<void> {
  const cliente = copy ? Number(copy.item.cliente) : await clienteOfTarefa(id);
  if (cliente === undefined || Number.isNaN(cliente)) return;
  await commit([dropTombstone(cliente, id)]);
  await commit([dropPointer(id)]);
}

/** A purge marked longer ago than this failed half-way (a purge takes seconds; a function at most its timeout). */
export const STALLED_PURGE_SECONDS = 5 * 60;

/** What a sweep did. */
export interface SweepResult {
  /** Trash entries erased for good (expired, or a purge finished). */
  erased: number;
  /** Entries left for the next run (the time ran out). */
  left: number;
}

/**
 * The trash's sweep, run on a schedule (lambdas/handlers/jobs/sweep-lixeira.ts; hourly in the
 * cloud, and by the local server): DynamoDB TTL drops an expired trash copy, but a record's
 * history and feed items are one item each, with no single TTL for them all, and they hold the
 * record's personal data (the values before and after each change). So the index entry has no
 * TTL: it stays as the to-do until this erases what the record left behind, as a purge does,
 * and then the entry (entries stored with a TTL before the sweep existed get `expira` on its first
 * run, before DynamoDB can drop them). It also finishes purges that failed half-way. Each entry is erased by the
 * same steps as a purge (safe to run twice, or beside a purge); a record that is live (restored:
 * its entry went with the restore, so never expected) keeps its history. Stops starting new
 * entries once `hasTime` says no; the next run goes on.
 */
export async function sweepLixeira(nowMs = Date.now(), hasTime: () => boolean = () => true): Promise<SweepResult> {
  const nowSeconds = Math.floor(nowMs / 1000);
  const { todo, legacy } = await lixeiraToSweep(nowSeconds, nowSeconds - STALLED_PURGE_SECONDS);
  for (const indice of legacy) {
    if (!hasTime()) break;
    await commit([keepExpiry(indice)]);
  }
  let erased = 0;
  for (const entry of todo) {
    if (!hasTime()) break;
    const copy = await readLixeiraCopy(entry.kind, entry.id);
    // The copy of a later delete of the same record (not expected: an expired copy can't be restored).
    const mine = copy && copy.indice === entry.indice ? copy : undefined;
    if (copy && !mine) {
      await commit([dropIndex(entry.indice)]);
    } else if (!mine && (await isLive(entry.kind, entry.id))) {
      await commit([dropIndex(entry.indice)]);
    } else {
      await erase(entry.kind, entry.id, mine, entry.indice);
    }
    erased++;
  }
  return { erased, left: todo.length - erased };
}
