/**
 * Tarefa rules: follow-ups on a client. Everyone signed in may create, edit and complete them on
 * any client; only the `responsavel` or an administrator (checked live) may reassign or delete
 * one. A `responsavel` is an enabled user of the pool (free text in the open mode). Every write is
 * one transaction: the tarefa, its index items, its client's next-tarefa item and its history
 * entry (not the home's feed); a delete moves it to the trash. Lists and counts are read from the
 * index and leave out the tarefas of clients that are not live (in the trash): the client's own
 * delete stays one transaction of its own items, however many tarefas it has.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, userNameOf } from '../contract/auth.ts';
import { MESSAGES } from '../contract/messages.ts';
import { DEFAULT_TIME_ZONE } from '../contract/limits.ts';
import { diaNoFuso, fimDoDia, inicioDoDia, RESPONSAVEL_EU, TAREFA_FIELDS, type StatusTarefa, type TipoTarefa } from '../contract/tarefa.ts';
import type { Actor, EntradaHistorico, Equipe, Pagina, PaginaTarefas, Tarefa, TarefaInput, TarefasResumo, TarefaUpdate } from '../contract/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { readCliente } from '../store/clientes.ts';
import { historyOnlyOp } from '../store/historico.ts';
import { claimIdempotencyKey, idempotencyPk, registroRef } from '../store/idempotency.ts';
import { nextId } from '../store/ids.ts';
import { clienteKey, type Stored } from '../store/items.ts';
import { SEP } from '../store/listas.ts';
import { lixeiraExpiry, newIndexSk, putInLixeira, takeFromLixeira, type LixeiraCopy } from '../store/lixeira.ts';
import * as store from '../store/tarefas.ts';
import { RECORD_KIND } from '../store/table.ts';
import * as pool from '../store/userpool.ts';
import { commit, exists, type WriteOp } from '../store/write.ts';
import { requireLiveAdmin } from './authority.ts';
import { changesOf, historicoOf, stampOf, type PageRequest, type Stamp } from './historico.ts';
import { idempotencyClaim, type Answer, type IdempotencyKey } from './idempotency.ts';
import { AGAIN, errorFor, readThenWrite, type Outcome } from './outcomes.ts';

const KIND = RECORD_KIND.tarefa;
const NOT_FOUND = { notFound: MESSAGES.tarefaNaoEncontrada };

/**
 * The company's time zone: `TIME_ZONE` (the settings' `timeZone`, set on every function by the
 * stack and by the local server), else America/Sao_Paulo. A zone the runtime does not know fails
 * the request (a deployment error, never a silent UTC).
 */
export function timeZone(): string {
  const zone = process.env.TIME_ZONE?.trim() || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new Error(`TIME_ZONE must be an IANA time zone such as America/Sao_Paulo, not "${zone}"`);
  }
  return zone;
}

/** The live client's name; 400 naming `cliente` when it does not exist or is in the trash. */
async function clienteNomeOf(id: number): Promise<string> {
  const cliente = await readCliente(id);
  if (!cliente) throw new BadRequestError(MESSAGES.tarefaClienteInexistente(id), 'cliente');
  return cliente.nome;
}

/** The client's name when it is live (a tarefa's `clienteNome`). */
async function nomeIfLive(id: number): Promise<string | undefined> {
  return (await readCliente(id))?.nome;
}

/** A person's name as stored: the e-mail in lower case with sign-in, the text as written in the open mode. */
const personOf = (actor: Actor, text: string): string => (actor.anonymous ? text : userNameOf(text));

/**
 * The `responsavel` a write may set: the caller when absent; with sign-in, an enabled user of the
 * pool (400 naming `responsavel` otherwise); in the open mode, any text.
 */
async function checkedResponsavel(actor: Actor, given: string | undefined): Promise<string> {
  if (actor.anonymous) return given ?? actor.email;
  const email = userNameOf(given ?? actor.email);
  if (email === userNameOf(actor.email)) return email;
  // Only an e-mail is a user name: anything else never reaches the pool (it would refuse the call).
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) throw new BadRequestError(MESSAGES.tarefaResponsavelInvalido(given ?? email), 'responsavel');
  const user = await pool.getUser(email);
  if (!user.ok || !user.value.enabled) throw new BadRequestError(MESSAGES.tarefaResponsavelInvalido(given ?? email), 'responsavel');
  return email;
}

/** Reassigning or deleting: the tarefa's `responsavel` may, anyone else only as a live administrator (403). */
async function requireOwnerOrAdmin(actor: Actor, t: store.TarefaRecord): Promise<void> {
  if (!actor.anonymous && userNameOf(actor.email) === t.responsavel) return;
  await requireLiveAdmin(actor, MESSAGES.tarefaSomenteResponsavel);
}

/** The wire view a history diff compares (absent values are null). */
const wireView = (t: store.TarefaRecord): Record<string, unknown> => ({ ...t });

/** The client's next tarefa once `changed` replaces (or, undefined, removes) tarefa `id` among its tarefas. */
async function nextAfter(cliente: number, id: number, changed: store.TarefaRecord | undefined) {
  // The next-tarefa item (its counter) before the tarefas, never beside them: a write of this
  // client's tarefas committed after this read bumps the counter and fails ours (we read again);
  // read in parallel, a write landing between the two reads went unseen by both.
  const read = await store.readProxima(cliente);
  const tarefas = await store.readClienteTarefas(cliente);
  const others = tarefas.filter((t) => t.id !== id);
  return { read, next: store.proximaOf(changed ? [...others, changed] : others) };
}

/** The client still live when the tarefa is written (a create's condition): else the create fails as `notFound`. */
const clienteLive = (cliente: number): WriteOp<Outcome> => ({
  name: 'tarefa.clienteLive',
  key: clienteKey(cliente),
  check: true,
  condition: exists('pk'),
  onFailed: () => ({ kind: 'notFound' }),
});

/**
 * Creates a tarefa with versao 1 (a past interaction may be created done: *Registrar
 * interação*), its `criado` history entry and its client's next tarefa, in one write. 400 when
 * the client is not live or the `responsavel` is not on the team. An Idempotency-Key is claimed
 * in the same write and replays the first answer.
 */
export async function createTarefa(actor: Actor, input: TarefaInput, idempotency?: IdempotencyKey): Promise<Answer<Tarefa>> {
  const claim = idempotency && idempotencyClaim(idempotency, input);
  const clienteNome = await clienteNomeOf(input.cliente);
  const responsavel = await checkedResponsavel(actor, input.responsavel);
  const id = await nextId('tarefa');
  return readThenWrite(async () => {
    const { em, por } = stampOf(actor);
    const record: store.TarefaRecord = {
      id,
      cliente: input.cliente,
      tipo: input.tipo,
      descricao: input.descricao,
      quando: input.quando,
      ...(input.duracaoMin ? { duracaoMin: input.duracaoMin } : {}),
      responsavel,
      concluida: input.concluida,
      ...(input.resultado ? { resultado: input.resultado } : {}),
      ...(input.concluida ? { concluidaEm: em, concluidaPor: por } : {}),
      versao: 1,
      historico: 1,
      ...(claim ? { idempotencia: idempotencyPk(claim) } : {}),
      criadoEm: em,
      criadoPor: por,
      atualizadoEm: em,
      atualizadoPor: por,
    };
    const { read, next } = await nextAfter(record.cliente, id, record);
    const created: Answer<Tarefa> = { status: 201, body: store.toTarefa(record, clienteNome) };
    const written = await commit<WriteOp<Outcome> | undefined>([
      clienteLive(record.cliente),
      ...store.createTarefa(record),
      store.proximaOp(record.cliente, read, next),
      historyOnlyOp({ kind: KIND, id, seq: 1, entry: { acao: 'criado', em, por } }),
      claim && claimIdempotencyKey(claim, created, registroRef(KIND, id)),
    ]);
    if (written.ok) return created;
    const { outcome } = written;
    if (outcome.kind === 'keyReplayed') return { status: outcome.status, body: outcome.body as Tarefa };
    if (outcome.kind === 'changed') return AGAIN;
    if (outcome.kind === 'notFound') throw new BadRequestError(MESSAGES.tarefaClienteInexistente(record.cliente), 'cliente');
    throw errorFor(outcome, { ...NOT_FOUND, idempotent: claim !== undefined });
  });
}

/** A live tarefa's record (404 when it never existed or is in the trash). */
async function readRecord(id: number): Promise<store.TarefaRecord> {
  const item = await store.readTarefaItem(id);
  const record = item && store.toTarefaRecord(item);
  if (!record) throw new NotFoundError(MESSAGES.tarefaNaoEncontrada);
  return record;
}

/** True while the tarefa is live (not in the trash, not purged). */
export async function isTarefaLive(id: number): Promise<boolean> {
  const item = await store.readTarefaItem(id);
  return item !== undefined && store.toTarefaRecord(item) !== undefined;
}

/** One tarefa, with its client's name while the client is live. */
export async function getTarefa(_actor: Actor, id: number): Promise<Tarefa> {
  const record = await readRecord(id);
  return store.toTarefa(record, await nomeIfLive(record.cliente));
}

/**
 * Changes the fields a PUT sends (absent: kept; null clears `duracaoMin` / `resultado`). With
 * `versao`, only while it is current (409). Marking it done stamps `concluidaEm`/`concluidaPor`;
 * undoing that clears them. A new `responsavel` needs the current one or a live administrator
 * (403) and must be on the team (400). The fields that really changed are stamped and recorded
 * in its history (none: no entry, the stamp stays; `versao` still moves on).
 */
export async function updateTarefa(actor: Actor, id: number, patch: TarefaUpdate): Promise<Tarefa> {
  let checked: { from: string; to: string } | undefined;
  return readThenWrite(async () => {
    const before = await readRecord(id);
    if (patch.versao !== undefined && before.versao !== patch.versao) throw new ConflictError(MESSAGES.conflitoVersao);
    if (patch.cliente !== undefined && patch.cliente !== before.cliente) throw new BadRequestError(MESSAGES.tarefaClienteFixo, 'cliente');
    let responsavel = before.responsavel;
    if (patch.responsavel !== undefined && personOf(actor, patch.responsavel) !== before.responsavel) {
      // Checked once per change asked (a retry after a race re-checks only if the stored one moved).
      if (checked?.from !== before.responsavel || checked.to !== patch.responsavel) {
        await requireOwnerOrAdmin(actor, before);
        checked = { from: before.responsavel, to: await checkedResponsavel(actor, patch.responsavel) };
      }
      responsavel = checked.to;
    }
    const { em, por } = stampOf(actor);
    const next: store.TarefaRecord = {
      ...before,
      ...(patch.tipo !== undefined ? { tipo: patch.tipo } : {}),
      ...(patch.descricao !== undefined ? { descricao: patch.descricao } : {}),
      ...(patch.quando !== undefined ? { quando: patch.quando } : {}),
      responsavel,
      versao: before.versao + 1,
    };
    if (patch.duracaoMin === null) delete next.duracaoMin;
    else if (patch.duracaoMin !== undefined) next.duracaoMin = patch.duracaoMin;
    if (patch.resultado === null) delete next.resultado;
    else if (patch.resultado !== undefined) next.resultado = patch.resultado;
    if (patch.concluida !== undefined && patch.concluida !== before.concluida) {
      next.concluida = patch.concluida;
      if (patch.concluida) Object.assign(next, { concluidaEm: em, concluidaPor: por });
      else {
        delete next.concluidaEm;
        delete next.concluidaPor;
      }
    }
    const changes = changesOf(TAREFA_FIELDS, wireView(before), wireView(next));
    const after: store.TarefaRecord = changes.length > 0 ? { ...next, historico: before.historico + 1, atualizadoEm: em, atualizadoPor: por } : next;
    const { read, next: proxima } = await nextAfter(before.cliente, id, after);
    const written = await commit([
      ...store.replaceTarefa(before, after),
      store.proximaOp(before.cliente, read, proxima),
      ...(changes.length > 0 ? [historyOnlyOp({ kind: KIND, id, seq: after.historico, entry: { acao: 'alterado', em, por, alteracoes: changes } })] : []),
    ]);
    if (written.ok) return store.toTarefa(after, await nomeIfLive(after.cliente));
    const { outcome } = written;
    if (outcome.kind === 'changed' || (outcome.kind === 'staleVersao' && patch.versao === undefined)) return AGAIN;
    throw errorFor(outcome, NOT_FOUND);
  });
}

/**
 * Deletes a tarefa (its `responsavel` or a live administrator: 403 otherwise), moving it to the
 * trash in the same write: its copy and trash entry, its tombstone under the client, its index
 * items out, its client's next tarefa moved on, its `excluido` history entry. 404 when missing.
 */
export async function removeTarefa(actor: Actor, id: number): Promise<void> {
  let allowed = false;
  return readThenWrite(async () => {
    const before = await readRecord(id);
    if (!allowed) {
      await requireOwnerOrAdmin(actor, before);
      allowed = true;
    }
    const stamp = stampOf(actor);
    const seq = before.historico + 1;
    const { read, next } = await nextAfter(before.cliente, id, undefined);
    const written = await commit([
      ...store.deleteTarefa(before, seq),
      ...putInLixeira(KIND, store.tarefaItem({ ...before, historico: seq }), {
        nome: before.descricao,
        excluidoEm: stamp.em,
        excluidoPor: stamp.por,
        indice: newIndexSk(stamp.ms),
        expiresAt: lixeiraExpiry(stamp.ms),
      }),
      store.proximaOp(before.cliente, read, next),
      historyOnlyOp({ kind: KIND, id, seq, entry: { acao: 'excluido', em: stamp.em, por: stamp.por } }),
    ]);
    if (written.ok) return undefined;
    if (written.outcome.kind === 'changed' || written.outcome.kind === 'staleVersao') return AGAIN;
    throw errorFor(written.outcome, NOT_FOUND);
  });
}

/**
 * What a restore from the trash writes for a tarefa (services/lixeira.ts runs it): the copy out,
 * the record back over its tombstone with versao + 1, its index items, its client's next tarefa,
 * its `restaurado` history entry. Returns the record as GET answers it.
 */
export async function restoreTarefaOps(copy: LixeiraCopy, stamp: Stamp, nowSeconds: number): Promise<{ ops: WriteOp<Outcome>[]; tarefa: Tarefa }> {
  const old = store.toTarefaRecord(copy.item as Stored);
  if (!old) throw new NotFoundError(MESSAGES.naoEstaNaLixeira);
  const seq = old.historico + 1;
  const record: store.TarefaRecord = { ...old, id: copy.id, versao: old.versao + 1, historico: seq, atualizadoEm: stamp.em, atualizadoPor: stamp.por };
  const { read, next } = await nextAfter(record.cliente, record.id, record);
  return {
    ops: [
      ...takeFromLixeira(copy, nowSeconds),
      ...store.restoreTarefa(record),
      store.proximaOp(record.cliente, read, next),
      historyOnlyOp({ kind: KIND, id: record.id, seq, entry: { acao: 'restaurado', em: stamp.em, por: stamp.por } }),
    ],
    tarefa: store.toTarefa(record, await nomeIfLive(record.cliente)),
  };
}

/** A tarefa's history, newest first (404 when it never existed). */
export const historicoTarefa = (actor: Actor, id: number, page: PageRequest): Promise<Pagina<EntradaHistorico>> =>
  historicoOf(actor, KIND, id, page, MESSAGES.tarefaNaoEncontrada);

// ---------------------------------------------------------------------------------------------
// Lists and counts

/** GET /tarefas's filters, as the handler read them (`responsavel` as sent: an e-mail, a name or `me`). */
export interface TarefasQuery {
  cliente?: number;
  responsavel?: string;
  status?: StatusTarefa;
  tipo?: TipoTarefa;
  /** Days in the company's time zone (`YYYY-MM-DD`), both inclusive. */
  desde?: string;
  ate?: string;
  /** Only the team's pending tarefas whose `responsavel` is not an enabled user (sign-in only). */
  semResponsavelAtivo?: boolean;
  limit: number;
  cursor?: string;
}

/** The cursor of the next page: the last tarefa's sort key. */
const encodeCursor = (lsk: string): string => Buffer.from(JSON.stringify({ l: lsk })).toString('base64url');
function decodeCursor(cursor: string): string {
  try {
    const { l } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { l?: unknown };
    const [quando, id, ...rest] = typeof l === 'string' ? l.split(SEP) : [];
    if (rest.length === 0 && quando !== undefined && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(quando) && /^\d{16}$/.test(id ?? '')) return l as string;
  } catch {
    // Not one the API gave out.
  }
  throw new BadRequestError(MESSAGES.cursorInvalido);
}

/** The `responsavel` a filter names: `me` is the caller. */
const responsavelFilter = (actor: Actor, given: string | undefined): string | undefined =>
  given === undefined ? undefined : given === RESPONSAVEL_EU ? personOf(actor, actor.email) : personOf(actor, given);

/** The sort-key range of a query: its days in the company's zone, and above its cursor. */
function rangeOf(q: Pick<TarefasQuery, 'desde' | 'ate' | 'cursor'>): store.AgendaRange {
  if (q.desde !== undefined && q.ate !== undefined && q.desde > q.ate) throw new BadRequestError(MESSAGES.tarefaPeriodo);
  const zone = timeZone();
  let from = q.desde === undefined ? undefined : inicioDoDia(q.desde, zone);
  if (q.cursor !== undefined) {
    const after = `${decodeCursor(q.cursor)}${SEP}`;
    if (from === undefined || after > from) from = after;
  }
  return { ...(from === undefined ? {} : { from }), ...(q.ate === undefined ? {} : { to: fimDoDia(q.ate, zone) }) };
}

/**
 * A page of tarefas by `quando` (ties by id), with the filters of the query. By `cliente`: that
 * client's tarefas, read from its partition (also while it is in the trash). Otherwise from the
 * index (one Query per status; both merged when no status is asked), leaving out the tarefas
 * of clients that are not live.
 */
export async function listTarefas(actor: Actor, q: TarefasQuery): Promise<PaginaTarefas> {
  if (q.semResponsavelAtivo) return semResponsavelAtivoPage(actor, q);
  const range = rangeOf(q);
  const responsavel = responsavelFilter(actor, q.responsavel);
  if (q.cliente !== undefined) return clientePage(q.cliente, q, responsavel, range);
  const statuses = q.status === undefined ? [false, true] : [q.status === 'concluida'];
  const lpks = statuses.map((c) => (responsavel === undefined ? store.AGENDA_LPK.equipe(c) : store.AGENDA_LPK.pessoa(c, responsavel)));
  const want = q.limit + 1;
  const found: { t: store.TarefaRecord; nome: string; lsk: string }[] = [];
  let from = range.from;
  for (;;) {
    const n = want - found.length;
    const reads = await Promise.all(lpks.map((lpk) => store.collectAgenda(lpk, { ...(from ? { from } : {}), ...(range.to ? { to: range.to } : {}) }, n, q.tipo)));
    // The partitions merged by sort key: the first `n` of them all (the rest are read again after the last one taken).
    const hits = reads
      .flatMap((r) => r.hits)
      .sort((a, b) => (a.lsk < b.lsk ? -1 : 1))
      .slice(0, n);
    if (hits.length === 0) break;
    const [records, nomes] = await Promise.all([store.readTarefasOf(hits), store.liveClientes(hits.map((h) => h.cliente))]);
    for (const h of hits) {
      const t = records.get(h.id);
      const nome = nomes.get(h.cliente);
      if (t && nome !== undefined) found.push({ t, nome, lsk: h.lsk });
    }
    const exhausted = reads.every((r) => r.exhausted) && hits.length === reads.reduce((sum, r) => sum + r.hits.length, 0);
    if (found.length >= want || exhausted) break;
    from = `${hits.at(-1)!.lsk}${SEP}`;
  }
  const page = found.slice(0, q.limit);
  return {
    itens: page.map(({ t, nome }) => store.toTarefa(t, nome)),
    cursor: found.length > q.limit ? encodeCursor(page.at(-1)!.lsk) : null,
  };
}

/** Team index items one `semResponsavelAtivo` request reads at most (about 150 KB: one Query call). */
export const SEM_RESPONSAVEL_READ_BUDGET = 1000;

/**
 * A page of the team's pending tarefas whose `responsavel` is not an enabled user of the pool
 * (disabled, deleted, or never one), by `quando`, clients in the trash left out. The enabled users
 * are read live (ListUsers); the team's pending partition is read in order, at most
 * SEM_RESPONSAVEL_READ_BUDGET items a request: a page may hold fewer than `limit`, and then its
 * cursor is the last item read (null: nothing left). An item names its `responsavel` (`ln`); one
 * written before that is decided by its record, which is read anyway for every one answered.
 */
async function semResponsavelAtivoPage(actor: Actor, q: TarefasQuery): Promise<PaginaTarefas> {
  if (actor.anonymous) throw new BadRequestError(MESSAGES.tarefaSemResponsavelModoAberto);
  if (q.cliente !== undefined || q.responsavel !== undefined || q.status === 'concluida') throw new BadRequestError(MESSAGES.tarefaSemResponsavelCombinado);
  const range = rangeOf(q);
  const [users, scan] = await Promise.all([pool.listUsers(), store.scanAgenda(store.AGENDA_LPK.equipe(false), range, SEM_RESPONSAVEL_READ_BUDGET, q.tipo)]);
  const ativos = new Set(users.filter((u) => u.enabled).map((u) => u.username));
  const candidates = scan.hits.filter((h) => h.responsavel === undefined || !ativos.has(h.responsavel));
  const [records, nomes] = candidates.length === 0 ? [new Map(), new Map()] : await Promise.all([store.readTarefasOf(candidates), store.liveClientes(candidates.map((h) => h.cliente))]);
  const itens: Tarefa[] = [];
  for (const [i, h] of candidates.entries()) {
    // The record decides (the index is read eventually consistent): still pending, still without an active responsavel.
    const t = records.get(h.id);
    const nome = nomes.get(h.cliente);
    if (!t || t.concluida || ativos.has(t.responsavel) || nome === undefined) continue;
    itens.push(store.toTarefa(t, nome));
    if (itens.length === q.limit) {
      const more = i < candidates.length - 1 || h.lsk !== scan.hits.at(-1)!.lsk || scan.last !== undefined;
      return { itens, cursor: more ? encodeCursor(h.lsk) : null };
    }
  }
  return { itens, cursor: scan.last === undefined ? null : encodeCursor(scan.last) };
}

/** A page of one client's tarefas: its partition read whole (a client's tarefas are few), filtered and sorted here. */
async function clientePage(cliente: number, q: TarefasQuery, responsavel: string | undefined, range: store.AgendaRange): Promise<PaginaTarefas> {
  const [tarefas, nome] = await Promise.all([store.readClienteTarefas(cliente), nomeIfLive(cliente)]);
  const matching = tarefas
    .map((t) => ({ t, lsk: store.agendaSk(t.quando, t.id) }))
    .filter(
      ({ t, lsk }) =>
        (q.status === undefined || t.concluida === (q.status === 'concluida')) &&
        (responsavel === undefined || t.responsavel === responsavel) &&
        (q.tipo === undefined || t.tipo === q.tipo) &&
        (range.from === undefined || lsk >= range.from) &&
        (range.to === undefined || lsk <= range.to),
    )
    .sort((a, b) => (a.lsk < b.lsk ? -1 : 1));
  const page = matching.slice(0, q.limit);
  return {
    itens: page.map(({ t }) => store.toTarefa(t, nome)),
    cursor: matching.length > q.limit ? encodeCursor(page.at(-1)!.lsk) : null,
  };
}

/** How many live index hits of a partition fall in a range (clients not live left out). */
async function countLive(lpk: string, range: store.AgendaRange): Promise<number> {
  const { hits } = await store.collectAgenda(lpk, range, COUNT_MAX);
  if (hits.length === 0) return 0;
  const live = await store.liveClientes(hits.map((h) => h.cliente));
  return hits.filter((h) => live.has(h.cliente)).length;
}
/** Pending tarefas a count reads at most (a badge says "many" long before). */
const COUNT_MAX = 10_000;

/**
 * The counts of one person's pending tarefas (`me`, an e-mail; absent: the team's): overdue
 * (due before today's start) and today's, in the company's time zone, clients in the trash left out.
 */
export async function resumoTarefas(actor: Actor, given: string | undefined, nowMs = Date.now()): Promise<TarefasResumo> {
  const responsavel = responsavelFilter(actor, given);
  const lpk = responsavel === undefined ? store.AGENDA_LPK.equipe(false) : store.AGENDA_LPK.pessoa(false, responsavel);
  const zone = timeZone();
  const today = diaNoFuso(nowMs, zone);
  const start = inicioDoDia(today, zone);
  const [atrasadas, hoje] = await Promise.all([countLive(lpk, { to: start }), countLive(lpk, { from: start, to: fimDoDia(today, zone) })]);
  return { atrasadas, hoje };
}

/** The people a tarefa may be assigned to: the enabled users, by e-mail (none in the open mode). */
export async function listEquipe(actor: Actor): Promise<Equipe> {
  if (actor.anonymous) return [];
  const users = await pool.listUsers();
  return users
    .filter((u) => u.enabled)
    .map((u) => ({ email: u.username }))
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}
