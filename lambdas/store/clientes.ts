/**
 * Clients in storage: reads, and the writes a service composes ("create a client in category
 * C", "replace it, moving it from C1 to C2", "delete it"), each keeping every category's totals
 * (client count, VIPs, contract sum: store/aggregates.ts) exact and the client's documento
 * claimed and its list index items (store/listas.ts) written in the same write.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CONTATO_FIELDS } from '../contract/cliente.ts';
import { documentClient, tableName } from './client.ts';
import {
  CLIENTE_LIST_PROJECTION,
  CLIENTE_PROJECTION,
  clienteItem,
  clienteKey,
  toClienteRecord,
  type ClienteRecord,
  type Stored,
} from './items.ts';
import { aggregateOps, type AggregateOutcome } from './aggregates.ts';
import { uniqueClaimsOf } from './claims.ts';
import { idSpans, indexOps, lastClienteId } from './listas.ts';
import { claimDocumento, releaseDocumento, type NameOutcome } from './names.ts';
import { historyOps } from './historico.ts';
import { getItem, queryAll } from './reads.ts';
import { PARTITION_KEYS, RECORD_KIND } from './table.ts';
import { allOf, equals, exists, missing, type WriteOp, type WriteOutcome } from './write.ts';

/** What a client write's failed condition may mean. */
export type ClienteOutcome = WriteOutcome | AggregateOutcome | NameOutcome;

/** Parts of the id range the whole list reads at once once its partition takes several 1 MB pages. */
export const LIST_PARTS = 4;
/** Clients (about two 1 MB pages) from which the list is read in parts. */
export const LIST_PARTS_FROM = 5_000;

/**
 * Every stored client, sorted by id, without its `observacoes` (a list would grow by 2,000
 * characters a client). From LIST_PARTS_FROM clients (`stored`: their count, as the aggregates
 * keep it) the id range up to the counter is read in LIST_PARTS parts at once, as one Query follows
 * its pages one by one; the last part is open, so an id past the counter is read too.
 */
export async function listClientes(stored: number): Promise<ClienteRecord[]> {
  const last = stored >= LIST_PARTS_FROM ? await lastClienteId() : 0;
  const spans = idSpans(last, last >= LIST_PARTS_FROM ? LIST_PARTS : 1);
  // The first span reads everything below its end (no lower bound, as one Query would).
  const read = await Promise.all(spans.map(({ from, to }) => queryAll(PARTITION_KEYS.cliente, CLIENTE_LIST_PROJECTION, undefined, from === 0 ? undefined : from, to)));
  return read.flat().map(toClienteRecord);
}

/**
 * The notes of the clients that have some (`observacoes`, which the list leaves out), by id after
 * `after`, until about `maxBytes` of JSON: a page, and the id after which the next starts
 * (undefined: the last page).
 */
export async function pageObservacoes(after: number | undefined, maxBytes: number): Promise<{ items: { id: number; observacoes: string }[]; next: number | undefined }> {
  const items: { id: number; observacoes: string }[] = [];
  let bytes = 0;
  let start: Record<string, unknown> | undefined = after === undefined ? undefined : clienteKey(after);
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'attribute_exists(observacoes)',
        ExpressionAttributeValues: { ':pk': PARTITION_KEYS.cliente },
        ProjectionExpression: 'sk, observacoes',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const entry = { id: Number(item.sk), observacoes: String(item.observacoes) };
      const size = Buffer.byteLength(JSON.stringify(entry)) + 1;
      // Full: the next page starts after the last one taken.
      if (items.length > 0 && bytes + size > maxBytes) return { items, next: items[items.length - 1]!.id };
      items.push(entry);
      bytes += size;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { items, next: undefined };
}

/** One client; undefined when missing. */
export async function readCliente(id: number): Promise<ClienteRecord | undefined> {
  const item = await getItem(clienteKey(id), CLIENTE_PROJECTION);
  return item && toClienteRecord(item);
}

/** The client's write failed: gone, or changed since it was read. */
const clienteFailed = (old: Stored | undefined) => ({ kind: old ? 'staleVersao' : 'notFound' }) as const;

/**
 * A client stored anew (fresh id, or the same id back from the trash), counted in its category's totals
 * (which must exist: `categoriaMissing`), its uniqueness claims (the documento) taken; its key
 * taken already means another write put it there first (`changed`).
 */
export function createCliente(c: ClienteRecord, { indexAhead = false }: CreateOptions = {}): WriteOp<ClienteOutcome>[] {
  return [
    { name: 'cliente.put', put: clienteItem(c), condition: missing('pk'), onFailed: () => ({ kind: 'changed' }) },
    ...aggregateOps(null, c),
    ...uniqueClaimsOf('cliente', c).map((claim) => claim.take()),
    ...(indexAhead ? [] : indexOps(null, c)),
  ];
}

/** `indexAhead`: the client's index items were put before, in bulk (an import's rows: store/index-ahead.ts). */
export interface CreateOptions {
  indexAhead?: boolean;
}

/**
 * What creating a client writes, defined once for the API's creates, an import's rows and the
 * seed: the record as createCliente writes it and its `criado` history entry with its feed item,
 * stamped with the record's `criadoEm` / `criadoPor` (`feedSk`: see HistoryWrite).
 */
export function createClienteWithHistory(c: ClienteRecord, feedSk?: number, options?: CreateOptions): WriteOp<ClienteOutcome>[] {
  const entry = { acao: 'criado' as const, em: String(c.criadoEm), por: String(c.criadoPor) };
  return [...createCliente(c, options), ...historyOps({ kind: RECORD_KIND.cliente, id: c.id, nome: c.nome, seq: 1, entry, feedSk })];
}

/**
 * Replaces a client read as `before` by `after` (conditioned on the versao read): every field of
 * `after` is written, and an attribute it lacks (no category, a contact field not set) removed.
 * A move counts it out of the old category's totals and into the new one's, a stay adjusts its
 * VIP count and sum when the value changed; a new documento is claimed and the old one freed.
 */
export function replaceCliente(before: ClienteRecord, after: ClienteRecord): WriteOp<ClienteOutcome>[] {
  const { pk: _pk, sk: _sk, ...fields } = clienteItem(after);
  const removed = ['categoriaId', ...CONTATO_FIELDS].filter((n) => !(n in fields));
  const ops: WriteOp<ClienteOutcome>[] = [
    {
      name: 'cliente.replace',
      key: clienteKey(before.id),
      update: { set: fields, remove: removed },
      condition: allOf(exists('pk'), equals('versao', before.versao)),
      onFailed: clienteFailed,
    },
  ];
  if (before.documento !== after.documento) {
    if (before.documento !== undefined) ops.push(releaseDocumento(before.documento, before.id));
    if (after.documento !== undefined) ops.push(claimDocumento(after.documento, before.id));
  }
  return [...ops, ...aggregateOps(before, after), ...indexOps(before, after)];
}

/**
 * Deletes a client read as `before` (conditioned on its versao), counted out of its category's totals. The
 * service adds what goes with it: the freed claims (the documento), the trash copy, the history entry.
 */
export function deleteCliente(before: ClienteRecord): WriteOp<ClienteOutcome>[] {
  return [
    { name: 'cliente.delete', key: clienteKey(before.id), delete: true, condition: allOf(exists('pk'), equals('versao', before.versao)), onFailed: clienteFailed },
    ...aggregateOps(before, null),
    ...indexOps(before, null),
  ];
}
