/**
 * Clients in storage: reads, and the writes a service composes ("create a client in category
 * C", "replace it, moving it from C1 to C2", "delete it"), each keeping every category's totals
 * (client count, VIPs, contract sum: store/aggregates.ts) exact in the same write.
 */
import { tableName } from './client.ts';
import {
  CLIENTE_PROJECTION,
  clienteItem,
  clienteKey,
  toClienteRecord,
  type ClienteRecord,
  type Stored,
} from './items.ts';
import { aggregateOps } from './aggregates.ts';
import { getItem, queryAll } from './reads.ts';
import { PK } from './table.ts';
import type { Op } from './write.ts';

/** Every stored client, sorted by id. */
export async function listClientes(): Promise<ClienteRecord[]> {
  return (await queryAll(PK.cliente, CLIENTE_PROJECTION)).map(toClienteRecord);
}

/** One client; undefined when missing. */
export async function readCliente(id: number): Promise<ClienteRecord | undefined> {
  const item = await getItem(clienteKey(id), CLIENTE_PROJECTION);
  return item && toClienteRecord(item);
}

/** The client's write failed: gone, or changed since it was read. */
const clienteFailed = (old: Stored | undefined) => ({ kind: old ? 'staleVersao' : 'notFound' }) as const;

/** A new client (fresh id), counted in its category's totals (which must exist). */
export function createCliente(c: ClienteRecord): Op[] {
  return [
    { name: 'cliente.put', item: { Put: { TableName: tableName(), Item: clienteItem(c), ConditionExpression: 'attribute_not_exists(pk)' } } },
    ...aggregateOps(null, c),
  ];
}

/**
 * Replaces a client read as `before` by `after` (conditioned on the versao read); a move counts
 * it out of the old category's totals and into the new one's, a stay adjusts its VIP count and
 * sum when the value changed.
 */
export function replaceCliente(before: ClienteRecord, after: ClienteRecord): Op[] {
  const { pk: _pk, sk: _sk, categoriaId, ...fields } = clienteItem(after);
  const names = Object.keys(fields);
  const ops: Op[] = [
    {
      name: 'cliente.replace',
      item: {
        Update: {
          TableName: tableName(),
          Key: clienteKey(before.id),
          UpdateExpression:
            `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}` +
            (categoriaId !== undefined ? ', categoriaId = :categoriaId' : ' REMOVE categoriaId'),
          ConditionExpression: 'attribute_exists(pk) AND versao = :read',
          ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(Object.entries(fields).map(([n, v]) => [`:${n}`, v])),
            ...(categoriaId !== undefined ? { ':categoriaId': categoriaId } : {}),
            ':read': before.versao,
          },
        },
      },
      onFailed: clienteFailed,
    },
  ];
  return [...ops, ...aggregateOps(before, after)];
}

/** Deletes a client read as `before` (conditioned on its versao), counted out of its category's totals. */
export function deleteCliente(before: ClienteRecord): Op[] {
  return [
    {
      name: 'cliente.delete',
      item: {
        Delete: {
          TableName: tableName(),
          Key: clienteKey(before.id),
          ConditionExpression: 'attribute_exists(pk) AND versao = :read',
          ExpressionAttributeValues: { ':read': before.versao },
        },
      },
      onFailed: clienteFailed,
    },
    ...aggregateOps(before, null),
  ];
}
