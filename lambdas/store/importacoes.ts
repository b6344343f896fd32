/**
 * CSV imports in storage: the job (`IMPORTACAO` / id), the records it created (what its undo
 * deletes), and how a batch of client creates is packed into transactions: each row brings the
 * op-list of a single create (so whatever a create writes beside the record comes along), the
 * count updates of one category are folded into one update, and a transaction is filled up to
 * DynamoDB's 100 items with every item counted.
 *
 * The clients an import created are listed by their line in the file (`IMPORTACAO#<id>#linha` /
 * line → `id`): the listing is put only where none is, so a line is created once per import
 * whatever a page sends again (a retry after the idempotency key expired, a resumed import).
 * Imports from before that listed them by client id (`IMPORTACAO#<id>` / id → `linha`); their
 * undo still reads that list.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Importacao } from '../contract/types.ts';
import { documentClient, tableName } from './client.ts';
import type { Stored } from './items.ts';
import { queryPage, type Page, type PageFilter } from './paging.ts';
import { getItem, queryPages } from './reads.ts';
import { PK } from './table.ts';
import type { Op, TransactItem } from './write.ts';

/** DynamoDB's limit of items (one operation each) in one transaction. */
export const TRANSACTION_MAX_ITEMS = 100;

export const importacaoKey = (id: number) => ({ pk: PK.importacao, sk: id });
/** The partitions listing the records an import created: its clients by line, by id (before), and its categories. */
const linhasPk = (id: number) => `${PK.importacao}#${id}#linha`;
const legacyLinhasPk = (id: number) => `${PK.importacao}#${id}`;
const categoriasPk = (id: number) => `${PK.importacao}#${id}#categoria`;

/** What an undo deleted, listed by record id, so a restore brings back exactly those (and lists them again). */
const desfeitosPk = (id: number, kind: Importado) => `${PK.importacao}#${id}#${kind === 'cliente' ? 'desfeito' : 'desfeita-categoria'}`;

/** The kind of record an import lists. */
export type Importado = 'cliente' | 'categoria';
const listPks = (id: number, kind: Importado) => (kind === 'cliente' ? [linhasPk(id), legacyLinhasPk(id)] : [categoriasPk(id)]);

/** A stored job as the store knows it (the service adds until when it may be undone). */
export type ImportacaoStored = Omit<Importacao, 'desfazerAte'>;

const ESTADOS: readonly Importacao['estado'][] = ['importando', 'concluida', 'desfazendo', 'desfeita'];

/** The stored job as the API returns it (jobs from before `atualizadoEm` and `categorias` read as created and 0). */
export function toImportacao(item: Stored): ImportacaoStored {
  const estado = ESTADOS.find((e) => e === item.estado) ?? 'importando';
  return {
    id: Number(item.sk),
    autor: String(item.autor),
    criadoEm: String(item.criadoEm),
    atualizadoEm: String(item.atualizadoEm ?? item.criadoEm),
    estado,
    total: Number(item.total ?? 0),
    criados: Number(item.criados ?? 0),
    categorias: Number(item.categorias ?? 0),
    arquivo: String(item.arquivo ?? ''),
    ...(typeof item.assinatura === 'string' ? { assinatura: item.assinatura } : {}),
  };
}

/** A stored job and the `sub` of its author (who may undo it, besides administrators). */
export interface ImportacaoRecord {
  importacao: ImportacaoStored;
  autorSub: string;
}

const recordOf = (item: Stored): ImportacaoRecord => ({ importacao: toImportacao(item), autorSub: String(item.autorSub) });

/** One import job; undefined when missing. */
export async function readImportacao(id: number): Promise<ImportacaoRecord | undefined> {
  const item = await getItem(importacaoKey(id));
  return item && recordOf(item);
}

/** A page of the jobs, newest first; only those of the author `autorSub` when given. */
export async function listImportacoes(limit: number, after: number | undefined, autorSub?: string): Promise<{ items: ImportacaoRecord[]; next: Page['next'] }> {
  const filter: PageFilter | undefined = autorSub === undefined ? undefined : { expression: 'autorSub = :sub', values: { ':sub': autorSub } };
  const page = await queryPage(PK.importacao, limit, after, filter);
  return { items: page.items.map(recordOf), next: page.next };
}

/** A new import job (fresh id). */
export function createImportacao({ importacao: { id, ...fields }, autorSub }: ImportacaoRecord): Op {
  return {
    name: 'importacao.put',
    item: { Put: { TableName: tableName(), Item: { ...importacaoKey(id), ...fields, autorSub }, ConditionExpression: 'attribute_not_exists(pk)' } },
  };
}

/** The job's condition of every write that adds to it: it exists and still takes rows. */
const STILL_IMPORTING = 'attribute_exists(pk) AND estado = :importando';
const closed = (old: Stored | undefined) => (old ? { kind: 'importacaoEncerrada' as const, estado: String(old.estado) } : { kind: 'notFound' as const });

/**
 * Counts `n` created clients (or `categorias` created categories) on the job and stamps it, only
 * while it still takes rows (`notFound` when it is missing, `importacaoEncerrada` once concluded
 * or undone). `fim`: the file's last batch, the import is concluded with it.
 */
export function countOnImportacao(
  id: number,
  n: number,
  { fim = false, categorias = 0, total }: { fim?: boolean; categorias?: number; total?: number } = {},
): Op {
  // With `total`, the clients counted never pass the total of lines the import declared.
  const capped = total !== undefined && n > 0;
  return {
    name: fim ? 'importacao.concluir' : 'importacao.count',
    item: {
      Update: {
        TableName: tableName(),
        Key: importacaoKey(id),
        UpdateExpression: `SET atualizadoEm = :agora${fim ? ', estado = :concluida' : ''} ADD criados :n, categorias :c`,
        ConditionExpression: capped ? `${STILL_IMPORTING} AND (attribute_not_exists(criados) OR criados <= :limite)` : STILL_IMPORTING,
        ExpressionAttributeValues: {
          ...(capped ? { ':limite': total - n } : {}),
          ':n': n,
          ':c': categorias,
          ':agora': new Date().toISOString(),
          ':importando': 'importando',
          ...(fim ? { ':concluida': 'concluida' } : {}),
        },
      },
    },
    onFailed: (old) => (capped && old?.estado === 'importando' ? { kind: 'importacaoCheia', total } : closed(old)),
  };
}

/**
 * Lists a created client under its import by its line in the file (what the undo deletes): only
 * where the line has none, so each line is created once (`linhaImportada` names the client it is).
 */
export function listImportadoCliente(importacaoId: number, clienteId: number, linha: number): Op {
  return {
    name: 'importacao.linha',
    item: { Put: { TableName: tableName(), Item: { pk: linhasPk(importacaoId), sk: linha, id: clienteId }, ConditionExpression: 'attribute_not_exists(pk)' } },
    onFailed: (old) => ({ kind: 'linhaImportada', id: Number(old?.id) }),
  };
}

/** Lists a category the import created (its undo deletes it once its clients are gone). */
export function listImportadaCategoria(importacaoId: number, categoriaId: number): Op {
  return { name: 'importacao.categoria', item: { Put: { TableName: tableName(), Item: { pk: categoriasPk(importacaoId), sk: categoriaId } } } };
}

/** A record an import lists: where its listing is (to take it off) and the record's id. */
export interface Listado {
  pk: string;
  sk: number;
  id: number;
  /** The line of the file, on a listing by client id (imports from before lines were the key). */
  linha?: number;
}

/** Lists a record an undo deleted, with where the import listed it (a restore puts that listing back). */
export function listDesfeito(importacaoId: number, kind: Importado, l: Listado): Op {
  const item: Record<string, unknown> = { pk: desfeitosPk(importacaoId, kind), sk: l.id, listaPk: l.pk, listaSk: l.sk };
  if (l.linha !== undefined) item.linha = l.linha;
  return { name: 'importacao.desfeito', item: { Put: { TableName: tableName(), Item: item } } };
}

/** A record an undo deleted: its id, and the import's listing to put back once it is restored. */
export interface Desfeito {
  kind: Importado;
  id: number;
  listado: Listado;
}

/** Up to `limit` records of a kind the import's undo deleted and no restore brought back yet, lowest id first. */
export async function readDesfeitos(importacaoId: number, limit: number, kind: Importado): Promise<Desfeito[]> {
  const page = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': desfeitosPk(importacaoId, kind) },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map((item) => ({
    kind,
    id: Number(item.sk),
    listado: { pk: String(item.listaPk), sk: Number(item.listaSk), id: Number(item.sk), ...(typeof item.linha === 'number' ? { linha: item.linha } : {}) },
  }));
}

/** How many records of a kind the undo deleted and are still to restore (every page counted). */
export async function countDesfeitos(importacaoId: number, kind: Importado): Promise<number> {
  let count = 0;
  await queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': desfeitosPk(importacaoId, kind) }, Select: 'COUNT' }, (page) => {
    count += page.Count ?? 0;
  });
  return count;
}

/**
 * A restore step's bookkeeping of one record: off the undo's list, and (when it came back) on the
 * import's list again as it was, so the import can be undone again.
 */
export function settleDesfeito(importacaoId: number, d: Desfeito, back: boolean): Op[] {
  const forget: Op = { name: 'importacao.desfeito.esquecer', item: { Delete: { TableName: tableName(), Key: { pk: desfeitosPk(importacaoId, d.kind), sk: d.id } } } };
  if (!back) return [forget];
  const { pk, sk, id, linha } = d.listado;
  // By line the listing names the client (`id`); by id (from before) it holds the line; a category's is its id alone.
  const item: Record<string, unknown> = { pk, sk };
  if (pk.endsWith('#linha')) item.id = id;
  if (linha !== undefined) item.linha = linha;
  return [forget, { name: 'importacao.relistar', item: { Put: { TableName: tableName(), Item: item } } }];
}

/** Takes a record off its import's list (after its delete, or when it was gone already). */
export function forgetImportado({ pk, sk }: Listado): Op {
  return { name: 'importacao.esquecer', item: { Delete: { TableName: tableName(), Key: { pk, sk } } } };
}

/**
 * Marks the job: `desfazendo` at an undo's first step (no batch is accepted after it),
 * `desfeita` once its undo deleted everything.
 */
export function markEstado(id: number, estado: 'desfazendo' | 'desfeita' | 'concluida'): Op {
  return {
    name: `importacao.${estado}`,
    item: {
      Update: {
        TableName: tableName(),
        Key: importacaoKey(id),
        UpdateExpression: 'SET estado = :estado, atualizadoEm = :agora',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':estado': estado, ':agora': new Date().toISOString() },
      },
    },
    onFailed: () => ({ kind: 'notFound' }),
  };
}

/** The record id a listing item names (by line: `id`; by id, from before: its key). */
const listedId = (item: Stored) => Number(item.id ?? item.sk);

/** Up to `limit` records of a kind an import created and still lists, lowest key first. */
export async function readImportados(importacaoId: number, limit: number, kind: Importado = 'cliente'): Promise<Listado[]> {
  const out: Listado[] = [];
  for (const pk of listPks(importacaoId, kind)) {
    if (out.length >= limit) break;
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'sk, id, linha',
        ConsistentRead: true,
        Limit: limit - out.length,
      }),
    );
    for (const item of page.Items ?? []) out.push({ pk, sk: Number(item.sk), id: listedId(item), ...(typeof item.linha === 'number' ? { linha: item.linha } : {}) });
  }
  return out;
}

/** How many records of a kind an import still lists (every page counted). */
export async function countListedImportados(importacaoId: number, kind: Importado = 'cliente'): Promise<number> {
  let count = 0;
  for (const pk of listPks(importacaoId, kind)) {
    await queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Select: 'COUNT' }, (page) => {
      count += page.Count ?? 0;
    });
  }
  return count;
}

/** The lines of the file whose clients an import created and still lists, ascending. */
export async function readLinhasImportadas(importacaoId: number): Promise<number[]> {
  const lines: number[] = [];
  const [byLine, legacy] = listPks(importacaoId, 'cliente') as [string, string];
  await queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': byLine }, ProjectionExpression: 'sk' }, (page) => {
    for (const item of page.Items ?? []) lines.push(Number(item.sk));
  });
  await queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': legacy }, ProjectionExpression: 'linha' }, (page) => {
    for (const item of page.Items ?? []) if (typeof item.linha === 'number') lines.push(item.linha);
  });
  return lines.sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Packing rows into transactions

/** The key of an item a transaction item writes. */
function keyOf(item: TransactItem): string {
  const target = item.Put ? { Key: { pk: item.Put.Item?.pk, sk: item.Put.Item?.sk } } : (item.Update ?? item.Delete ?? item.ConditionCheck);
  const key = target?.Key as { pk?: unknown; sk?: unknown } | undefined;
  return `${String(key?.pk)}|${String(key?.sk)}`;
}

/** `ADD #a :x, b :y` of an Update that only adds numbers: its clauses (path → value name); else undefined. */
function addClauses(item: TransactItem): [string, string][] | undefined {
  const u = item.Update;
  if (!u?.UpdateExpression) return undefined;
  const m = /^\s*ADD\s+(.+)$/i.exec(u.UpdateExpression);
  if (!m) return undefined;
  const clauses = m[1]!.split(',').map((c) => c.trim().split(/\s+/));
  if (clauses.some((c) => c.length !== 2 || typeof u.ExpressionAttributeValues?.[c[1]!] !== 'number')) return undefined;
  return clauses.map((c) => {
    const path = c[0]!;
    return [path.startsWith('#') ? String(u.ExpressionAttributeNames?.[path]) : path, c[1]!];
  });
}

/**
 * Whether an op is a pure numeric `ADD` (a category's count or aggregates): such ops on one item
 * fold into one, which DynamoDB requires (one operation per item in a transaction).
 */
export const isFoldable = (op: Op): boolean => addClauses(op.item) !== undefined;

/** True when an expression uses a placeholder (`:n` is not `:next`). */
const uses = (expression: string | undefined, token: string) =>
  expression !== undefined && new RegExp(`${token.replace(/[$]/g, '\\$&')}(?![\\w])`).test(expression);

/** Folds pure `ADD` updates of one item (same condition) into one update that adds the sums. */
function fold(ops: readonly Op[]): Op {
  const first = ops[0]!;
  if (ops.length === 1) return first;
  const sums = new Map<string, number>();
  for (const op of ops) {
    const values = op.item.Update!.ExpressionAttributeValues!;
    for (const [attr, value] of addClauses(op.item)!) sums.set(attr, (sums.get(attr) ?? 0) + (values[value] as number));
  }
  const u = first.item.Update!;
  const attrs = [...sums.keys()];
  const names: Record<string, string> = { ...u.ExpressionAttributeNames };
  for (const n of Object.keys(names)) if (!uses(u.ConditionExpression, n)) delete names[n];
  attrs.forEach((a, i) => (names[`#f${i}`] = a));
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(u.ExpressionAttributeValues ?? {})) if (uses(u.ConditionExpression, k)) values[k] = v;
  attrs.forEach((a, i) => (values[`:f${i}`] = sums.get(a)));
  return {
    ...first,
    name: `${first.name}×${ops.length}`,
    item: {
      Update: {
        ...u,
        UpdateExpression: `ADD ${attrs.map((_, i) => `#f${i} :f${i}`).join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
}

/** A row's own items (its create op-list without the foldable updates) and its foldable updates. */
export interface RowOps {
  own: Op[];
  foldable: Op[];
}

/** Splits a row's op-list into the items only it writes and the updates rows share (folded). */
export function splitRowOps(ops: readonly Op[]): RowOps {
  return { own: ops.filter((op) => !isFoldable(op)), foldable: ops.filter(isFoldable) };
}

/** The transaction of some rows: the ops and, for each op, the rows it belongs to (index in `rows`). */
export interface Packed {
  ops: Op[];
  rowsOf: number[][];
}

/**
 * The ops of one transaction for `rows` plus `extra` (items every transaction carries once: the
 * idempotency claim, the job's count): each row's own items, then the folded updates.
 */
export function pack(rows: readonly RowOps[], extra: readonly Op[]): Packed {
  const ops: Op[] = [];
  const rowsOf: number[][] = [];
  const shared = new Map<string, { ops: Op[]; rows: number[] }>();
  rows.forEach((row, r) => {
    for (const op of row.own) {
      ops.push(op);
      rowsOf.push([r]);
    }
    for (const op of row.foldable) {
      const key = `${keyOf(op.item)}|${op.item.Update?.ConditionExpression ?? ''}`;
      const group = shared.get(key) ?? { ops: [], rows: [] };
      group.ops.push(op);
      group.rows.push(r);
      shared.set(key, group);
    }
  });
  for (const group of shared.values()) {
    ops.push(fold(group.ops));
    rowsOf.push(group.rows);
  }
  for (const op of extra) {
    ops.push(op);
    rowsOf.push([]);
  }
  return { ops, rowsOf };
}

/**
 * Splits rows into consecutive groups whose transaction (own items + distinct folded items +
 * `extraItems`) stays within TRANSACTION_MAX_ITEMS. Sizes come from each row's real op-list.
 */
export function chunkRows(rows: readonly RowOps[], extraItems: number): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  let items = extraItems;
  let keys = new Set<string>();
  rows.forEach((row, r) => {
    const newKeys = row.foldable.map((op) => `${keyOf(op.item)}|${op.item.Update?.ConditionExpression ?? ''}`).filter((k) => !keys.has(k));
    const cost = row.own.length + new Set(newKeys).size;
    if (extraItems + cost > TRANSACTION_MAX_ITEMS) throw new Error(`One row needs ${cost} items: more than a transaction holds`);
    if (items + cost > TRANSACTION_MAX_ITEMS) {
      chunks.push(current);
      current = [];
      items = extraItems;
      keys = new Set();
      const all = row.foldable.map((op) => `${keyOf(op.item)}|${op.item.Update?.ConditionExpression ?? ''}`);
      items += row.own.length + new Set(all).size;
      all.forEach((k) => keys.add(k));
    } else {
      items += cost;
      newKeys.forEach((k) => keys.add(k));
    }
    current.push(r);
  });
  if (current.length) chunks.push(current);
  return chunks;
}
