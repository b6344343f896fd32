/**
 * The client list's index items: what makes a page of any view one Query, whatever the number of
 * clients. Each client owns a few small items (`INDICE#<id>` / slot), and only they carry the
 * keys of the table's one global secondary index (`lista`, TABLE_INDEXES), so the index is
 * sparse: it holds them and nothing else.
 *
 * - a list view: the partition `L#<filter>#<sort>` (filter: `T` all, `C<id>` a category, 0 for
 *   "Sem categoria", a `V` suffix for its VIPs; sort: `n` name, `v` value, `a` last change), the
 *   sort key the sort's value then the id (ties by id). 6 items a client, 12 for a VIP.
 * - the renewals: partition `R`, sort key the contract's end date then the id (a client with one).
 * - the search: partition `B`, one item per word of the name, the e-mail and the CPF/CNPJ
 *   (folded, at most SEARCH_WORDS), the sort key the word then the id, with the attributes a
 *   search filters, sorts and totals by (every word, name key, value, category, last change).
 *
 * A client write adds `indexOps(before, after)` to its one transaction: a Put for each item whose
 * content changes, a Delete for each it no longer has, so the index follows the client or not at
 * all. Clients stored before the index get theirs from the migration (store/migracao.ts).
 */
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isVipValue } from '../contract/limits.ts';
import { idKey, INDEX_SORTS, MAX_KEY_CHARS, nameKey, SEP, sortKeyOf, toCents, type IndexSort } from '../contract/list-order.ts';
import { foldText } from '../contract/text.ts';
import { documentClient, tableName } from './client.ts';
import { CLIENTE_LIST_PROJECTION, COUNTER_ATTRIBUTE, SEQUENCIA_KEY, type ClienteRecord, type Stored } from './items.ts';
import { PARTITION_KEYS, TABLE_INDEXES } from './table.ts';
import type { WriteOp } from './write.ts';

export const LISTA_INDEX = TABLE_INDEXES[0];

// The sort keys themselves are the contract's (list-order.ts): the web's export orders by them too.
export { INDEX_SORTS, nameKey, SEP, type IndexSort };
const SORT_CODE: Record<IndexSort, string> = { nome: 'n', valor: 'v', alteracao: 'a' };

/** A list view's filter: a category bucket (0: "Sem categoria"; undefined: all) and/or its VIPs. */
export interface ViewFilter {
  categoria?: number;
  vip: boolean;
}

/** Partitions of the renewals and of the search words. */
export const RENOVACAO_PK = 'R';
export const BUSCA_PK = 'B';
/** Words of a client the search finds it by (the name's first, then the CPF/CNPJ, then the e-mail's). */
export const SEARCH_WORDS = 16;

/** The partition of a list view. */
export const viewPk = (f: ViewFilter, sort: IndexSort): string =>
  `L#${f.categoria === undefined ? 'T' : `C${f.categoria}`}${f.vip ? 'V' : ''}#${SORT_CODE[sort]}`;

/** The id a sort key ends with. */
export const idOfKey = (lsk: string): number => Number(lsk.slice(lsk.lastIndexOf(SEP) + 1));

/** The words a search finds a client by: folded, distinct, at most SEARCH_WORDS. */
export function wordsOf(c: Pick<ClienteRecord, 'nome' | 'email' | 'documento'>): string[] {
  const split = (s: string | undefined) => (s ? foldText(s).split(/[^\p{L}\p{N}]+/u) : []);
  const all = [...split(c.nome), ...(c.documento ? [c.documento.toLowerCase()] : []), ...split(c.email)];
  return [...new Set(all.filter((w) => w !== '').map((w) => w.slice(0, MAX_KEY_CHARS)))].slice(0, SEARCH_WORDS);
}

type IndexItem = Record<string, string | number>;

/** The category bucket of a client (0: none), as the index items store it. */
const bucketOf = (c: ClienteRecord): number => c.categoriaId ?? 0;

/** Every index item a client has, by slot: 1–12 the list views, 13 the renewal, 20+ the search words. */
export function indexItemsOf(c: ClienteRecord): Map<number, IndexItem> {
  const pk = `${PARTITION_KEYS.indice}#${c.id}`;
  const items = new Map<number, IndexItem>();
  const vip = isVipValue(c.valorContrato);
  const filters: (ViewFilter | null)[] = [{ vip: false }, { categoria: bucketOf(c), vip: false }, vip ? { vip: true } : null, vip ? { categoria: bucketOf(c), vip: true } : null];
  filters.forEach((f, v) => {
    if (!f) return;
    INDEX_SORTS.forEach((sort, s) => {
      items.set(1 + v * 3 + s, { pk, sk: 1 + v * 3 + s, lpk: viewPk(f, sort), lsk: sortKeyOf(c, sort) });
    });
  });
  const lv = toCents(c.valorContrato);
  const lc = bucketOf(c);
  if (c.fimContrato) items.set(13, { pk, sk: 13, lpk: RENOVACAO_PK, lsk: `${c.fimContrato}${SEP}${idKey(c.id)}`, lv, lc });
  const words = wordsOf(c);
  const lt = words.join(' ');
  const ln = nameKey(c.nome);
  const la = c.atualizadoEm ?? '';
  words.forEach((w, i) => items.set(20 + i, { pk, sk: 20 + i, lpk: BUSCA_PK, lsk: `${w}${SEP}${idKey(c.id)}`, lt, ln, lv, lc, la }));
  return items;
}

const sameItem = (a: IndexItem | undefined, b: IndexItem): boolean =>
  a !== undefined && Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);

/**
 * The writes that make a client's index items those of `after` when they were those of `before`
 * (null: none): unconditional, so a client stored before the index (no items yet) is written the
 * same way; its unchanged items are left to the migration.
 */
export function indexOps(before: ClienteRecord | null, after: ClienteRecord | null): WriteOp[] {
  const old = before ? indexItemsOf(before) : new Map<number, IndexItem>();
  const next = after ? indexItemsOf(after) : new Map<number, IndexItem>();
  const ops: WriteOp[] = [];
  for (const [slot, item] of next) {
    if (!sameItem(old.get(slot), item)) ops.push({ name: 'indice.put', put: item });
  }
  for (const [slot, item] of old) {
    if (!next.has(slot)) ops.push({ name: 'indice.delete', key: { pk: String(item.pk), sk: slot }, delete: true });
  }
  return ops;
}

/** An index item as a query returns it: its sort key and the projected attributes it has. */
export interface IndexEntry {
  id: number;
  lsk: string;
  lt?: string;
  ln?: string;
  lv?: number;
  lc?: number;
  la?: string;
}

/** A range of an index partition: sort keys from `from` to `to` (both inclusive), and which way. */
export interface IndexRange {
  from?: string;
  to?: string;
  prefix?: string;
  forward: boolean;
}

/** The key condition of a range of the partition `:p` (its values beside; `:p` is the caller's). */
export function keyCondition(r: IndexRange): { expression: string; values: Record<string, string> } {
  if (r.prefix !== undefined) return { expression: 'lpk = :p AND begins_with(lsk, :prefix)', values: { ':prefix': r.prefix } };
  if (r.from !== undefined && r.to !== undefined) return { expression: 'lpk = :p AND lsk BETWEEN :from AND :to', values: { ':from': r.from, ':to': r.to } };
  if (r.from !== undefined) return { expression: 'lpk = :p AND lsk >= :from', values: { ':from': r.from } };
  if (r.to !== undefined) return { expression: 'lpk = :p AND lsk <= :to', values: { ':to': r.to } };
  return { expression: 'lpk = :p', values: {} };
}

/** What an index entry is read for (the keys and projected attributes toEntry uses): less to send. */
const ENTRY_PROJECTION = { expression: '#k, #t, #n, #v, #c, #a', names: { '#k': 'lsk', '#t': 'lt', '#n': 'ln', '#v': 'lv', '#c': 'lc', '#a': 'la' } };

const toEntry = (item: Stored): IndexEntry => {
  const lsk = String(item.lsk);
  const entry: IndexEntry = { id: idOfKey(lsk), lsk };
  if (item.lt !== undefined) entry.lt = String(item.lt);
  if (item.ln !== undefined) entry.ln = String(item.ln);
  if (item.lv !== undefined) entry.lv = Number(item.lv);
  if (item.lc !== undefined) entry.lc = Number(item.lc);
  if (item.la !== undefined) entry.la = String(item.la);
  return entry;
};

/**
 * Index entries of partition `lpk` in `range`, in its order, handed to `each` a query page at a
 * time until it returns false or the range ends. `limit` bounds one query page (a list page
 * reads its size and a little more; a search or a total reads 1 MB pages).
 */
export async function scanIndex(lpk: string, range: IndexRange, limit: number | undefined, each: (entries: IndexEntry[]) => boolean): Promise<void> {
  const { expression, values } = keyCondition(range);
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: LISTA_INDEX.name,
        KeyConditionExpression: expression,
        ExpressionAttributeValues: { ':p': lpk, ...values },
        ProjectionExpression: ENTRY_PROJECTION.expression,
        ExpressionAttributeNames: ENTRY_PROJECTION.names,
        ScanIndexForward: range.forward,
        ...(limit === undefined ? {} : { Limit: limit }),
        ExclusiveStartKey: start,
      }),
    );
    if (!each((out.Items ?? []).map(toEntry))) return;
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Above every character a folded word holds (U+10FFFF is a noncharacter): a key range's end. */
const KEY_END = '\u{10FFFF}';
/** Where the longer words of a search prefix are cut, by the character after the prefix. */
const NEXT_CHAR_CUTS = ['\u0002', 'h', 'p'] as const;

/** Ids 0…`lastId` cut into at most `parts` even spans, the last one open (later ids fall in it). */
export function idSpans(lastId: number, parts: number): { from: number; to: number | undefined }[] {
  const step = Math.max(1, Math.ceil((Math.max(0, lastId) + 1) / Math.max(1, parts)));
  const spans: { from: number; to: number | undefined }[] = [];
  for (let from = 0; ; from += step) {
    const last = from + step > lastId;
    spans.push({ from, to: last ? undefined : from + step - 1 });
    if (last) return spans;
  }
}

/**
 * The search partition's keys starting with `prefix`, cut into disjoint ranges read at once: the
 * word itself by id (ids 0…`lastId` in `idParts` even parts, later ids in the last one) and the
 * longer words by the character after the prefix. Together exactly the keys a `begins_with`
 * reads: a key is the word, SEP and a 16-digit id, and no word holds SEP or KEY_END.
 */
export function searchRanges(prefix: string, lastId: number, idParts: number): IndexRange[] {
  const ranges: IndexRange[] = idSpans(lastId, idParts).map(({ from, to }) => ({
    from: `${prefix}${SEP}${idKey(from)}`,
    to: `${prefix}${SEP}${to === undefined ? '9'.repeat(16) : idKey(to)}`,
    forward: true,
  }));
  NEXT_CHAR_CUTS.forEach((cut, i) => {
    const next = NEXT_CHAR_CUTS[i + 1];
    const to = next === undefined ? KEY_END : String.fromCodePoint(next.codePointAt(0)! - 1) + KEY_END;
    ranges.push({ from: prefix + cut, to: prefix + to, forward: true });
  });
  return ranges;
}

/** The last client id given so far (the SEQUENCIA counter; ids given after it are still found). */
export async function lastClienteId(): Promise<number> {
  const attribute = COUNTER_ATTRIBUTE.cliente;
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: SEQUENCIA_KEY, ProjectionExpression: '#c', ExpressionAttributeNames: { '#c': attribute } }));
  return Number(out.Item?.[attribute] ?? 0);
}

/**
 * The ids of the clients whose name has the name key of `nome` (the same name as pt-BR sorting
 * compares them: accents, case and leading zeros aside): one Query of the all-clients name view,
 * reading only the matches.
 */
export async function idsNamed(nome: string): Promise<number[]> {
  const ids: number[] = [];
  await scanIndex(viewPk({ vip: false }, 'nome'), { prefix: `${nameKey(nome)}${SEP}`, forward: true }, undefined, (entries) => {
    for (const e of entries) ids.push(e.id);
    return true;
  });
  return ids;
}

/** Keys a BatchGetItem takes at most. */
const BATCH_GET_MAX = 100;

/**
 * The clients of these ids as the list reads them (strongly consistent), with their notes when
 * `observacoes`, by id; an id whose client is gone (deleted after the index was read) is absent.
 */
export async function readClientesByIds(ids: readonly number[], observacoes = false): Promise<Map<number, Stored>> {
  const projection = observacoes ? `${CLIENTE_LIST_PROJECTION}, observacoes` : CLIENTE_LIST_PROJECTION;
  const found = new Map<number, Stored>();
  const table = tableName();
  for (let i = 0; i < ids.length; i += BATCH_GET_MAX) {
    let keys: Record<string, unknown>[] | undefined = [...new Set(ids.slice(i, i + BATCH_GET_MAX))].map((id) => ({ pk: PARTITION_KEYS.cliente, sk: id }));
    for (let round = 0; keys && keys.length > 0; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** round)));
      const out = await documentClient().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true, ProjectionExpression: projection } } }),
      );
      for (const item of out.Responses?.[table] ?? []) found.set(Number(item.sk), item);
      keys = out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}
