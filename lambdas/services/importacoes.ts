/**
 * CSV import rules: an import job, batches of rows created with the integrity of
 * single creates, and its undo.
 *
 * - Each row is validated with the very schema of POST /produtos and written with the op-list of a
 *   single create (store/clientes.ts `createCliente`): whatever a create writes beside the record
 *   (counts, aggregates, history, uniqueness claims) comes along. A row's record is listed under
 *   its import in the same transaction.
 * - Rows are packed into transactions sized from those op-lists (100 items, every item counted:
 *   each row's own items, one folded update per category, the job's count, the idempotency claim),
 *   a category's rows together (their totals fold into one update), with ids reserved once per
 *   batch in line order. The transactions go one after the other: each holds the job's count.
 * - A cancelled transaction is written again without the rows its cancellation reasons name;
 *   those rows fail with the reason (a category that no longer exists, a `documento` in use…).
 * - Every transaction claims `<import>/<Idempotency-Key>#<n>` with its answer: a batch sent again
 *   (a retry after a network error) replays instead of creating twice. Beyond the key, each row
 *   is listed under its import by its line in the file, only where the line has none: a line sent
 *   again later (a resumed import, after the page was closed) is answered with the client it
 *   created, never created twice.
 * - A batch marked `fim` concludes the import; one stopped midway stays `importando`, and GET
 *   /importacoes/{id} says which lines it created, so the page can continue it with the same file.
 * - The undo deletes the records through the very delete of DELETE /produtos/{id}, in steps the
 *   page drives; only the import's author or an administrator may run it.
 */
import { LIMITS } from '../contract/limits.ts';
import { formatDocumento } from '../contract/formatos.ts';
import { MESSAGES } from '../contract/messages.ts';
import { parseClienteInput } from '../contract/schemas.ts';
import type {
  Actor,
  Categoria,
  CategoriaInput,
  ClienteInput,
  Importacao,
  ImportacaoDesfazerResultado,
  ImportacaoRestaurarResultado,
  ImportacaoDetalhe,
  ImportacaoInput,
  ImportacaoLinha,
  ImportacaoLoteResultado,
  Pagina,
} from '../contract/types.ts';
import { ApiError, ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../errors.ts';
import * as categoriasStore from '../store/categorias.ts';
import { claimIdempotencyKey, idempotencyPk, registroRef } from '../store/idempotency.ts';
import { RECORD_KIND } from '../store/table.ts';
import { nextId, reserveIds } from '../store/ids.ts';
import { ensureNameClaims } from '../store/names.ts';
import * as store from '../store/importacoes.ts';
import { categoriaWire } from '../store/items.ts';
import { ensureAggregates } from '../store/aggregates.ts';
import { createClienteWithHistory, readCliente } from '../store/clientes.ts';
import { putIndexAhead, settleIndexAhead, sweepIndexAhead } from '../store/index-ahead.ts';
import type { ClienteRecord } from '../store/items.ts';
import { lixeiraDays } from '../store/lixeira.ts';
import { distinctFeedSks } from '../store/historico.ts';
import { chunkRows, pack } from '../store/packing.ts';
import { commit, commitEach, type WriteOp } from '../store/write.ts';
import { requireLiveAdmin } from './authority.ts';
import { newCategoriaWrite, removeCategoria } from './categorias.ts';
import { newClienteRecord, removeCliente } from './clientes.ts';
import { restoreFromLixeira } from './lixeira.ts';
import { cursorOf, nextCursor, type PageRequest } from './historico.ts';
import { idempotencyClaim, type Answer, type IdempotencyKey } from './idempotency.ts';
import { AGAIN, errorFor, readThenWrite, type Outcome } from './outcomes.ts';

/** Days an import may be undone: the trash period (TRASH_DAYS). */
const undoDays = lixeiraDays;
/** Times a transaction is written again after its feed keys clashed with other writes' (rare). */
const MAX_FEED_CLASHES = 5;
/** Categories whose clients an undo step deletes at once (see removeImportados). */
const UNDO_PARALLEL = 4;

/** The job as the API answers it: with until when it may be undone. */
const wire = (job: store.ImportacaoStored): Importacao => ({
  ...job,
  desfazerAte: new Date(Date.parse(job.criadoEm) + undoDays() * 86_400_000).toISOString(),
});

/** Starts an import for the actor (who may later undo it). */
export async function createImportacao(actor: Actor, input: ImportacaoInput, idempotency?: IdempotencyKey): Promise<Answer<Importacao>> {
  const claim = idempotency && idempotencyClaim(idempotency, input);
  const now = new Date().toISOString();
  const importacao: store.ImportacaoStored = {
    id: await nextId('importacao'),
    autor: actor.email,
    criadoEm: now,
    atualizadoEm: now,
    estado: 'importando',
    total: input.total,
    criados: 0,
    categorias: 0,
    arquivo: input.arquivo,
    ...(input.assinatura ? { assinatura: input.assinatura } : {}),
  };
  const created = { status: 201, body: wire(importacao) };
  const written = await commit([store.createImportacao({ importacao, autorSub: actor.sub }), claim && claimIdempotencyKey(claim, created)]);
  if (written.ok) return created;
  if (written.outcome.kind === 'keyReplayed') return { status: written.outcome.status, body: written.outcome.body as Importacao };
  throw errorFor(written.outcome, { notFound: MESSAGES.importacaoNaoEncontrada, idempotent: claim !== undefined });
}

/**
 * The job, when the actor may act on it: its author, or an administrator checked live against the
 * pool (a token's admin role is only the hint to ask; 403 otherwise; 404 when missing).
 */
async function ownImportacao(actor: Actor, id: number): Promise<store.ImportacaoStored> {
  const found = await store.readImportacao(id);
  if (!found) throw new NotFoundError(MESSAGES.importacaoNaoEncontrada);
  if (actor.sub !== found.autorSub) await requireLiveAdmin(actor, MESSAGES.importacaoSomenteAutor);
  return found.importacao;
}

/** Whether the caller is an administrator now (live); anyone else, a former one included, is not. */
async function isLiveAdmin(actor: Actor): Promise<boolean> {
  if (!actor.admin) return false;
  try {
    await requireLiveAdmin(actor, MESSAGES.importacaoSomenteAutor);
    return true;
  } catch (error) {
    if (error instanceof ForbiddenError) return false;
    throw error;
  }
}

/**
 * The imports, newest first, paged: the actor's own; an administrator's (checked live), everyone's
 * (to undo them too). A former administrator's token lists only their own.
 */
export async function listImportacoes(actor: Actor, page: PageRequest): Promise<Pagina<Importacao>> {
  const { items, next } = await store.listImportacoes(page.limit, cursorOf(page), (await isLiveAdmin(actor)) ? undefined : actor.sub);
  return { itens: items.map((r) => wire(r.importacao)), cursor: nextCursor(next) };
}

/** Ascending numbers as ranges `[first, last]` of consecutive ones. */
function ranges(sorted: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (last && n <= last[1] + 1) last[1] = Math.max(last[1], n);
    else out.push([n, n]);
  }
  return out;
}

/** One import (its author or an administrator), with the lines of its file it created: what continuing it skips. */
export async function getImportacao(actor: Actor, id: number): Promise<ImportacaoDetalhe> {
  const importacao = await ownImportacao(actor, id);
  return { ...wire(importacao), linhas: ranges(await store.readLinhasImportadas(id)) };
}

/** An import being undone (or undone) takes nothing any more. */
function refuseUndone(importacao: store.ImportacaoStored): void {
  if (importacao.estado === 'desfazendo' || importacao.estado === 'desfeita') throw new ConflictError(MESSAGES.importacaoDesfeita);
}

/**
 * Why a row failed, in the API's own words: the outcome of its failed item. The hook for new
 * outcomes of a create (e.g. a `documento` already in use).
 */
async function rowFailure(outcome: Outcome, row: Row): Promise<{ mensagem: string; campo?: string }> {
  if (outcome.kind === 'documentoTaken' && row.input.documento) {
    const holder = await readCliente(outcome.holder);
    if (holder?.documento === row.input.documento) {
      return { mensagem: MESSAGES.documentoDuplicado(formatDocumento(holder.documento), holder.nome), campo: 'documento' };
    }
  }
  let error: ApiError | undefined;
  try {
    error = errorFor(outcome, { notFound: MESSAGES.importacaoLinhaFalhou });
  } catch {
    error = undefined;
  }
  if (!error || outcome.kind === 'notFound' || outcome.kind === 'busy') return { mensagem: MESSAGES.importacaoLinhaFalhou };
  return { mensagem: error.mensagem, ...(error.campo ? { campo: error.campo } : {}) };
}

/**
 * Creates a category for an import (one its rows name that does not exist yet) with the op-list of
 * POST /categorias, listed under the import in the same write so its undo deletes it too. A name
 * another category holds is 409 naming it (the page then uses that one).
 */
export async function importCategoria(actor: Actor, importacaoId: number, input: CategoriaInput, idempotency?: IdempotencyKey): Promise<Answer<Categoria>> {
  refuseUndone(await ownImportacao(actor, importacaoId));
  const claim = idempotency && idempotencyClaim({ ...idempotency, key: `${importacaoId}/${idempotency.key}` }, input);
  await ensureNameClaims();
  return readThenWrite(async () => {
    const { record, ops } = newCategoriaWrite(actor, input, await nextId('categoria'), claim && idempotencyPk(claim));
    const created: Answer<Categoria> = { status: 201, body: categoriaWire(record) };
    const written = await commit([
      ...ops,
      store.listImportadaCategoria(importacaoId, record.id),
      // Counted on the job, in the same write: only while it still takes rows.
      store.countOnImportacao(importacaoId, 0, { categorias: 1 }),
      claim && claimIdempotencyKey(claim, created, registroRef(RECORD_KIND.categoria, record.id)),
    ]);
    if (written.ok) return created;
    const { outcome } = written;
    if (outcome.kind === 'keyReplayed') return { status: outcome.status, body: outcome.body as Categoria };
    // The feed's time key clashed: nothing was written, try again.
    if (outcome.kind === 'changed') return AGAIN;
    if (outcome.kind === 'nameTaken') {
      const holder = outcome.holders[0] === undefined ? undefined : await categoriasStore.readCategoria(outcome.holders[0]);
      if (!holder) return AGAIN;
      throw new ConflictError(MESSAGES.categoriaDuplicada(holder.descricao), 'descricao');
    }
    throw errorFor(outcome, { notFound: MESSAGES.importacaoNaoEncontrada, idempotent: claim !== undefined });
  });
}

type Row = { linha: number; input: ClienteInput };
/** A row and the client it creates (its reserved id, stamped once: its index items were put from it). */
type Planned = { row: Row; record: ClienteRecord };

/** A row's category bucket (0: none): the totals item its create updates. */
const bucketOf = (row: Row): number => row.input.categoriaId ?? 0;

/**
 * Between a batch's Idempotency-Key and its transaction's number in the transaction's own key.
 * Not `#` as when rows were packed in line order: a batch retried across that change is packed
 * otherwise, and its lines are then answered from their listing instead of refused as a key
 * reused with another body.
 */
const CHUNK_KEY = '#g';

/**
 * The op-list of a row: a single create's (the record, its counts and claims, its history entry)
 * without its index items (put ahead: store/index-ahead.ts), plus the item listing the record
 * under its import. `feedSk` keeps the feed items of one transaction's rows apart.
 */
const rowOps = (importacaoId: number, { row, record }: Planned, feedSk?: number): WriteOp<Outcome>[] => [
  ...createClienteWithHistory(record, feedSk, { indexAhead: true }),
  store.listImportadoCliente(importacaoId, record.id, row.linha),
];

/**
 * Creates a batch of rows of an import (see the module comment). Invalid rows fail with the
 * validation message of POST /produtos, and a CNPJ/CPF an earlier row of the batch has with the
 * message of a documento in use (one transaction may not write its claim twice: DynamoDB would
 * refuse the whole transaction); the others are created or fail with their reason. `fim`: the
 * file's last batch, which concludes the import.
 */
export async function importLote(
  actor: Actor,
  importacaoId: number,
  linhas: readonly ImportacaoLinha[],
  idempotency: IdempotencyKey,
  fim = false,
): Promise<ImportacaoLoteResultado> {
  const importacao = await ownImportacao(actor, importacaoId);
  refuseUndone(importacao);
  // Rows go into their categories' totals (counted first on a table from before them).
  await ensureAggregates();
  const result: ImportacaoLoteResultado = { criados: [], falhas: [] };
  const rows: Row[] = [];
  /** The name of the row that takes each documento. */
  const documentos = new Map<string, string>();
  for (const { linha, cliente } of linhas) {
    const parsed = parseClienteInput(cliente);
    if (!parsed.ok) {
      result.falhas.push({ linha, mensagem: parsed.mensagem, ...(parsed.campo ? { campo: parsed.campo } : {}) });
      continue;
    }
    const { documento, nome } = parsed.value;
    const holder = documento ? documentos.get(documento) : undefined;
    if (documento && holder !== undefined) {
      result.falhas.push({ linha, mensagem: MESSAGES.documentoDuplicado(formatDocumento(documento), holder), campo: 'documento' });
      continue;
    }
    if (documento) documentos.set(documento, nome);
    rows.push({ linha, input: parsed.value });
  }
  // Index items a batch that died midway left ahead of clients it never created.
  await sweepIndexAhead();
  // The batch's ids in one reservation, in line order (a row that fails leaves its id unused).
  const firstId = rows.length > 0 ? await reserveIds('cliente', rows.length) : 0;
  const planned: Planned[] = rows.map((row, r) => ({ row, record: newClienteRecord(actor, row.input, firstId + r) }));
  // A category's rows go together, so a transaction folds their totals into one update of its
  // category's item instead of one per category met.
  const order = planned.map((_, r) => r).sort((a, b) => bucketOf(rows[a]!) - bucketOf(rows[b]!) || a - b);
  // Sized from the rows' real op-lists: + the claim and the job's count.
  const chunks = chunkRows(
    order.map((r) => rowOps(importacaoId, planned[r]!)),
    2,
  ).map((chunk) => chunk.map((i) => planned[order[i]!]!));
  const ahead = planned.length > 0 ? await putIndexAhead(firstId, firstId + planned.length - 1, planned.map((p) => p.record)) : undefined;
  for (const [n, chunk] of chunks.entries()) {
    const last = fim && n === chunks.length - 1;
    const claimKey = `${importacaoId}/${idempotency.key}${CHUNK_KEY}${n}`;
    let answer: ImportacaoLoteResultado;
    try {
      answer = await writeChunk(actor, importacao, chunk, { ...idempotency, key: claimKey }, last);
    } catch (error) {
      // Refused (the job closed or full, a key in use or reused): this transaction wrote nothing,
      // so what the batch created is known. Anything else may have written it: left to the sweep.
      if (ahead && error instanceof ApiError) await settleIndexAhead(ahead, new Set(result.criados.map((c) => c.id)));
      throw error;
    }
    result.criados.push(...answer.criados);
    result.falhas.push(...answer.falhas);
  }
  if (ahead) await settleIndexAhead(ahead, new Set(result.criados.map((c) => c.id)));
  // The last batch with nothing to write still concludes the import (again: no harm).
  if (fim && chunks.length === 0) {
    const written = await commit([store.countOnImportacao(importacaoId, 0, { fim: true })]);
    if (!written.ok && !(written.outcome.kind === 'importacaoEncerrada' && written.outcome.estado === 'concluida')) {
      throw errorFor(written.outcome, { notFound: MESSAGES.importacaoNaoEncontrada });
    }
  }
  result.criados.sort((a, b) => a.linha - b.linha);
  result.falhas.sort((a, b) => a.linha - b.linha);
  return result;
}

/**
 * Writes one transaction's rows, again without the rows whose items failed, until it commits. A
 * row whose line the import created already is answered with that client (created, not again).
 */
async function writeChunk(
  actor: Actor,
  importacao: Pick<store.ImportacaoStored, 'id' | 'total'>,
  rows: readonly Planned[],
  key: IdempotencyKey,
  fim: boolean,
): Promise<ImportacaoLoteResultado> {
  const importacaoId = importacao.id;
  const claim = idempotencyClaim(key, rows.map(({ row }) => row));
  let alive = [...rows];
  const falhas: ImportacaoLoteResultado['falhas'] = [];
  const before: ImportacaoLoteResultado['criados'] = [];
  let clashes = 0;
  for (;;) {
    const answer: Answer<ImportacaoLoteResultado> = {
      status: 200,
      body: { criados: [...before, ...alive.map(({ row, record }) => ({ linha: row.linha, id: record.id }))], falhas: [...falhas] },
    };
    const feed = distinctFeedSks(alive.length);
    const packed = pack<Outcome>(
      alive.map((p, r) => rowOps(importacaoId, p, feed[r])),
      [claimIdempotencyKey(claim, answer), store.countOnImportacao(importacaoId, alive.length, { fim, total: importacao.total })],
    );
    const written = await commitEach(packed.ops);
    if (written.ok) return answer.body;
    if (written.busy) throw new ConflictError(MESSAGES.idempotenciaEmAndamento);
    const outcomes = [...written.failed.values()];
    const replayed = outcomes.find((o) => o.kind === 'keyReplayed');
    if (replayed) return replayed.body as ImportacaoLoteResultado;
    if (outcomes.some((o) => o.kind === 'keyReused')) throw new UnprocessableError(MESSAGES.idempotenciaCorpoDiferente);
    // Only a feed key another write took meanwhile: nothing was written; again, with new keys.
    if (outcomes.every((o) => o.kind === 'changed') && ++clashes <= MAX_FEED_CLASHES) continue;
    const dropped = new Set<number>();
    const rowsFailed = [...written.failed.keys()].some((i) => packed.rowsOf[i]!.length > 0);
    for (const [i, outcome] of written.failed) {
      const owners = packed.rowsOf[i]!;
      if (owners.length === 0) {
        // Past the declared total while counting rows that are dropped now (a line created
        // already): counted again without them.
        if (outcome.kind === 'importacaoCheia' && rowsFailed) continue;
        // The job's count: it is gone, concluded, being undone, or full.
        throw errorFor(outcome, { notFound: MESSAGES.importacaoNaoEncontrada });
      }
      for (const r of owners) {
        if (dropped.has(r)) continue;
        dropped.add(r);
        const { row } = alive[r]!;
        if (outcome.kind === 'linhaImportada') before.push({ linha: row.linha, id: outcome.id });
        else falhas.push({ linha: row.linha, ...(await rowFailure(outcome, row)) });
      }
    }
    alive = alive.filter((_, r) => !dropped.has(r));
  }
}

/**
 * Deletes the clients of one undo step, each through the delete of DELETE /produtos/{id} (one
 * deleted meanwhile is skipped), and takes them off the import's list. Every delete also updates
 * its category's totals item (or the Sem categoria one), and AWS cancels transactions that run
 * at once on one item (TransactionConflict, retried only a few times): so the clients of one
 * category go one after the other, and only different categories' run side by side.
 */
async function removeImportados(actor: Actor, importacaoId: number, listed: readonly store.Listado[]): Promise<void> {
  const groups = new Map<string, store.Listado[]>();
  const records = await Promise.all(listed.map((l) => readCliente(l.id)));
  listed.forEach((l, i) => {
    const record = records[i];
    const group = record ? `categoria ${record.categoriaId ?? 0}` : 'gone';
    groups.set(group, [...(groups.get(group) ?? []), l]);
  });
  const queue = [...groups.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const l of group) {
        let deleted = true;
        try {
          await removeCliente(actor, l.id);
        } catch (err) {
          if (!(err instanceof NotFoundError)) throw err;
          deleted = false;
        }
        // What this undo deleted is listed for a restore of the import (a record deleted meanwhile by someone else is not ours to bring back).
        await commit([store.forgetImportado(l), ...(deleted ? [store.listDesfeito(importacaoId, 'cliente', l)] : [])]);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(UNDO_PARALLEL, queue.length) }, worker));
}

/** Deletes the categories an import created, one at a time (few); one that has clients again (someone else's) stays. */
async function removeImportadas(actor: Actor, importacaoId: number, listed: readonly store.Listado[]): Promise<void> {
  for (const l of listed) {
    let deleted = true;
    try {
      await removeCategoria(actor, l.id);
    } catch (err) {
      if (!(err instanceof NotFoundError) && !(err instanceof ConflictError && err.mensagem === MESSAGES.categoriaComClientes)) throw err;
      deleted = false;
    }
    await commit([store.forgetImportado(l), ...(deleted ? [store.listDesfeito(importacaoId, 'categoria', l)] : [])]);
  }
}

/**
 * One step of an undo: deletes up to LIMITS.importacao.desfazerPorChamada of the records the
 * import created, each through the delete of DELETE /produtos/{id} (a record deleted meanwhile
 * is skipped); once its clients are gone, the categories it created, through the delete of
 * DELETE /categorias/{id} (one that has clients again, someone else's, stays). Says how many are
 * left. The first step marks the import `desfazendo` (no batch is accepted after it), the one
 * that leaves nothing `desfeita`. Only within the trash period.
 */
export async function undoImportacao(actor: Actor, id: number): Promise<ImportacaoDesfazerResultado> {
  const importacao = await ownImportacao(actor, id);
  if (Date.now() - Date.parse(importacao.criadoEm) > undoDays() * 86_400_000) throw new ConflictError(MESSAGES.importacaoPrazoEncerrado(undoDays()));
  if (importacao.estado !== 'desfazendo' && importacao.estado !== 'desfeita') {
    const marked = await commit([store.markEstado(id, 'desfazendo')]);
    if (!marked.ok) throw new NotFoundError(MESSAGES.importacaoNaoEncontrada);
  }
  const clientes = await store.readImportados(id, LIMITS.importacao.desfazerPorChamada);
  const categorias = clientes.length === 0 ? await store.readImportados(id, LIMITS.importacao.desfazerPorChamada, 'categoria') : [];
  if (clientes.length > 0) await removeImportados(actor, id, clientes);
  else await removeImportadas(actor, id, categorias);
  const restantes = (await store.countListedImportados(id)) + (await store.countListedImportados(id, 'categoria'));
  // Says 'desfeita' only once stored so (a failed mark is redone by the next call).
  const desfeita = restantes === 0 && (importacao.estado === 'desfeita' || (await commit([store.markEstado(id, 'desfeita')])).ok);
  return { excluidos: clientes.length + categorias.length, restantes, estado: desfeita ? 'desfeita' : 'desfazendo' };
}

/**
 * One step of restoring an undone import: brings back from the trash up to
 * LIMITS.importacao.desfazerPorChamada of the records its undo deleted, each as
 * POST /lixeira/{tipo}/{id}/restaurar does (with the same id; its categories first, so its clients
 * come back into them), and lists each under the import again. A record that can't come back
 * (purged, its trash period over, its name or document taken meanwhile) is left out with why.
 * Once nothing is left the import is `concluida` again (and can be undone again). Only an undone
 * import (409 otherwise), by its author or an administrator.
 */
export async function restoreImportacao(actor: Actor, id: number): Promise<ImportacaoRestaurarResultado> {
  const importacao = await ownImportacao(actor, id);
  if (importacao.estado !== 'desfeita') throw new ConflictError(MESSAGES.importacaoNaoDesfeita);
  const max = LIMITS.importacao.desfazerPorChamada;
  const categorias = await store.readDesfeitos(id, max, 'categoria');
  const clientes = categorias.length === 0 ? await store.readDesfeitos(id, max, 'cliente') : [];
  let restaurados = 0;
  const falhas: ImportacaoRestaurarResultado['falhas'] = [];
  for (const d of [...categorias, ...clientes]) {
    const tipo = d.kind === 'cliente' ? 'produto' : 'categoria';
    let back = true;
    try {
      await restoreFromLixeira(actor, tipo, d.id);
      restaurados++;
    } catch (err) {
      if (!(err instanceof NotFoundError) && !(err instanceof ConflictError)) throw err;
      back = false;
      falhas.push({ tipo, id: d.id, mensagem: err.mensagem });
    }
    await commit(store.settleDesfeito(id, d, back));
  }
  const restantes = (await store.countDesfeitos(id, 'categoria')) + (await store.countDesfeitos(id, 'cliente'));
  const concluida = restantes === 0 && (await commit([store.markEstado(id, 'concluida')])).ok;
  return { restaurados, restantes, falhas, estado: concluida ? 'concluida' : 'desfeita' };
}
