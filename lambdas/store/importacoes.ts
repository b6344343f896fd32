/**
 * CSV imports in storage: the job (`IMPORTACAO` / id) and the records it created (what its undo
 * deletes). How a batch of client creates is packed into transactions is store/packing.ts.
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
import { PARTITION_KEYS } from './table.ts';
import { allOf, anyOf, compare, equals, exists, missing, type WriteOp, type WriteOutcome } from './write.ts';

/** Why an import's write did not happen. */
export type ImportacaoOutcome =
  /** This line of an import's file was created already, as client `id` (a line is created once per import). */
  | { kind: 'linhaImportada'; id: number }
  /** The import takes no more rows: it was concluded, or is being undone (`estado`). */
  | { kind: 'importacaoEncerrada'; estado: string }
  /** The rows would pass the total of lines the import declared when it began. */
  | { kind: 'importacaoCheia'; total: number };

export const importacaoKey = (id: number) => ({ pk: PARTITION_KEYS.importacao, sk: id });
/** The partitions listing the records an import created: its clients by line, by id (before), and its categories. */
const linhasPk = (id: number) => `${PARTITION_KEYS.importacao}#${id}#linha`;
const legacyLinhasPk = (id: number) => `${PARTITION_KEYS.importacao}#${id}`;
const categoriasPk = (id: number) => `${PARTITION_KEYS.importacao}#${id}#categoria`;

/** What an undo deleted, listed by record id, so a restore brings back exactly those (and lists them again). */
const desfeitosPk = (id: number, kind: Importado) => `${PARTITION_KEYS.importacao}#${id}#${kind === 'cliente' ? 'desfeito' : 'desfeita-categoria'}`;

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
  const page = await queryPage(PARTITION_KEYS.importacao, limit, after, filter);
  return { items: page.items.map(recordOf), next: page.next };
}

/** A new import job (fresh id). */
export function createImportacao({ importacao: { id, ...fields }, autorSub }: ImportacaoRecord): WriteOp {
  return { name: 'importacao.put', put: { ...importacaoKey(id), ...fields, autorSub }, condition: missing('pk') };
}

/** The job's condition of every write that adds to it: it exists and still takes rows. */
const stillImporting = () => allOf(exists('pk'), equals('estado', 'importando'));
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
): WriteOp<WriteOutcome | ImportacaoOutcome> {
  // With `total`, the clients counted never pass the total of lines the import declared.
  const capped = total !== undefined && n > 0;
  return {
    name: fim ? 'importacao.concluir' : 'importacao.count',
    key: importacaoKey(id),
    update: { set: { atualizadoEm: new Date().toISOString(), ...(fim ? { estado: 'concluida' } : {}) }, add: { criados: n, categorias } },
    condition: capped ? allOf(stillImporting(), anyOf(missing('criados'), compare('criados', '<=', total - n))) : stillImporting(),
    onFailed: (old) => (capped && old?.estado === 'importando' ? { kind: 'importacaoCheia', total } : closed(old)),
  };
}

/**
 * Lists a created client under its import by its line in the file (what the undo deletes): only
 * where the line has none, so each line is created once (`linhaImportada` names the client it is).
 */
export function listImportadoCliente(importacaoId: number, clienteId: number, linha: number): WriteOp<ImportacaoOutcome> {
  return {
    name: 'importacao.linha',
    put: { pk: linhasPk(importacaoId), sk: linha, id: clienteId },
    condition: missing('pk'),
    onFailed: (old) => ({ kind: 'linhaImportada', id: Number(old?.id) }),
  };
}

/** Lists a category the import created (its undo deletes it once its clients are gone). */
export function listImportadaCategoria(importacaoId: number, categoriaId: number): WriteOp {
  return { name: 'importacao.categoria', put: { pk: categoriasPk(importacaoId), sk: categoriaId } };
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
export function listDesfeito(importacaoId: number, kind: Importado, l: Listado): WriteOp {
  const item: Record<string, unknown> = { pk: desfeitosPk(importacaoId, kind), sk: l.id, listaPk: l.pk, listaSk: l.sk };
  if (l.linha !== undefined) item.linha = l.linha;
  return { name: 'importacao.desfeito', put: item };
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
export function settleDesfeito(importacaoId: number, d: Desfeito, back: boolean): WriteOp[] {
  const forget: WriteOp = { name: 'importacao.desfeito.esquecer', key: { pk: desfeitosPk(importacaoId, d.kind), sk: d.id }, delete: true };
  if (!back) return [forget];
  const { pk, sk, id, linha } = d.listado;
  // By line the listing names the client (`id`); by id (from before) it holds the line; a category's is its id alone.
  const item: Record<string, unknown> = { pk, sk };
  if (pk.endsWith('#linha')) item.id = id;
  if (linha !== undefined) item.linha = linha;
  return [forget, { name: 'importacao.relistar', put: item }];
}

/** Takes a record off its import's list (after its delete, or when it was gone already). */
export function forgetImportado({ pk, sk }: Listado): WriteOp {
  return { name: 'importacao.esquecer', key: { pk, sk }, delete: true };
}

/**
 * Marks the job: `desfazendo` at an undo's first step (no batch is accepted after it),
 * `desfeita` once its undo deleted everything.
 */
export function markEstado(id: number, estado: 'desfazendo' | 'desfeita' | 'concluida'): WriteOp<WriteOutcome> {
  return {
    name: `importacao.${estado}`,
    key: importacaoKey(id),
    update: { set: { estado, atualizadoEm: new Date().toISOString() } },
    condition: exists('pk'),
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
