/**
 * Tarefas (follow-ups on a client), stored in the client's own partition of tarefas:
 *
 * - the record: `TAREFA#<cliente>` / id. A deleted tarefa leaves a tombstone there
 *   (`excluida`, no fields: the record is in the trash), so everything a client ever had is found
 *   from the client, and its purge erases it all.
 * - a pointer: `TAREFA` / id → `cliente`, so a tarefa is read by its id alone.
 * - two index items, `AGENDA#<cliente>#<id>` / slot, the only ones carrying the keys of the
 *   table's one global secondary index (`lista`): slot 0 the team's view of its status
 *   (`A#p` pending, `A#c` done), slot 1 the `responsavel`'s (`A#p#<responsavel>`). Their sort key is
 *   `quando` (UTC ISO, fixed width) then the id, so a person's pending agenda is one Query; the
 *   projected `lt` holds the tarefa's `tipo` (a filter), and slot 0's projected `ln` its
 *   `responsavel` (the team's tarefas without an active responsavel are found from the team's
 *   partition alone; items written before it lack `ln`: their record tells). The index item's
 *   own pk names the client and the tarefa, so a page is read without any other lookup.
 * - the client's next tarefa: `PROXIMA_TAREFA` / cliente, outside the client's record (so its
 *   `versao` and history never move with a tarefa), with a counter `v` every tarefa write of that
 *   client bumps under condition (concurrent writes of one client's tarefas are serialized: the
 *   loser reads again). With a next tarefa it is also in the index (`lpk` `P`, `lsk` its `quando`
 *   then the client's id): the paged client list's sort by next tarefa.
 *
 * A tarefa write is one transaction: the record, its pointer, its index items, the next-tarefa
 * item and its history entry. A client's delete touches none of these (they stay stored under the
 * client): the reads leave out the tarefas of clients that are not live.
 */
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Tarefa, ProximaTarefa, TipoTarefa } from '../contract/index.ts';
import { batchDelete } from './batch.ts';
import { defaultDb, documentClient, tableName } from './client.ts';
import { AUDIT_ATTRIBUTES, HISTORY_COUNTER, IDEMPOTENCY_REF, type AuditAttributes, type Stored } from './items.ts';
import { keyCondition, LISTA_INDEX, SEP } from './listas.ts';
import { getItem, queryAll, queryPages } from './reads.ts';
import { PARTITION_KEYS } from './table.ts';
import { allOf, commit, equals, exists, missing, type WriteOp, type WriteOutcome } from './write.ts';

/** Partition prefixes and keys of the tarefas (beside table.ts's PARTITION_KEYS: they are tarefas' only). */
export const TAREFA_PK = {
  /** `TAREFA#<cliente>` / id: the records; `TAREFA` / id: the pointers. */
  tarefa: 'TAREFA',
  /** `AGENDA#<cliente>#<id>` / slot: a tarefa's index items. */
  agenda: 'AGENDA',
  /** `PROXIMA_TAREFA` / cliente: a client's next tarefa. */
  proxima: 'PROXIMA_TAREFA',
} as const;

/** The index partitions: the team's and a person's, by status; the clients by next tarefa. */
export const AGENDA_LPK = {
  equipe: (concluida: boolean) => `A#${concluida ? 'c' : 'p'}`,
  pessoa: (concluida: boolean, responsavel: string) => `A#${concluida ? 'c' : 'p'}#${responsavel}`,
  proxima: 'P',
} as const;

/**
 * The team's index item (slot 0) keeps the `responsavel` in this attribute, already projected by
 * the index (the clients' lists' name key; the agenda items had no use for it).
 */
export const AGENDA_RESPONSAVEL = 'ln';

/** The tombstone mark of a deleted tarefa's record. */
export const EXCLUIDA = 'excluida';
/** The next-tarefa item's write counter. */
const PROXIMA_COUNTER = 'v';

/** A tarefa as code handles it (the wire's fields, its history counter, its create's idempotency key). */
export interface TarefaRecord extends AuditAttributes {
  id: number;
  cliente: number;
  tipo: TipoTarefa;
  descricao: string;
  quando: string;
  duracaoMin?: number;
  responsavel: string;
  concluida: boolean;
  resultado?: string;
  concluidaEm?: string;
  concluidaPor?: string;
  versao: number;
  historico: number;
  idempotencia?: string;
}

export const tarefaPk = (cliente: number): string => `${TAREFA_PK.tarefa}#${cliente}`;
export const tarefaKey = (cliente: number, id: number) => ({ pk: tarefaPk(cliente), sk: id });
export const pointerKey = (id: number) => ({ pk: TAREFA_PK.tarefa, sk: id });
const agendaPk = (cliente: number, id: number): string => `${TAREFA_PK.agenda}#${cliente}#${id}`;
export const proximaKey = (cliente: number) => ({ pk: TAREFA_PK.proxima, sk: cliente });

/** An id as the end of a sort key: fixed width, so ties order by id. */
const idKey = (id: number): string => String(id).padStart(16, '0');
/** The agenda's sort key: `quando` (UTC ISO, always 24 characters here) then the id. */
export const agendaSk = (quando: string, id: number): string => `${quando}${SEP}${idKey(id)}`;

/** The stored item of a record. */
export function tarefaItem(t: TarefaRecord): Stored {
  const { id, historico, idempotencia, ...fields } = t;
  return { ...tarefaKey(t.cliente, id), ...fields, [HISTORY_COUNTER]: historico, ...(idempotencia ? { [IDEMPOTENCY_REF]: idempotencia } : {}) };
}

/** A stored record as code handles it (undefined for a tombstone). */
export function toTarefaRecord(item: Stored): TarefaRecord | undefined {
  if (item[EXCLUIDA] !== undefined) return undefined;
  const r: TarefaRecord = {
    id: Number(item.sk),
    cliente: Number(item.cliente),
    tipo: item.tipo as TipoTarefa,
    descricao: String(item.descricao),
    quando: String(item.quando),
    responsavel: String(item.responsavel),
    concluida: item.concluida === true,
    versao: Number(item.versao),
    historico: Number(item[HISTORY_COUNTER] ?? 0),
  };
  if (typeof item.duracaoMin === 'number') r.duracaoMin = item.duracaoMin;
  for (const f of ['resultado', 'concluidaEm', 'concluidaPor'] as const) if (typeof item[f] === 'string') r[f] = item[f];
  if (typeof item[IDEMPOTENCY_REF] === 'string') r.idempotencia = item[IDEMPOTENCY_REF];
  for (const a of AUDIT_ATTRIBUTES) if (typeof item[a] === 'string') r[a] = item[a];
  return r;
}

/** A record as the API returns it, with its client's name as it is now (absent: the client is not live). */
export function toTarefa(r: TarefaRecord, clienteNome?: string): Tarefa {
  const { historico: _h, idempotencia: _i, ...wire } = r;
  return { ...wire, ...(clienteNome === undefined ? {} : { clienteNome }) } as Tarefa;
}

/** A tarefa's index items, by slot. */
function agendaItems(t: TarefaRecord): Stored[] {
  const lsk = agendaSk(t.quando, t.id);
  const pk = agendaPk(t.cliente, t.id);
  return [
    { pk, sk: 0, lpk: AGENDA_LPK.equipe(t.concluida), lsk, lt: t.tipo, [AGENDA_RESPONSAVEL]: t.responsavel },
    { pk, sk: 1, lpk: AGENDA_LPK.pessoa(t.concluida, t.responsavel), lsk, lt: t.tipo },
  ];
}

const changed = () => ({ kind: 'changed' }) as const;

/** A new tarefa: its record and pointer (each where none is: a clash is `changed`) and its index items. */
export function createTarefa(t: TarefaRecord): WriteOp<WriteOutcome>[] {
  return [
    { name: 'tarefa.put', put: tarefaItem(t), condition: missing('pk'), onFailed: changed },
    { name: 'tarefa.pointer', put: { ...pointerKey(t.id), cliente: t.cliente }, condition: missing('pk'), onFailed: changed },
    ...agendaItems(t).map((put) => ({ name: 'tarefa.agenda', put })),
  ];
}

/** An update: the record replaced while its versao is the one read (`staleVersao`; gone: `notFound`), its index items rewritten. */
export function replaceTarefa(before: TarefaRecord, after: TarefaRecord): WriteOp<WriteOutcome>[] {
  return [
    {
      name: 'tarefa.replace',
      put: tarefaItem(after),
      condition: allOf(exists('versao'), equals('versao', before.versao)),
      onFailed: (old) => (old && old[EXCLUIDA] === undefined ? { kind: 'staleVersao' } : { kind: 'notFound' }),
    },
    ...agendaItems(after).map((put) => ({ name: 'tarefa.agenda', put })),
  ];
}

/** A delete: the record becomes a tombstone (keeping its history counter), its index items go; the pointer stays. */
export function deleteTarefa(before: TarefaRecord, historico: number): WriteOp<WriteOutcome>[] {
  const pk = agendaPk(before.cliente, before.id);
  return [
    {
      name: 'tarefa.tombstone',
      put: { ...tarefaKey(before.cliente, before.id), [EXCLUIDA]: true, cliente: before.cliente, [HISTORY_COUNTER]: historico },
      condition: allOf(exists('versao'), equals('versao', before.versao)),
      onFailed: (old) => (old && old[EXCLUIDA] === undefined ? { kind: 'changed' } : { kind: 'notFound' }),
    },
    { name: 'tarefa.unagenda', key: { pk, sk: 0 }, delete: true },
    { name: 'tarefa.unagenda', key: { pk, sk: 1 }, delete: true },
  ];
}

/** A restore: the record back over its tombstone (no tombstone: `notFound`) with its index items. */
export function restoreTarefa(t: TarefaRecord): WriteOp<WriteOutcome>[] {
  return [
    { name: 'tarefa.restore', put: tarefaItem(t), condition: exists(EXCLUIDA), onFailed: () => ({ kind: 'notFound' }) },
    { name: 'tarefa.pointer', put: { ...pointerKey(t.id), cliente: t.cliente } },
    ...agendaItems(t).map((put) => ({ name: 'tarefa.agenda', put })),
  ];
}

/** The client a tarefa id belongs to (its pointer), or undefined. */
export async function clienteOfTarefa(id: number): Promise<number | undefined> {
  const item = await getItem(pointerKey(id));
  return item ? Number(item.cliente) : undefined;
}

/** The stored item of a tarefa (a tombstone included), or undefined. */
export async function readTarefaItem(id: number): Promise<Stored | undefined> {
  const cliente = await clienteOfTarefa(id);
  return cliente === undefined ? undefined : getItem(tarefaKey(cliente, id));
}

/** Keys a BatchGetItem takes at most. */
const BATCH_GET_MAX = 100;

/** Items by key, strongly consistent, in no particular order (missing ones absent). */
export async function batchGet(keys: readonly { pk: string; sk: number }[], projection?: string): Promise<Stored[]> {
  const found: Stored[] = [];
  const table = tableName();
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) {
    let chunk: Record<string, unknown>[] | undefined = keys.slice(i, i + BATCH_GET_MAX);
    for (let round = 0; chunk && chunk.length > 0; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** round)));
      const names = projection ? { ExpressionAttributeNames: Object.fromEntries(projection.split(', ').map((a) => [`#${a}`, a])) } : {};
      const out = await documentClient().send(
        new BatchGetCommand({
          RequestItems: {
            [table]: { Keys: chunk, ConsistentRead: true, ...(projection ? { ProjectionExpression: projection.split(', ').map((a) => `#${a}`).join(', '), ...names } : {}) },
          },
        }),
      );
      found.push(...(out.Responses?.[table] ?? []));
      chunk = out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

/** The records of a client's tarefas (tombstones left out). */
export async function readClienteTarefas(cliente: number): Promise<TarefaRecord[]> {
  const out: TarefaRecord[] = [];
  await queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': tarefaPk(cliente) } }, (page) => {
    for (const item of page.Items ?? []) {
      const r = toTarefaRecord(item);
      if (r) out.push(r);
    }
  });
  return out;
}

/** The pending tarefa due first (ties by id), or undefined. */
export function proximaOf(tarefas: readonly TarefaRecord[]): TarefaRecord | undefined {
  let best: TarefaRecord | undefined;
  for (const t of tarefas) {
    if (t.concluida) continue;
    if (!best || t.quando < best.quando || (t.quando === best.quando && t.id < best.id)) best = t;
  }
  return best;
}

/** A client's next-tarefa item as read: its write counter (0: none yet) and its next tarefa. */
export interface ProximaItem {
  v: number;
  proxima?: ProximaTarefa;
}

function toProxima(item: Stored): ProximaTarefa | undefined {
  if (typeof item.id !== 'number') return undefined;
  return { id: item.id, tipo: item.tipo as TipoTarefa, descricao: String(item.descricao), quando: String(item.quando), responsavel: String(item.responsavel) };
}

/** A client's next-tarefa item. */
export async function readProxima(cliente: number): Promise<ProximaItem> {
  const item = await getItem(proximaKey(cliente));
  return item ? { v: Number(item[PROXIMA_COUNTER] ?? 0), ...(toProxima(item) ? { proxima: toProxima(item)! } : {}) } : { v: 0 };
}

/**
 * The next-tarefa item after a write of the client's tarefas: put with the counter + 1, only
 * while the counter is the one read (`changed` otherwise: another write of this client's tarefas
 * came first; read again).
 */
export function proximaOp(cliente: number, read: ProximaItem, next: TarefaRecord | undefined): WriteOp<WriteOutcome> {
  const item: Stored = { ...proximaKey(cliente), [PROXIMA_COUNTER]: read.v + 1 };
  if (next) {
    Object.assign(item, { id: next.id, tipo: next.tipo, descricao: next.descricao, quando: next.quando, responsavel: next.responsavel });
    Object.assign(item, { lpk: AGENDA_LPK.proxima, lsk: agendaSk(next.quando, cliente) });
  }
  return {
    name: 'tarefa.proxima',
    put: item,
    condition: read.v === 0 ? missing('pk') : equals(PROXIMA_COUNTER, read.v),
    onFailed: changed,
  };
}

/** The next tarefas of these clients, by client (clients without one absent). */
export async function readProximas(clientes: readonly number[]): Promise<Map<number, ProximaTarefa>> {
  const items = await batchGet(clientes.map(proximaKey));
  const out = new Map<number, ProximaTarefa>();
  for (const item of items) {
    const p = toProxima(item);
    if (p) out.set(Number(item.sk), p);
  }
  return out;
}

/** Every client's next tarefa (the whole list's join: one partition, every page). */
export async function readAllProximas(): Promise<Map<number, ProximaTarefa>> {
  const items = await queryAll(TAREFA_PK.proxima, 'sk, id, tipo, descricao, quando, responsavel');
  const out = new Map<number, ProximaTarefa>();
  for (const item of items) {
    const p = toProxima(item);
    if (p) out.set(Number(item.sk), p);
  }
  return out;
}

/** An index hit: which tarefa, of which client, at which sort key. */
export interface AgendaHit {
  cliente: number;
  id: number;
  lsk: string;
}

/** A range of sort keys, both inclusive (`agendaSk`, or an instant alone: every key of that instant is above it). */
export interface AgendaRange {
  from?: string;
  to?: string;
}

/** One Query page of an agenda partition: its items, how many it read (a filter drops some), where the next starts. */
interface AgendaPage {
  items: Record<string, unknown>[];
  scanned: number;
  next?: Record<string, unknown>;
}

/**
 * The Query pages of one index partition in `range`, in order, with `tipo` as a filter; each page
 * asks for `limit()` items (asked again before each page), until the range ends or the caller stops.
 */
async function* agendaPages(lpk: string, range: AgendaRange, limit: () => number, tipo?: TipoTarefa): AsyncGenerator<AgendaPage> {
  const { from, to } = range;
  if (from !== undefined && to !== undefined && from > to) return;
  const key = keyCondition({ ...range, forward: true });
  const values: Record<string, string> = { ':p': lpk, ...key.values };
  if (tipo !== undefined) values[':t'] = tipo;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: LISTA_INDEX.name,
        KeyConditionExpression: key.expression,
        ...(tipo !== undefined ? { FilterExpression: 'lt = :t' } : {}),
        ExpressionAttributeValues: values,
        Limit: limit(),
        ExclusiveStartKey: start,
      }),
    );
    start = out.LastEvaluatedKey;
    const items = out.Items ?? [];
    yield { items, scanned: out.ScannedCount ?? items.length, ...(start ? { next: start } : {}) };
  } while (start);
}

/** The tarefa an index item stands for (its pk is `AGENDA#<cliente>#<id>`). */
function hitOf(item: Record<string, unknown>): AgendaHit {
  const [, cliente, id] = String(item.pk).split('#');
  return { cliente: Number(cliente), id: Number(id), lsk: String(item.lsk) };
}

/**
 * Up to `n` hits of one index partition in `range`, in order, with `tipo` as a filter;
 * `exhausted` when the partition has no more in the range.
 */
export async function collectAgenda(lpk: string, range: AgendaRange, n: number, tipo?: TipoTarefa): Promise<{ hits: AgendaHit[]; exhausted: boolean }> {
  const hits: AgendaHit[] = [];
  // With a filter, read ahead: the items it drops still count against Limit.
  for await (const page of agendaPages(lpk, range, () => n - hits.length + (tipo !== undefined ? 100 : 1), tipo)) {
    for (const item of page.items) {
      hits.push(hitOf(item));
      if (hits.length === n) return { hits, exhausted: false };
    }
  }
  return { hits, exhausted: true };
}

/** An index hit with the `responsavel` its team item carries (absent: an item written before it). */
export interface AgendaScanHit extends AgendaHit {
  responsavel?: string;
}

/**
 * The team's items of one index partition in `range`, in order, reading at most `budget` of them
 * (with `tipo`, the ones the filter drops count too). `last` is the sort key of the last item read
 * when the partition has more in the range (the next read starts after it), absent when exhausted.
 */
export async function scanAgenda(lpk: string, range: AgendaRange, budget: number, tipo?: TipoTarefa): Promise<{ hits: AgendaScanHit[]; last?: string }> {
  const hits: AgendaScanHit[] = [];
  let read = 0;
  for await (const page of agendaPages(lpk, range, () => budget - read, tipo)) {
    read += page.scanned;
    for (const item of page.items) {
      const r = item[AGENDA_RESPONSAVEL];
      hits.push({ ...hitOf(item), ...(typeof r === 'string' ? { responsavel: r } : {}) });
    }
    if (page.next && read >= budget) return { hits, last: String(page.next.lsk) };
  }
  return { hits };
}

/** The clients among these ids that are live, with their names. */
export async function liveClientes(ids: readonly number[]): Promise<Map<number, string>> {
  const items = await batchGet([...new Set(ids)].map((id) => ({ pk: PARTITION_KEYS.cliente, sk: id })), 'sk, nome');
  return new Map(items.map((i) => [Number(i.sk), String(i.nome)]));
}

/** The records of these hits (tombstones and missing ones absent), by id. */
export async function readTarefasOf(hits: readonly AgendaHit[]): Promise<Map<number, TarefaRecord>> {
  const items = await batchGet(hits.map((h) => tarefaKey(h.cliente, h.id)));
  const out = new Map<number, TarefaRecord>();
  for (const item of items) {
    const r = toTarefaRecord(item);
    if (r) out.set(r.id, r);
  }
  return out;
}

/**
 * Erases every tarefa stored under a client (its purge): their history, their trash copies and
 * entries (a tarefa deleted before its client), index items, pointers, records, and the client's
 * next-tarefa item, in batches. Safe to run again after a failure half-way. Returns how many
 * tarefas went. `eraseOne` erases a tarefa's history and trash entry (services: it knows the trash).
 */
export async function eraseClienteTarefas(cliente: number, eraseOne: (id: number, item: Stored) => Promise<void>): Promise<number> {
  const items = await queryAll(tarefaPk(cliente), `sk, ${IDEMPOTENCY_REF}, ${EXCLUIDA}`);
  const ids = items.map((i) => Number(i.sk));
  for (const item of items) await eraseOne(Number(item.sk), item);
  const db = defaultDb();
  // The index items and pointers first, the records last: while a record is left, a new run finds the rest.
  await batchDelete(db, ids.flatMap((id) => [{ pk: agendaPk(cliente, id), sk: 0 }, { pk: agendaPk(cliente, id), sk: 1 }, pointerKey(id)]));
  await commit([{ name: 'tarefa.dropProxima', key: proximaKey(cliente), delete: true }]);
  await batchDelete(db, ids.map((id) => tarefaKey(cliente, id)));
  return ids.length;
}

/** Deletes a purged tarefa's tombstone (only a tombstone: a live record is never erased this way). */
export const dropTombstone = (cliente: number, id: number): WriteOp<WriteOutcome> => ({
  name: 'tarefa.dropTombstone',
  key: tarefaKey(cliente, id),
  delete: true,
  condition: exists(EXCLUIDA),
  onFailed: (old) => (old ? { kind: 'changed' } : { kind: 'notFound' }),
});

/** Deletes a purged tarefa's pointer. */
export const dropPointer = (id: number): WriteOp => ({ name: 'tarefa.dropPointer', key: pointerKey(id), delete: true });
