/**
 * A record's history: one item per create, update, delete and restore, written in the same
 * write as the change. Partition `HISTORICO#<kind>#<id>` (a client and a category with the same
 * id never share one); sk is the record's history counter after the change (1, 2, …), which the
 * record's own write bumps under its versao condition, so entries never collide and read in order.
 * The partition outlives the record (readable after a delete) until a purge removes it. Each
 * entry also goes to the activity feed (`ATIVIDADE`), in the same write.
 */
import type { Acao, Alteracao, EntradaHistorico } from '../contract/types.ts';
import { batchDelete } from './batch.ts';
import { defaultDb, tableName } from './client.ts';
import { categoriaKey, clienteKey, type Stored } from './items.ts';
import { trashKey } from './lixeira.ts';
import { queryPage, timeSk } from './paging.ts';
import { getItem, queryAll, queryPages } from './reads.ts';
import { PK, RECORD_KIND, TTL_ATTRIBUTE, type RecordKind } from './table.ts';
import type { Op } from './write.ts';

/** The partition of a record's history. */
export const historyPk = (kind: RecordKind, id: number): string => `${PK.historico}#${kind}#${id}`;

/** What an entry says: the action, when, who, and for an update the fields it changed. */
export interface HistoryEntry {
  acao: Acao;
  em: string;
  por: string;
  alteracoes?: readonly Alteracao[];
}

/** Days an activity feed item lives (TTL): the feed shows recent changes, the history keeps them all. */
export const FEED_DAYS = 90;
const DAY_SECONDS = 24 * 60 * 60;

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

/**
 * The items a change writes beside the record, in its transaction: the history entry (the
 * counter's new value as sk, conditioned on the slot being free: taken means another write of
 * the record won, `changed`) and the activity feed item (a clash of its time key is `changed`
 * too: the write is retried).
 */
export function historyOps({ kind, id, nome, seq, entry, feedSk }: HistoryWrite): Op[] {
  const { alteracoes, ...rest } = entry;
  const changed = alteracoes && alteracoes.length > 0 ? alteracoes : undefined;
  const ms = Date.parse(entry.em);
  return [
    {
      name: 'historico.put',
      item: {
        Put: {
          TableName: tableName(),
          Item: { pk: historyPk(kind, id), sk: seq, ...rest, ...(changed ? { alteracoes: changed } : {}) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onFailed: () => ({ kind: 'changed' }),
    },
    {
      name: 'atividade.put',
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            pk: PK.atividade,
            sk: feedSk ?? timeSk(ms),
            tipo: kind,
            id,
            nome,
            ...rest,
            ...(changed ? { alteracoes: changed.map((a) => a.campo) } : {}),
            [TTL_ATTRIBUTE]: Math.floor(ms / 1000) + FEED_DAYS * DAY_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onFailed: () => ({ kind: 'changed' }),
    },
  ];
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

/** Deletes a record's whole history (a purge), in batches; returns how many entries went. */
export async function deleteHistory(kind: RecordKind, id: number): Promise<number> {
  const pk = historyPk(kind, id);
  const keys = (await queryAll(pk, 'pk, sk')).map((item) => ({ pk, sk: Number(item.sk) }));
  await batchDelete(defaultDb(), keys);
  return keys.length;
}

/**
 * Deletes the activity feed items of a record (a purge: its name goes with it). The feed holds
 * FEED_DAYS of changes of every record, so this reads the partition once, keys only.
 */
export async function deleteActivityOf(kind: RecordKind, id: number): Promise<number> {
  const keys: { pk: string; sk: number }[] = [];
  await queryPages(
    {
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: '#tipo = :tipo AND #id = :id',
      ExpressionAttributeNames: { '#tipo': 'tipo', '#id': 'id' },
      ExpressionAttributeValues: { ':pk': PK.atividade, ':tipo': kind, ':id': id },
      ProjectionExpression: 'pk, sk',
    },
    (page) => {
      for (const item of page.Items ?? []) keys.push({ pk: PK.atividade, sk: Number(item.sk) });
    },
  );
  await batchDelete(defaultDb(), keys);
  return keys.length;
}

/** True when the record is live or has a copy in the trash (even an expired one TTL has not dropped yet). */
export async function recordEverStored(kind: RecordKind, id: number): Promise<boolean> {
  const live = kind === RECORD_KIND.categoria ? categoriaKey(id) : clienteKey(id);
  const [record, copy] = await Promise.all([getItem(live, 'sk'), getItem(trashKey(kind, id), 'sk')]);
  return record !== undefined || copy !== undefined;
}
