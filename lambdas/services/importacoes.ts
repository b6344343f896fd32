/**
 * CSV import rules (issue 18): an import job, batches of rows created with the integrity of
 * single creates, and its undo.
 *
 * - Each row is validated with the very schema of POST /produtos and written with the op-list of a
 *   single create (store/clientes.ts `createCliente`): whatever a create writes beside the record
 *   (counts, aggregates, history, uniqueness claims) comes along. A row's record is listed under
 *   its import in the same transaction.
 * - Rows are packed into transactions sized from those op-lists (100 items, every item counted:
 *   each row's own items, one folded update per category, the job's count, the idempotency claim).
 * - A cancelled transaction is written again without the rows its cancellation reasons name;
 *   those rows fail with the reason (a category that no longer exists, a `documento` in use…).
 * - Every transaction claims `<import>/<Idempotency-Key>#<n>` with its answer: a batch sent again
 *   (a retry after a network error, or resuming an interrupted import) replays instead of
 *   creating twice.
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
  ImportacaoLinha,
  ImportacaoLoteResultado,
} from '../contract/types.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError, type ApiError } from '../errors.ts';
import * as categoriasStore from '../store/categorias.ts';
import { claimIdempotencyKey, idempotencyPk, registroRef } from '../store/idempotency.ts';
import { RECORD_KIND } from '../store/table.ts';
import { nextId, reserveIds } from '../store/ids.ts';
import { ensureNameClaims } from '../store/names.ts';
import * as store from '../store/importacoes.ts';
import { categoriaWire } from '../store/items.ts';
import { ensureAggregates } from '../store/aggregates.ts';
import { readCliente } from '../store/clientes.ts';
import { trashDays } from '../store/lixeira.ts';
import { timeSk } from '../store/paging.ts';
import { commit, commitEach, type Op, type Outcome } from '../store/write.ts';
import { newCategoriaWrite, removeCategoria } from './categorias.ts';
import { newClienteWrite, removeCliente } from './clientes.ts';
import { idempotencyClaim, type Answer, type IdempotencyKey } from './idempotency.ts';
import { AGAIN, errorFor, readThenWrite } from './outcomes.ts';

/** Days an import may be undone: the trash period (TRASH_DAYS). */
const undoDays = trashDays;
/** Times a transaction is written again after its feed keys clashed with other writes' (rare). */
const MAX_FEED_CLASHES = 5;
/** Records deleted at once during an undo step (each is its own small transaction). */
const UNDO_PARALLEL = 4;

/** Starts an import for the actor (who may later undo it). */
export async function createImportacao(
  actor: Actor,
  input: { total: number; arquivo: string },
  idempotency?: IdempotencyKey,
): Promise<Answer<Importacao>> {
  const claim = idempotency && idempotencyClaim(idempotency, input);
  const importacao: Importacao = {
    id: await nextId('importacao'),
    autor: actor.email,
    criadoEm: new Date().toISOString(),
    estado: 'importando',
    total: input.total,
    criados: 0,
    arquivo: input.arquivo,
  };
  const created = { status: 201, body: importacao };
  const written = await commit([store.createImportacao({ importacao, autorSub: actor.sub }), claim && claimIdempotencyKey(claim, created)]);
  if (written.ok) return created;
  if (written.outcome.kind === 'keyReplayed') return { status: written.outcome.status, body: written.outcome.body as Importacao };
  throw errorFor(written.outcome, { notFound: MESSAGES.importacaoNaoEncontrada, idempotent: claim !== undefined });
}

/** The job, when the actor may act on it: its author or an administrator (403 otherwise; 404 when missing). */
async function ownImportacao(actor: Actor, id: number): Promise<Importacao> {
  const found = await store.readImportacao(id);
  if (!found) throw new NotFoundError(MESSAGES.importacaoNaoEncontrada);
  if (!actor.admin && actor.sub !== found.autorSub) throw new ForbiddenError(MESSAGES.importacaoSomenteAutor);
  return found.importacao;
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
  const importacao = await ownImportacao(actor, importacaoId);
  if (importacao.estado === 'desfeita') throw new ConflictError(MESSAGES.importacaoDesfeita);
  const claim = idempotency && idempotencyClaim({ ...idempotency, key: `${importacaoId}/${idempotency.key}` }, input);
  await ensureNameClaims();
  return readThenWrite(async () => {
    const { record, ops } = newCategoriaWrite(actor, input, await nextId('categoria'), claim && idempotencyPk(claim));
    const created: Answer<Categoria> = { status: 201, body: categoriaWire(record) };
    const written = await commit([
      ...ops,
      store.listImportadaCategoria(importacaoId, record.id),
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

/**
 * The op-list of a row: a single create's (the record, its counts and claims, its history entry),
 * plus the item listing the record under its import. `feedSk` keeps the feed items of one
 * transaction's rows apart.
 */
const rowOps = (actor: Actor, importacaoId: number, row: Row, id: number, feedSk?: number): Op[] => [
  ...newClienteWrite(actor, row.input, id, { feedSk }).ops,
  store.listImportado(importacaoId, id, row.linha),
];

/** Distinct feed keys for the rows of one transaction (at most a few dozen), from now. */
function feedKeys(n: number): number[] {
  const first = timeSk(Date.now());
  return Array.from({ length: n }, (_, i) => first + i);
}

/**
 * Creates a batch of rows of an import (see the module comment). Invalid rows fail with the
 * validation message of POST /produtos; the others are created or fail with their reason.
 */
export async function importLote(
  actor: Actor,
  importacaoId: number,
  linhas: readonly ImportacaoLinha[],
  idempotency: IdempotencyKey,
): Promise<ImportacaoLoteResultado> {
  const importacao = await ownImportacao(actor, importacaoId);
  if (importacao.estado === 'desfeita') throw new ConflictError(MESSAGES.importacaoDesfeita);
  // Rows go into their categories' totals (counted first on a table from before them).
  await ensureAggregates();
  const result: ImportacaoLoteResultado = { criados: [], falhas: [] };
  const rows: Row[] = [];
  for (const { linha, cliente } of linhas) {
    const parsed = parseClienteInput(cliente);
    if (parsed.ok) rows.push({ linha, input: parsed.value });
    else result.falhas.push({ linha, mensagem: parsed.mensagem, ...(parsed.campo ? { campo: parsed.campo } : {}) });
  }
  // Sized from the rows' real op-lists (the ids do not change their shape): + the claim and the job's count.
  const chunks = store.chunkRows(
    rows.map((row) => store.splitRowOps(rowOps(actor, importacaoId, row, 0))),
    2,
  );
  for (const [n, chunk] of chunks.entries()) {
    const answer = await writeChunk(actor, importacaoId, chunk.map((r) => rows[r]!), { ...idempotency, key: `${importacaoId}/${idempotency.key}#${n}` });
    result.criados.push(...answer.criados);
    result.falhas.push(...answer.falhas);
  }
  result.criados.sort((a, b) => a.linha - b.linha);
  result.falhas.sort((a, b) => a.linha - b.linha);
  return result;
}

/** Writes one transaction's rows, again without the rows whose items failed, until it commits. */
async function writeChunk(actor: Actor, importacaoId: number, rows: readonly Row[], key: IdempotencyKey): Promise<ImportacaoLoteResultado> {
  const claim = idempotencyClaim(key, rows);
  const firstId = await reserveIds('cliente', rows.length);
  let alive = rows.map((row, i) => ({ row, id: firstId + i }));
  const falhas: ImportacaoLoteResultado['falhas'] = [];
  let clashes = 0;
  for (;;) {
    const answer: Answer<ImportacaoLoteResultado> = {
      status: 200,
      body: { criados: alive.map(({ row, id }) => ({ linha: row.linha, id })), falhas: [...falhas] },
    };
    const feed = feedKeys(alive.length);
    const packed = store.pack(
      alive.map(({ row, id }, r) => store.splitRowOps(rowOps(actor, importacaoId, row, id, feed[r]))),
      [claimIdempotencyKey(claim, answer), ...(alive.length > 0 ? [store.countImportados(importacaoId, alive.length)] : [])],
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
    for (const [i, outcome] of written.failed) {
      const owners = packed.rowsOf[i]!;
      // The job's count: it was undone, or is gone.
      if (owners.length === 0) throw outcome.kind === 'notFound' ? new NotFoundError(MESSAGES.importacaoNaoEncontrada) : new ConflictError(MESSAGES.importacaoDesfeita);
      for (const r of owners) {
        if (dropped.has(r)) continue;
        dropped.add(r);
        falhas.push({ linha: alive[r]!.row.linha, ...(await rowFailure(outcome, alive[r]!.row)) });
      }
    }
    alive = alive.filter((_, r) => !dropped.has(r));
  }
}

/**
 * One step of an undo: deletes up to LIMITS.importacao.desfazerPorChamada of the records the
 * import created, each through the delete of DELETE /produtos/{id} (a record deleted meanwhile
 * is skipped); once its clients are gone, the categories it created, through the delete of
 * DELETE /categorias/{id} (one that has clients again, someone else's, stays). Says how many are
 * left. The first step marks the import undone (no batch is accepted after it). Only within the
 * trash period.
 */
export async function desfazerImportacao(actor: Actor, id: number): Promise<ImportacaoDesfazerResultado> {
  const importacao = await ownImportacao(actor, id);
  if (Date.now() - Date.parse(importacao.criadoEm) > undoDays() * 86_400_000) throw new ConflictError(MESSAGES.importacaoPrazoEncerrado(undoDays()));
  if (importacao.estado !== 'desfeita') {
    const marked = await commit([store.markDesfeita(id)]);
    if (!marked.ok) throw new NotFoundError(MESSAGES.importacaoNaoEncontrada);
  }
  let kind: store.Importado = 'cliente';
  let ids = await store.importados(id, LIMITS.importacao.desfazerPorChamada);
  if (ids.length === 0) {
    kind = 'categoria';
    ids = await store.importados(id, LIMITS.importacao.desfazerPorChamada, kind);
  }
  const remove = kind === 'cliente' ? (recordId: number) => removeCliente(actor, recordId) : (recordId: number) => removeCategoria(actor, recordId);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const recordId = ids[next++]!;
      try {
        await remove(recordId);
      } catch (err) {
        // Gone already; or a category that has clients again (not the import's any more).
        if (!(err instanceof NotFoundError) && !(err instanceof ConflictError && err.mensagem === MESSAGES.categoriaComClientes)) throw err;
      }
      await commit([store.forgetImportado(id, recordId, kind)]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(UNDO_PARALLEL, ids.length) }, worker));
  const restantes = (await store.countImportadosRestantes(id)) + (await store.countImportadosRestantes(id, 'categoria'));
  return { excluidos: ids.length, restantes, estado: 'desfeita' };
}
