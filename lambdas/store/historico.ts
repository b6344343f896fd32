/**
 * A record's history: one item per create, update, delete and restore, written in the same
 * write as the change. Partition `HISTORICO#<kind>#<id>` (a client and a category with the same
 * id never share one); sk is the record's history counter after the change (1, 2, …), which the
 * record's own write bumps under its versao condition, so entries never collide and read in order.
 * The partition outlives the record (readable after a delete) until a purge removes it, or the
 * trash's sweep once the record's trash entry expired (services/lixeira.ts). Each entry also goes
 * to the activity feed (`ATIVIDADE`), in the same write, and keeps that feed item's sort key
 * (`atividade`): erasing a record finds its feed items from its history, without reading the feed.
 */
import { ACTIVITY_FEED_DAYS } from '../contract/limits.ts';
import type { Acao, Alteracao, EntradaHistorico } from '../contract/types.ts';
import { batchDelete } from './batch.ts';
import { defaultDb } from './client.ts';
import type { Stored } from './items.ts';
import { queryPage, timeSk } from './paging.ts';
import { queryAll, queryPages } from './reads.ts';
import { PK, RECORD_KIND, TTL_ATTRIBUTE, type RecordKind } from './table.ts';
import { missing, type WriteOp, type WriteOutcome } from './write.ts';

/** The partition of a record's history. */
export const historyPk = (kind: RecordKind, id: number): string => `${PK.historico}#${kind}#${id}`;

/** What an entry says: the action, when, who, and for an update the fields it changed. */
export interface HistoryEntry {
  acao: Acao;
  em: string;
  por: string;
  alteracoes?: readonly Alteracao[];
}

/** Days an activity feed item lives (TTL): the contract's, which the home also says. */
export const FEED_DAYS = ACTIVITY_FEED_DAYS;
const DAY_SECONDS = 24 * 60 * 60;
/** The attribute of a history entry holding its feed item's sort key. */
export const FEED_SK = 'atividade';

/** One history entry to write: the record (its kind, id, name as it is after the change), its new counter value, the entry. */
export interface HistoryWrite {
  kind: RecordKind;
  id: number;
  /** The client's `nome` / the category's `descricao` (the feed shows it). */
  nome: string;
  /** The record's history counter after the change: the entry's sk. */
  seq: number;
  entry: HistoryEntry;
  /** The feed item's sort key, when the caller must keep several apart in one write (an import's rows); a fresh time key otherwise. */
  feedSk?: number;
}

/** The history entry and the activity feed item of a change, as stored. */
export function historyItems({ kind, id, nome, seq, entry, feedSk }: HistoryWrite): { entry: Stored; feed: Stored } {
  const { alteracoes, ...rest } = entry;
  const changed = alteracoes && alteracoes.length > 0 ? alteracoes : undefined;
  const ms = Date.parse(entry.em);
  const atividade = feedSk ?? timeSk(ms);
  return {
    entry: { pk: historyPk(kind, id), sk: seq, ...rest, ...(changed ? { alteracoes: changed } : {}), [FEED_SK]: atividade },
    feed: {
      pk: PK.atividade,
      sk: atividade,
      tipo: kind,
      id,
      nome,
      ...rest,
      ...(changed ? { alteracoes: changed.map((a) => a.campo) } : {}),
      [TTL_ATTRIBUTE]: Math.floor(ms / 1000) + FEED_DAYS * DAY_SECONDS,
    },
  };
}

/**
 * The items a change writes beside the record, in its transaction: the history entry (the
 * counter's new value as sk, conditioned on the slot being free: taken means another write of
 * the record won, `changed`) and the activity feed item (a clash of its time key is `changed`
 * too: the write is retried).
 */
export function historyOps(write: HistoryWrite): WriteOp<WriteOutcome>[] {
  const { entry, feed } = historyItems(write);
  return [
    { name: 'historico.put', put: entry, condition: missing('pk'), onFailed: () => ({ kind: 'changed' }) },
    { name: 'atividade.put', put: feed, condition: missing('pk'), onFailed: () => ({ kind: 'changed' }) },
  ];
}

/**
 * The history entry of a change of a record the activity feed leaves out (a tarefa): the entry
 * alone, conditioned like historyOps' (a taken slot is `changed`).
 */
export function historyOnlyOp({ kind, id, seq, entry }: Omit<HistoryWrite, 'nome' | 'feedSk'>): WriteOp<WriteOutcome> {
  const { [FEED_SK]: _feed, ...put } = historyItems({ kind, id, nome: '', seq, entry }).entry;
  return { name: 'historico.put', put, condition: missing('pk'), onFailed: () => ({ kind: 'changed' }) };
}

/**
 * Distinct feed sort keys, from now, for the entries of one write (an import's rows: at most a
 * few dozen, which a time key alone could make clash).
 */
export function distinctFeedSks(n: number, nowMs = Date.now()): number[] {
  const first = timeSk(nowMs);
  return Array.from({ length: n }, (_, i) => first + i);
}

/** A stored entry as the API returns it. */
function toEntrada(item: Stored): EntradaHistorico {
  const alteracoes = item.alteracoes as Alteracao[] | undefined;
  return {
    acao: item.acao as Acao,
    em: String(item.em),
    por: String(item.por),
    ...(alteracoes && alteracoes.length > 0 ? { alteracoes: alteracoes.map(({ campo, antes, depois }) => ({ campo, antes: antes ?? null, depois: depois ?? null })) } : {}),
  };
}

/** A page of a record's history, newest first, after sort key `after`. */
export async function readHistory(kind: RecordKind, id: number, limit: number, after?: number) {
  const page = await queryPage(historyPk(kind, id), limit, after);
  return { entries: page.items.map(toEntrada), next: page.next };
}

/**
 * How far a feed item written before the entries kept its key can be from its entry's `em`: the
 * feed key was taken from the clock of the same request (an import's rows: a few ms apart).
 */
const LEGACY_FEED_WINDOW_MS = 5_000;

/**
 * The feed items of entries stored before they kept their feed key: each looked up in the small
 * time range around its `em` (never the whole feed), and only while the feed still keeps it.
 */
async function legacyFeedKeys(kind: RecordKind, id: number, ems: readonly string[], nowMs: number): Promise<{ pk: string; sk: number }[]> {
  const keys: { pk: string; sk: number }[] = [];
  // The ranges, oldest first, overlapping ones joined (a burst of changes is one query).
  const ranges: [number, number][] = [];
  for (const ms of ems.map(Date.parse).sort((a, b) => a - b)) {
    if (!(ms > nowMs - FEED_DAYS * DAY_SECONDS * 1000)) continue;
    const last = ranges.at(-1);
    if (last && ms - LEGACY_FEED_WINDOW_MS <= last[1]) last[1] = ms + LEGACY_FEED_WINDOW_MS;
    else ranges.push([ms - LEGACY_FEED_WINDOW_MS, ms + LEGACY_FEED_WINDOW_MS]);
  }
  for (const [from, to] of ranges) {
    await queryPages(
      {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        FilterExpression: '#tipo = :tipo AND #id = :id',
        ExpressionAttributeNames: { '#tipo': 'tipo', '#id': 'id' },
        ExpressionAttributeValues: { ':pk': PK.atividade, ':from': from * 1000, ':to': to * 1000 + 999, ':tipo': kind, ':id': id },
        ProjectionExpression: 'pk, sk',
      },
      (page) => {
        for (const item of page.Items ?? []) keys.push({ pk: PK.atividade, sk: Number(item.sk) });
      },
    );
  }
  return keys;
}

/**
 * Erases a record's whole history and the activity feed items it wrote (its name and who changed
 * it go with them), in batches; returns how many entries went. The feed items are found from the
 * entries (`atividade`), so the cost is the record's own history, whatever the size of the feed.
 * Safe to run again after a failure half-way (what is gone stays gone).
 */
export async function eraseHistory(kind: RecordKind, id: number, nowMs = Date.now()): Promise<number> {
  const pk = historyPk(kind, id);
  const entries = await queryAll(pk, `sk, em, ${FEED_SK}`);
  // A tarefa's history never went to the feed (historyOnlyOp): nothing to look for there.
  if (kind === RECORD_KIND.tarefa) {
    await batchDelete(defaultDb(), entries.map((e) => ({ pk, sk: Number(e.sk) })));
    return entries.length;
  }
  const feed: { pk: string; sk: number }[] = entries.filter((e) => typeof e[FEED_SK] === 'number').map((e) => ({ pk: PK.atividade, sk: Number(e[FEED_SK]) }));
  const legacy = entries.filter((e) => typeof e[FEED_SK] !== 'number').map((e) => String(e.em));
  feed.push(...(await legacyFeedKeys(kind, id, legacy, nowMs)));
  // The feed items first: while any is left, so is the entry that leads to it. (A time range may
  // also find an item an entry names: each key once.)
  await batchDelete(defaultDb(), [...new Map(feed.map((k) => [k.sk, k])).values()]);
  await batchDelete(defaultDb(), entries.map((e) => ({ pk, sk: Number(e.sk) })));
  return entries.length;
}
